/**
 * Instant file translation throughput: 1,000 JSON files (5,000 strings) uploaded, then translated
 * into one memory with offline MT on an embedded SQLite file, measured from the first
 * POST /v2/translate/file to the last ReadyForDownload. The platform runs in this process
 * (its worker included), as `svc-connector server` would.
 * Prints {"bench":"instant","files_per_s":F,"strings_per_s":S,"seconds":T,…}.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../server/app.ts';
import { bootstrapIfEmpty } from '../server/bootstrap.ts';
import { DEFAULT_LIMITS } from '../server/limits/config.ts';
import { readSettings } from '../server/settings.ts';
import { platformMigrations } from '../server/store/migrations/index.ts';
import type { PlatformSchema } from '../server/store/schema.ts';
import { connectDatabase } from '../src/db/connect.ts';
import { migrateToLatest } from '../src/db/migrate.ts';

const FILES = Number(process.env.BENCH_FILES ?? 1000);
const STRINGS_PER_FILE = 5;
const BATCH = 100;

const dir = mkdtempSync(join(tmpdir(), 'svc-bench-instant-'));
const database = connectDatabase<PlatformSchema>(`sqlite:${join(dir, 'platform.db')}`);
await migrateToLatest(database.db as never, database.dialect, platformMigrations);
const boot = await bootstrapIfEmpty(database.db, Date.now);
const { app, worker } = createApp({
  database,
  settings: readSettings({ SVC_WORK_CONCURRENCY: process.env.SVC_WORK_CONCURRENCY ?? '4' }),
  limits: { ...DEFAULT_LIMITS, general: 1_000_000 },
});
worker.start();
const server = app.listen(0, '127.0.0.1');
await new Promise((r) => server.once('listening', r));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const auth = { authorization: `Basic ${Buffer.from(`${boot!.key}:${boot!.key}`).toString('base64')}` };
const call = async (path: string, init: RequestInit = {}) => {
  const res = await fetch(base + path, {
    ...init,
    headers: { ...auth, ...(init.headers as Record<string, string>) },
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json();
};

const memory = await call('/v2/memories', {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ name: 'bench', srclang: 'en', trglang: 'de' }),
});
const words = [
  'Save',
  'the',
  'current',
  'document',
  'before',
  'you',
  'close',
  'this',
  'window',
  'and',
  'open',
  'settings',
];
const fileIds: number[] = [];
for (let f = 0; f < FILES; f++) {
  const strings = Array.from({ length: STRINGS_PER_FILE }, (_, i) => {
    const text = Array.from(
      { length: 6 + ((f + i) % 6) },
      (_, w) => words[(f * 7 + i * 3 + w) % words.length],
    ).join(' ');
    return `  "key_${i}": "${text} {{count}}"`;
  });
  const body = `{\n${strings.join(',\n')}\n}\n`;
  fileIds.push((await call(`/v2/files?name=locales/en/f${f}.json`, { method: 'POST', body })).id);
}
await worker.idle();

const started = performance.now();
const ids: number[] = [];
for (let i = 0; i < fileIds.length; i += BATCH) {
  const statuses = await call(
    `/v2/translate/file?fileId=${fileIds.slice(i, i + BATCH).join(',')}&memoryId=${memory.id}`,
    { method: 'POST' },
  );
  ids.push(...statuses.map((s: { id: number }) => s.id));
}
await worker.idle();
const seconds = (performance.now() - started) / 1000;
const ready = (await call('/v2/translate/file?status=ReadyForDownload')).length;
server.close();
await worker.stop();
await database.close();
rmSync(dir, { recursive: true, force: true });
process.stdout.write(
  `${JSON.stringify({
    bench: 'instant',
    files_per_s: Math.round((FILES / seconds) * 10) / 10,
    strings_per_s: Math.round((FILES * STRINGS_PER_FILE) / seconds),
    seconds: Math.round(seconds * 100) / 100,
    files: FILES,
    ready,
    database: 'sqlite',
    mt: 'offline',
  })}\n`,
);
