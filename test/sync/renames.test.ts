/**
 * Issue 36, item 1: a key renamed in the source — or moved to another source file of the config —
 * keeps its translations in every language. Between the last synced state and now, a key that
 * disappeared and one that appeared with the same source text is a rename: the translation people
 * wrote moves to the new key byte for byte, nothing is sent, the old key leaves the target, and
 * the pull request lists it. One source text under two new keys is not guessed: listed, translated.
 * Six formats (nested JSON, ARB, Rails YAML, PO, Android, .strings), synced as `sync --write` does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createClient } from '../../src/api/index.ts';
import { detectFormat } from '../../src/formats/registry.ts';
import { targetTranslations } from '../../src/formats/target.ts';
import { pullRequestBody } from '../../src/github/pull-request-body.ts';
import type { SyncResult } from '../../src/sync/run.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';
import { workspaceSync } from '../support/workspace-sync.ts';

const CONFIG = `source: en
targets: [de, fr]
mode: instant
files:
  - source: locales/en/app.json
    translation: locales/%lang%/app.json
  - source: lib/l10n/app_en.arb
    translation: lib/l10n/app_%lang%.arb
  - source: config/locales/en.yml
    translation: config/locales/%lang%.yml
  - source: po/messages.pot
    translation: po/%lang%/messages.po
  - source: po/admin.pot
    translation: po/%lang%/admin.po
  - source: app/src/main/res/values/strings.xml
    translation: app/src/main/res/values-%lang%/strings.xml
  - source: ios/en.lproj/Localizable.strings
    translation: ios/%lang%.lproj/Localizable.strings
`;

/** Each file before and after the renames, with the German translations people wrote. */
const FILES = {
  json: {
    path: (l: string) => `locales/${l}/app.json`,
    en: '{\n  "nav": {\n    "inbox": "Inbox",\n    "archive": "Archive"\n  },\n  "compose": {\n    "send": "Send message",\n    "discard": "Discard draft"\n  }\n}\n',
    renamed:
      '{\n  "nav": {\n    "mailbox": "Inbox",\n    "archive": "Archive"\n  },\n  "compose": {\n    "submit": "Send message",\n    "discard": "Discard draft"\n  }\n}\n',
    de: '{\n  "nav": {\n    "inbox": "Posteingang",\n    "archive": "Archiv"\n  },\n  "compose": {\n    "send": "Nachricht senden",\n    "discard": "Entwurf verwerfen"\n  }\n}\n',
  },
  arb: {
    path: (l: string) => `lib/l10n/app_${l}.arb`,
    en: '{\n  "@@locale": "en",\n  "settingsTitle": "Settings",\n  "@settingsTitle": {\n    "description": "Title of the settings page"\n  },\n  "logOut": "Log out of {account}",\n  "@logOut": {\n    "placeholders": {\n      "account": { "type": "String" }\n    }\n  },\n  "version": "Version"\n}\n',
    renamed:
      '{\n  "@@locale": "en",\n  "settingsPageTitle": "Settings",\n  "@settingsPageTitle": {\n    "description": "Title of the settings page"\n  },\n  "signOut": "Log out of {account}",\n  "@signOut": {\n    "placeholders": {\n      "account": { "type": "String" }\n    }\n  },\n  "version": "Version"\n}\n',
    de: '{\n  "@@locale": "de",\n  "settingsTitle": "Einstellungen",\n  "logOut": "Von {account} abmelden",\n  "version": "Version"\n}\n',
  },
  yaml: {
    path: (l: string) => `config/locales/${l}.yml`,
    en: 'en:\n  orders:\n    # Shown on the order page\n    cancel: "Cancel order"\n    track: Track your parcel\n    count:\n      one: "%{count} order"\n      other: "%{count} orders"\n',
    renamed:
      'en:\n  orders:\n    # Shown on the order page\n    cancel_order: "Cancel order"\n    track: Track your parcel\n    total:\n      one: "%{count} order"\n      other: "%{count} orders"\n',
    de: 'de:\n  orders:\n    # Auf der Bestellseite\n    cancel: "Bestellung stornieren"\n    track: Sendung verfolgen\n    count:\n      one: "%{count} Bestellung"\n      other: "%{count} Bestellungen"\n',
  },
  android: {
    path: (l: string) => `app/src/main/res/values${l === 'en' ? '' : `-${l}`}/strings.xml`,
    en: '<?xml version="1.0" encoding="utf-8"?>\n<resources>\n    <!-- Toolbar -->\n    <string name="action_search">Search</string>\n    <string name="action_share">Share</string>\n    <string name="empty_list">Nothing here yet</string>\n</resources>\n',
    renamed:
      '<?xml version="1.0" encoding="utf-8"?>\n<resources>\n    <!-- Toolbar -->\n    <string name="menu_search">Search</string>\n    <string name="menu_share">Share</string>\n    <string name="empty_list">Nothing here yet</string>\n</resources>\n',
    de: '<?xml version="1.0" encoding="utf-8"?>\n<resources>\n    <string name="action_search">Suchen</string>\n    <string name="action_share">Teilen</string>\n    <string name="empty_list">Noch nichts hier</string>\n</resources>\n',
  },
  strings: {
    path: (l: string) => `ios/${l}.lproj/Localizable.strings`,
    en: '/* Title of the notes list */\n"notes.title" = "Notes";\n\n/* Button to create a note */\n"notes.new" = "New note";\n"notes.delete" = "Delete";\n',
    renamed:
      '/* Title of the notes list */\n"notes.list.title" = "Notes";\n\n/* Button to create a note */\n"notes.create" = "New note";\n"notes.delete" = "Delete";\n',
    de: '/* Title of the notes list */\n"notes.title" = "Notizen";\n\n/* Button to create a note */\n"notes.new" = "Neue Notiz";\n"notes.delete" = "Löschen";\n',
  },
} as const;

