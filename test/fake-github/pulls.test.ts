import type { Octokit } from '@octokit/rest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeGitHub, startFakeGitHub } from '../support/fake-github/index.ts';
import { client, installationClient } from './client.ts';

let gh: FakeGitHub;
let octokit: Octokit;
const repo = { owner: 'acme', repo: 'app' };

beforeEach(async () => {
  gh = await startFakeGitHub({
    repos: [{ owner: 'acme', name: 'app', files: { 'locales/en.json': '{"a":"A"}\n' } }],
  });
  octokit = client(gh);
  await gh.commitAs('acme', 'app', 'svc-l10n/main', { 'locales/de.json': '{"a":"Ä"}\n' }, 'Add German');
});
afterEach(() => gh.close());

const open = (extra: Record<string, unknown> = {}) =>
  octokit.rest.pulls.create({
    ...repo,
    title: 'Translations',
    head: 'svc-l10n/main',
    base: 'main',
    body: 'New strings',
    ...extra,
  });

describe('fake GitHub: pull requests', () => {
  it('opens a pull request with GitHub fields and stores it', async () => {
    const { data, status } = await open({ head: 'acme:svc-l10n/main', draft: true });
    expect(status).toBe(201);
    expect(data).toMatchObject({
      number: 1,
      state: 'open',
      draft: true,
      title: 'Translations',
      body: 'New strings',
      merged: false,
      html_url: `${gh.url}/acme/app/pull/1`,
      user: { login: 'octocat' },
      head: { ref: 'svc-l10n/main', label: 'acme:svc-l10n/main', repo: { full_name: 'acme/app' } },
      base: { ref: 'main' },
      commits: 1,
      additions: 1,
      deletions: 0,
      changed_files: 1,
    });
    expect(gh.pulls('acme', 'app')).toEqual([
      {
        number: 1,
        title: 'Translations',
        body: 'New strings',
        state: 'open',
        draft: true,
        head: { ref: 'svc-l10n/main', sha: data.head.sha },
        base: { ref: 'main' },
        labels: [],
        reviewers: [],
        teamReviewers: [],
        assignees: [],
      },
    ]);
  });

  it('refuses a second open pull request for the same head and base', async () => {
    await open();
    await expect(open()).rejects.toMatchObject({
      status: 422,
      message: expect.stringContaining('A pull request already exists for acme:svc-l10n/main.'),
      response: {
        data: { message: 'Validation Failed', errors: [{ resource: 'PullRequest', code: 'custom' }] },
      },
    });
  });

  it('refuses a head with no commits ahead, a missing branch, and a missing title', async () => {
    await gh.commitAs('acme', 'app', 'empty', {}, 'nothing');
    await octokit.rest.git.createRef({
      ...repo,
      ref: 'refs/heads/same',
      sha: (await octokit.rest.git.getRef({ ...repo, ref: 'heads/main' })).data.object.sha,
    });
    await expect(open({ head: 'same' })).rejects.toMatchObject({
      status: 422,
      message: expect.stringContaining('No commits between main and same'),
    });
    await expect(open({ head: 'gone' })).rejects.toMatchObject({
      status: 422,
      response: { data: { errors: [{ resource: 'PullRequest', field: 'head', code: 'invalid' }] } },
    });
    await expect(open({ base: 'gone' })).rejects.toMatchObject({ status: 422 });
    await expect(open({ head: 'someone-else:svc-l10n/main' })).rejects.toMatchObject({ status: 422 });
    await expect(
      octokit.request('POST /repos/{owner}/{repo}/pulls', { ...repo, head: 'svc-l10n/main', base: 'main' }),
    ).rejects.toMatchObject({
      status: 422,
      response: { data: { errors: [{ field: 'title', code: 'missing_field' }] } },
    });
  });

  it('updates title, body and state; a closed one can be replaced and not reopened beside it', async () => {
    await open();
    const { data } = await octokit.rest.pulls.update({
      ...repo,
      pull_number: 1,
      title: 'New title',
      body: 'New body',
      state: 'closed',
    });
    expect(data).toMatchObject({
      title: 'New title',
      body: 'New body',
      state: 'closed',
      closed_at: expect.any(String),
    });
    const { data: second } = await open();
    expect(second.number).toBe(2);
    await expect(octokit.rest.pulls.update({ ...repo, pull_number: 1, state: 'open' })).rejects.toMatchObject(
      { status: 422 },
    );
    await expect(octokit.rest.pulls.get({ ...repo, pull_number: 9 })).rejects.toMatchObject({ status: 404 });
  });

  it('lists by state and by owner:branch head; a bare branch name does not filter, as on GitHub', async () => {
    await open();
    await octokit.rest.pulls.update({ ...repo, pull_number: 1, state: 'closed' });
    await open();
    await gh.commitAs('acme', 'app', 'other', { 'x.txt': 'x\n' }, 'x');
    await open({ head: 'other' });
    const numbers = async (query: Record<string, string>) =>
      (await octokit.rest.pulls.list({ ...repo, ...query })).data.map((p) => p.number);
    expect(await numbers({})).toEqual([3, 2]);
    expect(await numbers({ state: 'all' })).toEqual([3, 2, 1]);
    expect(await numbers({ state: 'closed' })).toEqual([1]);
    expect(await numbers({ head: 'acme:svc-l10n/main', state: 'all' })).toEqual([2, 1]);
    expect(await numbers({ head: 'svc-l10n/main' })).toEqual([3, 2]);
    expect(await numbers({ base: 'main', head: 'acme:other' })).toEqual([3]);
  });

  it('paginates lists with Link headers that Octokit follows', async () => {
    for (let i = 0; i < 5; i++) {
      await gh.commitAs('acme', 'app', `b${i}`, { [`f${i}.txt`]: `${i}\n` }, `c${i}`);
      await open({ head: `b${i}` });
    }
    const first = await octokit.rest.pulls.list({ ...repo, per_page: 2 });
    expect(first.data).toHaveLength(2);
    expect(first.headers.link).toContain('rel="next"');
    const all = await octokit.paginate(octokit.rest.pulls.list, { ...repo, per_page: 2 });
    expect(all.map((p) => p.number)).toEqual([5, 4, 3, 2, 1]);
  });

  it('follows pushes to the head branch: head.sha and the files change', async () => {
    const { data } = await open();
    const pushed = await gh.commitAs(
      'acme',
      'app',
      'svc-l10n/main',
      { 'locales/fr.json': '{"a":"À"}\n' },
      'Add French',
    );
    expect(gh.pulls('acme', 'app')[0]?.head.sha).toBe(pushed);
    expect(pushed).not.toBe(data.head.sha);
    const { data: files } = await octokit.rest.pulls.listFiles({ ...repo, pull_number: 1 });
    expect(files.map((f) => [f.filename, f.status, f.patch])).toEqual([
      ['locales/de.json', 'added', '@@ -0,0 +1 @@\n+{"a":"Ä"}'],
      ['locales/fr.json', 'added', '@@ -0,0 +1 @@\n+{"a":"À"}'],
    ]);
  });
});

