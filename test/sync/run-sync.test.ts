import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createClient } from '../../src/api/index.ts';
import { settingsFrom } from '../../src/config/settings.ts';
import type { FileWrite } from '../../src/github/branch-commit.ts';
import type { PullRequestUpdate } from '../../src/github/pull-request-body.ts';
import { runSync, type SyncOptions } from '../../src/sync/run.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';

let p: TestPlatform;
let client: Client;
let root: string;

const CONFIG = `source: en
targets: [de, fr-CA]
files:
  - source: locales/en/**/*.json
    translation: locales/%lang%/**/%file%
`;

async function put(path: string, text: string) {
  await mkdir(dirname(join(root, path)), { recursive: true });
  await writeFile(join(root, path), text);
}

const origin = (repo: string) => ({ owner: 'acme', repo, ref: 'main', sha: 'a'.repeat(40) });
const settings = (config = CONFIG, overrides = {}) =>
  settingsFrom(config, '.svc.yml', { base: 'main', ...overrides });
const sync = (o: Partial<SyncOptions> & Pick<SyncOptions, 'origin'>) =>
  runSync({ client, workspace: root, settings: settings(), ...o });

beforeAll(async () => {
  p = await startPlatform();
  client = createClient({ baseUrl: p.url, apiKey: p.key });
  root = await mkdtemp(join(tmpdir(), 'svc-sync-'));
  await put('locales/en/app.json', JSON.stringify({ hello: 'Hello, {{name}}!', bye: 'Goodbye' }, null, 2));
  await put('locales/en/screens/nav.json', JSON.stringify({ home: 'Home', settings: 'Settings' }, null, 2));
  await put('README.md', '# not a source\n');
});

afterAll(async () => {
  await client.close();
  await p.close();
  await rm(root, { recursive: true, force: true });
});

describe('runSync in job mode', () => {
  it('uploads every source file on the first run and creates one job with a project per target', async () => {
    const result = await sync({ origin: origin('jobs') });
    expect(result.uploaded.map((u) => u.file.path)).toEqual([
      'locales/en/app.json',
      'locales/en/screens/nav.json',
    ]);
    expect(result.skipped).toEqual([]);
    const job = result.job!;
    await p.idle();
    const stats = await client.jobs.stats(job.id);
    expect(stats.numProjects).toBe(2);
    expect(stats.projects.map((x) => `${x.trgLang}${x.trgLocale ? `-${x.trgLocale}` : ''}`).sort()).toEqual([
      'de',
      'fr-CA',
    ]);
    for (const project of await client.projects.list({ id: stats.projects.map((x) => x.id) }))
      expect(project.document.map((d) => d.name).sort()).toEqual([
        'locales/en/app.json',
        'locales/en/screens/nav.json',
      ]);
    const files = await client.files.list({ labels: [`job:${job.id}`] });
    expect(files.map((f) => f.name).sort()).toEqual(['locales/en/app.json', 'locales/en/screens/nav.json']);
    expect(files[0]!.labels).toEqual(
      expect.arrayContaining(['repo:acme/jobs', 'ref:main', `commit:${'a'.repeat(40)}`]),
    );
  });

  it('uploads nothing and creates nothing when no file changed', async () => {
    const jobsBefore = await client.jobs.list();
    const result = await sync({ origin: origin('jobs') });
    expect(result.uploaded).toEqual([]);
    expect(result.skipped).toHaveLength(2);
    expect(result.job).toBeUndefined();
    expect(await client.jobs.list()).toHaveLength(jobsBefore.length);
  });

  it('uploads only the file that changed', async () => {
    await put('locales/en/app.json', JSON.stringify({ hello: 'Hello, {{name}}!', bye: 'Bye now' }, null, 2));
    const result = await sync({ origin: origin('jobs') });
    expect(result.uploaded.map((u) => u.file.path)).toEqual(['locales/en/app.json']);
    expect(result.job).toBeDefined();
  });

  it('reuses the memories it created, one per language pair', async () => {
    const names = (await client.memories.list()).map((m) => m.name).filter((n) => n.startsWith('acme/jobs'));
    expect(names.sort()).toEqual(['acme/jobs en → de', 'acme/jobs en → fr-CA']);
  });

  it('a dry run reads and compares but uploads and creates nothing', async () => {
    const before = (await client.files.list()).length;
    const result = await sync({ origin: origin('dry'), dryRun: true });
    expect(result.wouldUpload).toHaveLength(2);
    expect(result.uploaded).toEqual([]);
    expect((await client.files.list()).length).toBe(before);
  });
});

