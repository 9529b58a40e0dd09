/**
 * The Action's `wait` run in instant mode, counted call by call (DESIGN §11; timings stay in
 * bench/action.ts): translate calls stay at the fewest the character window allows plus one per
 * language, and every other platform call is either per run (a fixed number, teaching and the
 * state file included) or one of the two the spec makes per file — an upload takes one file, a
 * download gives one. The platform runs in this process behind a counting loopback proxy; status
 * and import polls are answered once the platform's background work is idle, so a poll round is
 * one call and the counts are the same on every run.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countCharacters, createClient } from '../../src/api/index.ts';
import { settingsFrom } from '../../src/config/settings.ts';
import { runSync, type SyncResult } from '../../src/sync/run.ts';
import { testEngine } from '../support/db.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';

const WINDOW_MS = 400;
/** Characters per window: the runs below need several windows per language. */
const CHARACTERS = 2_500;
const LANGS = ['de', 'fr'];
/** The most file ids a translate call takes (spec: fileId accepts several; the platform's cap). */
const IDS_PER_CALL = 1000;

/**
 * Calls a run makes whatever the number of files: list the repository's files (1), list the
 * memories (1), read the state file (1), remove the state file it replaces (1) — the upload of the
 * new one is counted with the uploads — and list earlier deltas and their translations when a run
 * failed (2).
 */
const PER_RUN = 6;
/**
 * Per language, whatever the number of files: create its memory on the first run (1) and list the
 * memories again after creating it (1), one TMX import of people's translations (1) and one poll
 * of it (1).
 */
const PER_LANGUAGE = 4;
/** Translate calls above the fewest the window allows: packing files in order wastes at most one per memory. */
const PACKING_SLACK_PER_LANGUAGE = 1;

let p: TestPlatform;
let proxy: Server;
let proxyUrl: string;
const counts = new Map<string, number>();

beforeAll(async () => {
  p = await startPlatform({ limits: { windowMs: WINDOW_MS, characters: CHARACTERS, general: 100_000 } });
  proxy = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://proxy');
    const endpoint = `${req.method} ${url.pathname}`;
    counts.set(endpoint, (counts.get(endpoint) ?? 0) + 1);
    // Polls see the platform's work finished: one round each, whatever the machine's speed.
    if (
      req.method === 'GET' &&
      (url.pathname === '/v2/translate/file' || url.pathname === '/v2/memories/imports')
    )
      await p.idle();
    const upstream = request(`${p.url}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => proxy.close(() => resolve()));
  await p.close();
});

/** A UI sentence, different for each n. */
const sentence = (n: number) => `Open the settings page number ${n} and save the changes you made there`;

/**
 * A repository of `files` source files of 6 strings, people's translations for a third of them
 * (taught to the memories), synced once with `wait` in a fresh repository name.
 */
async function waitRun(repo: string, files: number) {
  const root = await mkdtemp(join(tmpdir(), 'svc-economy-'));
  try {
    const put = async (path: string, value: unknown) => {
      await mkdir(dirname(join(root, path)), { recursive: true });
      await writeFile(join(root, path), `${JSON.stringify(value, null, 2)}\n`);
    };
    for (let f = 0; f < files; f++) {
      const keys = Array.from({ length: 6 }, (_, k) => [`key_${k}`, sentence(f * 6 + k)] as const);
      await put(`locales/en/screen${f}.json`, Object.fromEntries(keys));
      if (f % 3 === 0)
        for (const lang of LANGS)
          await put(`locales/${lang}/screen${f}.json`, { key_0: `[${lang}] ${sentence(f * 6)}` });
    }
    const settings = settingsFrom(
      `source: en\ntargets: [${LANGS.join(', ')}]\nmode: instant\nfiles:\n  - source: locales/en/*.json\n    translation: locales/%lang%/%file%\n`,
      '.svc.yml',
      { base: 'main' },
    );
    const client = createClient({
      baseUrl: proxyUrl,
      apiKey: p.key,
      limits: { windowMs: WINDOW_MS, characters: CHARACTERS },
    });
    counts.clear();
    let result: SyncResult;
    try {
      result = await runSync({
        client,
        workspace: root,
        settings,
        origin: { owner: 'acme', repo, ref: 'main' },
        sink: async () => undefined,
      });
    } finally {
      await client.close();
    }
    return { result, calls: new Map(counts) };
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

describe(`the Action's wait run, counted (${testEngine})`, () => {
  for (const files of [12, 48])
    it(`${files} files × ${LANGS.length} languages: translate calls at the window's minimum + ${PACKING_SLACK_PER_LANGUAGE} per language; other calls ${PER_RUN} per run + ${PER_LANGUAGE} per language + the spec's one per uploaded and downloaded file`, async () => {
      const { result, calls } = await waitRun(`economy-${files}`, files);
      const n = (endpoint: string) => calls.get(endpoint) ?? 0;
      expect(result.failures).toEqual([]);
      expect(Object.fromEntries(result.targets!.taught)).toEqual({
        de: Math.ceil(files / 3),
        fr: Math.ceil(files / 3),
      });

      // The characters each language needs: every unit but the one people translated.
      const needed = result.sources.reduce((sum, s) => {
        const f = Number(/screen(\d+)/.exec(s.path)![1]);
        const all = countCharacters(s.path, s.bytes);
        return sum + (f % 3 === 0 ? all - sentence(f * 6).length : all);
      }, 0);
      const fewest = LANGS.length * Math.max(Math.ceil(needed / CHARACTERS), Math.ceil(files / IDS_PER_CALL));
      expect(fewest).toBeGreaterThan(LANGS.length);
      const translate = n('POST /v2/translate/file');
      expect(translate).toBeGreaterThanOrEqual(fewest);
      expect(translate).toBeLessThanOrEqual(fewest + PACKING_SLACK_PER_LANGUAGE * LANGS.length);

      // One upload per delta (the files people left incomplete share theirs across languages)
      // plus the state file; one download per translation.
      const deltas = result.targets!.uploads.length;
      const translations = result.targets!.statuses.length;
      expect(deltas).toBe(files);
      expect(translations).toBe(files * LANGS.length);
      expect(n('POST /v2/files')).toBe(deltas + 1);
      expect(n('GET /v2/translate/files')).toBe(translations);
      // One poll round for all the translations.
      expect(n('GET /v2/translate/file')).toBe(Math.ceil(translations / IDS_PER_CALL));

      const total = [...calls.values()].reduce((a, b) => a + b, 0);
      const rest =
        total - translate - n('POST /v2/files') - n('GET /v2/translate/files') - n('GET /v2/translate/file');
      expect(rest, JSON.stringify(Object.fromEntries(calls))).toBeLessThanOrEqual(
        PER_RUN + PER_LANGUAGE * LANGS.length,
      );
    }, 120_000);
});
