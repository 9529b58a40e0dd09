/**
 * The translation pull request as the Action writes it (instant mode with `wait`): runSync with
 * the Action's pull-request sink against a real platform and the GitHub double. QA findings come
 * from an injected function over the real files (a placeholder comparison) until the qa engine
 * is wired in.
 */
import { execFileSync } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FindingsOf, pullRequestSink } from '../../src/action/pull-request-sink.ts';
import { type Client, createClient } from '../../src/api/index.ts';
import { settingsFrom } from '../../src/config/settings.ts';
import type { QaFinding } from '../../src/github/check-run.ts';
import { runSync } from '../../src/sync/run.ts';
import { installationClient } from '../fake-github/client.ts';
import { checkout } from '../support/action-runner.ts';
import { type FakeGitHub, startFakeGitHub } from '../support/fake-github/index.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';

const CONFIG = (targets: string, split = '') => `source: en
targets: [${targets}]
mode: instant
files:
  - source: locales/en/*.json
    translation: locales/%lang%/%file%
${split ? `pull_request:\n  split: ${split}\n` : ''}`;
const SOURCE = '{\n  "greeting": "Hello, {name}!",\n  "bye": "Bye"\n}\n';

let p: TestPlatform;
let gh: FakeGitHub;
let client: Client;
const dirs: string[] = [];

/** `{name}` placeholders of every target unit against its source unit, at the key's line and column. */
function placeholderFindings(workspace: string): FindingsOf {
  const names = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
  return async (files) => {
    const out: QaFinding[] = [];
    for (const file of files) {
      const [, lang = '', name = ''] = /^locales\/([^/]+)\/(.+)$/.exec(file.path) ?? [];
      const source = JSON.parse(await readFile(join(workspace, 'locales/en', name), 'utf8'));
      const text = Buffer.from(file.content).toString('utf8');
      for (const [key, value] of Object.entries(JSON.parse(text) as Record<string, string>)) {
        if (names(value).join() === names(source[key] ?? '').join()) continue;
        const lines = text.split('\n');
        const at = lines.findIndex((l) => l.includes(`"${key}"`));
        out.push({
          path: file.path,
          line: at + 1,
          column: lines[at]!.indexOf(`"${key}"`) + 1,
          key,
          lang,
          rule: 'placeholder-missing',
          severity: 'error',
          message: `${names(source[key]).join(', ')} missing in the translation`,
        });
      }
    }
    return out;
  };
}

