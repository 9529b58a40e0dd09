/**
 * A retried run costs nothing twice (DESIGN §11): the platform — a real `svc-connector server`
 * process — is killed with SIGKILL after the sync taught the memories and translated the new units,
 * just as it writes the state file. Run again on the restarted platform, the sync teaches the same
 * pairs and the memory skips every one (it holds each pair once), and the translations the failed
 * run finished are read back, not sent (and charged) again.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { PlatformSchema } from '../../server/store/schema.ts';
import { createClient } from '../../src/api/index.ts';
import { settingsFrom } from '../../src/config/settings.ts';
import { connectDatabase } from '../../src/db/connect.ts';
import type { FileWrite } from '../../src/github/branch-commit.ts';
import { runSync } from '../../src/sync/run.ts';
import { createPostgresDatabase, createSqliteFile, type TestDatabase, testEngine } from '../support/db.ts';
import { type CliProcess, runCli } from '../support/processes.ts';

const ENV = { SVC_WORK_LEASE_MS: '1500', SVC_RATE_LIMIT_GENERAL: '100000' };

/**
 * A loopback proxy in front of the platform that counts requests by `METHOD /path` and, while
 * `killAt` matches, kills the platform the moment such a request arrives (it never reaches it).
 */
function proxy() {
  const counts = new Map<string, number>();
  const state: {
    target: string;
    killAt: ((method: string, url: URL) => boolean) | undefined;
    kill: () => Promise<void>;
    killed: boolean;
  } = { target: '', killAt: undefined, kill: async () => {}, killed: false };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://proxy');
    const endpoint = `${req.method} ${url.pathname}`;
    counts.set(endpoint, (counts.get(endpoint) ?? 0) + 1);
    if (state.killAt?.(req.method ?? '', url)) {
      state.killAt = undefined;
      void state.kill().then(() => {
        state.killed = true;
        req.socket.destroy();
      });
      return;
    }
    const upstream = request(
      `${state.target}${req.url}`,
      { method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => req.socket.destroy());
    req.pipe(upstream);
  });
  return { server, counts, state };
}

async function startServer(db: TestDatabase): Promise<{ cli: CliProcess; url: string; key?: string }> {
  const cli = runCli(['server', '--port', '0', '--db', db.url], ENV);
  const url = (await cli.waitFor(/listening on (http:\S+)/))[1]!;
  const key = cli.stdout.map((l) => /^SVC_API_KEY=(svc_\w+)$/.exec(l)?.[1]).find(Boolean);
  return { cli, url, ...(key ? { key } : {}) };
}

const SOURCE = {
  title: 'Welcome to the store',
  save: 'Save your changes',
  cancel: 'Cancel the order',
  help: 'Open the help center',
  cart: 'Your cart is empty',
  pay: 'Pay with a card',
};
/** What people translated; the rest of the keys are new and go to machine translation. */
const PEOPLE = {
  de: { title: 'Willkommen im Laden', save: 'Änderungen speichern', cancel: 'Bestellung stornieren' },
  fr: { title: 'Bienvenue dans la boutique', save: 'Enregistrez vos modifications' },
};

