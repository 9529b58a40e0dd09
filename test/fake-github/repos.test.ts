import { execFileSync } from 'node:child_process';
import type { Octokit } from '@octokit/rest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeGitHub, startFakeGitHub } from '../support/fake-github/index.ts';
import { client } from './client.ts';

let gh: FakeGitHub;
let octokit: Octokit;
const repo = { owner: 'acme', repo: 'app' };

beforeEach(async () => {
  gh = await startFakeGitHub({
    repos: [
      {
        owner: 'acme',
        name: 'app',
        files: {
          '.svc.yml': 'source: en\ntargets: [de]\n',
          'locales/en/app.json': '{\n  "hello": "Hello",\n  "bye": "Bye"\n}\n',
          'locales/en/extra file.json': '{}\n',
        },
      },
    ],
  });
  octokit = client(gh);
});
afterEach(() => gh.close());

describe('fake GitHub: contents', () => {
  it('returns a file as base64 with its blob sha, size, name and path', async () => {
    const { data } = await octokit.rest.repos.getContent({ ...repo, path: 'locales/en/app.json' });
    if (Array.isArray(data) || data.type !== 'file') throw new Error('expected a file');
    const text = '{\n  "hello": "Hello",\n  "bye": "Bye"\n}\n';
    expect(data).toMatchObject({
      type: 'file',
      encoding: 'base64',
      name: 'app.json',
      path: 'locales/en/app.json',
      size: text.length,
    });
    expect(Buffer.from(data.content, 'base64').toString('utf8')).toBe(text);
    const blobSha = execFileSync(
      'git',
      ['--git-dir', gh.repoPath('acme', 'app'), 'rev-parse', 'main:locales/en/app.json'],
      {
        encoding: 'utf8',
      },
    ).trim();
    expect(data.sha).toBe(blobSha);
  });

  it('lists a directory (and the root) as an array of entries', async () => {
    const { data } = await octokit.rest.repos.getContent({ ...repo, path: 'locales/en' });
    expect(Array.isArray(data) && data.map((e) => [e.type, e.path])).toEqual([
      ['file', 'locales/en/app.json'],
      ['file', 'locales/en/extra file.json'],
    ]);
    const { data: root } = await octokit.rest.repos.getContent({ ...repo, path: '' });
    expect(Array.isArray(root) && root.map((e) => [e.type, e.name])).toEqual([
      ['file', '.svc.yml'],
      ['dir', 'locales'],
    ]);
  });

  it('reads at another ref, answers raw bytes on request, and 404s for what is missing', async () => {
    const sha = await gh.commitAs(
      'acme',
      'app',
      'feature',
      { '.svc.yml': 'source: en\ntargets: [fr]\n' },
      'fr',
    );
    const { data } = await octokit.rest.repos.getContent({
      ...repo,
      path: '.svc.yml',
      ref: 'feature',
      mediaType: { format: 'raw' },
    });
    expect(data).toBe('source: en\ntargets: [fr]\n');
    const { data: bySha } = await octokit.rest.repos.getContent({
      ...repo,
      path: 'locales/en/extra file.json',
      ref: sha,
    });
    expect(!Array.isArray(bySha) && bySha.path).toBe('locales/en/extra file.json');
    await expect(octokit.rest.repos.getContent({ ...repo, path: 'nope.json' })).rejects.toMatchObject({
      status: 404,
      response: { data: { message: 'Not Found', documentation_url: expect.stringContaining('contents') } },
    });
    await expect(
      octokit.rest.repos.getContent({ ...repo, path: '.svc.yml', ref: 'no-such-branch' }),
    ).rejects.toMatchObject({
      status: 404,
      response: { data: { message: 'No commit found for the ref no-such-branch' } },
    });
  });
});

describe('fake GitHub: commits and comparisons', () => {
  it('commitAs pushes one commit by a person onto a branch, deleting null paths', async () => {
    const base = execFileSync('git', ['--git-dir', gh.repoPath('acme', 'app'), 'rev-parse', 'main'], {
      encoding: 'utf8',
    }).trim();
    const sha = await gh.commitAs(
      'acme',
      'app',
      'main',
      { 'locales/en/extra file.json': null, 'NEW.md': 'new\n' },
      'Edit by hand',
    );
    const { data } = await octokit.rest.repos.getCommit({ ...repo, ref: 'main' });
    expect(data).toMatchObject({
      sha,
      parents: [{ sha: base }],
      commit: { message: 'Edit by hand', author: { name: 'Octo Person' } },
    });
    expect(data.files?.map((f) => [f.filename, f.status, f.additions, f.deletions])).toEqual([
      ['NEW.md', 'added', 1, 0],
      ['locales/en/extra file.json', 'removed', 0, 1],
    ]);
    expect(data.stats).toEqual({ total: 2, additions: 1, deletions: 1 });
    await expect(octokit.rest.repos.getCommit({ ...repo, ref: 'nope' })).rejects.toMatchObject({
      status: 422,
    });
  });

  it('compares base...head from their merge base, with patches, counts and status', async () => {
    await gh.commitAs('acme', 'app', 'l10n', { 'locales/de/app.json': '{\n  "hello": "Hallo"\n}\n' }, 'de');
    await gh.commitAs(
      'acme',
      'app',
      'l10n',
      { 'locales/en/app.json': '{\n  "hello": "Hello!",\n  "bye": "Bye"\n}\n' },
      'en',
    );
    await gh.commitAs('acme', 'app', 'main', { 'README.md': 'readme\n' }, 'readme on main');
    const { data } = await octokit.rest.repos.compareCommitsWithBasehead({
      ...repo,
      basehead: 'main...l10n',
    });
    expect(data).toMatchObject({ status: 'diverged', ahead_by: 2, behind_by: 1, total_commits: 2 });
    expect(data.commits.map((c) => c.commit.message)).toEqual(['de', 'en']);
    // Three dots: main's own change (README.md) is not part of the diff.
    expect(data.files?.map((f) => [f.filename, f.status, f.additions, f.deletions])).toEqual([
      ['locales/de/app.json', 'added', 3, 0],
      ['locales/en/app.json', 'modified', 1, 1],
    ]);
    expect(data.files?.[1]?.patch).toBe(
      '@@ -1,4 +1,4 @@\n {\n-  "hello": "Hello",\n+  "hello": "Hello!",\n   "bye": "Bye"\n }',
    );
    const { data: same } = await octokit.rest.repos.compareCommitsWithBasehead({
      ...repo,
      basehead: 'main...main',
    });
    expect(same).toMatchObject({ status: 'identical', ahead_by: 0, files: [] });
    await expect(
      octokit.rest.repos.compareCommitsWithBasehead({ ...repo, basehead: 'main...nope' }),
    ).rejects.toMatchObject({
      status: 404,
    });
  });
});
