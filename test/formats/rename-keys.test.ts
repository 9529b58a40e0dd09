/**
 * Renames in place (issue 36, DESIGN §7): a key renamed in the source keeps the target's entry
 * where people have it; only its key is rewritten, as the source writes it. What a format cannot
 * rename in place (a key moved to another object) is removed and inserted, as before.
 */
import { describe, expect, it } from 'vitest';
import { formatByName } from '../../src/formats/registry.ts';
import { editTarget } from '../../src/formats/target.ts';

const enc = (s: string) => new TextEncoder().encode(s);
const dec = (b: Uint8Array) => new TextDecoder().decode(b);

/** The target after a sync that renamed `renames` (new → old) and writes their kept texts. */
function renamed(
  format: string,
  files: { source: string; target: string; lang?: string; path?: string },
  renames: Record<string, string>,
  set: Record<string, string> = {},
): string {
  const rename = new Map(Object.entries(renames));
  const out = editTarget(
    formatByName(format)!,
    enc(files.target),
    {
      source: enc(files.source),
      set: new Map(Object.entries(set)),
      remove: new Set(rename.values()),
      rename,
    },
    { targetLang: files.lang ?? 'de', fileName: files.path ?? 'de.file' },
  );
  return dec(out);
}

describe('renameKeys', () => {
  it('JSON: the key in its object; a key moved to another object is removed and inserted', () => {
    const source = '{\n  "nav": {\n    "mailbox": "Inbox"\n  },\n  "menu": {\n    "quit": "Quit"\n  }\n}\n';
    const target =
      '{\n  "nav": {\n    "inbox": "Posteingang"\n  },\n  "file": {\n    "quit": "Beenden"\n  }\n}\n';
    expect(
      renamed(
        'json',
        { source, target },
        { 'nav.mailbox': 'nav.inbox', 'menu.quit': 'file.quit' },
        {
          'nav.mailbox': 'Posteingang',
          'menu.quit': 'Beenden',
        },
      ),
    ).toBe('{\n  "nav": {\n    "mailbox": "Posteingang"\n  },\n  "menu": {\n    "quit": "Beenden"\n  }\n}\n');
  });

  it('JSON: an escaped key is written as the source writes it', () => {
    const source = '{ "caf\\u00e9.title": "Café", "b": "B" }';
    const target = '{ "old": "Kaffeehaus", "b": "B" }';
    expect(
      renamed('json', { source, target }, { 'café\\.title': 'old' }, { 'café\\.title': 'Kaffeehaus' }),
    ).toBe('{ "caf\\u00e9.title": "Kaffeehaus", "b": "B" }');
  });

  it('ARB: the message and its @metadata', () => {
    const source =
      '{\n  "@@locale": "en",\n  "signOut": "Log out",\n  "@signOut": {"description": "Menu"}\n}\n';
    const target =
      '{\n  "@@locale": "de",\n  "logOut": "Abmelden",\n  "@logOut": {"description": "Menü"}\n}\n';
    expect(
      renamed('arb', { source, target, path: 'app_de.arb' }, { signOut: 'logOut' }, { signOut: 'Abmelden' }),
    ).toBe('{\n  "@@locale": "de",\n  "signOut": "Abmelden",\n  "@signOut": {"description": "Menü"}\n}\n');
  });

  it('YAML: the key keeps its comment, anchors and quoting', () => {
    const source = 'en:\n  orders:\n    cancel_order: "Cancel"\n    track: Track\n';
    const target =
      'de:\n  orders:\n    # von Hand übersetzt\n    cancel: "Stornieren"\n\n    track: Verfolgen\n';
    expect(
      renamed('yaml', { source, target, path: 'de.yml' }, { 'orders.cancel_order': 'orders.cancel' }),
    ).toBe(
      'de:\n  orders:\n    # von Hand übersetzt\n    cancel_order: "Stornieren"\n\n    track: Verfolgen\n',
    );
  });

  it('Android: a string and a plurals resource keep their comment', () => {
    const source =
      '<resources>\n    <string name="menu_search">Search</string>\n    <plurals name="files">\n        <item quantity="one">%d file</item>\n        <item quantity="other">%d files</item>\n    </plurals>\n</resources>\n';
    const target =
      '<resources>\n    <!-- Suche -->\n    <string name="action_search">Suchen</string>\n    <plurals name="file_count">\n        <item quantity="one">%d Datei</item>\n        <item quantity="other">%d Dateien</item>\n    </plurals>\n</resources>\n';
    expect(
      renamed(
        'android',
        { source, target, path: 'values-de/strings.xml' },
        { menu_search: 'action_search', files: 'file_count' },
      ),
    ).toBe(target.replace('action_search', 'menu_search').replace('file_count', 'files'));
  });

  it('.strings: the blank line and comment stay; UTF-16 stays UTF-16', () => {
    const source = '/* A */\n"notes.list.title" = "Notes";\n\n/* B */\n"notes.create" = "New";\n';
    const target = '/* A */\n"notes.title" = "Notizen";\n\n/* B */\n"notes.new" = "Neu";\n';
    expect(
      renamed(
        'strings',
        { source, target, path: 'de.lproj/Localizable.strings' },
        {
          'notes.list.title': 'notes.title',
          'notes.create': 'notes.new',
        },
      ),
    ).toBe('/* A */\n"notes.list.title" = "Notizen";\n\n/* B */\n"notes.create" = "Neu";\n');
  });

  it('.properties: the key is escaped as the target escapes', () => {
    const source = 'menu.open\\ file = Open file\n';
    const target = '# Menü\nmenu.open = Datei \\u00f6ffnen\n';
    const out = editTarget(
      formatByName('properties')!,
      Buffer.from(target, 'latin1'),
      {
        source: enc(source),
        set: new Map(),
        remove: new Set(['menu.open']),
        rename: new Map([['menu.open file', 'menu.open']]),
      },
      { targetLang: 'de', fileName: 'messages_de.properties' },
    );
    expect(Buffer.from(out).toString('latin1')).toBe('# Menü\nmenu.open\\ file = Datei \\u00f6ffnen\n');
  });

  it('leaves a rename whose new key the target already holds to the removal', () => {
    const source = '"b" = "B";\n';
    const target = '"a" = "A1";\n"b" = "B1";\n';
    expect(renamed('strings', { source, target, path: 'de.strings' }, { b: 'a' })).toBe('"b" = "B1";\n');
  });
});
