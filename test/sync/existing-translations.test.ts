import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createClient } from '../../src/api/index.ts';
import { settingsFrom } from '../../src/config/settings.ts';
import type { PullRequestUpdate } from '../../src/github/pull-request-body.ts';
import { pullRequestBody } from '../../src/github/pull-request-body.ts';
import { runSync, type SyncResult } from '../../src/sync/run.ts';
import { memoryName } from '../../src/translations/memories.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';

let p: TestPlatform;
let client: Client;

const CONFIG = `source: en
targets: [de, ru]
mode: instant
files:
  - source: locales/en/*.json
    translation: locales/%lang%/%file%
`;

const EN = `{
  "app": {
    "title": "Notes",
    "save": "Save",
    "cancel": "Cancel"
  },
  "items_one": "{{count}} item",
  "items_other": "{{count}} items",
  "greeting": "Hello, {{name}}!"
}
`;

// People's translations: partial, in their own key order, with their own spacing.
const DE = `{
  "greeting": "Hallo, {{name}}!",
  "app": {
    "save": "Speichern",
    "title": "Notizen"
  }
}
`;

const RU = `{
  "app": {
    "title": "Заметки",
    "cancel": "Отмена"
  },
  "items_one": "{{count}} элемент",
  "items_few": "{{count}} элемента",
  "items_many": "{{count}} элементов",
  "items_other": "{{count}} элемента"
}
`;

interface Workspace {
  root: string;
  put(path: string, text: string): Promise<void>;
  read(path: string): Promise<string>;
  sync(): Promise<SyncResult & { delivered: string[]; update: PullRequestUpdate | undefined }>;
}

async function workspace(repo: string): Promise<Workspace> {
  const root = await mkdtemp(join(tmpdir(), 'svc-existing-'));
  const put = async (path: string, text: string) => {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  };
  await put('.svc.yml', CONFIG);
  await put('locales/en/common.json', EN);
  await put('locales/de/common.json', DE);
  await put('locales/ru/common.json', RU);
  return {
    root,
    put,
    read: (path) => readFile(join(root, path), 'utf8'),
    async sync() {
      const delivered: string[] = [];
      let update: PullRequestUpdate | undefined;
      const result = await runSync({
        client,
        workspace: root,
        settings: settingsFrom(CONFIG, '.svc.yml', { base: 'main' }),
        origin: { owner: 'acme', repo, ref: 'main' },
        waitTimeoutMs: 30_000,
        sink: async (files, u) => {
          update = u;
          for (const f of files) {
            delivered.push(f.path);
            await put(f.path, Buffer.from(f.content).toString('utf8'));
          }
          return undefined;
        },
      });
      return Object.assign(result, { delivered: delivered.sort(), update });
    },
  };
}

beforeAll(async () => {
  p = await startPlatform();
  client = createClient({ baseUrl: p.url, apiKey: p.key });
});

afterAll(async () => {
  await client.close();
  await p.close();
});

