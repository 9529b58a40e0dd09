/**
 * The Action's request economy: 500 source files × 5 target languages in instant mode with
 * `wait` (offline MT), the platform in this process on an embedded SQLite file and the rate
 * window scaled to 2 s with the character limit scaled with it, so the files need more than one
 * window of characters. R = limited requests the platform received ÷ the fewest the limits allow
 * (per target: enough calls for its characters at one window's budget each, and for its files at
 * 1,000 ids per call). The platform counts them as they arrive, whoever sent them and however
 * (a retry after a 429 or a reset connection is a request too), on every endpoint the spec limits.
 * Prints {"bench":"action","requests_vs_minimum":R,"responses_429":N,"seconds":S,…}.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../server/app.ts';
import { bootstrapIfEmpty } from '../server/bootstrap.ts';
import { DEFAULT_LIMITS } from '../server/limits/config.ts';
import { platformMigrations } from '../server/store/migrations/index.ts';
import type { PlatformSchema } from '../server/store/schema.ts';
import { createClient } from '../src/api/index.ts';
import { settingsFrom } from '../src/config/settings.ts';
import { connectDatabase } from '../src/db/connect.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { runSync } from '../src/sync/run.ts';
import { WORDS } from './support/generate.ts';

const FILES = Number(process.env.BENCH_FILES ?? 500);
const TARGETS = ['de', 'fr', 'es', 'ja', 'pt-BR'];
const WINDOW_MS = 2000;
/** Characters per window: small enough that the run needs several windows. */
const CHARACTERS = 200_000;

/** A UI sentence of 6–11 words, different for each n. */
const sentence = (n: number) =>
  `Update the ${Array.from({ length: 4 + (n % 6) }, (_, w) => WORDS[(n * 7 + w * 3) % WORDS.length]).join(' ')} now`;

const dir = mkdtempSync(join(tmpdir(), 'svc-bench-action-'));
const database = connectDatabase<PlatformSchema>(`sqlite:${join(dir, 'platform.db')}`);
await migrateToLatest(database.db as never, database.dialect, platformMigrations);
const boot = await bootstrapIfEmpty(database.db, Date.now);
const limits = { ...DEFAULT_LIMITS, windowMs: WINDOW_MS, characters: CHARACTERS };
const { app, worker } = createApp({ database, limits });
worker.start();
/** Requests the platform received, by `METHOD /path` with ids as {id}. */
const received = new Map<string, number>();
const server = createServer((req, res) => {
  const path = (req.url ?? '').split('?')[0]!.replace(/\/\d+(?=\/|$)/g, '/{id}');
  const endpoint = `${req.method} ${path}`;
  received.set(endpoint, (received.get(endpoint) ?? 0) + 1);
  app(req, res);
}).listen(0, '127.0.0.1');
/** The endpoints the spec's per-organization request and character limits apply to (spec, Limits). */
const LIMITED = ['POST /v2/translate/file', 'POST /v2/documents/pretranslate', 'POST /v2/documents/files'];
await new Promise((r) => server.once('listening', r));
const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const workspace = join(dir, 'repo');
for (let f = 0; f < FILES; f++) {
  const folder = join(workspace, 'locales/en', `area${f % 20}`);
  mkdirSync(folder, { recursive: true });
  const messages = Object.fromEntries(
    Array.from({ length: 8 }, (_, i) => [`key_${i}`, `${sentence(f * 8 + i)} {{count}}`]),
  );
  writeFileSync(join(folder, `screen${f}.json`), `${JSON.stringify(messages, null, 2)}\n`);
}

const client = createClient({
  baseUrl,
  apiKey: boot!.key,
  limits: { windowMs: WINDOW_MS, characters: CHARACTERS },
});
const settings = settingsFrom(
  `source: en\ntargets: [${TARGETS.join(', ')}]\nmode: instant\nfiles:\n  - source: locales/en/**/*.json\n    translation: locales/%lang%/**/%file%\n`,
  '.svc.yml',
  { base: 'main' },
);
const started = performance.now();
let written = 0;
const result = await runSync({
  client,
  workspace,
  settings,
  origin: { owner: 'acme', repo: 'bench', ref: 'main' },
  sink: async (files) => {
    written = files.length;
    return undefined;
  },
});
const seconds = (performance.now() - started) / 1000;

const characters = result.sources.reduce((n, f) => n + f.characters, 0);
const limited = LIMITED.reduce((n, endpoint) => n + (received.get(endpoint) ?? 0), 0);
const perTarget = Math.max(Math.ceil(characters / CHARACTERS), Math.ceil(FILES / 1000));
const minimum = perTarget * TARGETS.length;
process.stdout.write(
  `${JSON.stringify({
    bench: 'action',
    requests_vs_minimum: Number((limited / minimum).toFixed(3)),
    responses_429: client.transport.counters.rateLimited,
    seconds: Number(seconds.toFixed(1)),
    files: FILES,
    targets: TARGETS.length,
    limited_requests: limited,
    minimum_requests: minimum,
    characters_per_target: characters,
    files_written: written,
    platform_requests: [...received.values()].reduce((a, b) => a + b, 0),
    by_endpoint: Object.fromEntries([...received].sort(([a], [b]) => a.localeCompare(b))),
  })}\n`,
);
await client.close();
await worker.stop();
server.close();
await database.close();
rmSync(dir, { recursive: true, force: true });
