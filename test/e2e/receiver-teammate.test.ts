/**
 * The receiver writes its pull requests like a teammate, through the library's
 * writeTranslationPullRequests as the Action does: Action (job mode) → platform (auto-delivered) →
 * webhook → receiver reaching GitHub as an App → pull request with the `svc-connector / l10n QA`
 * check on its head; one PR per language with `pull_request.split: language`; a person's edit on
 * the l10n branch kept byte for byte and the moved base merged in (no force).
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createClient, poll } from '../../src/api/index.ts';
import { QA_CHECK_NAME } from '../../src/github/check-run.ts';
import { checkout, runAction } from '../support/action-runner.ts';
import { type FakeGitHub, startFakeGitHub } from '../support/fake-github/index.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';
import { freePort, startTestReceiver, type TestReceiver } from '../support/receiver.ts';

const CONFIG = (targets: string, split = false) => `source: en
targets: [${targets}]
mode: job
files:
  - source: locales/en/*.json
    translation: locales/%lang%/%file%
${split ? 'pull_request:\n  split: language\n' : ''}`;
const SOURCE = '{\n  "greeting": "Hello, {name}!",\n  "bye": "Bye"\n}\n';
const MORE = '{\n  "greeting": "Hello, {name}!",\n  "bye": "Bye",\n  "thanks": "Thanks"\n}\n';
const EDIT = 'Tschüss – bis bald!';

let p: TestPlatform;
let gh: FakeGitHub;
let client: Client;
let receiver: TestReceiver;
let dir: string;
const dirs: string[] = [];

const git = (repo: string, ...args: string[]) =>
  execFileSync('git', ['--git-dir', gh.repoPath('acme', repo), ...args], { encoding: 'utf8' }).trim();
const headOf = (repo: string, branch: string) =>
  git(repo, 'branch', '--list', branch) ? git(repo, 'rev-parse', branch) : '';
const waitFor = <T>(what: () => Promise<T> | T, until: (v: T) => boolean) =>
  poll(async () => what(), { until, intervalMs: 100, maxIntervalMs: 300, timeoutMs: 60_000 });

async function runTheAction(repo: string) {
  const workspace = await checkout(gh.repoPath('acme', repo));
  dirs.push(workspace);
  const r = await runAction({
    inputs: { 'api-url': p.url, 'api-key': p.key },
    workspace,
    repository: `acme/${repo}`,
    env: { GITHUB_API_URL: gh.url },
    // The sources: `pull_request.split` is newer than the committed bundle.
    entry: 'src/action/index.ts',
  });
  expect(r.stdout).not.toMatch(/::error::/);
  expect(r.code).toBe(0);
  return Number(r.outputs['job-id']);
}

/** Runs the Action and waits until the receiver has written its job: the job is archived after. */
async function deliver(repo: string) {
  const jobId = await runTheAction(repo);
  await waitFor(
    () => client.jobs.get(jobId),
    (j) => j.status === 'archived',
  );
  return jobId;
}

/** The QA check run on a branch's head. */
const checkOn = (repo: string, branch: string) => {
  const head = git(repo, 'rev-parse', branch);
  return gh.checkRuns('acme', repo).filter((r) => r.headSha === head);
};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'svc-e2e-teammate-'));
  p = await startPlatform({ env: { SVC_AUTO_DELIVER_MS: '300' }, webhooks: { retryScale: 0.001 } });
  client = createClient({ baseUrl: p.url, apiKey: p.key });
  gh = await startFakeGitHub({
    repos: [
      {
        owner: 'acme',
        name: 'qa',
        files: {
          '.svc.yml': CONFIG('de'),
          'locales/en/app.json': SOURCE,
          // A person's translation that lost its placeholder: kept (DESIGN §7), and QA flags it.
          'locales/de/app.json': '{\n  "greeting": "Hallo!"\n}\n',
        },
      },
      {
        owner: 'acme',
        name: 'split',
        files: { '.svc.yml': CONFIG('de, fr', true), 'locales/en/app.json': SOURCE },
      },
      { owner: 'acme', name: 'people', files: { '.svc.yml': CONFIG('de'), 'locales/en/app.json': SOURCE } },
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
    asApp: true,
  });
}, 60_000);

afterAll(async () => {
  await receiver?.close();
  await client?.close();
  await gh?.close();
  await p?.close();
  await Promise.all([dir, ...dirs].map((d) => rm(d, { recursive: true, force: true })));
});