describe('runSync after a run that failed midway', () => {
  it('job mode: files uploaded by a run that failed before its job are sent again', async () => {
    const create = client.jobs.create;
    client.jobs.create = async () => {
      throw new Error('platform went away');
    };
    try {
      await expect(sync({ origin: origin('halfway') })).rejects.toThrow('platform went away');
    } finally {
      client.jobs.create = create;
    }
    expect((await client.files.list({ labels: ['repo:acme/halfway'] })).length).toBe(2);
    const retry = await sync({ origin: origin('halfway') });
    expect(retry.uploaded.map((u) => u.file.path)).toEqual([
      'locales/en/app.json',
      'locales/en/screens/nav.json',
    ]);
    expect(retry.job).toBeDefined();
    const again = await sync({ origin: origin('halfway') });
    expect(again.uploaded).toEqual([]);
  });

  it('instant mode: a run whose pull request failed delivers the same translations again without translating twice', async () => {
    const instant = settings(CONFIG, { mode: 'instant' });
    const failing = sync({
      origin: origin('instant-retry'),
      settings: instant,
      waitTimeoutMs: 20_000,
      sink: async () => {
        throw new Error('GitHub answered 502');
      },
    });
    await expect(failing).rejects.toThrow('GitHub answered 502');
    let delivered = 0;
    const retry = await sync({
      origin: origin('instant-retry'),
      settings: instant,
      waitTimeoutMs: 20_000,
      sink: async (files) => {
        delivered += files.length;
        return { url: 'http://example.test/pr/2', number: 2 };
      },
    });
    expect(delivered).toBe(4);
    // The first run's translations were recorded as pending: written again, not translated again.
    expect(retry.targets!.unitsSent).toBe(0);
    expect(retry.targets!.statuses).toEqual([]);
  });
});

describe('runSync in instant mode', () => {
  it('translates each file into each target and hands the files to the sink at the configured paths', async () => {
    const received: { files: FileWrite[]; update: PullRequestUpdate }[] = [];
    const result = await sync({
      origin: origin('instant'),
      settings: settings(CONFIG, { mode: 'instant' }),
      waitTimeoutMs: 20_000,
      sink: async (files, update) => {
        received.push({ files, update });
        return { url: 'http://example.test/pr/1', number: 1 };
      },
    });
    // One delta per source file, translated into both targets.
    expect(result.targets!.uploads).toHaveLength(2);
    expect(result.targets!.statuses).toHaveLength(4);
    expect(received).toHaveLength(1);
    const paths = received[0]!.files.map((f) => f.path).sort();
    expect(paths).toEqual([
      'locales/de/app.json',
      'locales/de/screens/nav.json',
      'locales/fr-CA/app.json',
      'locales/fr-CA/screens/nav.json',
    ]);
    const de = received[0]!.files.find((f) => f.path === 'locales/de/app.json')!;
    const parsed = JSON.parse(Buffer.from(de.content).toString('utf8'));
    expect(Object.keys(parsed)).toEqual(['hello', 'bye']);
    expect(parsed.hello).toContain('{{name}}');
    expect(received[0]!.update.failures).toEqual([]);
    expect(result.pullRequest).toEqual({ url: 'http://example.test/pr/1', number: 1 });
  });

  it('sends one translate call per target memory for many files', async () => {
    for (let i = 0; i < 30; i++) await put(`locales/en/many/f${i}.json`, JSON.stringify({ a: `Text ${i}` }));
    let calls = 0;
    const translate = client.instant.translate;
    client.instant.translate = (...args) => {
      calls++;
      return translate(...args);
    };
    try {
      const result = await sync({
        origin: origin('batched'),
        settings: settings(CONFIG, { mode: 'instant' }),
      });
      expect(result.uploaded.length).toBeGreaterThan(30);
      expect(result.translations.length).toBe(result.uploaded.length * 2);
      expect(calls).toBe(2);
    } finally {
      client.instant.translate = translate;
    }
  });
});

describe('runSync with files it cannot use', () => {
  it('reports an unparsable file with its line and uploads the others', async () => {
    await put('locales/en/broken.json', '{\n  "a": "x",\n  "b": \n}\n');
    const result = await sync({ origin: origin('broken') });
    expect(result.problems).toEqual([expect.objectContaining({ path: 'locales/en/broken.json', line: 4 })]);
    expect(result.uploaded.map((u) => u.file.path)).not.toContain('locales/en/broken.json');
    await rm(join(root, 'locales/en/broken.json'));
  });
});
