/**
 * Issue 38's acceptance for context from the repository, against a real platform and a fake
 * OpenAI-compatible provider that records every request: per format, the context realistic files
 * carry (and the context rules add) reaches the platform's stored segments, the job's documents
 * (GET /v2/documents/context and the XLIFF download) and the MT request body; a context field
 * edited in the repository reaches the platform on the next sync; the same field edited on the
 * platform is refused with where it lives; a platform note survives syncs.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createClient } from '../../src/api/index.ts';
import { settingsFrom } from '../../src/config/settings.ts';
import { runSync } from '../../src/sync/run.ts';
import { type FakeOpenAi, startFakeOpenAi, userItems } from '../support/fake-openai.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';

let p: TestPlatform;
let fake: FakeOpenAi;
let client: Client;
let root: string;
let memoryId: number;

const FILES: Record<string, string> = {
  'locales/en/common.json': `{
  "settings": {
    "general": "General",
    "notifications": "Notifications"
  },
  "unread": "You have {{count}} unread messages in your inbox",
  "brand": "Acme Cloud"
}
`,
  'locales/en/common.context.yml': `context:
  - keys: 'settings.*'
    description: Labels on the settings screen's tabs
    max_length: 16
  - keys: unread
    description: Banner above the inbox
    placeholders: { count: number of unread messages }
  - keys: brand
    do_not_translate: true
`,
  'l10n/app_en.arb': `{
  "@@locale": "en",
  "inboxCount": "{count} new in your inbox",
  "@inboxCount": {
    "description": "Badge on the inbox tab",
    "placeholders": { "count": { "type": "int", "example": "3" } }
  }
}
`,
  'po/messages.pot': `msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"

#. Verb: the button that opens the selected file
#: src/ui/toolbar.c:42
msgid "Open"
msgstr ""
`,
  'res/values/strings.xml': `<?xml version="1.0" encoding="utf-8"?>
<resources xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2">
    <!-- Title of the screen that lists downloaded files -->
    <string name="downloads_title">Downloads: <xliff:g id="count" example="12">%1$d</xliff:g> files</string>
</resources>
`,
  'config/locales/en.yml': `en:
  # The settings screen's title bar
  settings:
    title: Account settings
`,
};

const config = (id: number) => `source: en
targets: [de]
memories: { de: ${id} }
files:
  - source: locales/en/*.json
    translation: locales/%lang%/%file%
  - source: l10n/app_en.arb
    translation: l10n/app_%lang%.arb
  - source: po/messages.pot
    translation: po/%lang%.po
  - source: res/values/strings.xml
    translation: res/values-%lang%/strings.xml
  - source: config/locales/en.yml
    translation: config/locales/%lang%.yml
context:
  - keys: 'settings.*'
    files: 'config/locales/*.yml'
    max_length: 24
`;

const put = async (path: string, text: string) => {
  await mkdir(dirname(join(root, path)), { recursive: true });
  await writeFile(join(root, path), text);
};

const sync = () =>
  runSync({
    client,
    workspace: root,
    settings: settingsFrom(config(memoryId), '.svc.yml', { base: 'main' }),
    origin: { owner: 'acme', repo: 'context', ref: 'main' },
  });

const json = async (res: Response) => {
  const text = await res.text();
  if (!res.ok) throw new Error(`${res.status} ${text}`);
  return JSON.parse(text);
};

/** The job's documents by name. */
let docs: Map<string, number>;

type Context = {
  unit_id: string;
  description: string | null;
  max_length: number | null;
  placeholders: Record<string, { description?: string; example?: string; type?: string }>;
  owners: Record<string, string>;
  platform_notes: { text: string }[];
};
const contextOf = async (name: string): Promise<Map<string, Context>> =>
  new Map(
    ((await json(await p.call(`/v2/documents/context?id=${docs.get(name)}`))) as Context[]).map((c) => [
      c.unit_id,
      c,
    ]),
  );

beforeAll(async () => {
  fake = await startFakeOpenAi({ translate: (s) => `DE ${s}` });
  p = await startPlatform({
    env: { SVC_MT_PROVIDER: 'openai', SVC_OPENAI_BASE_URL: fake.baseUrl, SVC_OPENAI_MODEL: 'fake' },
  });
  client = createClient({ baseUrl: p.url, apiKey: p.key });
  memoryId = (
    await json(
      await p.call('/v2/memories', { method: 'POST', json: { name: 'de', srclang: 'en', trglang: 'de' } }),
    )
  ).id;
  await p.call('/v2/memories/import', {
    method: 'POST',
    headers: {
      'SVC-API': JSON.stringify({ memory_id: memoryId, name: 'terms.csv' }),
      'content-type': 'application/octet-stream',
    },
    body: 'inbox,Posteingang\n',
  });
  await p.idle();
  root = await mkdtemp(join(tmpdir(), 'svc-context-'));
  for (const [path, text] of Object.entries(FILES)) await put(path, text);
  const result = await sync();
  expect(result.job).toBeDefined();
  // do_not_translate is counted with its reason, as the format's own left-out units are.
  expect(result.sources.find((f) => f.path === 'locales/en/common.json')?.leftOut).toMatchObject([
    { reason: 'do_not_translate (locales/en/common.context.yml)', count: 1, ids: ['brand'] },
  ]);
  await p.idle();
  const job = await json(await p.call(`/v2/jobs/${result.job!.id}`));
  const [project] = await json(await p.call(`/v2/projects?id=${job.stats.projects[0].id}`));
  docs = new Map(project.document.map((d: { id: number; name: string }) => [d.name, d.id]));
});

