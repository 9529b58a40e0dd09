import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createClient, poll } from '../../src/api/index.ts';
import { checkout, runAction } from '../support/action-runner.ts';
import { type FakeGitHub, startFakeGitHub } from '../support/fake-github/index.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';
import { freePort, startTestReceiver, type TestReceiver } from '../support/receiver.ts';

// Through the committed Action bundle, the platform and the receiver: a repository that already
// has translations people wrote.
const CONFIG = (mode: string) => `source: en
targets: [de, fr]
mode: ${mode}
files:
  - source: locales/en/*.json
    translation: locales/%lang%/%file%
`;
const EN = '{\n  "title": "Notes",\n  "save": "Save",\n  "bye": "Goodbye",\n  "hello": "Hello"\n}\n';
// Partial, in its own order, with its own spacing.
const DE = '{\n  "save":  "Speichern",\n  "title": "Notizen"\n}\n';

let p: TestPlatform;
let gh: FakeGitHub;
let client: Client;
let receiver: TestReceiver;
let dir: string;
const dirs: string[] = [];

const git = (repo: string, ...args: string[]) =>
  execFileSync('git', ['--git-dir', gh.repoPath('acme', repo), ...args], { encoding: 'utf8' });
const waitFor = <T>(what: () => Promise<T> | T, until: (v: T) => boolean) =>
  poll(async () => what(), { until, intervalMs: 100, maxIntervalMs: 300, timeoutMs: 45_000 });

async function runTheAction(repo: string, inputs: Record<string, string> = {}) {
  const workspace = await checkout(gh.repoPath('acme', repo));
  dirs.push(workspace);
  const r = await runAction({
    inputs: { 'api-url': p.url, 'api-key': p.key, ...inputs },
    workspace,
    repository: `acme/${repo}`,
    env: { GITHUB_API_URL: gh.url },
  });
  expect(r.stdout).not.toMatch(/::error::/);
  expect(r.code).toBe(0);
  return r;
}

/** A person's push to main: files changed through a clone, as anyone would. */
async function push(repo: string, files: Record<string, (text: string) => string>) {
  const work = await mkdtemp(join(tmpdir(), 'svc-push-'));
  dirs.push(work);
  execFileSync('git', ['clone', '-q', `file://${gh.repoPath('acme', repo)}`, work]);
  for (const [path, edit] of Object.entries(files))
    await writeFile(join(work, path), edit(await readFile(join(work, path), 'utf8')));
  const g = (...args: string[]) => execFileSync('git', ['-C', work, ...args], { encoding: 'utf8' });
  g('-c', 'user.name=Ana', '-c', 'user.email=ana@example.com', 'commit', '-qam', 'Edit strings');
  g('push', '-q', 'origin', 'main');
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'svc-e2e-existing-'));
  p = await startPlatform({ webhooks: { retryScale: 0.001 } });
  client = createClient({ baseUrl: p.url, apiKey: p.key });
  const files = { 'locales/en/app.json': EN, 'locales/de/app.json': DE };
  gh = await startFakeGitHub({
    repos: [
      { owner: 'acme', name: 'jobs', defaultBranch: 'main', files: { '.svc.yml': CONFIG('job'), ...files } },
      {
        owner: 'acme',
        name: 'wait',
        defaultBranch: 'main',
        files: { '.svc.yml': CONFIG('instant'), ...files },
      },
    ],
  });
  const port = await freePort();
  const config = await client.webhooks.create({
    webhookName: 'receiver',
    webhookUrl: `http://127.0.0.1:${port}/webhooks`,
    eventType: ['JOB_DELIVER'],
  });
  receiver = await startTestReceiver({
    platformUrl: p.url,
    apiKey: p.key,
    gh,
    secrets: [config.secret],
    dbUrl: `sqlite:${join(dir, 'receiver.db')}`,
    port,
  });
}, 60_000);

afterAll(async () => {
  await receiver?.close();
  await client?.close();
  await gh?.close();
  await p?.close();
  await Promise.all([dir, ...dirs].map((d) => rm(d, { recursive: true, force: true })));
});

describe('job mode over existing translations, with a push between upload and delivery', () => {
  it('arrives with people’s translations confirmed, and the delivery never undoes what was pushed since', async () => {
    const r = await runTheAction('jobs');
    const jobId = Number(r.outputs['job-id']);
    const job = await waitFor(
      () => client.jobs.get(jobId),
      (j) => j.creationStatus === 'COMPLETE',
    );
    // de holds 2 of 4 units (confirmed in-context matches), fr none.
    const projects = await client.projects.list({ id: job.stats.projects.map((x) => x.id) });
    const de = job.stats.projects.find((x) => x.trgLang === 'de')!;
    const fr = job.stats.projects.find((x) => x.trgLang === 'fr')!;
    expect(job.stats.percentTranslated).toBeGreaterThan(0);
    expect(projects).toHaveLength(2);
    expect(de.numSourceTokens).toBe(fr.numSourceTokens);

    // Ana edits a German translation and rewrites a source string while the job is out.
    await push('jobs', {
      'locales/de/app.json': (t) => t.replace('"Speichern"', '"Sichern"'),
      'locales/en/app.json': (t) => t.replace('"Goodbye"', '"Bye for now"'),
    });
    const documents = projects.flatMap((x) => x.document.map((d) => d.id));
    await client.documents.pretranslate({ id: documents });
    await p.idle();
    await client.jobs.deliver(jobId);

    const [pr] = await waitFor(
      () => gh.pulls('acme', 'jobs'),
      (list) => list.length > 0,
    );
    await waitFor(
      () => client.jobs.get(jobId),
      (j) => j.status === 'archived',
    );
    const deText = git('jobs', 'show', 'svc-l10n/main:locales/de/app.json');
    // Ana's edit stays; `hello` goes in after its nearest source neighbour the target holds, in the
    // target's own spacing; `bye` changed on main after the upload, so its delivery is stale and stays out.
    const hello = JSON.parse(deText).hello as string;
    expect(hello).not.toBe('Hello');
    expect(deText).toBe(
      `{\n  "save":  "Sichern",\n  "hello":  ${JSON.stringify(hello)},\n  "title": "Notizen"\n}\n`,
    );
    const frJson = JSON.parse(git('jobs', 'show', 'svc-l10n/main:locales/fr/app.json'));
    expect(Object.keys(frJson).sort()).toEqual(['bye', 'hello', 'save', 'title']);
    expect(pr!.body).toContain('| Language | Translated | Kept | Removed | Edited by people |');
  });
});

describe('instant mode with wait over existing translations', () => {
  it('keeps people’s translations in the pull request and translates only what is missing', async () => {
    const r = await runTheAction('wait', { wait: 'true', 'github-token': gh.token });
    expect(r.stdout).toMatch(/de: 2 existing translation\(s\) taught to the memory/);
    const de = JSON.parse(git('wait', 'show', 'svc-l10n/main:locales/de/app.json'));
    expect(de).toMatchObject({ save: 'Speichern', title: 'Notizen' });
    expect(de.bye).not.toBe('Goodbye');
    expect(de.hello).not.toBe('Hello');
    const [pr] = gh.pulls('acme', 'wait');
    expect(pr!.body).toMatch(/\| de \| 2 \| 2 \| 0 \| 0 \|/);
    expect(pr!.body).toMatch(/\| fr \| 4 \| 0 \| 0 \| 0 \|/);
  });
});
