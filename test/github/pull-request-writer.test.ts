import { execFileSync } from 'node:child_process';
import { Octokit } from '@octokit/rest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type PullRequestWrite, writePullRequest } from '../../src/github/pull-request-writer.ts';
import { RepositoryReader } from '../../src/github/repository-reader.ts';
import { installationClient } from '../fake-github/client.ts';
import { type FakeGitHub, startFakeGitHub } from '../support/fake-github/index.ts';

let gh: FakeGitHub;
let octokit: Octokit;

const git = (...args: string[]) =>
  execFileSync('git', ['--git-dir', gh.repoPath('acme', 'app'), ...args], { encoding: 'utf8' });
const show = (ref: string, path: string) => git('show', `${ref}:${path}`);
const commitsAhead = (base: string, head: string) =>
  git('rev-list', `${base}..${head}`).trim().split('\n').filter(Boolean);

const write = (files: Record<string, string | Uint8Array>, extra: Partial<PullRequestWrite> = {}) =>
  writePullRequest(new RepositoryReader(octokit, { owner: 'acme', repo: 'app' }), {
    base: 'main',
    files: Object.entries(files).map(([path, content]) => ({ path, content })),
    commitMessage: 'Update translations',
    title: 'Update translations (main)',
    body: 'body',
    ...extra,
  });

beforeEach(async () => {
  gh = await startFakeGitHub({
    repos: [
      { owner: 'acme', name: 'app', defaultBranch: 'main', files: { 'locales/en.json': '{"a": "A"}\n' } },
    ],
  });
  octokit = new Octokit({ auth: gh.token, baseUrl: gh.url });
});
afterEach(() => gh.close());

