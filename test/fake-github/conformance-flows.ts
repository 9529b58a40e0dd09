/**
 * Realistic use of every route of the GitHub double with @octokit/rest, as the action and the
 * receiver use it, including the error answers the double implements (404, 422, 401, 403, 400),
 * for the conformance test against GitHub's REST description.
 */
import { createSign } from 'node:crypto';
import { createAppAuth } from '@octokit/auth-app';
import { Octokit } from '@octokit/rest';
import { expect } from 'vitest';
import { type Answer, type FakeGitHub, startFakeGitHub } from '../support/fake-github/index.ts';
import { client } from './client.ts';
import { driveChecksAndMerges } from './conformance-flows-checks.ts';

const quiet = { debug() {}, info() {}, warn() {}, error() {} };
const repo = { owner: 'acme', repo: 'app' };

/** Drives every route on fresh doubles; `onAnswer` sees each of their answers. */
export async function driveEveryRoute(onAnswer: (answer: Answer) => void): Promise<void> {
  const gh = await startFakeGitHub({
    repos: [
      {
        owner: 'acme',
        name: 'app',
        files: {
          '.svc.yml': 'source: en\ntargets: [de]\n',
          'locales/en/app.json': '{"hello":"Hello"}\n',
          'locales/en/logo.png': new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]),
        },
        collaborators: ['mona', 'hubot'],
        teams: ['translators'],
      },
      { owner: 'acme', name: 'other' },
    ],
    onAnswer,
  });
  try {
    await drive(gh);
    await driveAccountErrors(gh, onAnswer);
  } finally {
    await gh.close();
  }
}

/** A JWT for the app, signed as createAppAuth signs one. */
function appJwt(gh: FakeGitHub): string {
  const now = Math.floor(Date.now() / 1000);
  const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const unsigned = `${part({ alg: 'RS256', typ: 'JWT' })}.${part({ iat: now - 30, exp: now + 300, iss: gh.app.id })}`;
  return `${unsigned}.${createSign('RSA-SHA256').update(unsigned).sign(gh.app.privateKey).toString('base64url')}`;
}

/** Runs a call GitHub must refuse and returns the status it answered. */
async function refused(call: Promise<unknown>): Promise<number> {
  try {
    await call;
  } catch (error) {
    return (error as { status: number }).status;
  }
  throw new Error('the call succeeded where a refusal was expected');
}

/** Answers every route may give: no credentials, an unparsable body, an exhausted rate limit. */
async function driveAccountErrors(gh: FakeGitHub, onAnswer: (answer: Answer) => void): Promise<void> {
  expect(await refused(new Octokit({ baseUrl: gh.url, log: quiet }).rest.repos.get(repo))).toBe(401);
  const bad = await fetch(`${gh.url}/repos/acme/app/git/blobs`, {
    method: 'POST',
    headers: { authorization: `token ${gh.token}`, 'content-type': 'application/json' },
    body: '{"content": ',
  });
  expect(bad.status).toBe(400);
  const limited = await startFakeGitHub({
    repos: [{ owner: 'acme', name: 'app' }],
    rateLimit: 1,
    onAnswer,
  });
  try {
    const octokit = client(limited);
    await octokit.rest.repos.get(repo);
    expect(await refused(octokit.rest.repos.get(repo))).toBe(403);
  } finally {
    await limited.close();
  }
}