describe('fake GitHub: labels, assignees, reviewers, comments', () => {
  beforeEach(() => open());

  it('adds labels (creating them), replaces them, and removes one', async () => {
    const { data: added } = await octokit.rest.issues.addLabels({
      ...repo,
      issue_number: 1,
      labels: ['l10n', 'bot'],
    });
    expect(added.map((l) => l.name)).toEqual(['l10n', 'bot']);
    expect(added[0]).toMatchObject({ id: expect.any(Number), color: 'ededed', default: false });
    await octokit.rest.issues.addLabels({ ...repo, issue_number: 1, labels: ['L10N'] });
    const { data: listed } = await octokit.rest.issues.listLabelsOnIssue({ ...repo, issue_number: 1 });
    expect(listed.map((l) => l.name)).toEqual(['l10n', 'bot']);
    const { data: set } = await octokit.rest.issues.setLabels({
      ...repo,
      issue_number: 1,
      labels: ['german'],
    });
    expect(set.map((l) => l.name)).toEqual(['german']);
    await octokit.rest.issues.removeLabel({ ...repo, issue_number: 1, name: 'german' });
    await expect(
      octokit.rest.issues.removeLabel({ ...repo, issue_number: 1, name: 'german' }),
    ).rejects.toMatchObject({ status: 404 });
    await octokit.rest.issues.addLabels({ ...repo, issue_number: 1, labels: ['l10n'] });
    const { data: pr } = await octokit.rest.pulls.get({ ...repo, pull_number: 1 });
    expect(pr.labels.map((l) => l.name)).toEqual(['l10n']);
    expect(gh.pulls('acme', 'app')[0]?.labels).toEqual(['l10n']);
    await expect(
      octokit.rest.issues.addLabels({ ...repo, issue_number: 7, labels: ['x'] }),
    ).rejects.toMatchObject({ status: 404 });
  });

  it('assigns people and requests reviewers, but not the author', async () => {
    const { data: issue, status } = await octokit.rest.issues.addAssignees({
      ...repo,
      issue_number: 1,
      assignees: ['ana'],
    });
    expect(status).toBe(201);
    expect(issue).toMatchObject({
      number: 1,
      assignees: [{ login: 'ana' }],
      pull_request: { url: expect.stringContaining('/pulls/1') },
    });
    const { data: pr } = await octokit.rest.pulls.requestReviewers({
      ...repo,
      pull_number: 1,
      reviewers: ['bob', 'cy'],
    });
    expect(pr.requested_reviewers?.map((u) => u.login)).toEqual(['bob', 'cy']);
    await expect(
      octokit.rest.pulls.requestReviewers({ ...repo, pull_number: 1, reviewers: ['octocat'] }),
    ).rejects.toMatchObject({
      status: 422,
      response: { data: { message: 'Review cannot be requested from pull request author.' } },
    });
    expect(gh.pulls('acme', 'app')[0]).toMatchObject({ assignees: ['ana'], reviewers: ['bob', 'cy'] });
  });

  it('asks only collaborators and teams with access, refusing a whole request that names anyone else', async () => {
    await gh.close();
    gh = await startFakeGitHub({
      repos: [
        {
          owner: 'acme',
          name: 'app',
          files: { 'locales/en.json': '{"a":"A"}\n' },
          collaborators: ['Alice', 'bob'],
          teams: ['ja-team'],
        },
      ],
    });
    octokit = client(gh);
    await gh.commitAs('acme', 'app', 'svc-l10n/main', { 'locales/de.json': '{"a":"Ä"}\n' }, 'Add German');
    await open();
    for (const ask of [
      { reviewers: ['alice', 'eve'] },
      { reviewers: ['alice'], team_reviewers: ['fr-team'] },
    ])
      await expect(
        octokit.rest.pulls.requestReviewers({ ...repo, pull_number: 1, ...ask }),
      ).rejects.toMatchObject({
        status: 422,
        response: {
          data: {
            message:
              'Reviews may only be requested from collaborators. One or more of the users or teams you specified is not a collaborator of the acme/app repository.',
          },
        },
      });
    expect(gh.pulls('acme', 'app')[0]).toMatchObject({ reviewers: [], teamReviewers: [] });
    const { data: pr, status } = await octokit.rest.pulls.requestReviewers({
      ...repo,
      pull_number: 1,
      reviewers: ['alice'],
      team_reviewers: ['ja-team'],
    });
    expect(status).toBe(201);
    expect(pr.requested_reviewers?.map((u) => u.login)).toEqual(['alice']);
    expect(pr.requested_teams?.map((t) => [t.slug, t.html_url])).toEqual([
      ['ja-team', `${gh.url}/orgs/acme/teams/ja-team`],
    ]);
    await octokit.rest.pulls.requestReviewers({ ...repo, pull_number: 1, reviewers: ['ALICE', 'bob'] });
    await octokit.rest.pulls.removeRequestedReviewers({
      ...repo,
      pull_number: 1,
      reviewers: [],
      team_reviewers: ['ja-team'],
    });
    const { data: got } = await octokit.rest.pulls.get({ ...repo, pull_number: 1 });
    expect(got.requested_reviewers?.map((u) => u.login)).toEqual(['alice', 'bob']);
    expect(got.requested_teams).toEqual([]);
  });

  it('creates, lists and edits comments', async () => {
    const { data: created } = await octokit.rest.issues.createComment({
      ...repo,
      issue_number: 1,
      body: 'Job 12 delivered',
    });
    expect(created).toMatchObject({
      body: 'Job 12 delivered',
      user: { login: 'octocat' },
      html_url: expect.stringContaining('#issuecomment-'),
    });
    await octokit.rest.issues.updateComment({
      ...repo,
      comment_id: created.id,
      body: 'Job 12 delivered again',
    });
    const { data: listed } = await octokit.rest.issues.listComments({ ...repo, issue_number: 1 });
    expect(listed.map((c) => c.body)).toEqual(['Job 12 delivered again']);
    await expect(
      octokit.rest.issues.createComment({ ...repo, issue_number: 1 } as never),
    ).rejects.toMatchObject({ status: 422 });
  });
});

