/**
 * A person's edit on the l10n branch survives the next run (DESIGN §7): the Action's pull-request
 * sink (instant mode with `wait`) against a real platform and the GitHub double, in one-PR and in
 * split mode. Run 1 writes the PR; a person commits an edit of one unit on the branch; the source
 * changes another unit on main; run 2 updates the same PR without losing or force-pushing over it.
 */
import { execFileSync } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pullRequestSink } from '../../src/action/pull-request-sink.ts';
import { type Client, createClient } from '../../src/api/index.ts';
import { settingsFrom } from '../../src/config/settings.ts';
import { runSync } from '../../src/sync/run.ts';
import { installationClient } from '../fake-github/client.ts';
import { checkout } from '../support/action-runner.ts';
import { type FakeGitHub, startFakeGitHub } from '../support/fake-github/index.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';

const CONFIG = (split: boolean) => `source: en
targets: [de, fr]
mode: instant
files:
  - source: locales/en/*.json
    translation: locales/%lang%/%file%
${split ? 'pull_request:\n  split: language\n' : ''}`;
const SOURCE = '{\n  "greeting": "Hello, {name}!",\n  "bye": "Bye",\n  "later": "See you later"\n}\n';
const CHANGED = '{\n  "greeting": "Good morning, {name}!",\n  "bye": "Bye",\n  "later": "See you later"\n}\n';
const EDIT = 'Tschüss – bis bald, meine Liebe!';

let p: TestPlatform;
let gh: FakeGitHub;
let client: Client;
const dirs: string[] = [];

async function sync(repo: string, split: boolean) {
  const workspace = await checkout(gh.repoPath('acme', repo));
  dirs.push(workspace);
  const settings = settingsFrom(CONFIG(split), '.svc.yml', { base: 'main' });
  const sink = pullRequestSink({
    gh: installationClient(gh),
    owner: 'acme',
    repo,
    base: 'main',
    pullRequest: settings.pullRequest,
    warn: (m) => {
      throw new Error(`unexpected warning: ${m}`);
    },
  });
  const sha = execFileSync('git', ['-C', workspace, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
  const origin = { owner: 'acme', repo, ref: 'main', sha };
  return runSync({ client, workspace, settings, origin, sink, waitTimeoutMs: 30_000 });
}

const git = (repo: string, ...args: string[]) =>
  execFileSync('git', ['--git-dir', gh.repoPath('acme', repo), ...args], { encoding: 'utf8' }).trim();
const isAncestor = (repo: string, a: string, b: string) => {
  try {
    git(repo, 'merge-base', '--is-ancestor', a, b);
    return true;
  } catch {
    return false;
  }
};

beforeAll(async () => {
  p = await startPlatform();
  client = createClient({ baseUrl: p.url, apiKey: p.key });
  const files = (split: boolean) => ({ '.svc.yml': CONFIG(split), 'locales/en/app.json': SOURCE });
  gh = await startFakeGitHub({
    repos: [
      { owner: 'acme', name: 'one', files: files(false) },
      { owner: 'acme', name: 'split', files: files(true) },
    ],
  });
}, 60_000);

afterAll(async () => {
  await client.close();
  await gh.close();
  await p.close();
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

describe.each([
  { repo: 'one', split: false, de: 'svc-l10n/main', fr: 'svc-l10n/main' },
  { repo: 'split', split: true, de: 'svc-l10n/main/de', fr: 'svc-l10n/main/fr' },
])("a person's edit on the l10n branch ($repo)", ({ repo, split, de, fr }) => {
  it('is kept byte for byte by the next run, which updates the changed unit on the same PR without force', async () => {
    await sync(repo, split);
    const pulls = gh.pulls('acme', repo).map((x) => x.number);
    expect(pulls).toHaveLength(split ? 2 : 1);
    const first = JSON.parse(git(repo, 'show', `${de}:locales/de/app.json`));
    const frFirst = JSON.parse(git(repo, 'show', `${fr}:locales/fr/app.json`));

    // A person edits one unit on the branch, keeping every other byte of the file.
    const before = git(repo, 'show', `${de}:locales/de/app.json`);
    const edited = before.replace(`"bye": ${JSON.stringify(first.bye)}`, `"bye": ${JSON.stringify(EDIT)}`);
    expect(edited).not.toBe(before);
    const theirs = await gh.commitAs(
      'acme',
      repo,
      de,
      { 'locales/de/app.json': `${edited}\n` },
      'Better bye',
    );
    const moved = await gh.commitAs('acme', repo, 'main', { 'locales/en/app.json': CHANGED }, 'New greeting');

    const result = await sync(repo, split);
    expect(gh.pulls('acme', repo).map((x) => x.number)).toEqual(pulls);
    const after = git(repo, 'show', `${de}:locales/de/app.json`);
    // The person's line, byte for byte; the changed unit translated again; the rest as it was.
    expect(after.split('\n')[2]).toBe(edited.split('\n')[2]);
    expect(after.split('\n')[2]).toBe(`  "bye": ${JSON.stringify(EDIT)},`);
    const second = JSON.parse(after);
    expect(second.greeting).not.toBe(first.greeting);
    expect(second.greeting).toContain('{name}');
    expect(second.later).toBe(first.later);
    // History kept: the person's commit and the base are ancestors of the head (no force-push).
    expect(isAncestor(repo, theirs, de)).toBe(true);
    expect(isAncestor(repo, moved, de)).toBe(true);
    // The other language is updated too.
    expect(JSON.parse(git(repo, 'show', `${fr}:locales/fr/app.json`)).greeting).not.toBe(frFirst.greeting);

    // The PR body counts it as kept and names it as a person's edit. Translated: the new greeting,
    // and `later`, our run-1 delivery the branch still holds (pending until the PR is merged).
    const body = gh.pulls('acme', repo).find((x) => x.head.ref === de)!.body;
    expect(body).toContain('| de | 2 | 1 | 0 | 1 |');
    expect(body).toContain('**de: edited in the repository** (kept, and taught to the memory)');
    expect(body).toContain('- `locales/de/app.json` `bye`');
    const de2 = result.targets!.units.find((u) => u.target === 'de')!;
    expect(de2).toMatchObject({
      translated: 2,
      kept: 1,
      edited: [{ path: 'locales/de/app.json', id: 'bye' }],
    });

    // A third run changes nothing: the edit is known, nothing is committed over it.
    const head = git(repo, 'rev-parse', de);
    await sync(repo, split);
    expect(git(repo, 'rev-parse', de)).toBe(head);
    // Three runs against the platform and the double: slow on a shared machine.
  }, 180_000);
});