/** Realistic use of every route, with the errors the double implements. */
async function drive(gh: FakeGitHub): Promise<void> {
  const octokit = client(gh);
  // --- the app and its installation
  const app = new Octokit({
    authStrategy: createAppAuth,
    auth: { appId: gh.app.id, privateKey: gh.app.privateKey },
    baseUrl: gh.url,
    log: quiet,
  });
  const installationId = gh.app.installationId;
  await app.rest.apps.getInstallation({ installation_id: installationId });
  expect(await refused(app.rest.apps.getInstallation({ installation_id: 1 }))).toBe(404);
  expect(await refused(octokit.rest.apps.getInstallation({ installation_id: installationId }))).toBe(401);
  await app.rest.apps.getRepoInstallation(repo);
  expect(await refused(app.rest.apps.getRepoInstallation({ owner: 'acme', repo: 'nope' }))).toBe(404);
  await app.rest.apps.createInstallationAccessToken({ installation_id: installationId });
  const narrowed = await app.rest.apps.createInstallationAccessToken({
    installation_id: installationId,
    repositories: ['app'],
    permissions: { contents: 'write' },
  });
  expect(
    await refused(
      app.rest.apps.createInstallationAccessToken({
        installation_id: installationId,
        repositories: ['nope'],
      }),
    ),
  ).toBe(422);
  expect(await refused(app.rest.apps.createInstallationAccessToken({ installation_id: 1 }))).toBe(404);
  const bot = client(gh, narrowed.data.token);
  expect(await refused(bot.rest.repos.get({ owner: 'acme', repo: 'other' }))).toBe(404);
  expect(await refused(client(gh, 'ghp_wrong').rest.repos.get(repo))).toBe(401);
  // The app's own JWT on a repository route (createAppAuth would switch to an installation token).
  expect(await refused(client(gh, appJwt(gh)).rest.repos.get(repo))).toBe(403);

  // --- repository reads
  await octokit.rest.repos.get(repo);
  await bot.rest.repos.get(repo);
  expect(await refused(octokit.rest.repos.get({ owner: 'acme', repo: 'nope' }))).toBe(404);
  await octokit.rest.repos.getContent({ ...repo, path: '' });
  await octokit.rest.repos.getContent({ ...repo, path: 'locales/en' });
  await octokit.rest.repos.getContent({ ...repo, path: 'locales/en/app.json' });
  await octokit.rest.repos.getContent({ ...repo, path: 'locales/en/app.json', mediaType: { format: 'raw' } });
  expect(await refused(octokit.rest.repos.getContent({ ...repo, path: 'missing.json' }))).toBe(404);
  expect(await refused(octokit.rest.repos.getContent({ ...repo, path: 'a.json', ref: 'nope' }))).toBe(404);
  await octokit.rest.repos.getBranch({ ...repo, branch: 'main' });
  expect(await refused(octokit.rest.repos.getBranch({ ...repo, branch: 'nope' }))).toBe(404);
  const main = (await octokit.rest.repos.getCommit({ ...repo, ref: 'main' })).data;
  expect(await refused(octokit.rest.repos.getCommit({ ...repo, ref: 'nope' }))).toBe(422);

  // --- git data: a commit made of a blob and a tree, on a new branch
  const blob = await octokit.rest.git.createBlob({ ...repo, content: '{"hello":"Hallo"}\n' });
  await octokit.rest.git.createBlob({
    ...repo,
    content: Buffer.from('x').toString('base64'),
    encoding: 'base64',
  });
  expect(await refused(octokit.rest.git.createBlob({ ...repo, content: 'x', encoding: 'utf-16' }))).toBe(422);
  await octokit.rest.git.getBlob({ ...repo, file_sha: blob.data.sha });
  await octokit.rest.git.getBlob({ ...repo, file_sha: blob.data.sha, mediaType: { format: 'raw' } });
  expect(await refused(octokit.rest.git.getBlob({ ...repo, file_sha: '0'.repeat(40) }))).toBe(404);
  const tree = await octokit.rest.git.createTree({
    ...repo,
    base_tree: main.commit.tree.sha,
    tree: [
      { path: 'locales/de/app.json', mode: '100644', type: 'blob', sha: blob.data.sha },
      { path: 'locales/de/notes.txt', mode: '100644', type: 'blob', content: 'inline\n' },
    ],
  });
  expect(
    await refused(
      octokit.rest.git.createTree({ ...repo, tree: [{ path: 'a', mode: '100644', type: 'blob' }] }),
    ),
  ).toBe(422);
  await octokit.rest.git.getTree({ ...repo, tree_sha: tree.data.sha });
  await octokit.rest.git.getTree({ ...repo, tree_sha: 'main', recursive: 'true' });
  expect(await refused(octokit.rest.git.getTree({ ...repo, tree_sha: '0'.repeat(40) }))).toBe(404);
  const commit = await octokit.rest.git.createCommit({
    ...repo,
    message: 'Translate into German',
    tree: tree.data.sha,
    parents: [main.sha],
    author: { name: 'Translator', email: 'l10n@example.com', date: '2026-01-02T03:04:05Z' },
  });
  expect(await refused(octokit.rest.git.createCommit({ ...repo, message: 'x', tree: '0'.repeat(40) }))).toBe(
    422,
  );
  await octokit.rest.git.getCommit({ ...repo, commit_sha: commit.data.sha });
  expect(await refused(octokit.rest.git.getCommit({ ...repo, commit_sha: '0'.repeat(40) }))).toBe(404);

  // --- references
  await octokit.rest.git.createRef({ ...repo, ref: 'refs/heads/l10n', sha: main.sha });
  expect(await refused(octokit.rest.git.createRef({ ...repo, ref: 'refs/heads/l10n', sha: main.sha }))).toBe(
    422,
  );
  await octokit.rest.git.updateRef({ ...repo, ref: 'heads/l10n', sha: commit.data.sha });
  expect(await refused(octokit.rest.git.updateRef({ ...repo, ref: 'heads/l10n', sha: main.sha }))).toBe(422);
  await octokit.rest.git.getRef({ ...repo, ref: 'heads/l10n' });
  expect(await refused(octokit.rest.git.getRef({ ...repo, ref: 'heads/nope' }))).toBe(404);
  await octokit.rest.git.listMatchingRefs({ ...repo, ref: 'heads/' });
  await octokit.rest.git.listMatchingRefs({ ...repo, ref: 'tags/' });
  await octokit.rest.git.createRef({ ...repo, ref: 'refs/heads/scratch', sha: main.sha });
  await octokit.rest.git.deleteRef({ ...repo, ref: 'heads/scratch' });
  expect(await refused(octokit.rest.git.deleteRef({ ...repo, ref: 'heads/scratch' }))).toBe(422);
  await octokit.rest.repos.getCommit({ ...repo, ref: 'l10n' });
  await octokit.rest.repos.compareCommitsWithBasehead({ ...repo, basehead: 'main...l10n' });
  await octokit.rest.repos.compareCommitsWithBasehead({ ...repo, basehead: 'l10n...main' });
  expect(
    await refused(octokit.rest.repos.compareCommitsWithBasehead({ ...repo, basehead: 'main...nope' })),
  ).toBe(404);

  // --- a symlink and a submodule, which the contents API describes in their own shapes
  const special = await octokit.rest.git.createTree({
    ...repo,
    base_tree: tree.data.sha,
    tree: [
      { path: 'docs/app.json', mode: '120000', type: 'blob', content: '../locales/en/app.json' },
      { path: 'docs/dangling', mode: '120000', type: 'blob', content: 'nowhere/at/all' },
      { path: 'vendor/lib', mode: '160000', type: 'commit', sha: 'a'.repeat(40) },
      {
        path: '.gitmodules',
        mode: '100644',
        type: 'blob',
        content: '[submodule "vendor/lib"]\n\tpath = vendor/lib\n\turl = https://example.com/lib.git\n',
      },
    ],
  });
  const specialCommit = await octokit.rest.git.createCommit({
    ...repo,
    message: 'Links',
    tree: special.data.sha,
    parents: [commit.data.sha],
  });
  await octokit.rest.git.createRef({ ...repo, ref: 'refs/heads/links', sha: specialCommit.data.sha });
  const contents = async (path: string) =>
    (await octokit.rest.repos.getContent({ ...repo, path, ref: 'links' })).data as Record<string, unknown>;
  await contents('docs');
  await contents('vendor');
  expect(await contents('docs/app.json')).toMatchObject({ type: 'file', path: 'locales/en/app.json' });
  expect(await contents('docs/dangling')).toMatchObject({ type: 'symlink', target: 'nowhere/at/all' });
  expect(await contents('vendor/lib')).toMatchObject({
    type: 'submodule',
    submodule_git_url: 'https://example.com/lib.git',
  });
  await octokit.rest.git.getTree({ ...repo, tree_sha: 'links', recursive: '1' });

  // --- check runs on the new commit
  const run = await bot.rest.checks.create({
    ...repo,
    name: 'svc-l10n',
    head_sha: commit.data.sha,
    status: 'in_progress',
    details_url: 'https://l10n.example.com/runs/1',
    external_id: 'job-1',
  });
  expect(await refused(bot.rest.checks.create({ ...repo, name: 'x', head_sha: '0'.repeat(40) }))).toBe(422);
  await bot.rest.checks.update({
    ...repo,
    check_run_id: run.data.id,
    conclusion: 'success',
    output: { title: 'Translated', summary: '2 strings', text: 'de: 2' },
  });
  expect(await refused(bot.rest.checks.update({ ...repo, check_run_id: 1, status: 'queued' }))).toBe(404);
  await bot.rest.checks.get({ ...repo, check_run_id: run.data.id });
  expect(await refused(bot.rest.checks.get({ ...repo, check_run_id: 1 }))).toBe(404);
  await bot.rest.checks.listForRef({ ...repo, ref: 'l10n' });
  await bot.rest.checks.listForRef({ ...repo, ref: main.sha, filter: 'all' });
  expect(await refused(bot.rest.checks.listForRef({ ...repo, ref: 'nope' }))).toBe(422);
  await driveChecksAndMerges(gh, bot, octokit, commit.data.sha);

  // --- a pull request and its issue view
  const created = await octokit.rest.pulls.create({
    ...repo,
    title: 'Translations',
    head: 'l10n',
    base: 'main',
    body: 'German strings',
  });
  const pull_number = created.data.number;
  const issue_number = pull_number;
  expect(
    await refused(octokit.rest.pulls.create({ ...repo, title: 'Again', head: 'l10n', base: 'main' })),
  ).toBe(422);
  await octokit.rest.pulls.list(repo);
  await octokit.rest.pulls.list({ ...repo, state: 'all', head: 'acme:l10n' });
  await octokit.rest.pulls.get({ ...repo, pull_number });
  expect(await refused(octokit.rest.pulls.get({ ...repo, pull_number: 999 }))).toBe(404);
  await octokit.rest.pulls.update({
    ...repo,
    pull_number,
    title: 'Translations (de)',
    body: null as unknown as string,
  });
  expect(await refused(octokit.rest.pulls.update({ ...repo, pull_number, base: 'nope' }))).toBe(422);
  await octokit.rest.pulls.listFiles({ ...repo, pull_number });
  await octokit.rest.pulls.requestReviewers({
    ...repo,
    pull_number,
    reviewers: ['mona', 'hubot'],
    team_reviewers: ['translators'],
  });
  expect(
    await refused(octokit.rest.pulls.requestReviewers({ ...repo, pull_number, reviewers: ['octocat'] })),
  ).toBe(422);
  expect(
    await refused(octokit.rest.pulls.requestReviewers({ ...repo, pull_number, reviewers: ['stranger'] })),
  ).toBe(422);
  await octokit.rest.pulls.removeRequestedReviewers({ ...repo, pull_number, reviewers: ['hubot'] });

  await octokit.rest.issues.get({ ...repo, issue_number });
  expect(await refused(octokit.rest.issues.get({ ...repo, issue_number: 999 }))).toBe(404);
  await octokit.rest.issues.addLabels({ ...repo, issue_number, labels: ['l10n', 'de'] });
  expect(await refused(octokit.rest.issues.addLabels({ ...repo, issue_number, labels: [' '] }))).toBe(422);
  await octokit.rest.issues.listLabelsOnIssue({ ...repo, issue_number });
  await octokit.rest.issues.setLabels({ ...repo, issue_number, labels: ['l10n', 'automated'] });
  await octokit.rest.issues.removeLabel({ ...repo, issue_number, name: 'automated' });
  expect(await refused(octokit.rest.issues.removeLabel({ ...repo, issue_number, name: 'nope' }))).toBe(404);
  await octokit.rest.issues.addAssignees({ ...repo, issue_number, assignees: ['mona'] });
  await octokit.rest.issues.update({ ...repo, issue_number, labels: ['l10n'], assignees: ['mona'] });
  expect(
    await refused(octokit.rest.issues.update({ ...repo, issue_number, state: 'merged' as 'open' })),
  ).toBe(422);
  const note = await octokit.rest.issues.createComment({ ...repo, issue_number, body: 'Ready for review' });
  expect(
    await refused(
      octokit.rest.issues.createComment({ ...repo, issue_number, body: undefined as unknown as string }),
    ),
  ).toBe(422);
  await octokit.rest.issues.listComments({ ...repo, issue_number });
  await octokit.rest.issues.getComment({ ...repo, comment_id: note.data.id });
  expect(await refused(octokit.rest.issues.getComment({ ...repo, comment_id: 1 }))).toBe(404);
  await octokit.rest.issues.updateComment({ ...repo, comment_id: note.data.id, body: 'Updated' });
  expect(
    await refused(
      octokit.rest.issues.updateComment({ ...repo, comment_id: note.data.id, body: 5 as unknown as string }),
    ),
  ).toBe(422);
  for (const missing of [
    () => octokit.rest.pulls.listFiles({ ...repo, pull_number: 999 }),
    () => octokit.rest.pulls.removeRequestedReviewers({ ...repo, pull_number: 999, reviewers: ['mona'] }),
    () => octokit.rest.issues.listLabelsOnIssue({ ...repo, issue_number: 999 }),
    () => octokit.rest.issues.setLabels({ ...repo, issue_number: 999, labels: ['x'] }),
    () => octokit.rest.issues.addAssignees({ ...repo, issue_number: 999, assignees: ['mona'] }),
    () => octokit.rest.issues.listComments({ ...repo, issue_number: 999 }),
  ]) {
    expect(await refused(missing())).toBe(404);
  }
  expect(await refused(octokit.rest.pulls.list({ ...repo, state: 'merged' as 'all' }))).toBe(422);
  expect(
    await refused(octokit.rest.git.listMatchingRefs({ owner: 'acme', repo: 'nope', ref: 'heads/' })),
  ).toBe(404);
  await octokit.rest.pulls.update({ ...repo, pull_number, state: 'closed' });
  await octokit.rest.pulls.get({ ...repo, pull_number });
  await octokit.rest.issues.get({ ...repo, issue_number });
}
