import { execFileSync } from 'node:child_process';
import type { Octokit } from '@octokit/rest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeGitHub, startFakeGitHub } from '../support/fake-github/index.ts';
import { client } from './client.ts';

let gh: FakeGitHub;
let octokit: Octokit;
const repo = { owner: 'acme', repo: 'app' };

/** Runs git on the fake's bare repository, as a test inspects what a client pushed. */
function git(args: string[], input?: string): string {
  return execFileSync('git', ['--git-dir', gh.repoPath('acme', 'app'), ...args], { encoding: 'utf8', input });
}

beforeEach(async () => {
  gh = await startFakeGitHub({
    repos: [
      {
        owner: 'acme',
        name: 'app',
        defaultBranch: 'main',
        files: {
          'README.md': '# app\n',
          'locales/en/app.json': '{"hello":"Hello"}\n',
          'img/logo.png': new Uint8Array([0x89, 0x50, 0, 255]),
        },
      },
    ],
    now: () => Date.parse('2026-03-01T12:00:00Z'),
  });
  octokit = client(gh);
});
afterEach(() => gh.close());

async function head(branch = 'main'): Promise<{ sha: string; tree: string }> {
  const { data: ref } = await octokit.rest.git.getRef({ ...repo, ref: `heads/${branch}` });
  const { data: commit } = await octokit.rest.git.getCommit({ ...repo, commit_sha: ref.object.sha });
  return { sha: commit.sha, tree: commit.tree.sha };
}

async function commitOn(
  parent: { sha: string; tree: string },
  path: string,
  content: string,
): Promise<string> {
  const { data: tree } = await octokit.rest.git.createTree({
    ...repo,
    base_tree: parent.tree,
    tree: [{ path, mode: '100644', type: 'blob', content }],
  });
  const { data: commit } = await octokit.rest.git.createCommit({
    ...repo,
    message: `write ${path}`,
    tree: tree.sha,
    parents: [parent.sha],
  });
  return commit.sha;
}