describe('the receiver writes pull requests like a teammate', () => {
  it('a broken placeholder fails the QA check at its line on the PR head; fixed, the next delivery passes on the same PR', async () => {
    const calls = gh.calls.length;
    const jobId = await deliver('qa');
    const [pr] = gh.pulls('acme', 'qa');
    expect(pr).toMatchObject({ head: { ref: 'svc-l10n/main' }, state: 'open' });
    const line = git('qa', 'show', 'svc-l10n/main:locales/de/app.json').split('\n')[1]!;
    expect(line).toBe('  "greeting": "Hallo!",');
    const [run] = checkOn('qa', 'svc-l10n/main');
    expect(run).toMatchObject({ name: QA_CHECK_NAME, conclusion: 'failure' });
    const failures = run!.annotations.filter((a) => a.level === 'failure');
    expect(failures).toEqual([
      // At the person's translation: line 2, the column where its text starts.
      expect.objectContaining({
        path: 'locales/de/app.json',
        startLine: 2,
        startColumn: line.indexOf('Hallo!') + 1,
        message: 'missing placeholder {name}',
      }),
    ]);
    expect(pr!.body).toContain('### Localization QA');
    expect(pr!.body).toContain(`job ${jobId}`);
    expect(pr!.body).toContain(`${p.url}/workbench/`);

    // (d) Every write to the repository was made with the App's installation token.
    const writes = gh.calls
      .slice(calls)
      .filter((c) => c.method !== 'GET' && c.path.startsWith('/repos/acme/qa/'));
    expect(writes.map((c) => c.path)).toEqual(
      expect.arrayContaining([
        '/repos/acme/qa/git/commits',
        '/repos/acme/qa/pulls',
        '/repos/acme/qa/check-runs',
      ]),
    );
    expect(new Set(writes.map((c) => c.auth?.kind))).toEqual(new Set(['installation']));

    await gh.commitAs(
      'acme',
      'qa',
      'main',
      { 'locales/de/app.json': '{\n  "greeting": "Hallo, {name}!"\n}\n', 'locales/en/app.json': MORE },
      'Fix the greeting, add thanks',
    );
    await deliver('qa');
    expect(gh.pulls('acme', 'qa').map((x) => x.number)).toEqual([pr!.number]);
    expect(git('qa', 'show', 'svc-l10n/main:locales/de/app.json')).toContain('"Hallo, {name}!"');
    const latest = checkOn('qa', 'svc-l10n/main');
    expect(latest.map((r) => r.conclusion)).toEqual(['success']);
  }, 180_000);

  it('split mode opens one PR per language, each with its check, and updates each on the next delivery', async () => {
    await deliver('split');
    const pulls = gh.pulls('acme', 'split');
    expect(pulls.map((x) => x.head.ref).sort()).toEqual(['svc-l10n/main/de', 'svc-l10n/main/fr']);
    expect(git('split', 'ls-tree', '-r', '--name-only', 'svc-l10n/main/de')).not.toContain('locales/fr/');
    const de = pulls.find((x) => x.head.ref.endsWith('/de'))!;
    expect(de.title).toBe('Update translations (main) [de]');
    expect(de.body).toContain('| de |');
    expect(de.body).not.toContain('| fr |');
    for (const lang of ['de', 'fr'])
      expect(checkOn('split', `svc-l10n/main/${lang}`).map((r) => r.conclusion)).toEqual(['success']);

    const heads = ['de', 'fr'].map((lang) => headOf('split', `svc-l10n/main/${lang}`));
    await gh.commitAs('acme', 'split', 'main', { 'locales/en/app.json': MORE }, 'Add thanks');
    await deliver('split');
    expect(
      gh
        .pulls('acme', 'split')
        .map((x) => x.number)
        .sort(),
    ).toEqual(pulls.map((x) => x.number).sort());
    for (const [i, lang] of ['de', 'fr'].entries()) {
      const branch = `svc-l10n/main/${lang}`;
      expect(headOf('split', branch)).not.toBe(heads[i]);
      const file = JSON.parse(git('split', 'show', `${branch}:locales/${lang}/app.json`));
      expect(Object.keys(file)).toEqual(['greeting', 'bye', 'thanks']);
    }
  }, 180_000);

  it("a person's edit on the l10n branch is kept byte for byte, and the moved base is merged in without force", async () => {
    await deliver('people');
    const branch = 'svc-l10n/main';
    const before = git('people', 'show', `${branch}:locales/de/app.json`);
    const first = JSON.parse(before);
    const edited = before.replace(`"bye": ${JSON.stringify(first.bye)}`, `"bye": ${JSON.stringify(EDIT)}`);
    expect(edited).not.toBe(before);
    const theirs = await gh.commitAs(
      'acme',
      'people',
      branch,
      { 'locales/de/app.json': `${edited}\n` },
      'Better bye',
    );
    const moved = await gh.commitAs('acme', 'people', 'main', { 'locales/en/app.json': MORE }, 'Add thanks');

    await deliver('people');
    expect(gh.pulls('acme', 'people')).toHaveLength(1);
    const after = git('people', 'show', `${branch}:locales/de/app.json`);
    expect(after.split('\n')[2]).toBe(`  "bye": ${JSON.stringify(EDIT)},`);
    const second = JSON.parse(after);
    expect(second.greeting).toBe(first.greeting);
    expect(Object.keys(second)).toEqual(['greeting', 'bye', 'thanks']);
    // Their commit kept; main came in through a merge commit (parents: theirs, moved); ours on top.
    const merge = git('people', 'rev-parse', `${branch}~1`);
    expect(git('people', 'rev-list', '--parents', '-n', '1', merge).split(' ')).toEqual([
      merge,
      theirs,
      moved,
    ]);
    const body = gh.pulls('acme', 'people')[0]!.body!;
    expect(body).toContain('**de: edited in the repository** (kept, and taught to the memory)');
    expect(body).toContain('- `locales/de/app.json` `bye`');
  }, 180_000);
});
