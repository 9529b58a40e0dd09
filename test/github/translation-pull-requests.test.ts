import { Octokit } from '@octokit/rest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/index.ts';
import type { PullRequestUpdate } from '../../src/github/pull-request-body.ts';
import { RepositoryReader } from '../../src/github/repository-reader.ts';
import { writeTranslationPullRequests } from '../../src/github/translation-pull-requests.ts';
import { type FakeGitHub, startFakeGitHub } from '../support/fake-github/index.ts';

let gh: FakeGitHub;
const config = loadConfig(
  'source: en\ntargets: [de]\nfiles:\n  - source: en.json\n    translation: "%lang%.json"\n',
);
const update: PullRequestUpdate = {
  via: 'instant translation',
  sourceLang: 'en',
  files: [{ target: 'de', path: 'de.json', sourcePath: 'en.json', words: 1 }],
  failures: [],
  warnings: [],
  at: new Date('2026-11-27T06:00:00Z'),
};

beforeAll(async () => {
  gh = await startFakeGitHub({
    repos: [{ owner: 'acme', name: 'app', files: { 'en.json': '{"a": "{n} A"}\n' } }],
  });
});
afterAll(() => gh.close());

describe('writeTranslationPullRequests with a personal token (the documented fallback)', () => {
  it('writes the PR with the QA findings in its body and says why no check was created', async () => {
    const warnings: string[] = [];
    const written = await writeTranslationPullRequests(
      new RepositoryReader(new Octokit({ auth: gh.token, baseUrl: gh.url }), { owner: 'acme', repo: 'app' }),
      {
        base: 'main',
        pullRequest: { ...config.pullRequest, branch: 'svc-l10n/main' },
        findings: async (files) =>
          files.map((f) => ({
            path: f.path,
            line: 1,
            column: 8,
            key: 'a',
            lang: 'de',
            rule: 'placeholder-missing',
            severity: 'warning' as const,
            message: '{n} missing',
          })),
        warn: (m) => warnings.push(m),
      },
      [{ path: 'de.json', content: '{"a": "A"}\n' }],
      update,
    );
    expect(written.map((w) => [w.branch, w.check])).toEqual([['svc-l10n/main', undefined]]);
    expect(warnings).toEqual([expect.stringContaining('check runs need a GitHub App token')]);
    expect(gh.checkRuns('acme', 'app')).toEqual([]);
    expect(gh.pulls('acme', 'app')[0]!.body).toContain(
      '- `de.json:1` warning `placeholder-missing`: {n} missing',
    );
  });

  it('says why a split branch cannot be created beside the unsplit one', async () => {
    const write = writeTranslationPullRequests(
      new RepositoryReader(new Octokit({ auth: gh.token, baseUrl: gh.url }), { owner: 'acme', repo: 'app' }),
      {
        base: 'main',
        pullRequest: { ...config.pullRequest, branch: 'svc-l10n/main', split: 'language' },
        warn: () => {},
      },
      [{ path: 'de.json', content: '{"a": "{n} A!"}\n' }],
      update,
    );
    await expect(write).rejects.toThrow(
      'cannot create branch svc-l10n/main/de: a branch svc-l10n/main exists (git cannot hold both)',
    );
  });
});