afterAll(async () => {
  await client.close();
  await p.close();
  await fake.close();
  await rm(root, { recursive: true, force: true });
});

describe('context reaches the platform, the job’s documents and the MT request', () => {
  it('i18next JSON: the context file’s description, max_length and placeholder meanings; do_not_translate left out', async () => {
    const c = await contextOf('locales/en/common.json');
    expect(c.get('settings.general')).toMatchObject({
      description: "Labels on the settings screen's tabs",
      max_length: 16,
      owners: { description: 'locales/en/common.context.yml', maxLength: 'locales/en/common.context.yml' },
    });
    expect(c.get('unread')?.placeholders).toEqual({ count: { description: 'number of unread messages' } });
    // do_not_translate: never a segment, so never sent to translators or MT.
    expect(c.has('brand')).toBe(false);
  });

  it('ARB: description and the placeholder’s type and example, owned by the file', async () => {
    const c = (await contextOf('l10n/app_en.arb')).get('inboxCount')!;
    expect(c).toMatchObject({
      description: 'Badge on the inbox tab',
      placeholders: { count: { type: 'int', example: '3' } },
      owners: { description: 'l10n/app_en.arb', placeholders: 'l10n/app_en.arb' },
    });
  });

  it('PO: the #. comment is the description; Android: the comment above and the xliff:g example', async () => {
    expect((await contextOf('po/messages.pot')).get('Open')?.description).toBe(
      'Verb: the button that opens the selected file',
    );
    expect((await contextOf('res/values/strings.xml')).get('downloads_title')).toMatchObject({
      description: 'Title of the screen that lists downloaded files',
      placeholders: { count: { example: '12' } },
    });
  });

  it('YAML: the config’s max_length narrowed by files:', async () => {
    expect((await contextOf('config/locales/en.yml')).get('settings.title')).toMatchObject({
      max_length: 24,
      owners: { maxLength: '.svc.yml' },
    });
  });

  it('the document’s XLIFF download carries description, max length and placeholder meanings', async () => {
    const res = await p.call(`/v2/documents/files?id=${docs.get('locales/en/common.json')}&is_xliff=true`);
    const xliff = await res.text();
    expect(xliff).toContain('maxwidth="16" size-unit="char"');
    expect(xliff).toContain(`<note from="description">Labels on the settings screen's tabs</note>`);
    expect(xliff).toContain('<note from="placeholders">count: number of unread messages</note>');
  });

  it('pretranslation sends each string’s description, max_length, placeholders and glossary terms in one request', async () => {
    fake.requests.length = 0;
    const ids = [...docs.values()];
    const started = await p.call('/v2/documents/pretranslate', {
      method: 'POST',
      json: { id: ids, mode: 'TM+MT' },
    });
    expect(started.status).toBe(202);
    await p.idle();
    const items = fake.requests.flatMap(userItems);
    const byText = new Map(items.map((i) => (typeof i === 'string' ? [i, { text: i }] : [i.text, i])));
    expect(byText.get('General')).toEqual({
      text: 'General',
      description: "Labels on the settings screen's tabs",
      max_length: 16,
    });
    const unread = [...byText.values()].find((i) => i.text.includes('unread messages'));
    expect(unread).toMatchObject({
      description: 'Banner above the inbox',
      placeholders: { count: 'number of unread messages' },
      glossary: { inbox: 'Posteingang' },
    });
    const badge = [...byText.values()].find((i) => i.text.includes('new in your inbox'));
    expect(badge).toMatchObject({
      description: 'Badge on the inbox tab',
      placeholders: { count: 'int, e.g. 3' },
    });
    expect(byText.get('Open')).toMatchObject({
      description: 'Verb: the button that opens the selected file',
    });
    expect(byText.get('Account settings')).toMatchObject({ max_length: 24 });
    expect([...byText.keys()].some((t) => t.includes('Acme Cloud'))).toBe(false);
    // Batched: one request per document, each carrying all of its strings.
    expect(fake.requests.length).toBeLessThanOrEqual(docs.size);
    const system = (fake.requests[0]!.body as { messages: { role: string; content: string }[] }).messages[0]!;
    expect(system.content).toContain('"max_length" is the most characters the translation may have');
  });
});