describe('a sync over existing translations (instant mode, writing)', () => {
  let w: Workspace;
  beforeAll(async () => {
    w = await workspace('existing');
  });
  afterAll(() => rm(w.root, { recursive: true, force: true }));

  it('keeps every translation people wrote and translates only the units a target lacks', async () => {
    const result = await w.sync();
    const de = JSON.parse(await w.read('locales/de/common.json'));
    expect(de.greeting).toBe('Hallo, {{name}}!');
    expect(de.app.save).toBe('Speichern');
    expect(de.app.title).toBe('Notizen');
    expect(de.app.cancel).not.toBe('Cancel');
    const ru = JSON.parse(await w.read('locales/ru/common.json'));
    expect(ru.app).toMatchObject({ title: 'Заметки', cancel: 'Отмена' });
    expect(ru.items_few).toBe('{{count}} элемента');
    expect(ru.items_many).toBe('{{count}} элементов');
    // de lacks cancel and items (a plural: one unit); ru lacks save and greeting.
    expect(result.targets!.unitsSent).toBe(4);
    const units = Object.fromEntries(result.targets!.units.map((u) => [u.target, u]));
    expect(units.de).toMatchObject({ translated: 2, kept: 3 });
    expect(units.ru).toMatchObject({ translated: 2, kept: 3 });
  });

  it('taught the memory the existing translations once, marked as the repository’s', async () => {
    const memories = await client.memories.list();
    const de = memories.find((m) => m.name === memoryName('acme/existing', 'en', 'de'))!;
    const [match] = await client.memories.query(de.id, 'Save');
    expect(match).toMatchObject({ source: 'Save', target: 'Speichern', score: 100 });
    expect(match!.metadata.resource_name).toMatch(/^repository acme\/existing@main /);
    const imports = await client.memories.imports(de.id);
    expect(imports).toHaveLength(1);
  });

  it('changes nothing when the translations are complete and current', async () => {
    const before = await Promise.all(['de', 'ru'].map((l) => w.read(`locales/${l}/common.json`)));
    const result = await w.sync();
    expect(result.delivered).toEqual([]);
    expect(result.targets!.unitsSent).toBe(0);
    expect(await Promise.all(['de', 'ru'].map((l) => w.read(`locales/${l}/common.json`)))).toEqual(before);
  });

  it('translates again exactly the unit whose source changed, in each target', async () => {
    const before = JSON.parse(await w.read('locales/de/common.json'));
    await w.put('locales/en/common.json', EN.replace('"Save"', '"Save all"'));
    const result = await w.sync();
    expect(result.targets!.unitsSent).toBe(2);
    const de = JSON.parse(await w.read('locales/de/common.json'));
    expect(de.app.save).not.toBe('Speichern');
    expect({ ...de, app: { ...de.app, save: before.app.save } }).toEqual(before);
    expect(result.delivered).toEqual(['locales/de/common.json', 'locales/ru/common.json']);
  });

  it('keeps a translation a person edited, lists it, and teaches it to the memory', async () => {
    const text = await w.read('locales/de/common.json');
    await w.put('locales/de/common.json', text.replace('"Notizen"', '"Meine Notizen"'));
    const result = await w.sync();
    expect(result.delivered).toEqual([]);
    expect(JSON.parse(await w.read('locales/de/common.json')).app.title).toBe('Meine Notizen');
    const de = result.targets!.units.find((u) => u.target === 'de')!;
    expect(de.edited).toEqual([{ path: 'locales/de/common.json', id: 'app.title' }]);
    const memory = (await client.memories.list()).find(
      (m) => m.name === memoryName('acme/existing', 'en', 'de'),
    )!;
    await p.idle();
    const [best] = await client.memories.query(memory.id, 'Notes');
    expect(best).toMatchObject({ target: 'Meine Notizen', score: 100 });
    // The next sync leaves it alone and teaches nothing more.
    const again = await w.sync();
    expect(again.targets!.taught.size).toBe(0);
    expect(JSON.parse(await w.read('locales/de/common.json')).app.title).toBe('Meine Notizen');
  });

  it('takes a key the source dropped out of every target and names it in the pull request body', async () => {
    await w.put(
      'locales/en/common.json',
      EN.replace('"Save"', '"Save all"')
        .replace(/\n {4}"cancel": "Cancel"/, '')
        .replace('"Save all",', '"Save all"'),
    );
    const result = await w.sync();
    for (const lang of ['de', 'ru'])
      expect(JSON.parse(await w.read(`locales/${lang}/common.json`)).app.cancel).toBeUndefined();
    const body = pullRequestBody(result.update!);
    expect(body).toContain('**de: removed** (no longer in the source)');
    expect(body).toContain('- `locales/de/common.json` `app.cancel`');
    expect(body).toContain('- `locales/ru/common.json` `app.cancel`');
  });

  it('rebuilds a deleted target without translating what the memory learnt again', async () => {
    await rm(join(w.root, 'locales/ru/common.json'));
    const result = await w.sync();
    expect(result.delivered).toEqual(['locales/ru/common.json']);
    const ru = JSON.parse(await w.read('locales/ru/common.json'));
    expect(ru.app.title).toBe('Заметки');
  });

  it('never overwrites a target that does not parse: reported with its line, the other language still done', async () => {
    await w.put('locales/de/common.json', '{\n  "app": {\n    "title": "Notizen",\n  }\n');
    await w.put('locales/en/common.json', `${EN.slice(0, -2)},\n  "extra": "More"\n}\n`);
    const result = await w.sync();
    expect(result.problems).toEqual([
      expect.objectContaining({ path: 'locales/de/common.json', line: expect.any(Number) }),
    ]);
    expect(await w.read('locales/de/common.json')).toBe('{\n  "app": {\n    "title": "Notizen",\n  }\n');
    expect(JSON.parse(await w.read('locales/ru/common.json')).extra).toBeDefined();
  });
});
