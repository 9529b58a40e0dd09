/**
 * Issue 34, findings 2, 4 and 6, synced end to end (instant mode, writing) against a real
 * platform, each target checked with the format's own runtime where it installs here:
 * - i18next JSON: a Russian plural people wrote without `_other` (fixture shape from a public
 *   project's `ru/upload.json`: `filesCount_one/_few/_many`, no `_other`) keeps every form byte
 *   for byte and gains only the category it lacks; the `i18next` package then gives a Russian text
 *   for every key and every category Russian needs (CLDR, through Intl.PluralRules);
 * - a translation equal to its source (German "Browser") arrives, in JSON and in PO;
 * - text with no words (`%{count}+`) is never sent: written as its source where the runtime has
 *   no fallback (Rails YAML, read back with Ruby's YAML.safe_load), left to the fallback elsewhere
 *   (`.properties`), reported either way, and never a failed run.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next from 'i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createClient } from '../../src/api/index.ts';
import type { SyncResult } from '../../src/sync/run.ts';
import { syncSummary } from '../../src/sync/summary.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';
import { workspaceSync } from '../support/workspace-sync.ts';

/** MT that answers words it knows as German has them ("Browser", "Icon") and marks everything else. */
const mt = {
  name: 'identity-words',
  async translate(req: { sources: string[] }) {
    return req.sources.map((s) => ({ target: s === 'Browser' || s === 'Icon' ? s : `DE[${s}]` }));
  },
};

const fixture = (path: string) => readFileSync(join('test/fixtures', path), 'utf8');

const CONFIG = `source: en
targets: [de, ru]
mode: instant
files:
  - source: locales/en/upload.json
    translation: locales/%lang%/upload.json
  - source: config/locales/en.yml
    translation: config/locales/%lang%.yml
  - source: bundle/help_en.properties
    translation: bundle/help_%lang%.properties
  - source: po/messages.pot
    translation: po/%lang%.po
`;

const POT = `msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"

msgid "Browser"
msgstr ""

msgid "Files"
msgstr ""
`;

const poOf = (lang: string, files: string) => `msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"
"Language: ${lang}\\n"

msgid "Files"
msgstr "${files}"
`;

let p: TestPlatform;
let client: Client;
let ws: Awaited<ReturnType<typeof workspaceSync>>;
const put = (path: string, bytes: string | Uint8Array) => ws.put(path, bytes);
const read = (path: string) => ws.read(path);
const sync = () => ws.sync();

const RU_BEFORE = fixture('json/i18next-upload-ru.json');
let first: SyncResult;
const before = new Map<string, string>();

beforeAll(async () => {
  p = await startPlatform({ mt });
  client = createClient({ baseUrl: p.url, apiKey: p.key });
  ws = await workspaceSync({ client, config: CONFIG, repo: 'every-string' });
  await put('locales/en/upload.json', fixture('json/i18next-upload-en.json'));
  await put('locales/ru/upload.json', RU_BEFORE);
  await put('locales/de/upload.json', '{\n  "title": "Dateien hochladen"\n}\n');
  await put('config/locales/en.yml', fixture('yaml/rails-wordless-en.yml'));
  await put('config/locales/de.yml', fixture('yaml/rails-wordless-de.yml'));
  await put('config/locales/ru.yml', 'ru:\n  results:\n    title: Результаты поиска\n');
  await put('bundle/help_en.properties', fixture('properties/help_en.properties'));
  await put('bundle/help_de.properties', 'help.title=Hilfe\n');
  await put('bundle/help_ru.properties', 'help.title=Справка\n');
  await put('po/messages.pot', POT);
  await put('po/de.po', poOf('de', 'Dateien'));
  await put('po/ru.po', poOf('ru', 'Файлы'));
  first = await sync();
  for (const path of [
    'locales/ru/upload.json',
    'locales/de/upload.json',
    'config/locales/de.yml',
    'po/de.po',
  ])
    before.set(path, await read(path));
});

afterAll(async () => {
  await client.close();
  await p.close();
  await ws?.remove();
});

