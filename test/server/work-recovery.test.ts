/**
 * Durability of background work: a server killed with translations in progress finishes them
 * after a restart without losing an event, and two servers on one database share the queue
 * without doing any item twice.
 */
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createPostgresDatabase,
  createSqliteFile,
  postgresAdminUrl,
  type TestDatabase,
} from '../support/db.ts';
import { basic } from '../support/platform.ts';
import { type CliProcess, runCli } from '../support/processes.ts';
import { startWebhookReceiver } from '../support/webhook-receiver.ts';

function client(url: string, key: string) {
  return async (path: string, init: RequestInit = {}) => {
    const res = await fetch(url + path, {
      ...init,
      headers: { authorization: basic(key), ...(init.headers as Record<string, string>) },
    });
    const body = await res.json();
    if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
    return body;
  };
}

/** A JSON file with enough strings that translating 50 of them takes a noticeable while. */
function stringsFile(n: number, strings = 150): string {
  const entries = Array.from(
    { length: strings },
    (_, i) =>
      `  "key_${n}_${i}": "Sentence number ${i} of file ${n}, with {{count}} items and <b>bold</b> text"`,
  );
  return `{\n${entries.join(',\n')}\n}\n`;
}

async function until<T>(
  what: string,
  fn: () => Promise<T>,
  done: (v: T) => boolean,
  timeoutMs = 60_000,
): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = await fn();
    if (done(value)) return value;
    if (Date.now() - start > timeoutMs)
      throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value).slice(0, 300)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const ENV = { SVC_WORK_LEASE_MS: '1500', SVC_WEBHOOK_RETRY_SCALE: '0.001', SVC_RATE_LIMIT_GENERAL: '100000' };

describe('kill -9 with 50 instant translations in progress', () => {
  const started: CliProcess[] = [];
  let db: TestDatabase;
  afterAll(async () => {
    await Promise.all(started.map((s) => s.stop('SIGKILL')));
    await db?.drop();
  });

  it('after restart all reach ReadyForDownload and every event arrives (unique webhook-ids)', async () => {
    db = createSqliteFile();
    const hooks = await startWebhookReceiver();
    const first = runCli(['server', '--port', '0', '--db', db.url], ENV);
    started.push(first);
    const key = (await first.waitFor(/^SVC_API_KEY=(svc_\w+)$/))[1]!;
    const url = (await first.waitFor(/listening on (http:\S+)/))[1]!;
    const api = client(url, key);
    await api('/v3/connectors/configuration/webhooks', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        webhookName: 'crash',
        webhookUrl: `${hooks.url}/c`,
        eventType: ['INSTANT_TRANSLATE_COMPLETED'],
      }),
    });
    const memory = await api('/v2/memories', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'crash', srclang: 'en', trglang: 'de' }),
    });
    const fileIds: number[] = [];
    for (let i = 0; i < 50; i++) {
      fileIds.push((await api(`/v2/files?name=f${i}.json`, { method: 'POST', body: stringsFile(i) })).id);
    }
    const statuses = await api(`/v2/translate/file?fileId=${fileIds.join(',')}&memoryId=${memory.id}`, {
      method: 'POST',
    });
    expect(statuses).toHaveLength(50);
    await new Promise((r) => setTimeout(r, 300));
    await first.stop('SIGKILL');

    const raw = new DatabaseSync(db.url.slice('sqlite:'.length));
    const unfinished = raw
      .prepare("select count(*) as n from instant_translations where status != 'ReadyForDownload'")
      .get() as { n: number };
    raw.close();
    expect(unfinished.n, 'translations still in progress when the server died').toBeGreaterThan(0);

    const second = runCli(['server', '--port', '0', '--db', db.url], ENV);
    started.push(second);
    const url2 = (await second.waitFor(/listening on (http:\S+)/))[1]!;
    const api2 = client(url2, key);
    const ids = statuses.map((s: { id: number }) => s.id).join(',');
    await until(
      'all ReadyForDownload',
      () => api2(`/v2/translate/file?translationIds=${ids}`),
      (list: { status: string }[]) => list.every((s) => s.status === 'ReadyForDownload'),
    );
    await hooks.waitFor(50, 30_000);
    await new Promise((r) => setTimeout(r, 500));
    const unique = new Set(hooks.requests.map((r) => r.headers['webhook-id']));
    expect(unique.size).toBe(50);
    const translationIds = new Set(hooks.requests.map((r) => JSON.parse(r.body).translationId));
    expect(translationIds.size).toBe(50);
    await hooks.close();
  }, 180_000);
});

const engines: { name: string; create: () => Promise<TestDatabase> | TestDatabase }[] = [
  { name: 'SQLite file', create: createSqliteFile },
];
if (postgresAdminUrl) engines.push({ name: 'PostgreSQL', create: createPostgresDatabase });

describe.each(engines)('two server processes on one $name database', ({ create }) => {
  const started: CliProcess[] = [];
  let db: TestDatabase | undefined;
  afterAll(async () => {
    await Promise.all(started.map((s) => s.stop()));
    await db?.drop();
  });

  it('process 200 instant translations, each exactly once', async () => {
    db = await create();
    const first = runCli(['server', '--port', '0', '--db', db.url], ENV);
    started.push(first);
    const key = (await first.waitFor(/^SVC_API_KEY=(svc_\w+)$/))[1]!;
    const url1 = (await first.waitFor(/listening on (http:\S+)/))[1]!;
    const second = runCli(['server', '--port', '0', '--db', db.url], ENV);
    started.push(second);
    const url2 = (await second.waitFor(/listening on (http:\S+)/))[1]!;
    const a = client(url1, key);
    const b = client(url2, key);
    const memory = await a('/v2/memories', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'shared', srclang: 'en', trglang: 'fr' }),
    });
    const ids: number[] = [];
    for (let batch = 0; batch < 4; batch++) {
      const api = batch % 2 === 0 ? a : b;
      const fileIds: number[] = [];
      for (let i = 0; i < 50; i++)
        fileIds.push(
          (
            await api(`/v2/files?name=b${batch}-${i}.json`, {
              method: 'POST',
              body: stringsFile(batch * 50 + i, 20),
            })
          ).id,
        );
      const statuses = await api(`/v2/translate/file?fileId=${fileIds.join(',')}&memoryId=${memory.id}`, {
        method: 'POST',
      });
      ids.push(...statuses.map((s: { id: number }) => s.id));
    }
    await until(
      'all 200 ReadyForDownload',
      () => a(`/v2/translate/file?translationIds=${ids.join(',')}`),
      (list: { status: string }[]) =>
        list.length === 200 && list.every((s) => s.status === 'ReadyForDownload'),
      120_000,
    );
    // Every work item ran once: claimed once, never retried or reclaimed by the other process.
    const items = await b('/v2/translate/file?status=ReadyForDownload');
    expect(items).toHaveLength(200);
    const { connectDatabase } = await import('../../src/db/connect.ts');
    const database = connectDatabase<import('../../server/store/schema.ts').PlatformSchema>(db.url);
    const work = await database.db
      .selectFrom('work_items')
      .select(['attempts', 'status'])
      .where('kind', '=', 'instant-translate')
      .execute();
    const repeated = await database.db
      .selectFrom('work_items')
      .select('id')
      .where('kind', '=', 'instant-translate')
      .where('attempts', '!=', 1)
      .execute();
    await database.close();
    expect(work).toHaveLength(200);
    expect(work.every((w) => w.status === 'done')).toBe(true);
    expect(repeated).toEqual([]);
  }, 240_000);
});