describe('fake GitHub: check runs', () => {
  it('stores check runs and lists the latest per name for a ref', async () => {
    const app = installationClient(gh);
    const sha =
      gh.pulls('acme', 'app')[0]?.head.sha ??
      (await octokit.rest.git.getRef({ ...repo, ref: 'heads/svc-l10n/main' })).data.object.sha;
    const { data: run } = await app.rest.checks.create({
      ...repo,
      name: 'svc',
      head_sha: sha,
      status: 'in_progress',
    });
    expect(run).toMatchObject({ name: 'svc', head_sha: sha, status: 'in_progress', conclusion: null });
    await app.rest.checks.update({
      ...repo,
      check_run_id: run.id,
      conclusion: 'success',
      output: { title: 'Uploaded', summary: '2 files' },
    });
    await app.rest.checks.create({ ...repo, name: 'svc', head_sha: sha, conclusion: 'failure' });
    const { data } = await app.rest.checks.listForRef({ ...repo, ref: 'svc-l10n/main' });
    expect(data.total_count).toBe(1);
    expect(data.check_runs[0]).toMatchObject({ status: 'completed', conclusion: 'failure' });
    const { data: all } = await app.rest.checks.listForRef({ ...repo, ref: sha, filter: 'all' });
    expect(all.check_runs.map((r) => [r.conclusion, r.output.title])).toEqual([
      ['failure', null],
      ['success', 'Uploaded'],
    ]);
    await expect(
      app.rest.checks.create({ ...repo, name: 'svc', head_sha: 'd'.repeat(40) }),
    ).rejects.toMatchObject({ status: 422 });
    await expect(
      app.rest.checks.create({ ...repo, name: 'svc', head_sha: sha, status: 'completed' }),
    ).rejects.toMatchObject({ status: 422 });
    // GitHub: "OAuth apps and personal access tokens (classic) cannot use this endpoint".
    await expect(octokit.rest.checks.create({ ...repo, name: 'svc', head_sha: sha })).rejects.toMatchObject({
      status: 403,
    });
  });

  it('keeps annotations sent in batches of at most 50 and refuses 51 in one request', async () => {
    const app = installationClient(gh);
    const sha = (await octokit.rest.git.getRef({ ...repo, ref: 'heads/main' })).data.object.sha;
    const note = (line: number) => ({
      path: 'de.json',
      start_line: line,
      end_line: line,
      annotation_level: 'warning' as const,
      message: `line ${line}`,
    });
    const batch = (from: number, n: number) => Array.from({ length: n }, (_, i) => note(from + i));
    const output = { title: 'QA', summary: 'many' };
    const { data: run } = await app.rest.checks.create({
      ...repo,
      name: 'qa',
      head_sha: sha,
      output: { ...output, annotations: batch(1, 50) },
    });
    await expect(
      app.rest.checks.update({
        ...repo,
        check_run_id: run.id,
        output: { ...output, annotations: batch(51, 51) },
      }),
    ).rejects.toMatchObject({ status: 422 });
    await app.rest.checks.update({
      ...repo,
      check_run_id: run.id,
      conclusion: 'neutral',
      output: { ...output, annotations: batch(51, 20) },
    });
    const stored = gh.checkRuns('acme', 'app').find((r) => r.id === run.id)!;
    expect(stored.annotations.map((a) => a.startLine)).toEqual(batch(1, 70).map((a) => a.start_line));
    const listed = await app.paginate(app.rest.checks.listAnnotations, { ...repo, check_run_id: run.id });
    expect(listed[69]).toMatchObject({ path: 'de.json', start_line: 70, annotation_level: 'warning' });
    await expect(
      app.rest.checks.update({
        ...repo,
        check_run_id: run.id,
        output: { ...output, annotations: [{ ...note(3), annotation_level: 'error' as 'failure' }] },
      }),
    ).rejects.toMatchObject({ status: 422 });
  });
});
