/**
 * A delivery spends a fixed handful of GitHub calls whatever its size (DESIGN §11): 100 source files
 * in two languages reach a new pull request, its QA check included, in at most 8 calls (the bench's
 * shape); where people already translated half the German files, their 50 files cost one more
 * query of blobs (100 a query); the next delivery into the open pull request takes 8 again.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createClient, poll } from '../../src/api/index.ts';
import { settingsFrom } from '../../src/config/settings.ts';
import { runSync } from '../../src/sync/run.ts';
import { type FakeGitHub, startFakeGitHub } from '../support/fake-github/index.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';
import { startTestReceiver, type TestReceiver } from '../support/receiver.ts';
import { jobDeliver, receiverTestDatabase, SECRET, signed } from './support/index.ts';

const FILES = 100;
const CONFIG =
  'source: en\ntargets: [de, fr]\nfiles:\n  - source: locales/en/*.json\n    translation: locales/%lang%/%file%\n';
const source = (i: number, title = `Screen ${i}`) =>
  `${JSON.stringify({ title, body: `The text of screen ${i}, ready to translate.` }, null, 2)}\n`;
// People translated every other screen into German, one string of it.
const german = (i: number) => `{\n  "title": "Bildschirm ${i}"\n}\n`;

let p: TestPlatform;
let gh: FakeGitHub;
let client: Client;
let receiver: TestReceiver;
let db: Awaited<ReturnType<typeof receiverTestDatabase>>;
let root: string;
const settings = settingsFrom(CONFIG, '.svc.yml', { base: 'main' });

function writeWorkspace(repo: string, files: Record<string, string>) {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, repo, path)), { recursive: true });
    writeFileSync(join(root, repo, path), text);
  }
}

/** Uploads what changed, delivers the job, sends its webhook; the GitHub calls until it is archived. */
async function deliver(repo: string, id: string): Promise<string[]> {
  const { job } = await runSync({
    client,
    workspace: join(root, repo),
    settings,
    origin: { owner: 'acme', repo, ref: 'main' },
  });
  await poll(() => client.jobs.get(job!.id), {
    until: (j) => j.creationStatus === 'COMPLETE',
    intervalMs: 50,
    timeoutMs: 60_000,
  });
  await client.jobs.deliver(job!.id);
  const before = gh.calls.length;
  const body = jobDeliver(job!.id);
  const answer = await fetch(`${receiver.url}/webhooks`, {
    method: 'POST',
    headers: signed(body, { id }),
    body,
  });
  expect(answer.status).toBe(202);
  await poll(() => client.jobs.get(job!.id), {
    until: (j) => j.status === 'archived',
    intervalMs: 50,
    timeoutMs: 60_000,
  });
  return gh.calls
    .slice(before)
    .filter((c) => c.auth?.kind !== 'app')
    .map((c) => `${c.method} ${c.path.replace(/[0-9a-f]{40}/, 'SHA')} ${c.status}`);
}

const show = (ref: string, path: string, repo = 'app') =>
  execFileSync('git', ['--git-dir', gh.repoPath('acme', repo), 'show', `${ref}:${path}`], {
    encoding: 'utf8',
  });

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'svc-budget-'));
  const fresh: Record<string, string> = { '.svc.yml': CONFIG };
  for (let i = 0; i < FILES; i++) fresh[`locales/en/screen${i}.json`] = source(i);
  const files: Record<string, string> = { ...fresh };
  for (let i = 0; i < FILES; i += 2) files[`locales/de/screen${i}.json`] = german(i);
  writeWorkspace('fresh', fresh);
  writeWorkspace('app', files);
  p = await startPlatform();
  client = createClient({ baseUrl: p.url, apiKey: p.key });
  gh = await startFakeGitHub({
    repos: [
      { owner: 'acme', name: 'fresh', files: fresh },
      { owner: 'acme', name: 'app', files },
    ],
  });
  db = await receiverTestDatabase();
  // As the App's installation, as deployed: the QA check run is created, and counted.
  receiver = await startTestReceiver({
    platformUrl: p.url,
    apiKey: p.key,
    gh,
    secrets: [SECRET],
    dbUrl: db.url,
    asApp: true,
  });
}, 120_000);

afterAll(async () => {
  await receiver?.close();
  await db?.drop();
  await client?.close();
  await gh?.close();
  await p?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('the GitHub calls of a delivery', () => {
  it('100 files × 2 languages reach a new pull request in at most 8 calls, every file read in bulk', async () => {
    const calls = await deliver('fresh', 'msg_fresh');
    expect(calls.length, calls.join('\n')).toBeLessThanOrEqual(8);
    // No file read one by one.
    expect(calls.filter((c) => c.includes('/contents/') || c.includes('/git/blobs/'))).toEqual([]);
    expect(gh.pulls('acme', 'fresh')).toHaveLength(1);
    expect(gh.checkRuns('acme', 'fresh')).toHaveLength(1);
    expect(JSON.parse(show('svc-l10n/main', 'locales/fr/screen99.json', 'fresh'))).toHaveProperty('body');
  }, 180_000);

  it("people's 50 German files cost one query of blobs more, and each is kept byte for byte", async () => {
    const calls = await deliver('app', 'msg_first');
    // config and tip; the tree; 150 distinct blobs, 100 a query; tree, commit, ref; PR; check.
    expect(calls.length, calls.join('\n')).toBeLessThanOrEqual(9);
    expect(calls.filter((c) => c.includes('/contents/') || c.includes('/git/blobs/'))).toEqual([]);
    // The person's line stays as written; the missing string is added after it.
    const de0 = show('svc-l10n/main', 'locales/de/screen0.json');
    expect(de0.startsWith('{\n  "title": "Bildschirm 0",\n')).toBe(true);
    expect(JSON.parse(de0)).toHaveProperty('body');
    expect(JSON.parse(show('svc-l10n/main', 'locales/de/screen1.json'))).toHaveProperty('title');
  }, 180_000);

  it('the next delivery into the open pull request, after the base moved, takes at most 8 calls', async () => {
    // A teammate changes one string on main: the base moved, the l10n branch is rebuilt on it.
    writeWorkspace('app', { 'locales/en/screen7.json': source(7, 'Screen seven') });
    await gh.commitAs(
      'acme',
      'app',
      'main',
      { 'locales/en/screen7.json': source(7, 'Screen seven') },
      'Rename',
    );
    const before = show('svc-l10n/main', 'locales/fr/screen7.json');
    const calls = await deliver('app', 'msg_second');
    expect(calls.length, calls.join('\n')).toBeLessThanOrEqual(8);
    expect(gh.pulls('acme', 'app')).toHaveLength(1);
    expect(show('svc-l10n/main', 'locales/de/screen0.json')).toContain('"title": "Bildschirm 0"');
    expect(show('svc-l10n/main', 'locales/en/screen7.json')).toContain('Screen seven');
    expect(show('svc-l10n/main', 'locales/fr/screen7.json')).not.toBe(before);
  }, 180_000);
});