async function sync(repo: string, config: string) {
  const workspace = await checkout(gh.repoPath('acme', repo));
  dirs.push(workspace);
  const settings = settingsFrom(config, '.svc.yml', { base: 'main' });
  const sink = pullRequestSink({
    gh: installationClient(gh),
    owner: 'acme',
    repo,
    base: 'main',
    pullRequest: settings.pullRequest,
    findings: placeholderFindings(workspace),
    warn: (m) => {
      throw new Error(`unexpected warning: ${m}`);
    },
  });
  const origin = {
    owner: 'acme',
    repo,
    ref: 'main',
    sha: execFileSync('git', ['-C', workspace, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim(),
  };
  return runSync({ client, workspace, settings, origin, sink, waitTimeoutMs: 30_000 });
}

const git = (repo: string, ...args: string[]) =>
  execFileSync('git', ['--git-dir', gh.repoPath('acme', repo), ...args], { encoding: 'utf8' }).trim();

beforeAll(async () => {
  p = await startPlatform();
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
        files: { '.svc.yml': CONFIG('de, fr', 'language'), 'locales/en/app.json': SOURCE },
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

describe('the QA check on the translation pull request', () => {
  it('fails on a broken placeholder, with an annotation at its line', async () => {
    const result = await sync('qa', CONFIG('de'));
    const pr = result.pullRequest!;
    expect(pr.check?.conclusion).toBe('failure');
    const head = git('qa', 'rev-parse', 'svc-l10n/main');
    const run = gh.checkRuns('acme', 'qa').find((r) => r.id === pr.check!.id)!;
    expect(run).toMatchObject({ name: 'svc-connector / l10n QA', headSha: head, conclusion: 'failure' });
    const written = git('qa', 'show', 'svc-l10n/main:locales/de/app.json');
    expect(written.split('\n')[1]).toContain('"greeting": "Hallo!"');
    expect(run.annotations).toEqual([
      expect.objectContaining({
        path: 'locales/de/app.json',
        startLine: 2,
        startColumn: 3,
        level: 'failure',
      }),
    ]);
    expect(gh.pulls('acme', 'qa')[0]!.body).toContain('### Localization QA');
  });

  it('passes on the same pull request once the translation is fixed', async () => {
    const before = gh.pulls('acme', 'qa');
    await gh.commitAs(
      'acme',
      'qa',
      'main',
      { 'locales/de/app.json': '{\n  "greeting": "Hallo, {name}!"\n}\n' },
      'Fix',
    );
    const result = await sync('qa', CONFIG('de'));
    expect(result.pullRequest).toMatchObject({ number: before[0]!.number, check: { conclusion: 'success' } });
    expect(gh.pulls('acme', 'qa')).toHaveLength(1);
    const head = git('qa', 'rev-parse', 'svc-l10n/main');
    const latest = gh.checkRuns('acme', 'qa').filter((r) => r.headSha === head);
    expect(latest.map((r) => r.conclusion)).toEqual(['success']);
  });
});

describe('split pull requests (pull_request.split: language)', () => {
  it('opens one pull request per language, each on its branch with its own check', async () => {
    const result = await sync('split', CONFIG('de, fr', 'language'));
    expect(result.pullRequest!.all!.map((x) => [x.lang, x.check?.conclusion])).toEqual([
      ['de', 'success'],
      ['fr', 'success'],
    ]);
    const pulls = gh.pulls('acme', 'split');
    expect(pulls.map((x) => x.head.ref).sort()).toEqual(['svc-l10n/main/de', 'svc-l10n/main/fr']);
    expect(git('split', 'ls-tree', '-r', '--name-only', 'svc-l10n/main/de')).not.toContain('locales/fr/');
    const de = pulls.find((x) => x.head.ref.endsWith('/de'))!;
    expect(de.title).toBe('Update translations (main) [de]');
    expect(de.body).toContain('| Language | Translated | Kept | Removed | Edited by people |');
    expect(de.body).not.toContain('| fr |');
  });

  it('updates each on the next run, merging the moved base into the branch a person committed to, keeping that commit', async () => {
    const before = gh.pulls('acme', 'split');
    const theirs = await gh.commitAs(
      'acme',
      'split',
      'svc-l10n/main/de',
      { 'docs/de-glossary.md': 'Gruß\n' },
      'Glossary',
    );
    const moved = await gh.commitAs(
      'acme',
      'split',
      'main',
      {
        'locales/en/app.json':
          '{\n  "greeting": "Hello, {name}!",\n  "bye": "Bye",\n  "thanks": "Thanks"\n}\n',
      },
      'Add thanks',
    );
    const result = await sync('split', CONFIG('de, fr', 'language'));
    expect(result.pullRequest!.all!.map((x) => x.number).sort()).toEqual(before.map((x) => x.number).sort());
    expect(gh.pulls('acme', 'split')).toHaveLength(2);
    // de: the person's commit stays, main came in through a merge commit, ours on top.
    git('split', 'merge-base', '--is-ancestor', theirs, 'svc-l10n/main/de');
    const merge = git('split', 'rev-parse', 'svc-l10n/main/de~1');
    expect(git('split', 'rev-list', '--parents', '-n', '1', merge).split(' ')).toEqual([
      merge,
      theirs,
      moved,
    ]);
    expect(git('split', 'show', 'svc-l10n/main/de:docs/de-glossary.md')).toBe('Gruß');
    // fr: only our commits, rebuilt on the new base.
    expect(git('split', 'rev-parse', 'svc-l10n/main/fr~1')).toBe(moved);
    for (const lang of ['de', 'fr'])
      expect(
        Object.keys(JSON.parse(git('split', 'show', `svc-l10n/main/${lang}:locales/${lang}/app.json`))),
      ).toContain('thanks');
  });
});