describe('i18next: a Russian plural people wrote without _other', () => {
  it('keeps every form people wrote, byte for byte, and adds only the category it lacks', async () => {
    expect(first.failures ?? []).toEqual([]);
    const ru = await read('locales/ru/upload.json');
    // Every line people wrote is still there, in their order (a comma may follow a former last member).
    const bare = (text: string) => text.split('\n').map((l) => l.replace(/,$/, ''));
    const lines = bare(ru);
    let at = 0;
    for (const line of bare(RU_BEFORE)) {
      const found = lines.indexOf(line, at);
      expect(found, `line ${JSON.stringify(line)} kept`).toBeGreaterThanOrEqual(0);
      at = found + 1;
    }
    const json = JSON.parse(ru);
    expect(json).toMatchObject({
      filesCount_one: '{{count}} файл',
      filesCount_few: '{{count}} файла',
      filesCount_many: '{{count}} файлов',
      size_one: '{{count, number}}',
      size_few: '{{count, number}}',
      size_many: '{{count, number}}',
      size_other: '{{count, number}}',
    });
    expect(typeof json.filesCount_other).toBe('string');
    expect(Object.keys(json).filter((k) => k.startsWith('filesCount_'))).toHaveLength(4);
  });

  it('i18next itself gives a Russian text for every source key and every category Russian needs', async () => {
    const en = JSON.parse(fixture('json/i18next-upload-en.json'));
    const ru = JSON.parse(await read('locales/ru/upload.json'));
    const i18n = i18next.createInstance();
    // No fallback language: a key Russian lacks comes back as the key itself.
    await i18n.init({ lng: 'ru', fallbackLng: false, resources: { ru: { translation: ru } } });
    const bases = new Set(Object.keys(en).map((k) => k.replace(/_(zero|one|two|few|many|other)$/, '')));
    // A count for each CLDR category of Russian: one (1), few (2), many (5), other (1.5).
    const counts = new Map<string, number>();
    for (const n of [1, 2, 5, 1.5]) counts.set(new Intl.PluralRules('ru').select(n), n);
    expect([...counts.keys()].sort()).toEqual(
      [...new Intl.PluralRules('ru').resolvedOptions().pluralCategories].sort(),
    );
    for (const base of bases) {
      const plural = `${base}_other` in en;
      for (const [category, count] of plural ? counts : new Map([['', undefined]])) {
        const text = i18n.t(base, count === undefined ? {} : { count });
        expect(text, `${base} (${category})`).not.toBe(base);
        expect(text, `${base} (${category})`).not.toBe('');
      }
    }
    expect(i18n.t('filesCount', { count: 2 })).toBe('2 файла');
  });
});

describe('a translation equal to its source', () => {
  it('arrives: German "Browser" and "Icon" in JSON, "Browser" in PO', async () => {
    const de = JSON.parse(await read('locales/de/upload.json'));
    expect(de).toMatchObject({ browser: 'Browser', icon: 'Icon', title: 'Dateien hochladen' });
    expect(await read('po/de.po')).toContain('msgid "Browser"\nmsgstr "Browser"\n');
  });
});

describe('text with no words', () => {
  it('is never sent and never fails the run: the .properties "?" is left to the fallback, and reported', async () => {
    expect(first.failures ?? []).toEqual([]);
    expect(await read('bundle/help_de.properties')).toBe('help.title=Hilfe\n');
    expect(
      ws.infos.some((m) => m.startsWith('bundle/help_de.properties (de): 1 unit(s) with no words')),
    ).toBe(true);
    // …and in the run's summary (the Action's step summary, `sync`'s terminal output).
    const summary = syncSummary(first, { targets: ['de', 'ru'] });
    expect(summary).toContain('**No words to translate (never sent)**');
    expect(summary).toMatch(
      /- `bundle\/help_de\.properties` \(de\): 1 unit\(s\) with no words to translate, not sent: new ones are left to the fallback/,
    );
    expect(summary).toMatch(
      /- `config\/locales\/de\.yml` \(de\): 2 unit\(s\) .*\(yaml has no fallback to the source\)/,
    );
  });

  it('reaches a Rails target as its source text (Rails has no fallback), and is reported', async () => {
    const yml = await read('config/locales/de.yml');
    expect(
      ws.infos.some((m) => /config\/locales\/de\.yml \(de\): 2 unit\(s\) with no words.*no fallback/.test(m)),
    ).toBe(true);
    expect(yml.startsWith('de:\n  results:\n')).toBe(true);
    expect(yml).toContain('title: Suchergebnisse\n');
    const ruby = ['/usr/bin/ruby', '/usr/local/bin/ruby'].find((r) => existsSync(r));
    if (!ruby) {
      if (process.env['CI']) throw new Error('ruby is missing (Debian package ruby)');
      console.warn('skipped: Ruby YAML oracle needs the Debian package ruby');
      return;
    }
    const loaded = JSON.parse(
      execFileSync(ruby, ['-ryaml', '-rjson', '-e', 'print JSON.generate(YAML.safe_load(STDIN.read))'], {
        input: yml,
      }).toString(),
    );
    expect(loaded).toEqual({
      de: {
        results: {
          more: '%{count}+',
          coordinates: '%{latitude}, %{longitude}',
          title: 'Suchergebnisse',
        },
      },
    });
  });
});

describe('a second sync', () => {
  it('changes no byte', async () => {
    await sync();
    for (const [path, text] of before) expect(await read(path), path).toBe(text);
  });
});