const POT = (entries: string[]) =>
  `msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n${entries.join('\n')}`;
const PO = (lang: string, entries: string[]) =>
  `msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: ${lang}\\n"\n"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n${entries.join('\n')}`;
const EXPORT = '#: app/export.py:12\nmsgid "Export all data"\nmsgstr ""\n';
const EXPORT_DE = '#: app/export.py:12\nmsgid "Export all data"\nmsgstr "Alle Daten exportieren"\n';
const USERS = '#: app/users.py:40\nmsgid "Manage users"\nmsgstr ""\n';
const USERS_DE = '#: app/users.py:40\nmsgid "Manage users"\nmsgstr "Benutzer verwalten"\n';

/** The renames the second sync must see: [format, old key, new key]. */
const RENAMES = [
  ['json', 'nav.inbox', 'nav.mailbox'],
  ['json', 'compose.send', 'compose.submit'],
  ['arb', 'settingsTitle', 'settingsPageTitle'],
  ['arb', 'logOut', 'signOut'],
  ['yaml', 'orders.cancel', 'orders.cancel_order'],
  ['yaml', 'orders.count', 'orders.total'],
  ['android', 'action_search', 'menu_search'],
  ['android', 'action_share', 'menu_share'],
  ['strings', 'notes.title', 'notes.list.title'],
  ['strings', 'notes.new', 'notes.create'],
] as const;

let p: TestPlatform;
let client: Client;
let ws: Awaited<ReturnType<typeof workspaceSync>>;
let renamed: SyncResult;
/** Each target's translations after the first sync: what people wrote and what was filled in. */
const before = new Map<string, Map<string, unknown>>();

async function translationsOf(path: string, sourcePath: string, lang: string) {
  const source = new TextEncoder().encode(await ws.read(sourcePath));
  const format = detectFormat(sourcePath, source)!;
  const units = format.parse(source, { fileName: sourcePath });
  const bytes = new TextEncoder().encode(await ws.read(path));
  return new Map<string, unknown>(
    targetTranslations(format, bytes, lang, { fileName: path, sourceUnits: units }),
  );
}

beforeAll(async () => {
  p = await startPlatform();
  client = createClient({ baseUrl: p.url, apiKey: p.key });
  ws = await workspaceSync({ client, config: CONFIG, repo: 'renames' });
  for (const f of Object.values(FILES)) {
    await ws.put(f.path('en'), f.en);
    await ws.put(f.path('de'), f.de);
  }
  await ws.put('po/messages.pot', POT([EXPORT, USERS]));
  await ws.put('po/admin.pot', POT(['msgid "Audit log"\nmsgstr ""\n']));
  await ws.put('po/de/messages.po', PO('de', [EXPORT_DE, USERS_DE]));
  const first = await ws.sync();
  expect(first.failures).toEqual([]);
  for (const f of Object.values(FILES))
    for (const lang of ['de', 'fr'])
      before.set(f.path(lang), await translationsOf(f.path(lang), f.path('en'), lang));
  for (const lang of ['de', 'fr'])
    before.set(
      `po/${lang}/messages.po`,
      await translationsOf(`po/${lang}/messages.po`, 'po/messages.pot', lang),
    );

  // The renames, and "Manage users" moved from the messages catalog to the admin one.
  for (const f of Object.values(FILES)) await ws.put(f.path('en'), f.renamed);
  await ws.put('po/messages.pot', POT([EXPORT]));
  await ws.put('po/admin.pot', POT(['msgid "Audit log"\nmsgstr ""\n', USERS]));
  renamed = await ws.sync();
}, 120_000);

afterAll(async () => {
  await client?.close();
  await p?.close();
  await ws?.remove();
});

