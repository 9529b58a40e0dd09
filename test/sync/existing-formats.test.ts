/**
 * Issue 20's acceptance over every format of the registry: realistic repositories with partial
 * translations by people in two languages (test/fixtures/existing/<format>/), synced in instant
 * mode against a real platform. The formats come from the registry, so a format added without
 * fixtures here fails this suite.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createClient } from '../../src/api/index.ts';
import { settingsFrom } from '../../src/config/settings.ts';
import { FORMATS, formatByName } from '../../src/formats/registry.ts';
import { editTarget, sameText, targetTranslations, type UnitText } from '../../src/formats/target.ts';
import type { PullRequestUpdate } from '../../src/github/pull-request-body.ts';
import { pullRequestBody } from '../../src/github/pull-request-body.ts';
import { runSync, type SyncResult } from '../../src/sync/run.ts';
import { memoryName } from '../../src/translations/memories.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';

const FIXTURES = join(import.meta.dirname, '../fixtures/existing');
const LANGS = ['de', 'ru'] as const;
type Lang = (typeof LANGS)[number];

/** A text edit that must apply: a fixture that drifted from its case is a broken test, not a pass. */
interface Replace {
  from: string | RegExp;
  to: string;
}

interface Case {
  /** Fixture file names in test/fixtures/existing/<format>/. */
  fixtures: { source: string } & Record<Lang, string>;
  /** Where they live in the repository. */
  paths: { source: string } & Record<Lang, string>;
  /** The `files:` entry. */
  pattern: string;
  translation: string;
  /** One source string changed: the unit's id (and its new id where the id is the text). */
  change: Replace & { id: string; newId?: string; lines: number };
  /** A person's edit in the German target: the unit and its source text (for the memory). */
  edit: Replace & { id: string; source: string; text: string };
  /** A unit taken out of the source. */
  remove: Replace & { id: string };
  /** Lines of units a target holds empty (untranslated): the first sync fills them. */
  filled?: Partial<Record<Lang, string[]>>;
}

