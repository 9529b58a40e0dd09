/**
 * Issue 37, item 1: language gates in an instant run that writes (`sync --write`, the Action with
 * `wait`). A language below its gate is held back — its target files stay byte for byte as last
 * shipped, a language not shipped yet gets no file — while its translations are recorded and
 * written once it ships; the hysteresis keeps a shipped language through one new string.
 */
import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badgeSource, badgesRouter } from '../../receiver/badges.ts';
import { type Client, createClient } from '../../src/api/index.ts';
import { settingsFrom } from '../../src/config/settings.ts';
import { recordedState } from '../../src/contracts/sync-state.ts';
import type { GitHub } from '../../src/github/client.ts';
import { pullRequestBody } from '../../src/github/pull-request-body.ts';
import { progressOf } from '../../src/ship/progress.ts';
import type { SyncResult } from '../../src/sync/run.ts';
import { syncSummary } from '../../src/sync/summary.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';
import { repoRoot } from '../support/processes.ts';
import { workspaceSync } from '../support/workspace-sync.ts';

const CONFIG = `source: en
targets: [de, fr]
mode: instant
files:
  - source: locales/en/app.json
    translation: locales/%lang%/app.json
ship:
  min_reviewed: { enter: 90, leave: 80 }
locale_lists:
  - path: src/i18n/config.json
    at: /supportedLngs
`;
const I18N = '{\n  "fallbackLng": "en",\n  "supportedLngs": ["en"],\n  "ns": ["app"]\n}\n';

const keys = (n: number) => Array.from({ length: n }, (_, i) => `key${String(i + 1).padStart(2, '0')}`);
const json = (entries: [string, string][]) =>
  `{\n${entries.map(([k, v]) => `  ${JSON.stringify(k)}: ${JSON.stringify(v)}`).join(',\n')}\n}\n`;
const source = (n: number) => json(keys(n).map((k, i) => [k, `Setting number ${i + 1} is on`]));
/** German people wrote: the first `n` keys. */
const german = (n: number) => json(keys(n).map((k, i) => [k, `Einstellung Nummer ${i + 1} ist an`]));

let p: TestPlatform;
let client: Client;
let ws: Awaited<ReturnType<typeof workspaceSync>>;
let lastBody: string[] = [];

const body = (run: SyncResult) =>
  pullRequestBody({
    via: 'instant translation',
    sourceLang: 'en',
    files: [],
    failures: [],
    warnings: [],
    gates: run.targets!.gates,
    at: new Date('2026-11-29T12:00:00Z'),
  });
const table = (run: SyncResult) =>
  body(run)
    .split('\n')
    .filter((l) => /^\| (?:de|fr) \|/.test(l));
const exists = (path: string) =>
  readFile(join(ws.root, path)).then(
    () => true,
    () => false,
  );

beforeAll(async () => {
  p = await startPlatform();
  client = createClient({ baseUrl: p.url, apiKey: p.key });
  ws = await workspaceSync({ client, config: CONFIG, repo: 'ship-gates' });
}, 60_000);

afterAll(async () => {
  await client?.close();
  await p?.close();
  await ws?.remove();
});