describe('the repository owns its context fields', () => {
  it('a description edited in the context file reaches the platform on the next sync, though the source did not change', async () => {
    await put(
      'locales/en/common.context.yml',
      FILES['locales/en/common.context.yml']!.replace(
        "Labels on the settings screen's tabs",
        'Tab labels of the settings screen (nouns)',
      ),
    );
    const again = await sync();
    expect(again.job).toBeUndefined();
    const c = await contextOf('locales/en/common.json');
    expect(c.get('settings.general')?.description).toBe('Tab labels of the settings screen (nouns)');
  });

  it('a platform edit of a repository-owned field is refused with where it lives, and nothing changes', async () => {
    const edit = (body: Record<string, unknown>) =>
      p.call('/v2/documents/context', {
        method: 'POST',
        json: { document_id: docs.get('locales/en/common.json'), unit_id: 'settings.general', ...body },
      });
    const refused = await edit({ description: 'Something else', note: 'x' });
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toContain(
      'description comes from locales/en/common.context.yml; edit it there',
    );
    const arb = await p.call('/v2/documents/context', {
      method: 'POST',
      json: { document_id: docs.get('l10n/app_en.arb'), unit_id: 'inboxCount', max_length: 10 },
    });
    expect(arb.status).toBe(409);
    expect((await arb.json()).message).toContain('max_length is kept in the repository');
    const c = await contextOf('locales/en/common.json');
    expect(c.get('settings.general')).toMatchObject({
      description: 'Tab labels of the settings screen (nouns)',
      platform_notes: [],
    });
  });

  it('a note added on the platform is kept apart and survives syncs, new uploads included', async () => {
    const added = await p.call('/v2/documents/context', {
      method: 'POST',
      json: {
        document_id: docs.get('locales/en/common.json'),
        unit_id: 'settings.general',
        note: '"Allgemein" in German, as on the website',
      },
    });
    expect(added.status).toBe(201);
    expect((await added.json()).platform_notes).toMatchObject([
      { text: '"Allgemein" in German, as on the website' },
    ]);
    // A source change uploads the file again and makes a new job: the note is still there.
    await put(
      'locales/en/common.json',
      FILES['locales/en/common.json']!.replace('"General"', '"General settings"'),
    );
    const third = await sync();
    expect(third.job).toBeDefined();
    await p.idle();
    expect((await contextOf('locales/en/common.json')).get('settings.general')?.platform_notes).toMatchObject(
      [{ text: '"Allgemein" in German, as on the website' }],
    );
    const job = await json(await p.call(`/v2/jobs/${third.job!.id}`));
    const [project] = await json(await p.call(`/v2/projects?id=${job.stats.projects[0].id}`));
    const doc = project.document.find((d: { name: string }) => d.name === 'locales/en/common.json');
    const fresh = (await json(await p.call(`/v2/documents/context?id=${doc.id}`))) as Context[];
    expect(fresh.find((c) => c.unit_id === 'settings.general')).toMatchObject({
      description: 'Tab labels of the settings screen (nouns)',
      platform_notes: [{ text: '"Allgemein" in German, as on the website' }],
    });
  });
});

describe('PUT /v2/files/context', () => {
  const stored = async () =>
    (
      await p.database.db
        .selectFrom('unit_contexts')
        .select(['unit_id', 'description'])
        .where('file_name', '=', 'split.json')
        .orderBy('unit_id')
        .execute()
    ).map((r) => `${r.unit_id}=${r.description}`);
  const put = (files: unknown) => p.call('/v2/files/context', { method: 'PUT', json: { files } });
  const unit = (id: string, description: string) => ({
    id,
    description,
    origins: { description: '.svc.yml' },
  });

  it('replaces a file’s context, appends the parts of a split request, and clears it with no units', async () => {
    expect((await put([{ name: 'split.json', units: [unit('a', 'old'), unit('z', 'gone')] }])).status).toBe(
      200,
    );
    await put([{ name: 'split.json', units: [unit('a', 'A')] }]);
    await put([{ name: 'split.json', units: [unit('b', 'B'), unit('a', 'A2')], append: true }]);
    expect(await stored()).toEqual(['a=A2', 'b=B']);
    await put([{ name: 'split.json', units: [] }]);
    expect(await stored()).toEqual([]);
  });

  it('refuses a malformed entry with the field named, storing nothing', async () => {
    const res = await put([{ name: 'split.json', units: [{ id: 'a', maxLength: -1, origins: {} }] }]);
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(/maxLength/);
    expect(await stored()).toEqual([]);
  });

  it('refuses a unit or a file named twice in one request (400 naming both), storing nothing', async () => {
    const unit = { id: 'a', description: 'd', origins: {} };
    const twice = await put([{ name: 'split.json', units: [unit, { ...unit, description: 'e' }] }]);
    expect(twice.status).toBe(400);
    expect((await twice.json()).message).toBe(
      'files.0.units.1.id: repeats the id of item 0 ("a"): each id once',
    );
    const files = await put([
      { name: 'split.json', units: [unit] },
      { name: 'split.json', units: [] },
    ]);
    expect(files.status).toBe(400);
    expect((await files.json()).message).toMatch(/^files\.1\.name: repeats the name of item 0/);
    expect(await stored()).toEqual([]);
  });
});
