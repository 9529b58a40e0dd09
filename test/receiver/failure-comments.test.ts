/**
 * The failures-only path of the receiver's pull-request writer: nothing to commit, each failed
 * translation named in a comment on its language's open pull request (split mode looks each one up
 * by its branch, languageBranch), none on a language that did not fail.
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Deliveries } from '../../receiver/pull-request-batch/deliveries.ts';
import {
  type PullRequestDeps,
  writeTranslationsPullRequest,
} from '../../receiver/pull-request-batch/write-pull-request.ts';
import { settingsFrom } from '../../src/config/settings.ts';
import { RepositoryReader } from '../../src/github/repository-reader.ts';
import { client } from '../fake-github/client.ts';
import { type FakeGitHub, startFakeGitHub } from '../support/fake-github/index.ts';

const CONFIG = `source: en
targets: [de, fr]
mode: job
files:
  - source: locales/en/*.json
    translation: locales/%lang%/%file%
pull_request:
  split: language
`;

let gh: FakeGitHub;

beforeAll(async () => {
  gh = await startFakeGitHub({
    repos: [
      { owner: 'acme', name: 'app', files: { '.svc.yml': CONFIG, 'locales/en/app.json': '{"a": "A"}\n' } },
    ],
  });
});

afterAll(() => gh.close());

describe('failed translations with nothing to commit (split mode)', () => {
  it("comment on the failing language's open pull request only", async () => {
    const octokit = client(gh);
    const numbers: Record<string, number> = {};
    for (const lang of ['de', 'fr']) {
      const branch = `svc-l10n/main/${lang}`;
      await gh.commitAs('acme', 'app', branch, { [`locales/${lang}/app.json`]: '{"a": "x"}\n' }, lang);
      const { data } = await octokit.rest.pulls.create({
        owner: 'acme',
        repo: 'app',
        head: branch,
        base: 'main',
        title: lang,
      });
      numbers[lang] = data.number;
    }
    const deliveries = new Deliveries();
    deliveries.fail({ sourcePath: 'locales/en/app.json', target: 'de', message: 'the export failed' });
    // Nothing is delivered: the writer reaches neither the platform nor its database.
    const deps = {
      client: {},
      db: {},
      log: pino({ level: 'silent' }),
      now: Date.now,
    } as unknown as PullRequestDeps;
    await writeTranslationsPullRequest(
      deps,
      {
        reader: new RepositoryReader(octokit, { owner: 'acme', repo: 'app' }),
        origin: { owner: 'acme', repo: 'app', ref: 'main' },
        settings: settingsFrom(CONFIG, '.svc.yml', { base: 'main' }),
        deliveries,
        jobs: [],
        leverage: { exactWords: 0, fuzzyWords: 0, newWords: 0 },
      },
      new AbortController().signal,
    );
    const comments = async (lang: string) =>
      (await octokit.rest.issues.listComments({ owner: 'acme', repo: 'app', issue_number: numbers[lang]! }))
        .data;
    const [de] = await comments('de');
    expect(de?.body).toContain('**1 translation(s) failed**');
    expect(de?.body).toContain('`locales/en/app.json` → de: the export failed');
    expect(await comments('fr')).toEqual([]);
  });
});