describe('fake GitHub: repository and Git Data API', () => {
  it('starts with one commit of the given files (text and binary) on the default branch', async () => {
    expect(git(['show', 'main:locales/en/app.json'])).toBe('{"hello":"Hello"}\n');
    const logo = execFileSync('git', ['--git-dir', gh.repoPath('acme', 'app'), 'show', 'main:img/logo.png']);
    expect([...logo]).toEqual([0x89, 0x50, 0, 255]);
    expect(git(['rev-list', '--count', 'main'])).toBe('1\n');
    const { data } = await octokit.rest.repos.get(repo);
    expect(data).toMatchObject({
      full_name: 'acme/app',
      name: 'app',
      default_branch: 'main',
      private: true,
      owner: { login: 'acme', type: 'Organization' },
      html_url: `${gh.url}/acme/app`,
    });
  });

  it('blobs → tree (nested, inline content, deletion) → commit → ref update writes one commit', async () => {
    const parent = await head();
    const de = '{"hello":"Hallo"}\n';
    const { data: blob } = await octokit.rest.git.createBlob({
      ...repo,
      content: Buffer.from(de).toString('base64'),
      encoding: 'base64',
    });
    expect(blob.sha).toBe(git(['hash-object', '--stdin'], de).trim());
    const { data: tree } = await octokit.rest.git.createTree({
      ...repo,
      base_tree: parent.tree,
      tree: [
        { path: 'locales/de/app.json', mode: '100644', type: 'blob', sha: blob.sha },
        { path: 'locales/fr/app.json', mode: '100644', type: 'blob', content: '{"hello":"Bonjour"}\n' },
        { path: 'README.md', mode: '100644', type: 'blob', sha: null },
      ],
    });
    expect(tree.tree.map((e) => [e.path, e.type])).toEqual([
      ['img', 'tree'],
      ['locales', 'tree'],
    ]);
    const { data: commit } = await octokit.rest.git.createCommit({
      ...repo,
      message: 'Translate',
      tree: tree.sha,
      parents: [parent.sha],
    });
    expect(commit).toMatchObject({
      message: 'Translate',
      parents: [{ sha: parent.sha }],
      tree: { sha: tree.sha },
      author: { name: 'octocat', date: '2026-03-01T12:00:00Z' },
    });
    const { data: moved } = await octokit.rest.git.updateRef({ ...repo, ref: 'heads/main', sha: commit.sha });
    expect(moved).toMatchObject({ ref: 'refs/heads/main', object: { sha: commit.sha, type: 'commit' } });

    expect(git(['show', 'main:locales/de/app.json'])).toBe(de);
    expect(git(['show', 'main:locales/fr/app.json'])).toBe('{"hello":"Bonjour"}\n');
    expect(git(['ls-tree', '-r', '--name-only', 'main'])).toBe(
      'img/logo.png\nlocales/de/app.json\nlocales/en/app.json\nlocales/fr/app.json\n',
    );
    expect(git(['log', '-1', '--format=%s|%an|%ad', '--date=iso-strict', 'main'])).toBe(
      'Translate|octocat|2026-03-01T12:00:00+00:00\n',
    );
    // The message is stored exactly as sent, as GitHub does (no newline added).
    expect(git(['cat-file', 'commit', 'main']).endsWith('\n\nTranslate')).toBe(true);
  });

  it('deleting the last file of a directory removes the directory', async () => {
    const parent = await head();
    const { data: tree } = await octokit.rest.git.createTree({
      ...repo,
      base_tree: parent.tree,
      tree: [{ path: 'img/logo.png', mode: '100644', type: 'blob', sha: null }],
    });
    expect(tree.tree.map((e) => e.path)).toEqual(['README.md', 'locales']);
  });

  it('createCommit keeps an explicit author and committer', async () => {
    const parent = await head();
    const { data } = await octokit.rest.git.createCommit({
      ...repo,
      message: 'Hand-written\n\nwith a body',
      tree: parent.tree,
      parents: [parent.sha],
      author: { name: 'Ada', email: 'ada@example.com', date: '2025-01-02T03:04:05Z' },
    });
    expect(data.author).toEqual({ name: 'Ada', email: 'ada@example.com', date: '2025-01-02T03:04:05Z' });
    expect(data.committer).toEqual(data.author);
    expect(git(['cat-file', '-p', data.sha])).toContain('author Ada <ada@example.com> 1735787045 +0000');
  });

  it('reads blobs and trees back, recursively with ?recursive=1', async () => {
    const { data: top } = await octokit.rest.git.getTree({ ...repo, tree_sha: 'main' });
    expect(top.truncated).toBe(false);
    expect(top.tree.map((e) => e.path)).toEqual(['README.md', 'img', 'locales']);
    const { data: all } = await octokit.rest.git.getTree({ ...repo, tree_sha: top.sha, recursive: '1' });
    expect(all.tree.map((e) => `${e.type}:${e.path}`)).toEqual([
      'blob:README.md',
      'tree:img',
      'blob:img/logo.png',
      'tree:locales',
      'tree:locales/en',
      'blob:locales/en/app.json',
    ]);
    const logo = all.tree.find((e) => e.path === 'img/logo.png');
    expect(logo?.size).toBe(4);
    const { data: blob } = await octokit.rest.git.getBlob({ ...repo, file_sha: logo?.sha ?? '' });
    expect(blob).toMatchObject({ encoding: 'base64', size: 4 });
    expect([...Buffer.from(blob.content, 'base64')]).toEqual([0x89, 0x50, 0, 255]);
  });

  it('answers 422 for trees GitHub refuses', async () => {
    const parent = await head();
    const create = (
      tree: NonNullable<Parameters<typeof octokit.rest.git.createTree>[0]>['tree'],
      base_tree = parent.tree,
    ) => octokit.rest.git.createTree({ ...repo, base_tree, tree });
    await expect(
      create([{ path: 'missing.txt', mode: '100644', type: 'blob', sha: null }]),
    ).rejects.toMatchObject({
      status: 422,
      response: { data: { message: 'GitRPC::BadObjectState' } },
    });
    await expect(
      create([{ path: 'a.txt', mode: '100644', type: 'blob', sha: parent.tree, content: 'x' }]),
    ).rejects.toMatchObject({
      status: 422,
      message: expect.stringContaining('Must supply either tree.sha or tree.content'),
    });
    await expect(
      create([{ path: 'a.txt', mode: '100644', type: 'blob', sha: 'f'.repeat(40) }]),
    ).rejects.toMatchObject({
      status: 422,
      response: { data: { message: `tree.sha ${'f'.repeat(40)} is not a valid blob` } },
    });
    await expect(
      create([{ path: 'a/../b', mode: '100644', type: 'blob', content: 'x' }]),
    ).rejects.toMatchObject({
      status: 422,
    });
    await expect(
      create([{ path: 'a', mode: '100644', type: 'blob', content: 'x' }], 'e'.repeat(40)),
    ).rejects.toMatchObject({
      status: 422,
      response: { data: { message: 'base_tree is not a valid tree oid' } },
    });
  });

  it('answers 422 for commits naming missing trees or parents', async () => {
    const parent = await head();
    await expect(
      octokit.rest.git.createCommit({ ...repo, message: 'x', tree: 'a'.repeat(40), parents: [parent.sha] }),
    ).rejects.toMatchObject({ status: 422, response: { data: { message: 'Tree SHA does not exist' } } });
    await expect(
      octokit.rest.git.createCommit({ ...repo, message: 'x', tree: parent.tree, parents: [parent.tree] }),
    ).rejects.toMatchObject({
      status: 422,
      response: { data: { message: 'Parent SHA does not exist or is not a commit object' } },
    });
    await expect(octokit.rest.git.getCommit({ ...repo, commit_sha: 'b'.repeat(40) })).rejects.toMatchObject({
      status: 404,
    });
  });
});

