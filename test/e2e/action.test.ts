import { execFileSync } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createClient } from '../../src/api/index.ts';
import { checkout, runAction } from '../support/action-runner.ts';
import { type FakeGitHub, startFakeGitHub } from '../support/fake-github/index.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';

const CONFIG = (mode: string) => `source: en
targets: [de, fr-CA]
mode: ${mode}
files:
  - source: locales/en/**/*.json
    translation: locales/%lang%/**/%file%
pull_request:
  labels: [l10n]
`;
const SOURCES = {
  'locales/en/app.json':
    '{\n  "greeting": "Hello, {{name}}!",\n  "items_one": "{{count}} item",\n  "items_other": "{{count}} items"\n}\n',
  'locales/en/screens/nav.json': '{\n  "home": "Home",\n  "settings": "Settings"\n}\n',
};

/** 60 source files: the pull request costs the same GitHub calls as for two. */
const MANY = Object.fromEntries(
  Array.from({ length: 60 }, (_, i) => [`locales/en/screen${i}.json`, `{\n  "title": "Screen ${i}"\n}\n`]),
);

/** GitHub calls of a `wait` run: the l10n branch and its PR in one query, then the write. */
const WAIT_RUN_CALLS = 7;

let p: TestPlatform;
let gh: FakeGitHub;
let client: Client;
const dirs: string[] = [];

async function workspaceOf(repo: string) {
  const dir = await checkout(gh.repoPath('acme', repo));
  dirs.push(dir);
  return dir;
}
const inputs = (extra: Record<string, string> = {}) => ({ 'api-url': p.url, 'api-key': p.key, ...extra });
const run = async (repo: string, extra: Record<string, string> = {}, env: NodeJS.ProcessEnv = {}) =>
  runAction({
    inputs: inputs(extra),
    workspace: await workspaceOf(repo),
    repository: `acme/${repo}`,
    env: { GITHUB_API_URL: gh.url, ...env },
  });

beforeAll(async () => {
  p = await startPlatform();
  client = createClient({ baseUrl: p.url, apiKey: p.key });
  gh = await startFakeGitHub({
    repos: [
      { owner: 'acme', name: 'app', defaultBranch: 'main', files: { '.svc.yml': CONFIG('job'), ...SOURCES } },
      {
        owner: 'acme',
        name: 'web',
        defaultBranch: 'main',
        files: { '.svc.yml': CONFIG('instant'), ...SOURCES },
      },
      {
        owner: 'acme',
        name: 'many',
        defaultBranch: 'main',
        files: { '.svc.yml': CONFIG('instant'), ...MANY },
      },
      {
        owner: 'acme',
        name: 'appweb',
        defaultBranch: 'main',
        files: { '.svc.yml': CONFIG('instant'), ...SOURCES },
      },
      {
        owner: 'acme',
        name: 'bad',
        defaultBranch: 'main',
        files: { '.svc.yml': 'source: en\ntargets: [de]\nfles: []\n' },
      },
      {
        owner: 'acme',
        name: 'broken',
        defaultBranch: 'main',
        files: {
          '.svc.yml': CONFIG('job'),
          'locales/en/ok.json': '{"a": "A"}\n',
          'locales/en/bad.json': '{\n  "a": "A",\n  "b":\n}\n',
        },
      },
    ],
  });
}, 60_000);