const CASES: Record<string, Case> = {
  json: {
    fixtures: { source: 'en.json', de: 'de.json', ru: 'ru.json' },
    paths: { source: 'locales/en/common.json', de: 'locales/de/common.json', ru: 'locales/ru/common.json' },
    pattern: 'locales/en/*.json',
    translation: 'locales/%lang%/%file%',
    change: { id: 'app.save', from: '"Save"', to: '"Save all"', lines: 1 },
    edit: {
      id: 'app.title',
      from: '"Notizen"',
      to: '"Meine Notizen"',
      source: 'Notes',
      text: 'Meine Notizen',
    },
    remove: { id: 'app.delete', from: '\n    "delete": "Delete",', to: '' },
  },
  arb: {
    fixtures: { source: 'app_en.arb', de: 'app_de.arb', ru: 'app_ru.arb' },
    paths: { source: 'lib/l10n/app_en.arb', de: 'lib/l10n/app_de.arb', ru: 'lib/l10n/app_ru.arb' },
    pattern: 'lib/l10n/app_en.arb',
    translation: 'lib/l10n/app_%lang%.arb',
    change: { id: 'save', from: '"save": "Save"', to: '"save": "Save all"', lines: 1 },
    edit: {
      id: 'appTitle',
      from: '"Notizen"',
      to: '"Meine Notizen"',
      source: 'Notes',
      text: 'Meine Notizen',
    },
    remove: {
      id: 'delete',
      from: '  "delete": "Delete",\n  "@delete": {\n    "description": "Button that deletes the selected note"\n  },\n',
      to: '',
    },
  },
  yaml: {
    fixtures: { source: 'en.yml', de: 'de.yml', ru: 'ru.yml' },
    paths: { source: 'config/locales/en.yml', de: 'config/locales/de.yml', ru: 'config/locales/ru.yml' },
    pattern: 'config/locales/en.yml',
    translation: 'config/locales/%lang%.yml',
    change: { id: 'notes.save', from: '    save: Save\n', to: '    save: Save all\n', lines: 1 },
    edit: {
      id: 'notes.title',
      from: 'title: Notizen',
      to: 'title: Meine Notizen',
      source: 'Notes',
      text: 'Meine Notizen',
    },
    remove: { id: 'notes.delete', from: '    delete: Delete\n', to: '' },
  },
  properties: {
    fixtures: { source: 'messages.properties', de: 'messages_de.properties', ru: 'messages_ru.properties' },
    paths: {
      source: 'src/main/resources/messages.properties',
      de: 'src/main/resources/messages_de.properties',
      ru: 'src/main/resources/messages_ru.properties',
    },
    pattern: 'src/main/resources/messages.properties',
    translation: 'src/main/resources/messages_%lang%.properties',
    change: { id: 'app.save', from: 'app.save=Save\n', to: 'app.save=Save all\n', lines: 1 },
    edit: {
      id: 'app.title',
      from: 'app.title=Notizen',
      to: 'app.title=Meine Notizen',
      source: 'Notes',
      text: 'Meine Notizen',
    },
    remove: { id: 'app.delete', from: 'app.delete=Delete\n', to: '' },
  },
  strings: {
    fixtures: { source: 'en.strings', de: 'de.strings', ru: 'ru.strings' },
    paths: {
      source: 'App/en.lproj/Localizable.strings',
      de: 'App/de.lproj/Localizable.strings',
      ru: 'App/ru.lproj/Localizable.strings',
    },
    pattern: 'App/en.lproj/*.strings',
    translation: 'App/%lang%.lproj/%file%',
    change: { id: 'notes.save', from: '"notes.save" = "Save";', to: '"notes.save" = "Save all";', lines: 1 },
    edit: {
      id: 'notes.title',
      from: '"notes.title" = "Notizen";',
      to: '"notes.title" = "Meine Notizen";',
      source: 'Notes',
      text: 'Meine Notizen',
    },
    remove: {
      id: 'notes.delete',
      from: '/* Button: delete the current note */\n"notes.delete" = "Delete";\n\n',
      to: '',
    },
  },
  android: {
    fixtures: { source: 'strings.xml', de: 'strings-de.xml', ru: 'strings-ru.xml' },
    paths: {
      source: 'app/src/main/res/values/strings.xml',
      de: 'app/src/main/res/values-de/strings.xml',
      ru: 'app/src/main/res/values-ru/strings.xml',
    },
    pattern: 'app/src/main/res/values/strings.xml',
    translation: 'app/src/main/res/values-%android_code%/strings.xml',
    change: { id: 'action_save', from: '>Save<', to: '>Save all<', lines: 1 },
    edit: {
      id: 'title_notes',
      from: '>Notizen<',
      to: '>Meine Notizen<',
      source: 'Notes',
      text: 'Meine Notizen',
    },
    remove: { id: 'action_delete', from: '    <string name="action_delete">Delete</string>\n', to: '' },
  },
  po: {
    fixtures: { source: 'messages.pot', de: 'de.po', ru: 'ru.po' },
    paths: { source: 'po/messages.pot', de: 'po/de.po', ru: 'po/ru.po' },
    pattern: 'po/messages.pot',
    translation: 'po/%lang%.po',
    // A PO unit is its msgid: a changed source string is a new unit in place of the old one.
    // A target whose order differs from the POT's gets the new entry at the POT's place: the old
    // entry's comment, msgid, msgstr and blank line leave, the new one's arrive.
    change: { id: 'Save', newId: 'Save all', from: 'msgid "Save"\n', to: 'msgid "Save all"\n', lines: 4 },
    edit: {
      id: 'Notes',
      from: 'msgstr "Notizen"',
      to: 'msgstr "Meine Notizen"',
      source: 'Notes',
      text: 'Meine Notizen',
    },
    remove: { id: 'Delete', from: '#: app/views.py:21\nmsgid "Delete"\nmsgstr ""\n\n', to: '' },
    filled: { ru: ['msgstr ""'] },
  },
  stringsdict: {
    fixtures: { source: 'en.stringsdict', de: 'de.stringsdict', ru: 'ru.stringsdict' },
    paths: {
      source: 'App/en.lproj/Localizable.stringsdict',
      de: 'App/de.lproj/Localizable.stringsdict',
      ru: 'App/ru.lproj/Localizable.stringsdict',
    },
    pattern: 'App/en.lproj/*.stringsdict',
    translation: 'App/%lang%.lproj/%file%',
    // Russian few/many/other all follow the source's `other`: the unit's three lines.
    change: {
      id: 'days.ago|days',
      from: '<string>%d days ago</string>',
      to: '<string>%d days back</string>',
      lines: 3,
    },
    edit: {
      id: 'notes.count|notes',
      from: '<string>%d Notizen</string>',
      to: '<string>%d Notizen insgesamt</string>',
      source: '%d notes',
      text: '%d Notizen insgesamt',
    },
    remove: {
      id: 'files.left|files',
      from: /\t<key>files\.left<\/key>\n\t<dict>[\s\S]*?\n\t<\/dict>\n/,
      to: '',
    },
  },
  xliff12: {
    fixtures: { source: 'messages.xlf', de: 'messages.de.xlf', ru: 'messages.ru.xlf' },
    paths: {
      source: 'src/locale/messages.xlf',
      de: 'src/locale/messages.de.xlf',
      ru: 'src/locale/messages.ru.xlf',
    },
    pattern: 'src/locale/messages.xlf',
    translation: 'src/locale/messages.%lang%.xlf',
    // The target carries the source text too: its <source> and <target> change.
    change: { id: 'saveButton', from: '<source>Save</source>', to: '<source>Save all</source>', lines: 2 },
    edit: {
      id: 'notesTitle',
      from: '>Notizen</target>',
      to: '>Meine Notizen</target>',
      source: 'Notes',
      text: 'Meine Notizen',
    },
    remove: { id: 'deleteButton', from: /\n {6}<trans-unit id="deleteButton"[\s\S]*?<\/trans-unit>/, to: '' },
  },
  xliff2: {
    fixtures: { source: 'messages.xlf', de: 'messages.de.xlf', ru: 'messages.ru.xlf' },
    paths: {
      source: 'src/locale/messages.xlf',
      de: 'src/locale/messages.de.xlf',
      ru: 'src/locale/messages.ru.xlf',
    },
    pattern: 'src/locale/messages.xlf',
    translation: 'src/locale/messages.%lang%.xlf',
    change: { id: 'saveButton', from: '<source>Save</source>', to: '<source>Save all</source>', lines: 2 },
    edit: {
      id: 'notesTitle',
      from: '>Notizen</target>',
      to: '>Meine Notizen</target>',
      source: 'Notes',
      text: 'Meine Notizen',
    },
    remove: { id: 'deleteButton', from: /\n {4}<unit id="deleteButton">[\s\S]*?<\/unit>/, to: '' },
  },
  csv: {
    fixtures: { source: 'strings.csv', de: 'strings-de.csv', ru: 'strings-ru.csv' },
    paths: { source: 'i18n/en/strings.csv', de: 'i18n/de/strings.csv', ru: 'i18n/ru/strings.csv' },
    pattern: 'i18n/en/strings.csv',
    translation: 'i18n/%lang%/strings.csv',
    change: { id: 'notes.save', from: 'notes.save,Save,', to: 'notes.save,Save all,', lines: 1 },
    edit: {
      id: 'notes.title',
      from: 'notes.title,Notizen,',
      to: 'notes.title,Meine Notizen,',
      source: 'Notes',
      text: 'Meine Notizen',
    },
    remove: { id: 'notes.delete', from: 'notes.delete,Delete,Button\r\n', to: '' },
  },
  markdown: {
    fixtures: { source: 'guide.md', de: 'guide-de.md', ru: 'guide-ru.md' },
    paths: { source: 'docs/en/guide.md', de: 'docs/de/guide.md', ru: 'docs/ru/guide.md' },
    pattern: 'docs/en/*.md',
    translation: 'docs/%lang%/%file%',
    // Units are positional: the changed unit is the third paragraph, the removed one the last.
    change: {
      id: 'p3',
      from: "type a colleague's address",
      to: "type a colleague's email address",
      lines: 1,
    },
    edit: {
      id: 'h1',
      from: '# Erste Schritte',
      to: '# Los geht’s',
      source: 'Getting started',
      text: 'Los geht’s',
    },
    remove: { id: 'p4', from: '\nQuestions? Write to support@acme.example.\n', to: '' },
  },
  text: {
    fixtures: { source: 'description.txt', de: 'description-de.txt', ru: 'description-ru.txt' },
    paths: {
      source: 'store/en/description.txt',
      de: 'store/de/description.txt',
      ru: 'store/ru/description.txt',
    },
    pattern: 'store/en/*.txt',
    translation: 'store/%lang%/%file%',
    change: {
      id: 'l4',
      from: 'No account needed for local notes.',
      to: 'No account needed for notes on this device.',
      lines: 1,
    },
    edit: {
      id: 'l1',
      from: 'schnelle, private Notizen',
      to: 'schnelle und private Notizen',
      source: 'Acme Notes: fast, private notes.',
      text: 'Acme Notes: schnelle und private Notizen.',
    },
    remove: { id: 'l5', from: 'Dark mode, widgets and "quick capture".\n', to: '' },
  },
};

