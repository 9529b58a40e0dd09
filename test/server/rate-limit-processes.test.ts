/** Two server processes on one database share the rate-limit counters (DESIGN §5, Rate limits). */
import { afterAll, describe, expect, it } from 'vitest';
import {
  createPostgresDatabase,
  createSqliteFile,
  postgresAdminUrl,
  type TestDatabase,
} from '../support/db.ts';
import { basic } from '../support/platform.ts';
import { type CliProcess, runCli } from '../support/processes.ts';

const WINDOW_MS = 20_000;

const engines: { name: string; create: () => Promise<TestDatabase> | TestDatabase }[] = [
  { name: 'SQLite file', create: createSqliteFile },
];
if (postgresAdminUrl) engines.push({ name: 'PostgreSQL', create: createPostgresDatabase });

describe.each(engines)('two server processes on one $name database', ({ create }) => {
  const started: CliProcess[] = [];
  let database: TestDatabase | undefined;
  afterAll(async () => {
    await Promise.all(started.map((s) => s.stop()));
    await database?.drop();
  });

  it('share the 300-request window: together they serve 300, then 429', async () => {
    database = await create();
    const env = { SVC_RATE_WINDOW_MS: String(WINDOW_MS) };
    const first = runCli(['server', '--port', '0', '--db', database.url], env);
    started.push(first);
    const key = (await first.waitFor(/^SVC_API_KEY=(svc_\w+)$/))[1]!;
    const url1 = (await first.waitFor(/listening on (http:\S+)/))[1]!;
    const second = runCli(['server', '--port', '0', '--db', database.url], env);
    started.push(second);
    const url2 = (await second.waitFor(/listening on (http:\S+)/))[1]!;
    expect(second.stdout.join('\n')).not.toContain('SVC_API_KEY');

    // Start at the beginning of a window so all requests fall in the same one.
    const intoWindow = Date.now() % WINDOW_MS;
    if (intoWindow > WINDOW_MS / 2) await new Promise((r) => setTimeout(r, WINDOW_MS - intoWindow + 50));

    const statuses: number[] = [];
    const send = (base: string) =>
      fetch(`${base}/v2/documents/pretranslate`, {
        method: 'POST',
        headers: { authorization: basic(key), 'content-type': 'application/json' },
        body: JSON.stringify({ id: [1] }),
      }).then(async (r) => {
        await r.arrayBuffer();
        statuses.push(r.status);
      });
    for (let i = 0; i < 310; i += 10) {
      await Promise.all(Array.from({ length: 10 }, (_, j) => send(j % 2 === 0 ? url1 : url2)));
    }
    expect(statuses.filter((s) => s === 404)).toHaveLength(300);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  }, 120_000);
});