afterAll(async () => {
  await client.close();
  await gh.close();
  await p.close();
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

describe('the Action (dist/index.js) in job mode', () => {
  it('creates one job with a project per target and a document per changed file', async () => {
    const r = await run('app');
    expect(r.stderr + r.stdout).not.toMatch(/::error::/);
    expect(r.code).toBe(0);
    expect(r.outputs['uploaded-count']).toBe('2');
    expect(r.outputs['skipped-count']).toBe('0');
    const jobId = Number(r.outputs['job-id']);
    expect(jobId).toBeGreaterThan(0);
    expect(r.outputs['file-ids']!.split(',')).toHaveLength(2);
    await p.idle();
    const stats = await client.jobs.stats(jobId);
    expect(stats.projects).toHaveLength(2);
    for (const project of await client.projects.list({ id: stats.projects.map((x) => x.id) }))
      expect(project.document.map((d) => d.name).sort()).toEqual([
        'locales/en/app.json',
        'locales/en/screens/nav.json',
      ]);
    expect(r.summary).toContain('| `locales/en/app.json` |');
    expect(r.summary).toContain(`Job **${jobId}**`);
  });

  it('uploads nothing and creates nothing on a second run with no change', async () => {
    const jobs = (await client.jobs.list()).length;
    const r = await run('app');
    expect(r.code).toBe(0);
    expect(r.outputs['uploaded-count']).toBe('0');
    expect(r.outputs['skipped-count']).toBe('2');
    expect(r.outputs['job-id']).toBe('');
    expect(await client.jobs.list()).toHaveLength(jobs);
  });

  it('uploads the one file that changed', async () => {
    await gh.commitAs(
      'acme',
      'app',
      'main',
      { 'locales/en/screens/nav.json': '{\n  "home": "Start"\n}\n' },
      'Rename home',
    );
    const r = await run('app');
    expect(r.code).toBe(0);
    expect(r.outputs['uploaded-count']).toBe('1');
    expect(r.outputs['skipped-count']).toBe('1');
    const files = await client.files.list({ labels: [`job:${r.outputs['job-id']}`] });
    expect(files.map((f) => f.name)).toEqual(['locales/en/screens/nav.json']);
  });

  it('dry-run prints what it would do and creates nothing', async () => {
    await gh.commitAs('acme', 'app', 'main', { 'locales/en/app.json': '{"x": "Changed"}\n' }, 'Change');
    const before = (await client.files.list()).length;
    const r = await run('app', { 'dry-run': 'true' });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('would upload locales/en/app.json');
    expect((await client.files.list()).length).toBe(before);
  });
});

describe('the Action in instant mode with wait', () => {
  it('opens a PR whose branch holds the translated files at the configured paths', async () => {
    const before = gh.calls.length;
    const r = await run('web', { wait: 'true', 'github-token': gh.token });
    // Branch and PR read (1), tree, commit, ref, PR, labels, the QA check (refused: a personal token).
    expect(gh.calls.length - before).toBeLessThanOrEqual(WAIT_RUN_CALLS);
    expect(r.stdout).not.toMatch(/::error::/);
    expect(r.code).toBe(0);
    expect(r.outputs['translation-ids']!.split(',')).toHaveLength(4);
    expect(r.outputs['pull-request-url']).toMatch(/\/acme\/web\/pull\/\d+$/);
    const git = (...args: string[]) =>
      execFileSync('git', ['--git-dir', gh.repoPath('acme', 'web'), ...args], { encoding: 'utf8' });
    const tree = git('ls-tree', '-r', '--name-only', 'svc-l10n/main').split('\n').filter(Boolean);
    expect(tree).toEqual(
      expect.arrayContaining([
        'locales/de/app.json',
        'locales/de/screens/nav.json',
        'locales/fr-CA/app.json',
        'locales/fr-CA/screens/nav.json',
      ]),
    );
    const de = JSON.parse(git('show', 'svc-l10n/main:locales/de/app.json'));
    expect(Object.keys(de)).toEqual(['greeting', 'items_one', 'items_other']);
    const [pr] = gh.pulls('acme', 'web');
    expect(pr).toMatchObject({
      number: Number(r.outputs['pull-request-number']),
      labels: ['l10n'],
      base: { ref: 'main' },
    });
    expect(pr!.body).toContain('| de | 2 |');
  });

  it('spends the same GitHub calls on 60 files × 2 languages as on 2', async () => {
    const before = gh.calls.length;
    const r = await run('many', { wait: 'true', 'github-token': gh.token });
    expect(r.code).toBe(0);
    const calls = gh.calls.slice(before).map((c) => `${c.method} ${c.path}`);
    expect(calls.length, calls.join('\n')).toBeLessThanOrEqual(WAIT_RUN_CALLS);
    const tree = execFileSync(
      'git',
      ['--git-dir', gh.repoPath('acme', 'many'), 'ls-tree', '-r', '--name-only', 'svc-l10n/main'],
      {
        encoding: 'utf8',
      },
    );
    expect(tree.split('\n').filter((p) => p.startsWith('locales/de/'))).toHaveLength(60);
  });
});

describe('the Action with a GitHub App key (sources: dist/ is rebuilt by the integrator)', () => {
  it('mints an installation token and pushes the translations with it, so workflows run', async () => {
    const before = gh.calls.length;
    const r = await runAction({
      inputs: inputs({
        wait: 'true',
        'github-app-id': String(gh.app.id),
        'github-app-private-key': gh.app.privateKey,
      }),
      workspace: await workspaceOf('appweb'),
      repository: 'acme/appweb',
      env: { GITHUB_API_URL: gh.url },
      entry: 'src/action/index.ts',
    });
    expect(r.stdout).not.toMatch(/::error::/);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/::add-mask::ghs_/);
    const calls = gh.calls.slice(before);
    expect(
      calls.find((c) => c.path === `/app/installations/${gh.app.installationId}/access_tokens`)?.auth?.kind,
    ).toBe('app');
    const writes = calls.filter((c) => c.method !== 'GET' && c.path.startsWith('/repos/acme/appweb/'));
    expect(writes.map((c) => `${c.method} ${c.path}`)).toEqual(
      expect.arrayContaining([
        'POST /repos/acme/appweb/git/commits',
        'POST /repos/acme/appweb/git/refs',
        'POST /repos/acme/appweb/pulls',
      ]),
    );
    expect(new Set(writes.map((c) => c.auth?.kind))).toEqual(new Set(['installation']));
    expect(r.outputs['pull-request-url']).toMatch(/\/acme\/appweb\/pull\/\d+$/);
  });

  it('names the missing half of an App', async () => {
    const r = await runAction({
      inputs: inputs({ wait: 'true', 'github-app-id': '5' }),
      workspace: await workspaceOf('appweb'),
      repository: 'acme/appweb',
      env: { GITHUB_API_URL: gh.url },
      entry: 'src/action/index.ts',
    });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('::error::input github-app-private-key is required with github-app-id');
  });
});

describe('the Action refusing what it cannot use', () => {
  it('fails on a bad config with one message naming the key', async () => {
    const r = await run('bad');
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/::error::.*\.svc\.yml: unknown key "fles" \(did you mean "files"\?\)/);
    expect(r.stdout).not.toMatch(/\n\s+at /);
  });

  it('annotates a file that does not parse, uploads the others and fails the step', async () => {
    const r = await run('broken');
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(
      /::error title=svc-connector%3A cannot parse,file=locales\/en\/bad\.json,line=4,col=\d+::/,
    );
    expect(r.outputs['uploaded-count']).toBe('1');
  });

  it('fails with a clear message when the API is unreachable', async () => {
    const r = await run('app', { 'api-url': 'http://127.0.0.1:9' });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/::error::cannot reach the platform \(ECONNREFUSED/);
    expect(r.stdout + r.stderr).not.toMatch(/\n\s+at /);
  });

  it('fails with a clear message when the key is wrong, and masks it', async () => {
    const r = await run('app', { 'api-key': 'svc_notakey' });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/::error::the platform refused the API key \(401\)/);
    expect(r.stdout).toContain('::add-mask::svc_notakey');
  });

  it('names a bad input', async () => {
    const r = await run('app', { mode: 'fast' });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('::error::input mode: "fast" is not job or instant');
  });
});