describe('fake GitHub: references', () => {
  it('creates a branch (names with slashes included), refuses a second one, lists and deletes', async () => {
    const main = await head();
    const { data, status } = await octokit.rest.git.createRef({
      ...repo,
      ref: 'refs/heads/svc-l10n/main',
      sha: main.sha,
    });
    expect(status).toBe(201);
    expect(data).toMatchObject({
      ref: 'refs/heads/svc-l10n/main',
      object: { sha: main.sha, type: 'commit' },
    });
    expect(git(['rev-parse', 'svc-l10n/main']).trim()).toBe(main.sha);
    await expect(
      octokit.rest.git.createRef({ ...repo, ref: 'refs/heads/svc-l10n/main', sha: main.sha }),
    ).rejects.toMatchObject({ status: 422, response: { data: { message: 'Reference already exists' } } });
    await expect(
      octokit.rest.git.createRef({ ...repo, ref: 'heads/x', sha: main.sha }),
    ).rejects.toMatchObject({
      status: 422,
    });
    await expect(
      octokit.rest.git.createRef({ ...repo, ref: 'refs/heads/y', sha: 'c'.repeat(40) }),
    ).rejects.toMatchObject({
      status: 422,
      response: { data: { message: 'Object does not exist' } },
    });

    const { data: branch } = await octokit.rest.repos.getBranch({ ...repo, branch: 'svc-l10n/main' });
    expect(branch).toMatchObject({ name: 'svc-l10n/main', commit: { sha: main.sha }, protected: false });
    const { data: matching } = await octokit.rest.git.listMatchingRefs({ ...repo, ref: 'heads/svc' });
    expect(matching.map((r) => r.ref)).toEqual(['refs/heads/svc-l10n/main']);

    const deleted = await octokit.rest.git.deleteRef({ ...repo, ref: 'heads/svc-l10n/main' });
    expect(deleted.status).toBe(204);
    expect(git(['for-each-ref', 'refs/heads/svc-l10n'])).toBe('');
    await expect(octokit.rest.git.getRef({ ...repo, ref: 'heads/svc-l10n/main' })).rejects.toMatchObject({
      status: 404,
    });
    await expect(octokit.rest.git.deleteRef({ ...repo, ref: 'heads/svc-l10n/main' })).rejects.toMatchObject({
      status: 422,
      response: { data: { message: 'Reference does not exist' } },
    });
    await expect(octokit.rest.repos.getBranch({ ...repo, branch: 'svc-l10n/main' })).rejects.toMatchObject({
      status: 404,
      response: { data: { message: 'Branch not found' } },
    });
  });

  it('refuses a non-fast-forward update unless forced', async () => {
    const base = await head();
    const ours = await commitOn(base, 'a.txt', 'ours\n');
    const theirs = await commitOn(base, 'b.txt', 'theirs\n');
    await octokit.rest.git.updateRef({ ...repo, ref: 'heads/main', sha: ours });
    await expect(
      octokit.rest.git.updateRef({ ...repo, ref: 'heads/main', sha: theirs }),
    ).rejects.toMatchObject({
      status: 422,
      response: {
        data: { message: 'Update is not a fast forward', documentation_url: expect.stringContaining('refs') },
      },
    });
    expect(git(['rev-parse', 'main']).trim()).toBe(ours);
    await octokit.rest.git.updateRef({ ...repo, ref: 'heads/main', sha: theirs, force: true });
    expect(git(['rev-parse', 'main']).trim()).toBe(theirs);
  });

  it('of two clients racing from the same parent, exactly one moves the branch', async () => {
    const base = await head();
    const [a, b] = await Promise.all([commitOn(base, 'a.txt', 'a\n'), commitOn(base, 'b.txt', 'b\n')]);
    const results = await Promise.allSettled(
      [a, b].map((sha) => octokit.rest.git.updateRef({ ...repo, ref: 'heads/main', sha })),
    );
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const winner = results[0]?.status === 'fulfilled' ? a : b;
    expect(git(['rev-parse', 'main']).trim()).toBe(winner);
  });
});