describe('language gates (issue 37)', () => {
  let shippedDe: string;

  it('first run: a language whose files exist counts as shipped and stays above leave; one without files gets none', async () => {
    await ws.put('locales/en/app.json', source(20));
    await ws.put('locales/de/app.json', german(17));
    await ws.put('src/i18n/config.json', I18N);
    const run = await ws.sync();
    expect(run.failures).toEqual([]);
    expect(run.targets!.unitsSent).toBe(23);
    expect(await exists('locales/fr/app.json')).toBe(false);
    shippedDe = await ws.read('locales/de/app.json');
    expect(Object.keys(JSON.parse(shippedDe))).toHaveLength(20);
    expect(table(run)).toEqual([
      '| de | all | shipped | 100 % translated, 85 % reviewed (gate 80) | — |',
      '| fr | all | **held back** | 100 % translated, 0 % reviewed (gate 90) | 18 units left to review |',
    ]);
    expect(body(run)).toContain("A held-back language's files stay as they were last shipped");
    // The app's list gains the language that ships, never the one held back; nothing else changes.
    expect(await ws.read('src/i18n/config.json')).toBe(I18N.replace('["en"]', '["en", "de"]'));
    expect(run.targets!.localeLists).toEqual([{ path: 'src/i18n/config.json', added: ['de'], removed: [] }]);
    expect(syncSummary(run, { targets: ['de', 'fr'], format: 'text' })).toMatch(
      /fr +all +held back +100 % translated, 0 % reviewed \(gate 90\) +18 units left to review/,
    );
    expect(ws.infos).toContain(
      'fr: held back — 100 % translated, 0 % reviewed (gate 90); to ship: 18 units left to review',
    );
  });

  it('a new source string takes de to 77 %, below leave: held back, its file stays byte for byte; fr is not sent again', async () => {
    await ws.put('locales/en/app.json', source(22));
    const run = await ws.sync();
    // Only the two new strings, once per language: fr's earlier translations wait in the state.
    expect(run.targets!.unitsSent).toBe(4);
    expect(await ws.read('locales/de/app.json')).toBe(shippedDe);
    expect(await exists('locales/fr/app.json')).toBe(false);
    // A held-back language a list holds stays in it (no remove_held_back).
    expect(await ws.read('src/i18n/config.json')).toBe(I18N.replace('["en"]', '["en", "de"]'));
    expect(table(run)).toEqual([
      '| de | all | **held back** | 100 % translated, 77 % reviewed (gate 80) | 3 units left to review |',
      '| fr | all | **held back** | 100 % translated, 0 % reviewed (gate 90) | 20 units left to review |',
    ]);
  });

  it('people review de up to 95 %: it ships again, with the translations that waited', async () => {
    // People translate the two new strings and rewrite two of the machine's.
    const de = JSON.parse(shippedDe) as Record<string, string>;
    de.key18 = 'Einstellung achtzehn ist an';
    de.key19 = 'Einstellung neunzehn ist an';
    de.key21 = 'Einstellung 21 ist an';
    de.key22 = 'Einstellung 22 ist an';
    await ws.put('locales/de/app.json', json(Object.entries(de)));
    const run = await ws.sync();
    expect(run.targets!.unitsSent).toBe(0);
    expect(table(run)[0]).toBe(
      '| de | all | **ships now** | 100 % translated, 95 % reviewed (gate 90) | — |',
    );
    const written = JSON.parse(await ws.read('locales/de/app.json')) as Record<string, string>;
    expect(Object.keys(written)).toHaveLength(22);
    expect(written.key21).toBe('Einstellung 21 ist an');
    expect(await exists('locales/fr/app.json')).toBe(false);
    lastBody = table(run);
  });

  it('status and the state agree with the pull request body', async () => {
    const state = await recordedState(client, { owner: 'acme', repo: 'ship-gates', ref: 'main' });
    const settings = settingsFrom(CONFIG, '.svc.yml', { base: 'main' });
    const progress = progressOf(settings, state);
    expect(
      progress.map((l) => [l.lang, l.units, l.translatedPercent, l.reviewedPercent, l.status, l.missing]),
    ).toEqual([
      ['de', 22, 100, 95, 'shipped', []],
      ['fr', 22, 100, 0, 'held back', ['20 units left to review']],
    ]);
    expect(lastBody).toEqual([
      '| de | all | **ships now** | 100 % translated, 95 % reviewed (gate 90) | — |',
      '| fr | all | **held back** | 100 % translated, 0 % reviewed (gate 90) | 20 units left to review |',
    ]);
    // The platform runs in this process: the CLI is waited for without blocking it.
    const cli = await promisify(execFile)(
      process.execPath,
      [
        join(repoRoot, 'bin/svc-connector.js'),
        'status',
        '--dir',
        ws.root,
        '--repo',
        'acme/ship-gates',
        '--ref',
        'main',
      ],
      { env: { ...process.env, SVC_API_URL: p.url, SVC_API_KEY: p.key }, encoding: 'utf8' },
    );
    expect(cli.stderr).toBe('');
    expect(cli.stdout).toBe(
      [
        'de  22 units  100 % translated  95 % reviewed  shipped',
        'fr  22 units  100 % translated  0 % reviewed   held back (to ship: 20 units left to review)',
        '',
      ].join('\n'),
    );
  });

  it("the receiver's badge says what status says, and only for a public repository", async () => {
    const config = Buffer.from(CONFIG).toString('base64');
    const gh = {
      rest: {
        repos: {
          get: async () => ({ data: { default_branch: 'main' } }),
          getContent: async () => ({ data: { type: 'file', content: config } }),
        },
      },
    } as unknown as GitHub;
    const source = badgeSource({
      client,
      github: async () => gh,
      isPublic: (name) => name.startsWith('acme/'),
    });
    const app = express().use(badgesRouter(source));
    const server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const json = await fetch(`${base}/badges/acme/ship-gates.json`);
      expect(json.headers.get('cache-control')).toBe('public, max-age=300');
      expect(await json.json()).toEqual({
        schemaVersion: 1,
        label: 'translated',
        message: 'de 100% · fr 100% held',
        color: '4c1',
      });
      const svg = await (await fetch(`${base}/badges/acme/ship-gates.svg?lang=de`)).text();
      expect(svg).toContain('<title>translated (de): 100%</title>');
      expect((await fetch(`${base}/badges/other/private.svg`)).status).toBe(404);
      expect((await fetch(`${base}/badges/acme/ship-gates.svg?lang=ja`)).status).toBe(404);
    } finally {
      server.close();
    }
  });
});
