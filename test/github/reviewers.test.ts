/**
 * Reviewers per language (`pull_request.reviewers_by_language`) against a GitHub double that
 * knows who has write access: each split pull request asks its language's reviewers, one pull
 * request asks them all, and a reviewer GitHub refuses is @-mentioned in the body once.
 */
import { Octokit } from '@octokit/rest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/index.ts';
import type { PullRequestUpdate } from '../../src/github/pull-request-body.ts';
import { RepositoryReader } from '../../src/github/repository-reader.ts';
import { writeTranslationPullRequests } from '../../src/github/translation-pull-requests.ts';
import { type FakeGitHub, startFakeGitHub } from '../support/fake-github/index.ts';

const CONFIG = `source: en
targets: [de, ja]
files:
  - source: en.json
    translation: "%lang%.json"
pull_request:
  reviewers: [lead]
`;
const NOTE = '<!-- svc-connector:reviewers -->';
// GitHub's 422s for refused reviewers are expected here: Octokit need not log them.
const quiet = { debug() {}, info() {}, warn() {}, error() {} };

let gh: FakeGitHub;
/** The bodies of the review requests the double received, in order (refused ones too). */
let asked: unknown[];
let warnings: string[];

beforeEach(async () => {
  gh = await startFakeGitHub({
    repos: [
      {
        owner: 'acme',
        name: 'app',
        files: { 'en.json': '{"a": "A"}\n' },
        collaborators: ['lead', 'alice', 'ken'],
        teams: ['ja-team'],
      },
    ],
  });
  asked = [];
  warnings = [];
  gh.intercept = (call) => {
    if (call.method === 'POST' && call.path.endsWith('/requested_reviewers')) asked.push(call.body);
    return undefined;
  };
});
afterEach(() => gh.close());

/** Writes de.json and ja.json (`text` in each) with `pullRequest` added to CONFIG's. */
function write(pullRequest: string, text = 'x') {
  const config = loadConfig(`${CONFIG}${pullRequest}`);
  return writeTranslationPullRequests(
    new RepositoryReader(new Octokit({ auth: gh.token, baseUrl: gh.url, log: quiet }), {
      owner: 'acme',
      repo: 'app',
    }),
    {
      base: 'main',
      pullRequest: { ...config.pullRequest, branch: 'svc-l10n/main' },
      warn: (m) => warnings.push(m),
    },
    ['de', 'ja'].map((lang) => ({ path: `${lang}.json`, content: `{"a": "${text} ${lang}"}\n` })),
    update,
  );
}

const update: PullRequestUpdate = {
  via: 'instant translation',
  sourceLang: 'en',
  files: ['de', 'ja'].map((lang) => ({
    target: lang,
    path: `${lang}.json`,
    sourcePath: 'en.json',
    words: 1,
  })),
  failures: [],
  warnings: [],
  at: new Date('2026-11-29T06:00:00Z'),
};

const reviewersOf = () =>
  gh.pulls('acme', 'app').map((p) => ({ branch: p.head.ref, users: p.reviewers, teams: p.teamReviewers }));

describe('reviewers_by_language', () => {
  it("asks each language's pull request for its own reviewers only, in one call each (split mode)", async () => {
    await write('  split: language\n  reviewers_by_language: { de: [alice], ja: [acme/ja-team, ken] }\n');
    expect(asked).toEqual([
      { reviewers: ['lead', 'alice'] },
      { reviewers: ['lead', 'ken'], team_reviewers: ['ja-team'] },
    ]);
    expect(reviewersOf()).toEqual([
      { branch: 'svc-l10n/main/de', users: ['lead', 'alice'], teams: [] },
      { branch: 'svc-l10n/main/ja', users: ['lead', 'ken'], teams: ['ja-team'] },
    ]);
    expect(warnings).toEqual([]);
    expect(gh.pulls('acme', 'app').map((p) => p.body?.includes(NOTE))).toEqual([false, false]);
  });

  it("mentions a refused reviewer in their language's pull request only (split mode)", async () => {
    await write('  split: language\n  reviewers_by_language: { de: [eve], ja: [ken] }\n');
    expect(asked).toEqual([
      { reviewers: ['lead', 'eve'] },
      { reviewers: ['lead'] },
      { reviewers: ['eve'] },
      { reviewers: ['lead', 'ken'] },
    ]);
    expect(reviewersOf().map((p) => p.users)).toEqual([['lead'], ['lead', 'ken']]);
    const [de, ja] = gh.pulls('acme', 'app').map((p) => p.body ?? '');
    expect(de!.match(/@eve/g)).toHaveLength(1);
    expect(ja).not.toContain(NOTE);
  });

  it('asks every language’s reviewers on the one pull request, each once', async () => {
    await write('  reviewers_by_language: { de: [alice, Lead], ja: [acme/ja-team, ken] }\n');
    expect(asked).toEqual([{ reviewers: ['lead', 'alice', 'ken'], team_reviewers: ['ja-team'] }]);
    expect(reviewersOf()).toEqual([
      { branch: 'svc-l10n/main', users: ['lead', 'alice', 'ken'], teams: ['ja-team'] },
    ]);
  });

  it('mentions a reviewer GitHub refuses once, still asks the others, and asks nobody again on updates', async () => {
    const settings = '  reviewers_by_language: { de: [alice, eve], ja: [acme/ja-team, other/ja-team] }\n';
    const [first] = await write(settings);
    // Refused whole for eve; then each alone. A team of another owner is not asked at all.
    expect(asked).toEqual([
      { reviewers: ['lead', 'alice', 'eve'], team_reviewers: ['ja-team'] },
      { reviewers: ['lead'] },
      { reviewers: ['alice'] },
      { reviewers: ['eve'] },
      { team_reviewers: ['ja-team'] },
    ]);
    expect(reviewersOf()).toEqual([
      { branch: 'svc-l10n/main', users: ['lead', 'alice'], teams: ['ja-team'] },
    ]);
    const line =
      'Review requested from @eve and @other/ja-team (GitHub could not ask: no write access to this repository). <!-- svc-connector:reviewers -->';
    const body = () => gh.pulls('acme', 'app')[0]!.body ?? '';
    expect(body().endsWith(`\n\n${line}`)).toBe(true);
    expect(warnings).toEqual([
      `GitHub would not ask @eve, @other/ja-team to review ${first!.url} (no write access to the repository): mentioned in its body instead`,
    ]);

    const calls = gh.calls.length;
    await write(settings, 'y');
    expect(asked).toHaveLength(5);
    const after = gh.calls.slice(calls);
    expect(
      after.filter((c) => c.path.includes('/requested_reviewers') || c.path.includes('/issues/')),
    ).toEqual([]);
    expect(body()).toContain('#### Updates');
    expect(body().match(/- 2026-11-29 06:00 UTC — instant translation/g)).toHaveLength(2);
    expect(body().split(NOTE)).toHaveLength(2);
    expect(body().match(/@eve/g)).toHaveLength(1);
    expect(body().endsWith(`\n\n${line}`)).toBe(true);
  });

  it('costs one call when GitHub takes every reviewer: the body is not written again', async () => {
    await write('  labels: [l10n]\n  reviewers_by_language: { de: [alice] }\n');
    const pullCalls = gh.calls
      .filter((c) => !c.path.includes('/git/') && c.path !== '/graphql')
      .map((c) => `${c.method} ${c.path}`);
    expect(pullCalls).toEqual([
      'POST /repos/acme/app/pulls',
      'POST /repos/acme/app/pulls/1/requested_reviewers',
      'PATCH /repos/acme/app/issues/1',
    ]);
  });
});