describe('writePullRequest', () => {
  it('opens a PR from svc-l10n/<base> holding the files, with labels, reviewers and assignees', async () => {
    const out = await write(
      { 'locales/de.json': '{"a": "Ä"}\n' },
      { labels: ['l10n'], reviewers: ['octo'], assignees: ['octo'] },
    );
    expect(out.branch).toBe('svc-l10n/main');
    expect(out.commit.strategy).toBe('created');
    expect(out.pullRequest?.created).toBe(true);
    expect(show('svc-l10n/main', 'locales/de.json')).toBe('{"a": "Ä"}\n');
    expect(show('svc-l10n/main', 'locales/en.json')).toBe('{"a": "A"}\n');
    const [pr] = gh.pulls('acme', 'app');
    expect(pr).toMatchObject({
      head: { ref: 'svc-l10n/main' },
      base: { ref: 'main' },
      labels: ['l10n'],
      reviewers: ['octo'],
      assignees: ['octo'],
    });
    expect(gh.calls.length).toBeLessThanOrEqual(8);
  });

  it('makes no commit and leaves the PR alone when the contents are already there', async () => {
    await write({ 'locales/de.json': 'x\n' });
    const head = git('rev-parse', 'svc-l10n/main').trim();
    const before = gh.calls.length;
    const out = await write({ 'locales/de.json': 'x\n' }, { body: 'another body' });
    expect(out.commit).toEqual({ commitSha: null, headSha: head, strategy: 'unchanged' });
    expect(git('rev-parse', 'svc-l10n/main').trim()).toBe(head);
    expect(gh.pulls('acme', 'app')[0]!.body).toBe('body');
    expect(gh.calls.length - before).toBeLessThanOrEqual(4);
  });

  it('keeps the branch one clean commit on the base while it is ours, with every file so far', async () => {
    await write({ 'locales/de.json': 'de\n' });
    const out = await write({ 'locales/fr.json': 'fr\n' }, { body: 'second' });
    expect(out.commit.strategy).toBe('replaced');
    expect(commitsAhead('main', 'svc-l10n/main')).toHaveLength(1);
    expect(show('svc-l10n/main', 'locales/de.json')).toBe('de\n');
    expect(show('svc-l10n/main', 'locales/fr.json')).toBe('fr\n');
    expect(gh.pulls('acme', 'app')).toHaveLength(1);
    expect(gh.pulls('acme', 'app')[0]!.body).toBe('second');
  });

  it("never force-pushes over a person's commit on the l10n branch", async () => {
    await write({ 'locales/de.json': 'de\n' });
    const theirs = await gh.commitAs(
      'acme',
      'app',
      'svc-l10n/main',
      { 'locales/de.json': 'de (fixed by a person)\n' },
      'Fix wording',
    );
    const out = await write({ 'locales/fr.json': 'fr\n' });
    expect(out.commit.strategy).toBe('appended');
    git('merge-base', '--is-ancestor', theirs, 'svc-l10n/main');
    expect(show('svc-l10n/main', 'locales/de.json')).toBe('de (fixed by a person)\n');
    expect(show('svc-l10n/main', 'locales/fr.json')).toBe('fr\n');
  });

  it("merges a base that moved into a branch a person committed to, keeping the person's commit", async () => {
    await write({ 'locales/de.json': 'de\n' });
    const theirs = await gh.commitAs('acme', 'app', 'svc-l10n/main', { 'locales/de.json': 'Dé\n' }, 'Fix');
    const moved = await gh.commitAs('acme', 'app', 'main', { 'src/app.ts': 'code\n' }, 'Work on main');
    const out = await write({ 'locales/fr.json': 'fr\n' });
    expect(out.commit.strategy).toBe('merged');
    const merge = out.commit.mergeSha!;
    // The merge commit: the person's tip first, the base second; our commit on top of it.
    expect(git('rev-list', '--parents', '-n', '1', merge).trim().split(' ')).toEqual([merge, theirs, moved]);
    expect(git('rev-parse', 'svc-l10n/main~1').trim()).toBe(merge);
    expect(show('svc-l10n/main', 'locales/de.json')).toBe('Dé\n');
    expect(show('svc-l10n/main', 'src/app.ts')).toBe('code\n');
    expect(show('svc-l10n/main', 'locales/fr.json')).toBe('fr\n');
    // Nothing force-pushed: every ref move was a fast-forward.
    expect(gh.calls.filter((c) => c.method === 'PATCH' && c.path.includes('/git/refs/'))).toHaveLength(1);
  });

  it('reports a conflict with the base in the PR (comment and failing check) and commits nothing', async () => {
    const app = installationClient(gh);
    const writeAsApp = (files: Record<string, string>) =>
      writePullRequest(new RepositoryReader(app, { owner: 'acme', repo: 'app' }), {
        base: 'main',
        files: Object.entries(files).map(([path, content]) => ({ path, content })),
        commitMessage: 'Update translations',
        title: 'Update translations (main)',
        body: 'body',
      });
    await writeAsApp({ 'locales/de.json': 'de\n' });
    const theirs = await gh.commitAs('acme', 'app', 'svc-l10n/main', { 'locales/de.json': 'Dé\n' }, 'Fix');
    await gh.commitAs('acme', 'app', 'main', { 'locales/de.json': 'de on main\n' }, 'Clash');
    const out = await writeAsApp({ 'locales/fr.json': 'fr\n' });
    expect(out.commit).toEqual({ commitSha: null, headSha: theirs, strategy: 'conflict' });
    expect(git('rev-parse', 'svc-l10n/main').trim()).toBe(theirs);
    const check = gh.checkRuns('acme', 'app').find((r) => r.id === out.conflict?.checkId);
    expect(check).toMatchObject({
      headSha: theirs,
      name: 'svc-connector / l10n QA',
      conclusion: 'failure',
      output: { title: 'main cannot be merged into svc-l10n/main' },
    });
    await writeAsApp({ 'locales/fr.json': 'fr\n' });
    const comments = await app.rest.issues.listComments({
      owner: 'acme',
      repo: 'app',
      issue_number: out.pullRequest!.number,
    });
    expect(comments.data).toHaveLength(1);
    expect(comments.data[0]!.body).toContain('git switch svc-l10n/main && git merge main');
  });

  it('rebuilds the branch on a base that moved on, keeping the files it had', async () => {
    await write({ 'locales/de.json': 'de\n' });
    await gh.commitAs('acme', 'app', 'main', { 'src/app.ts': 'code\n' }, 'Work on main');
    const out = await write({ 'locales/fr.json': 'fr\n' });
    expect(out.commit.strategy).toBe('rebuilt');
    expect(git('rev-parse', 'svc-l10n/main~1').trim()).toBe(git('rev-parse', 'main').trim());
    expect(show('svc-l10n/main', 'src/app.ts')).toBe('code\n');
    expect(show('svc-l10n/main', 'locales/de.json')).toBe('de\n');
    expect(show('svc-l10n/main', 'locales/fr.json')).toBe('fr\n');
  });

  it('writes a file that is not UTF-8 (UTF-16 .strings) byte for byte through a blob', async () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('"a" = "Ä";\n', 'utf16le')]);
    await write({ 'de.lproj/Localizable.strings': utf16 });
    const bytes = execFileSync('git', [
      '--git-dir',
      gh.repoPath('acme', 'app'),
      'show',
      'svc-l10n/main:de.lproj/Localizable.strings',
    ]);
    expect(Buffer.compare(bytes, utf16)).toBe(0);
  });

  it('opens nothing when the files equal the base', async () => {
    const out = await write({ 'locales/en.json': '{"a": "A"}\n' });
    expect(out.pullRequest).toBeUndefined();
    expect(gh.pulls('acme', 'app')).toEqual([]);
  });

  it('opens a new PR once the previous one was merged', async () => {
    await write({ 'locales/de.json': 'de\n' });
    const pr = gh.pulls('acme', 'app')[0]!;
    // Merge: fast-forward main to the l10n branch and close the PR, as GitHub does.
    await octokit.rest.git.updateRef({
      owner: 'acme',
      repo: 'app',
      ref: 'heads/main',
      sha: git('rev-parse', 'svc-l10n/main').trim(),
    });
    await octokit.rest.pulls.update({ owner: 'acme', repo: 'app', pull_number: pr.number, state: 'closed' });
    const out = await write({ 'locales/fr.json': 'fr\n' });
    expect(out.pullRequest?.created).toBe(true);
    expect(out.pullRequest?.number).not.toBe(pr.number);
    expect(commitsAhead('main', 'svc-l10n/main')).toHaveLength(1);
  });
});
