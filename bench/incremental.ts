/**
 * A sync over existing translations after one source string changed: 200 JSON files × 5 target
 * languages, every target complete (20,000 translations people wrote), on an embedded SQLite
 * platform in this process. The first sync teaches the memories and records the state (reported
 * apart); then one string of one file changes and the second sync is measured: units sent for
 * translation, units that changed in the targets, requests the platform received, seconds.
 * The baseline in the same run is what a sync that re-translates the changed file whole sends.
 * Then 10 keys of one file are renamed: `renames` says how many units that run sent (0 is the goal)
 * and how many translations moved to the new keys. Then (issue 36) 10 source strings get a typo fix
 * (case, end punctuation): `small_edits` says what that run sent (0) and how many translations
 * stayed; the reworded string is reverted, and 10 keys are removed and added back: `reverts` says
 * what those runs sent (0) and how many of people's translations came back byte for byte.
 * Prints {"bench":"incremental","units_sent":N,"units_changed":M,"requests":R,"seconds":S,…}.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createApp } from '../server/app.ts';
import { bootstrapIfEmpty } from '../server/bootstrap.ts';
import { DEFAULT_LIMITS } from '../server/limits/config.ts';
import { platformMigrations } from '../server/store/migrations/index.ts';
import type { PlatformSchema } from '../server/store/schema.ts';
import { createClient } from '../src/api/index.ts';
import { settingsFrom } from '../src/config/settings.ts';
import { connectDatabase } from '../src/db/connect.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { jsonFormat } from '../src/formats/json/index.ts';
import { targetTranslations } from '../src/formats/target.ts';
import { runSync } from '../src/sync/run.ts';

const FILES = Number(process.env.BENCH_FILES ?? 200);
const KEYS = 20;
const LANGS = ['de', 'fr', 'ja', 'ru', 'pt-BR'];

const dir = await mkdtemp(join(tmpdir(), 'svc-bench-incremental-'));
const database = connectDatabase<PlatformSchema>(`sqlite:${join(dir, 'platform.db')}`);
await migrateToLatest(database.db as never, database.dialect, platformMigrations);
const boot = await bootstrapIfEmpty(database.db, Date.now);
const { app, worker } = createApp({ database, limits: { ...DEFAULT_LIMITS, general: 1_000_000 } });
worker.start();
let requests = 0;
const server = createServer((req, res) => {
  requests++;
  app(req, res);
});
server.listen(0, '127.0.0.1');
await new Promise((r) => server.once('listening', r));
const client = createClient({
  baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  apiKey: boot!.key,
});

const root = join(dir, 'repo');
const put = async (path: string, text: string) => {
  await mkdir(dirname(join(root, path)), { recursive: true });
  await writeFile(join(root, path), text);
};
const json = (entries: [string, string][]) =>
  `{\n${entries.map(([k, v]) => `  ${JSON.stringify(k)}: ${JSON.stringify(v)}`).join(',\n')}\n}\n`;
const source = (f: number, k: number) => `Message ${k} of screen ${f}: open the settings {{count}}`;
for (let f = 0; f < FILES; f++) {
  const keys = Array.from({ length: KEYS }, (_, k) => `key_${k}`);
  await put(`locales/en/screen${f}.json`, json(keys.map((key, k) => [key, source(f, k)])));
  for (const lang of LANGS)
    await put(
      `locales/${lang}/screen${f}.json`,
      json(keys.map((key, k) => [key, `[${lang}] Nachricht ${k} von Bildschirm ${f} {{count}}`])),
    );
}
const config = `source: en\ntargets: [${LANGS.join(', ')}]\nmode: instant\nfiles:\n  - source: locales/en/*.json\n    translation: locales/%lang%/%file%\n`;
const settings = settingsFrom(config, '.svc.yml', { base: 'main' });
const sync = () =>
  runSync({
    client,
    workspace: root,
    settings,
    origin: { owner: 'acme', repo: 'bench', ref: 'main' },
    sink: async (files) => {
      for (const f of files) await writeFile(join(root, f.path), f.content);
      return undefined;
    },
  });
const targetsNow = async () => {
  const out = new Map<string, Map<string, unknown>>();
  for (let f = 0; f < FILES; f++)
    for (const lang of LANGS) {
      const path = `locales/${lang}/screen${f}.json`;
      out.set(path, targetTranslations(jsonFormat, await readFile(join(root, path)), lang));
    }
  return out;
};

let started = performance.now();
requests = 0;
const first = await sync();
const firstSeconds = (performance.now() - started) / 1000;
const firstRequests = requests;
await worker.idle();

const before = await targetsNow();
await put(
  'locales/en/screen7.json',
  (await readFile(join(root, 'locales/en/screen7.json'), 'utf8')).replace(
    source(7, 3),
    'Message 3, reworded',
  ),
);
started = performance.now();
requests = 0;
const second = await sync();
const seconds = (performance.now() - started) / 1000;
const measured = requests;
const after = await targetsNow();
let changed = 0;
for (const [path, units] of after)
  for (const [id, text] of units)
    if (JSON.stringify(before.get(path)!.get(id)) !== JSON.stringify(text)) changed++;

// A third run after 10 keys of screen 12 were renamed (issue 36): their translations move along in
// every language and nothing is sent; every other unit keeps its text.
const RENAMED = 10;
await put(
  'locales/en/screen12.json',
  (await readFile(join(root, 'locales/en/screen12.json'), 'utf8')).replace(
    /"key_(\d+)":/g,
    (whole, k: string) => (Number(k) < RENAMED ? `"renamed_${k}":` : whole),
  ),
);
const beforeRename = await targetsNow();
const renamed = await sync();
const afterRename = await targetsNow();
let renamesKept = 0;
for (let k = 0; k < RENAMED; k++)
  for (const lang of LANGS) {
    const path = `locales/${lang}/screen12.json`;
    const was = beforeRename.get(path)!.get(`key_${k}`);
    if (
      was !== undefined &&
      JSON.stringify(afterRename.get(path)!.get(`renamed_${k}`)) === JSON.stringify(was)
    )
      renamesKept++;
  }

// Typo fixes on 10 strings of screen 20 (case, end punctuation): nothing sent, every translation stays.
const TOUCHED = 10;
await put(
  'locales/en/screen20.json',
  json(
    Array.from({ length: KEYS }, (_, k): [string, string] => [
      `key_${k}`,
      k < TOUCHED ? `${source(20, k).replace('open', 'Open')}.` : source(20, k),
    ]),
  ),
);
const beforeTypos = await targetsNow();
const typos = await sync();
const afterTypos = await targetsNow();
let typosKept = 0;
for (let k = 0; k < TOUCHED; k++)
  for (const lang of LANGS) {
    const path = `locales/${lang}/screen20.json`;
    const was = JSON.stringify(beforeTypos.get(path)!.get(`key_${k}`));
    if (JSON.stringify(afterTypos.get(path)!.get(`key_${k}`)) === was) typosKept++;
  }

// Reverts: the string reworded above comes back, and 10 keys of screen 30 leave and come back. Each
// gets the translation people wrote, byte for byte, and nothing is sent.
await put(
  'locales/en/screen7.json',
  (await readFile(join(root, 'locales/en/screen7.json'), 'utf8')).replace(
    'Message 3, reworded',
    source(7, 3),
  ),
);
const revertEdit = await sync();
const screen30 = await readFile(join(root, 'locales/en/screen30.json'), 'utf8');
await put(
  'locales/en/screen30.json',
  json(
    Array.from({ length: KEYS - TOUCHED }, (_, i): [string, string] => [
      `key_${i + TOUCHED}`,
      source(30, i + TOUCHED),
    ]),
  ),
);
const removal = await sync();
await put('locales/en/screen30.json', screen30);
const readd = await sync();
const afterReverts = await targetsNow();
let restored = 0;
for (const lang of LANGS) {
  const people = (f: number, k: number) => `[${lang}] Nachricht ${k} von Bildschirm ${f} {{count}}`;
  if (afterReverts.get(`locales/${lang}/screen7.json`)!.get('key_3') === people(7, 3)) restored++;
  for (let k = 0; k < TOUCHED; k++)
    if (afterReverts.get(`locales/${lang}/screen30.json`)!.get(`key_${k}`) === people(30, k)) restored++;
}

// The fewest requests this work needs: list the repository's files, read the state, list the
// memories, upload one delta, start one translation per language, one status look, download one
// result per language, write the new state and remove the one it replaces.
const fewest = 1 + 1 + 1 + 1 + LANGS.length + 1 + LANGS.length + 2;
console.log(
  JSON.stringify({
    bench: 'incremental',
    units_sent: second.targets!.unitsSent,
    units_changed: changed,
    requests: measured,
    seconds: Math.round(seconds * 100) / 100,
    fewest_requests: fewest,
    requests_ratio: Math.round((measured / fewest) * 100) / 100,
    baseline_units_sent: KEYS * LANGS.length,
    units_ratio: Math.round((second.targets!.unitsSent / (KEYS * LANGS.length)) * 1000) / 1000,
    files: FILES,
    languages: LANGS.length,
    existing_translations: FILES * KEYS * LANGS.length,
    renames: {
      keys: RENAMED,
      units_sent: renamed.targets!.unitsSent,
      translations_kept: renamesKept,
      of: RENAMED * LANGS.length,
    },
    small_edits: {
      strings: TOUCHED,
      units_sent: typos.targets!.unitsSent,
      translations_kept: typosKept,
      of: TOUCHED * LANGS.length,
    },
    reverts: {
      units_sent: revertEdit.targets!.unitsSent + removal.targets!.unitsSent + readd.targets!.unitsSent,
      translations_restored: restored,
      of: (1 + TOUCHED) * LANGS.length,
    },
    first_run: {
      seconds: Math.round(firstSeconds * 100) / 100,
      requests: firstRequests,
      taught: [...first.targets!.taught.values()].reduce((a, b) => a + b, 0),
      units_sent: first.targets!.unitsSent,
    },
  }),
);
await client.close();
server.close();
await worker.stop();
await database.close();
await rm(dir, { recursive: true, force: true });