/** Applies a replacement that must match. */
function apply(text: string, r: Replace): string {
  const out = text.replace(r.from, r.to);
  if (out === text) throw new Error(`the fixture no longer contains ${String(r.from)}`);
  return out;
}

const configOf = (c: Case) => `source: en
targets: [de, ru]
mode: instant
files:
  - source: ${c.pattern}
    translation: ${c.translation}
`;

/**
 * The lines of `before` that are not in the longest common subsequence of lines with `after`:
 * what a change took away or moved. A separator comma a new sibling needs after a former last
 * entry (JSON, ARB) belongs to no unit, so it does not count; `filled` lines (units a target held
 * empty) may change once each.
 */
function linesKeptInOrder(before: string, after: string, filled: readonly string[] = []): string[] {
  const bare = (line: string) => line.replace(/,(\r?)$/, '$1');
  const x = before.split('\n').map(bare);
  const y = after.split('\n').map(bare);
  // lcs[i][j]: the longest common subsequence of x[i..] and y[j..].
  const lcs = Array.from({ length: x.length + 1 }, () => new Array<number>(y.length + 1).fill(0));
  for (let i = x.length - 1; i >= 0; i--)
    for (let j = y.length - 1; j >= 0; j--)
      lcs[i]![j] = x[i] === y[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const missing: string[] = [];
  const mayChange = [...filled];
  for (let i = 0, j = 0; i < x.length; ) {
    if (j < y.length && x[i] === y[j]) {
      i++;
      j++;
    } else if (j < y.length && lcs[i]![j + 1]! >= lcs[i + 1]![j]!) j++;
    else {
      const filling = mayChange.indexOf(x[i]!);
      if (filling >= 0) mayChange.splice(filling, 1);
      else missing.push(x[i]!);
      i++;
    }
  }
  return missing;
}

/** The ids whose text differs between two translation maps (present in one only, or different). */
function changedIds(a: Map<string, UnitText>, b: Map<string, UnitText>): string[] {
  const ids = new Set([...a.keys(), ...b.keys()]);
  return [...ids].filter((id) => !sameText(a.get(id), b.get(id))).sort();
}

let p: TestPlatform;
let client: Client;

beforeAll(async () => {
  p = await startPlatform();
  client = createClient({ baseUrl: p.url, apiKey: p.key });
});

afterAll(async () => {
  await client.close();
  await p.close();
});

/** Issue 20's acceptance lines, one test each. */
type Check = 'keeps' | 'layout' | 'current' | 'change' | 'edit' | 'remove' | 'listed';

/**
 * Acceptance lines a bug in src/ still breaks, by format: each is left out (not weakened) until the
 * bug is fixed, and the reason says what fails. Delete an entry with its fix.
 */
const OPEN: Partial<Record<string, Partial<Record<Check, string>>>> = {};

type Synced = SyncResult & { delivered: string[]; update: PullRequestUpdate | undefined };

// Multilingual formats (`.xcstrings`) take every language in the source file itself: synced in
// their own describe below, and proven at the format level.
const SYNCED = FORMATS.filter((f) => (f.holds ?? 'one') !== 'all').map((f) => f.name);
const MULTILINGUAL = FORMATS.filter((f) => f.holds === 'all').map((f) => f.name);

describe.each(SYNCED)('%s: a repository with people’s translations', (name) => {
  const c = CASES[name];
  const format = formatByName(name)!;
  const repo = `existing-${name}`;
  let root: string;
  const put = async (path: string, text: string | Uint8Array) => {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  };
  const read = (path: string) => readFile(join(root, path), 'utf8');
  const translations = async (lang: Lang) =>
    targetTranslations(format, await readFile(join(root, c!.paths[lang])), lang);
  const sync = async (): Promise<Synced> => {
    const delivered: string[] = [];
    let update: PullRequestUpdate | undefined;
    const result = await runSync({
      client,
      workspace: root,
      settings: settingsFrom(configOf(c!), '.svc.yml', { base: 'main' }),
      origin: { owner: 'acme', repo, ref: 'main' },
      waitTimeoutMs: 30_000,
      sink: async (files, u) => {
        update = u;
        for (const f of files) {
          delivered.push(f.path);
          await put(f.path, f.content);
        }
        return undefined;
      },
    });
    return Object.assign(result, { delivered: delivered.sort(), update });
  };

  beforeAll(async () => {
    if (!c) return;
    root = await mkdtemp(join(tmpdir(), `svc-existing-${name}-`));
    await put('.svc.yml', configOf(c));
    for (const key of ['source', ...LANGS] as const)
      await put(c.paths[key], await readFile(join(FIXTURES, name, c.fixtures[key])));
  });
  afterAll(() => (root ? rm(root, { recursive: true, force: true }) : undefined));

  /** An acceptance line, unless a bug in src/ still breaks it for this format (see OPEN). */
  const line = (check: Check, title: string, test: () => Promise<void>) => {
    if (!OPEN[name]?.[check]) it(title, test);
  };
  let first: { before: string[]; held: Map<string, UnitText>[]; after: string[] } | undefined;
  let removal: Synced | undefined;

  it('has realistic fixtures in test/fixtures/existing', () => {
    expect(c, `no case for ${name} in test/sync/existing-formats.test.ts`).toBeDefined();
    for (const file of Object.values(c!.fixtures)) expect(existsSync(join(FIXTURES, name, file))).toBe(true);
  });

  line('keeps', 'first sync keeps every existing translation and fills the gaps', async () => {
    const before = await Promise.all(LANGS.map((l) => read(c!.paths[l])));
    const held = await Promise.all(LANGS.map(translations));
    const units = format.parse(await readFile(join(root, c!.paths.source))).filter((u) => u.translatable);
    const result = await sync();
    expect(result.problems ?? []).toEqual([]);
    for (const [i, lang] of LANGS.entries()) {
      const after = await translations(lang);
      for (const [id, text] of held[i]!)
        if (units.some((u) => u.id === id)) expect([lang, id, after.get(id)]).toEqual([lang, id, text]);
      expect(
        units.filter((u) => !after.has(u.id)).map((u) => u.id),
        `${lang}: untranslated`,
      ).toEqual([]);
    }
    first = { before, held, after: await Promise.all(LANGS.map((l) => read(c!.paths[l]))) };
  });

  line('layout', 'first sync keeps the target’s own lines, in its own order', async () => {
    for (const [i, lang] of LANGS.entries())
      expect(
        linesKeptInOrder(first!.before[i]!, first!.after[i]!, c!.filled?.[lang]),
        `${lang}: lines lost`,
      ).toEqual([]);
  });

  line('current', 'a second sync over complete, current translations changes no byte', async () => {
    const before = await Promise.all(LANGS.map((l) => read(c!.paths[l])));
    const result = await sync();
    expect(result.delivered).toEqual([]);
    expect(await Promise.all(LANGS.map((l) => read(c!.paths[l])))).toEqual(before);
  });

  line('change', 'a changed source string changes exactly that unit in each target', async () => {
    const before = await Promise.all(LANGS.map((l) => read(c!.paths[l])));
    const held = await Promise.all(LANGS.map(translations));
    await put(c!.paths.source, apply(await read(c!.paths.source), c!.change));
    const result = await sync();
    expect(result.delivered).toEqual([c!.paths.de, c!.paths.ru].sort());
    for (const [i, lang] of LANGS.entries()) {
      const after = await read(c!.paths[lang]);
      expect(changedIds(held[i]!, await translations(lang))).toEqual(
        [c!.change.id, ...(c!.change.newId ? [c!.change.newId] : [])].sort(),
      );
      // Both ways: the lines the unit had are gone, the lines it has now are new, nothing else moved.
      expect(linesKeptInOrder(before[i]!, after).length, `${lang}: lines changed`).toBeLessThanOrEqual(
        c!.change.lines,
      );
      expect(linesKeptInOrder(after, before[i]!).length, `${lang}: lines changed`).toBeLessThanOrEqual(
        c!.change.lines,
      );
    }
  });

  line(
    'edit',
    'a person’s edit in a target survives the next sync and the memory answers with it',
    async () => {
      const edited = apply(await read(c!.paths.de), c!.edit);
      await put(c!.paths.de, edited);
      const result = await sync();
      expect(result.delivered).not.toContain(c!.paths.de);
      expect(await read(c!.paths.de)).toBe(edited);
      const de = result.targets!.units.find((u) => u.target === 'de')!;
      expect(de.edited).toEqual([{ path: c!.paths.de, id: c!.edit.id }]);
      await p.idle();
      const memory = (await client.memories.list()).find(
        (m) => m.name === memoryName(`acme/${repo}`, 'en', 'de'),
      )!;
      const [best] = await client.memories.query(memory.id, c!.edit.source);
      expect(best).toMatchObject({ source: c!.edit.source, target: c!.edit.text, score: 100 });
    },
  );

  line('remove', 'a key removed from the source leaves every target, nothing else', async () => {
    const held = await Promise.all(LANGS.map(translations));
    await put(c!.paths.source, apply(await read(c!.paths.source), c!.remove));
    removal = await sync();
    for (const [i, lang] of LANGS.entries())
      expect(changedIds(held[i]!, await translations(lang))).toEqual([c!.remove.id]);
  });

  line('listed', 'the pull request body names the removed key per language', async () => {
    const body = pullRequestBody(removal!.update!);
    for (const lang of LANGS) {
      expect(body).toContain(`**${lang}: removed** (no longer in the source)`);
      expect(body).toContain(`- \`${c!.paths[lang]}\` \`${c!.remove.id}\``);
    }
  });
});

describe.each(MULTILINGUAL)('%s: a sync writes every language into the source file itself', (name) => {
  const format = formatByName(name)!;
  let root: string;
  const path = 'App/Localizable.xcstrings';
  const held = async () => {
    const bytes = await readFile(join(root, path));
    return Object.fromEntries(LANGS.map((l) => [l, targetTranslations(format, bytes, l)]));
  };
  const sync = () =>
    runSync({
      client,
      workspace: root,
      settings: settingsFrom(
        `source: en\ntargets: [de, ru]\nmode: instant\nfiles:\n  - source: App/*.xcstrings\n    translation: App/%file%\n`,
        '.svc.yml',
        { base: 'main' },
      ),
      origin: { owner: 'acme', repo: `multilingual-${name}`, ref: 'main' },
      waitTimeoutMs: 30_000,
      sink: async (files) => {
        for (const f of files) await writeFile(join(root, f.path), f.content);
        return undefined;
      },
    });
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), `svc-multilingual-${name}-`));
    await mkdir(join(root, 'App'), { recursive: true });
    await writeFile(join(root, path), await readFile(join(FIXTURES, name, 'Localizable.xcstrings')));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('keeps every localization people wrote, fills the missing ones, then changes no byte', async () => {
    const before = await held();
    const text = await readFile(join(root, path), 'utf8');
    const first = await sync();
    expect(first.written.map((f) => f.path)).toEqual([path]);
    const after = await held();
    for (const lang of LANGS) {
      for (const [id, t] of before[lang]!) expect(after[lang]!.get(id)).toEqual(t);
      expect(after[lang]!.has('Delete')).toBe(true);
    }
    expect(after.de!.get('Save')).toBe('Sichern');
    expect(linesKeptInOrder(text, await readFile(join(root, path), 'utf8'))).toEqual([]);
    const again = await sync();
    expect(again.written).toEqual([]);
    expect(again.targets!.unitsSent).toBe(0);
  });

  it('keeps a localization a person edited in the catalog, and the memory learns it', async () => {
    const text = await readFile(join(root, path), 'utf8');
    await writeFile(join(root, path), text.replace('"Notizen"', '"Meine Notizen"'));
    const result = await sync();
    expect(result.written).toEqual([]);
    expect(result.targets!.units.find((u) => u.target === 'de')!.edited).toEqual([{ path, id: 'Notes' }]);
    const memory = (await client.memories.list()).find(
      (m) => m.name === memoryName(`acme/multilingual-${name}`, 'en', 'de'),
    )!;
    await p.idle();
    const [best] = await client.memories.query(memory.id, 'Notes');
    expect(best).toMatchObject({ target: 'Meine Notizen', score: 100 });
  });
});

