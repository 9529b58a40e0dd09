import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOBS_PER_QUERY, RepositoryReader } from '../../src/github/repository-reader.ts';
import { client } from '../fake-github/client.ts';
import { type FakeGitHub, startFakeGitHub } from '../support/fake-github/index.ts';
import { BLOB_TEXT_LIMIT } from '../support/fake-github/routes-graphql.ts';

let gh: FakeGitHub;
const files: Record<string, string | Uint8Array> = {
  '.svc.yml': 'source: en\ntargets: [de]\n',
  'locales/en/a.json': '{"a": "A"}\n',
  // The same bytes at two paths: one blob.
  'locales/en/b.json': '{"a": "A"}\n',
  'locales/de/a.json': '\uFEFF{"a": "Ä"}\r\n',
  // Latin-1, as java.util.Properties files often are: GraphQL's text would not be these bytes.
  'src/main/resources/messages_de.properties': Buffer.from('greeting=Grüße\n', 'latin1'),
  // UTF-16 with a BOM (old .strings files): binary to GitHub.
  'ios/de.lproj/Localizable.strings': Buffer.concat([
    Buffer.from([0xff, 0xfe]),
    Buffer.from('"a" = "Ä";\n', 'utf16le'),
  ]),
  'big.json': `${'x'.repeat(BLOB_TEXT_LIMIT + 10)}\n`,
};
for (let i = 0; i < BLOBS_PER_QUERY + 20; i++) files[`many/f${i}.txt`] = `file ${i}\n`;

beforeAll(async () => {
  gh = await startFakeGitHub({ repos: [{ owner: 'acme', name: 'app', files }] });
});
afterAll(() => gh.close());

const reader = () => new RepositoryReader(client(gh), { owner: 'acme', repo: 'app' });
const callsOf = async (work: () => Promise<unknown>) => {
  const before = gh.calls.length;
  await work();
  return gh.calls.slice(before).map((c) => `${c.method} ${c.path.replace(/[0-9a-f]{40}/, 'SHA')}`);
};