describe(`a sync killed after teaching, before the state file (${testEngine})`, () => {
  const processes: CliProcess[] = [];
  let db: TestDatabase | undefined;
  let root: string | undefined;
  const { server, counts, state } = proxy();
  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop('SIGKILL')));
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await db?.drop();
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('run again: the memory holds each pair once, the teaching reports every pair skipped, no translation is sent twice', async () => {
    db = testEngine === 'postgres' ? await createPostgresDatabase() : createSqliteFile();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const proxyUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    root = await mkdtemp(join(tmpdir(), 'svc-resume-'));
    const put = async (path: string, value: unknown) => {
      await mkdir(dirname(join(root!, path)), { recursive: true });
      await writeFile(join(root!, path), `${JSON.stringify(value, null, 2)}\n`);
    };
    await put('locales/en/app.json', SOURCE);
    await put('locales/en/other.json', { more: 'One more string to translate' });
    for (const [lang, done] of Object.entries(PEOPLE)) await put(`locales/${lang}/app.json`, done);
    const settings = settingsFrom(
      'source: en\ntargets: [de, fr]\nmode: instant\nfiles:\n  - source: locales/en/*.json\n    translation: locales/%lang%/%file%\n',
      '.svc.yml',
      { base: 'main' },
    );
    const origin = { owner: 'acme', repo: 'resume', ref: 'main', sha: 'b'.repeat(40) };

    // First run: killed as it writes the state file, after teaching and translating.
    const first = await startServer(db);
    processes.push(first.cli);
    const key = first.key!;
    state.target = first.url;
    state.kill = async () => {
      await first.cli.stop('SIGKILL');
    };
    state.killAt = (method, url) =>
      method === 'POST' &&
      url.pathname === '/v2/files' &&
      (url.searchParams.get('name') ?? '').startsWith('.svc-state/');
    const client1 = createClient({ baseUrl: proxyUrl, apiKey: key });
    const handed: FileWrite[][] = [];
    const failed = await runSync({
      client: client1,
      workspace: root,
      settings,
      origin,
      sink: async (files) => {
        handed.push(files);
        return undefined;
      },
    }).then(
      () => undefined,
      (error: unknown) => error,
    );
    await client1.close();
    expect(state.killed, 'the platform was killed at the state file').toBe(true);
    expect(failed).toBeInstanceOf(Error);
    expect(handed).toEqual([]);
    const translatedFirst = counts.get('POST /v2/translate/file') ?? 0;
    expect(translatedFirst).toBe(2);
    counts.clear();

    // Second run on the restarted platform, same database.
    const second = await startServer(db);
    processes.push(second.cli);
    state.target = second.url;
    const client2 = createClient({ baseUrl: proxyUrl, apiKey: key });
    const result = await runSync({
      client: client2,
      workspace: root,
      settings,
      origin,
      sink: async (files) => {
        handed.push(files);
        return undefined;
      },
    });
    expect(result.failures).toEqual([]);

    // Teaching: each language's import added nothing and skipped every pair.
    const taught = Object.fromEntries(result.targets!.taught);
    expect(taught).toEqual({ de: 3, fr: 2 });
    expect(Object.fromEntries(result.targets!.imported)).toEqual({
      de: { added: 0, skipped: 3 },
      fr: { added: 0, skipped: 2 },
    });
    // Translations: the failed run's were read back; nothing was sent or charged again.
    expect(counts.get('POST /v2/translate/file') ?? 0).toBe(0);
    expect(result.targets!.reused).toBe(4);
    expect(result.targets!.unitsSent).toBe(0);
    const written = new Map(
      handed.flat().map((f) => [f.path, JSON.parse(Buffer.from(f.content as Uint8Array).toString('utf8'))]),
    );
    expect([...written.keys()].sort()).toEqual([
      'locales/de/app.json',
      'locales/de/other.json',
      'locales/fr/app.json',
      'locales/fr/other.json',
    ]);
    // People's translations kept; the new keys translated.
    expect(written.get('locales/de/app.json')).toMatchObject(PEOPLE.de);
    expect(written.get('locales/fr/app.json')).toMatchObject(PEOPLE.fr);
    for (const [path, value] of written)
      expect(Object.keys(value).sort(), path).toEqual(
        Object.keys(path.endsWith('app.json') ? SOURCE : { more: 1 }).sort(),
      );

    // The memories hold each pair once.
    const database = connectDatabase<PlatformSchema>(db.url);
    try {
      const rows = await database.db
        .selectFrom('segments')
        .innerJoin('memories', 'memories.id', 'segments.memory_id')
        .select(['memories.trglang', 'segments.source', 'segments.target', 'segments.notes'])
        .where('segments.visible', '=', 1)
        .execute();
      const pairs = rows.map((r) => `${r.trglang}\u0000${r.source}\u0000${r.target}\u0000${r.notes}`);
      expect(pairs).toHaveLength(5);
      expect(new Set(pairs).size).toBe(5);
    } finally {
      await database.close();
    }
    await client2.close();
  }, 120_000);
});