describe.each(MULTILINGUAL)('%s: one file holding people’s translations in every language', (name) => {
  const format = formatByName(name)!;
  const file = join(FIXTURES, name, 'Localizable.xcstrings');
  const held = (bytes: Uint8Array) =>
    Object.fromEntries(LANGS.map((l) => [l, targetTranslations(format, bytes, l)]));

  it('reads each language’s existing localizations, Russian plural forms included', async () => {
    const { de, ru } = held(await readFile(file));
    expect(Object.fromEntries(de!)).toEqual({
      Notes: 'Notizen',
      'Hello, %@!': 'Hallo, %@!',
      Save: 'Sichern',
    });
    expect(ru!.get('%lld notes|plural')).toEqual({
      one: '%lld заметка',
      few: '%lld заметки',
      many: '%lld заметок',
      other: '%lld заметки',
    });
    expect(ru!.get('Notes')).toBe('Заметки');
  });

  it('writing one language’s new unit keeps every other localization of every language', async () => {
    const bytes = await readFile(file);
    const before = held(bytes);
    const out = editTarget(
      format,
      bytes,
      { source: bytes, set: new Map([['Delete', 'Löschen']]), remove: new Set() },
      { targetLang: 'de', sourceLang: 'en' },
    );
    const after = held(out);
    expect(changedIds(before.de!, after.de!)).toEqual(['Delete']);
    expect(after.de!.get('Delete')).toBe('Löschen');
    expect(changedIds(before.ru!, after.ru!)).toEqual([]);
    expect(linesKeptInOrder(bytes.toString(), Buffer.from(out).toString())).toEqual([]);
  });

  it('writing nothing changes no byte', async () => {
    const bytes = await readFile(file);
    const out = editTarget(
      format,
      bytes,
      { source: bytes, set: new Map(), remove: new Set() },
      { targetLang: 'ru' },
    );
    expect(Buffer.from(out).equals(bytes)).toBe(true);
  });
});