describe('RepositoryReader', () => {
  it('reads a file with the branch tip in one GraphQL query', async () => {
    const r = reader();
    let config: Uint8Array | undefined;
    const calls = await callsOf(async () => {
      config = await r.fileAtBranch('main', '.svc.yml');
    });
    expect(Buffer.from(config!).toString()).toBe(files['.svc.yml']);
    expect(calls).toEqual(['POST /graphql']);
    // The default branch comes with it (removed_keys: keep-until-merged).
    expect(r.defaultBranch).toBe('main');
    const head = execFileSync('git', ['--git-dir', gh.repoPath('acme', 'app'), 'rev-parse', 'main'], {
      encoding: 'utf8',
    }).trim();
    expect(await callsOf(() => r.tip('main'))).toEqual([]);
    expect((await r.tip('main'))?.sha).toBe(head);
    expect(await r.fileAtBranch('main', 'no/such/file')).toBeUndefined();
  });

  it.each([
    ['a few paths, by path in one query', false],
    ['many paths, through the tree', true],
  ])(
    'reads every file byte for byte (%s): BOM and CRLF, Latin-1 and UTF-16 and truncated text through REST',
    async (_name, many) => {
      const r = reader();
      const tip = (await r.tip('main'))!;
      const paths = Object.keys(files).filter((p) => many || !p.startsWith('many/'));
      let read = new Map<string, Uint8Array | undefined>();
      const calls = await callsOf(async () => {
        read = await r.files(tip, [...paths, 'locales/fr/a.json']);
      });
      for (const path of paths)
        expect(Buffer.from(read.get(path)!).equals(Buffer.from(files[path]!)), path).toBe(true);
      expect(read.get('locales/fr/a.json')).toBeUndefined();
      // Three blobs are not UTF-8 text GraphQL can give exactly: each read once through REST.
      expect(calls.filter((c) => c.includes('/git/blobs/'))).toHaveLength(3);
      expect(calls.filter((c) => c.includes('/git/trees/'))).toHaveLength(many ? 1 : 0);
    },
  );

  it('reads a tree once and each blob once, up to 100 blobs a query, with the branches asked alongside', async () => {
    const r = reader();
    const tip = (await r.tip('main'))!;
    const paths = Object.keys(files).filter((p) => p.startsWith('many/') || p.startsWith('locales/en/'));
    const calls = await callsOf(() => r.files(tip, paths, { branches: ['svc-l10n/main'], pullInto: 'main' }));
    // 120 + 1 distinct blobs: two queries; the tree once.
    expect(calls).toEqual(['GET /repos/acme/app/git/trees/SHA', 'POST /graphql', 'POST /graphql']);
    expect(await callsOf(() => r.files(tip, paths))).toEqual([]);
    expect(await callsOf(() => r.openPull('svc-l10n/main', 'main'))).toEqual([]);
    expect(await r.tip('svc-l10n/main')).toBeUndefined();
  });

  it('finds the open pull request from a branch into a base', async () => {
    await gh.commitAs('acme', 'app', 'feature', { 'x.txt': 'x\n' }, 'x');
    const octokit = client(gh);
    const { data } = await octokit.rest.pulls.create({
      owner: 'acme',
      repo: 'app',
      head: 'feature',
      base: 'main',
      title: 'T',
      body: 'B',
    });
    await octokit.rest.issues.addLabels({
      owner: 'acme',
      repo: 'app',
      issue_number: data.number,
      labels: ['l10n'],
    });
    const r = reader();
    expect(await r.openPull('feature', 'main')).toEqual({
      number: data.number,
      url: data.html_url,
      title: 'T',
      body: 'B',
      labels: ['l10n'],
    });
    expect(await reader().openPull('feature', 'other')).toBeUndefined();
  });

  it('moves a branch by compare-and-swap, and refuses when it moved meanwhile', async () => {
    const r = reader();
    const first = await gh.commitAs('acme', 'app', 'swap', { 's.txt': '1\n' }, 'one');
    expect((await r.tip('swap'))?.sha).toBe(first);
    const second = await gh.commitAs('acme', 'app', 'swap', { 's.txt': '2\n' }, 'two');
    // A person pushed `second` after the run read `first`: replacing it is refused.
    expect(await r.swapRef('swap', first, first)).toBe(false);
    expect((await r.tip('swap'))?.sha).toBe(second);
    expect(await r.swapRef('swap', second, first)).toBe(true);
    expect(
      execFileSync('git', ['--git-dir', gh.repoPath('acme', 'app'), 'rev-parse', 'swap'], {
        encoding: 'utf8',
      }).trim(),
    ).toBe(first);
  });

  it('says which repository it cannot see', async () => {
    const r = new RepositoryReader(client(gh), { owner: 'acme', repo: 'nope' });
    await expect(r.tip('main')).rejects.toThrow(
      /Could not resolve to a Repository with the name 'acme\/nope'/,
    );
  });
});

describe("the double's GraphQL endpoint", () => {
  it("refuses a field GitHub's schema lacks, as GitHub does", async () => {
    await expect(
      client(gh).graphql('query { repository(owner: "acme", name: "app") { noSuchField } }'),
    ).rejects.toThrow(/Cannot query field "noSuchField" on type "Repository"/);
  });

  it('answers NOT_FOUND for an unknown repository', async () => {
    const answer = await fetch(`${gh.url}/graphql`, {
      method: 'POST',
      headers: { authorization: `token ${gh.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'query { repository(owner: "acme", name: "nope") { id } }' }),
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-ratelimit-resource')).toBe('graphql');
    expect(await answer.json()).toMatchObject({
      data: { repository: null },
      errors: [
        {
          type: 'NOT_FOUND',
          path: ['repository'],
          message: "Could not resolve to a Repository with the name 'acme/nope'.",
        },
      ],
    });
  });
});