describe('renamed and moved keys keep their translations', () => {
  it('sends nothing to translation', () => {
    expect(renamed.failures).toEqual([]);
    expect(renamed.targets?.unitsSent).toBe(0);
  });

  it('moves each translation to its new key, byte for byte, in every language, and drops the old key', async () => {
    for (const [format, from, to] of RENAMES) {
      const f = FILES[format];
      for (const lang of ['de', 'fr']) {
        const was = before.get(f.path(lang))!.get(from);
        expect(was, `${lang} ${from}`).toBeDefined();
        const now = await translationsOf(f.path(lang), f.path('en'), lang);
        expect(now.get(to), `${lang} ${format} ${from} → ${to}`).toEqual(was);
        expect(now.has(from), `${lang} ${from}`).toBe(false);
      }
    }
    // The German text people wrote, as they wrote it.
    expect(await ws.read('locales/de/app.json')).toContain('"mailbox": "Posteingang"');
    expect(await ws.read('ios/de.lproj/Localizable.strings')).toContain('"notes.create" = "Neue Notiz";');
  });

  it('renames each key where the target has it: only the key changes, comments and blank lines stay', async () => {
    const keyOf: Record<keyof typeof FILES, (key: string) => string> = {
      json: (k) => `"${k.split('.').at(-1)}":`,
      arb: (k) => `"${k}"`,
      yaml: (k) => ` ${k.split('.').at(-1)}:`,
      android: (k) => `name="${k}"`,
      strings: (k) => `"${k}" =`,
    };
    for (const [format, f] of Object.entries(FILES) as [
      keyof typeof FILES,
      (typeof FILES)[keyof typeof FILES],
    ][]) {
      let expected: string = f.de;
      for (const [which, from, to] of RENAMES)
        if (which === format) expected = expected.replace(keyOf[format](from), keyOf[format](to));
      expect(await ws.read(f.path('de')), format).toBe(expected);
    }
  });

  it('keeps a key moved to another source file of the config (PO: messages.pot → admin.pot)', async () => {
    for (const lang of ['de', 'fr']) {
      const was = before.get(`po/${lang}/messages.po`)!.get('Manage users');
      const admin = await translationsOf(`po/${lang}/admin.po`, 'po/admin.pot', lang);
      expect(admin.get('Manage users'), lang).toEqual(was);
      const messages = await translationsOf(`po/${lang}/messages.po`, 'po/messages.pot', lang);
      expect(messages.has('Manage users'), lang).toBe(false);
    }
    expect(await ws.read('po/de/admin.po')).toContain('msgid "Manage users"\nmsgstr "Benutzer verwalten"');
  });

  it('lists each rename once in the pull request body, with its languages', () => {
    const body = pullRequestBody({
      via: 'instant translation',
      sourceLang: 'en',
      files: [],
      failures: [],
      warnings: [],
      units: renamed.targets!.units,
      at: new Date('2026-11-29T12:00:00Z'),
    });
    expect(body).toContain(
      [
        '**Renamed in the source** (translations moved with the key, nothing sent)',
        '',
        '- renamed `nav.inbox` → `nav.mailbox`, translations kept in 2 languages (de, fr)',
        '- renamed `compose.send` → `compose.submit`, translations kept in 2 languages (de, fr)',
      ].join('\n'),
    );
    expect(body).toContain(
      '- moved to another file `Manage users` → `Manage users`, translations kept in 2 languages (de, fr)',
    );
    expect(body.match(/^- (?:renamed|moved)/gm)).toHaveLength(11);
    // A renamed key's old name is not listed as removed.
    expect(body).not.toMatch(/removed\*\*[\s\S]*`nav\.inbox`/);
  });

  it('a second sync changes nothing and sends nothing', async () => {
    const files = new Map<string, string>();
    for (const f of Object.values(FILES))
      for (const l of ['de', 'fr']) files.set(f.path(l), await ws.read(f.path(l)));
    const again = await ws.sync();
    expect(again.targets?.unitsSent).toBe(0);
    expect(again.written).toEqual([]);
    for (const [path, text] of files) expect(await ws.read(path), path).toBe(text);
  });
});

describe('one source text under several new keys', () => {
  it('is not guessed: listed in the log, and translated as new', async () => {
    await ws.put(
      'ios/en.lproj/Localizable.strings',
      '/* Title of the notes list */\n"notes.list.title" = "Notes";\n\n/* Button to create a note */\n"notes.create" = "New note";\n"notes.remove" = "Delete";\n"notes.trash" = "Delete";\n',
    );
    const run = await ws.sync();
    expect(run.targets?.unitsSent).toBe(4);
    expect(ws.infos).toContainEqual(
      'de: not taken as a rename (one source text under several keys): ios/de.lproj/Localizable.strings "notes.delete" → ios/de.lproj/Localizable.strings "notes.remove", ios/de.lproj/Localizable.strings "notes.trash"; translated as new',
    );
  });
});
