import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FormatError } from '../../src/formats/errors.ts';
import { jsonFormat } from '../../src/formats/json/index.ts';
import type { PluralForms } from '../../src/formats/model.ts';
import { targetTranslations } from '../../src/formats/target.ts';

const bytes = (s: string) => new TextEncoder().encode(s);
const text = (b: Uint8Array) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(b);

function edit(
  target: string,
  source: string,
  set: Record<string, string | PluralForms> = {},
  remove: string[] = [],
  targetLang = 'de',
): string {
  const out = jsonFormat.edit!(
    bytes(target),
    { source: bytes(source), set: new Map(Object.entries(set)), remove: new Set(remove) },
    { targetLang },
  );
  return text(out);
}

const EN = `{
  "common": {
    "appName": "Acme Notes",
    "actions": {
      "save": "Save",
      "cancel": "Cancel",
      "delete": "Delete"
    },
    "loading": "Loading…"
  },
  "inbox": {
    "title": "Inbox",
    "unread_one": "You have {{count}} unread message",
    "unread_other": "You have {{count}} unread messages",
    "lastSync": "Last synced {{date, relativetime}}"
  }
}
`;

// A partial German target whose own order differs from the source's (inbox before common,
// cancel before save), as a translator who added keys by hand leaves it.
const DE = `{
  "inbox": {
    "unread_one": "Du hast {{count}} ungelesene Nachricht",
    "unread_other": "Du hast {{count}} ungelesene Nachrichten",
    "title": "Posteingang"
  },
  "common": {
    "actions": {
      "cancel": "Abbrechen",
      "save": "Speichern"
    },
    "appName": "Acme Notizen"
  }
}
`;

describe('json edit: in place', () => {
  it('replaces a held unit\u2019s text and nothing else', () => {
    expect(edit(DE, EN, { 'common.actions.save': 'Sichern' })).toBe(DE.replace('"Speichern"', '"Sichern"'));
  });

  it('returns the very same bytes when there is nothing to set or remove', () => {
    const de = bytes(DE);
    const out = jsonFormat.edit!(
      de,
      { source: bytes(EN), set: new Map(), remove: new Set() },
      { targetLang: 'de' },
    );
    expect(out).toBe(de);
  });
});

describe('json edit: insertions follow the source order inside the target layout', () => {
  it('inserts after the nearest preceding source sibling the target holds', () => {
    // Source: save, cancel, delete. Target holds cancel and save (in its own order): delete
    // follows cancel in the source, so it goes after cancel wherever cancel stands.
    expect(edit(DE, EN, { 'common.actions.delete': 'Löschen' })).toBe(
      DE.replace('"cancel": "Abbrechen",', '"cancel": "Abbrechen",\n      "delete": "Löschen",'),
    );
  });

  it('inserts before the nearest following sibling when none precedes (first member)', () => {
    const en = '{\n  "a": "A",\n  "b": "B",\n  "c": "C"\n}\n';
    const de = '{\n  "c": "Ce",\n  "b": "Be"\n}\n';
    expect(edit(de, en, { a: 'Ah' })).toBe('{\n  "c": "Ce",\n  "a": "Ah",\n  "b": "Be"\n}\n');
  });

  it('inserts in the middle and last, in one call', () => {
    const en = '{\n  "a": "A",\n  "b": "B",\n  "c": "C",\n  "d": "D"\n}\n';
    const de = '{\n  "a": "Ah",\n  "c": "Ce"\n}\n';
    expect(edit(de, en, { b: 'Be', d: 'De' })).toBe(
      '{\n  "a": "Ah",\n  "b": "Be",\n  "c": "Ce",\n  "d": "De"\n}\n',
    );
  });

  it('puts a unit after a plural group it follows in the source, not between its members', () => {
    expect(edit(DE, EN, { 'inbox.lastSync': 'Zuletzt synchronisiert {{date, relativetime}}' })).toBe(
      DE.replace(
        '"unread_other": "Du hast {{count}} ungelesene Nachrichten",',
        '"unread_other": "Du hast {{count}} ungelesene Nachrichten",\n    "lastSync": "Zuletzt synchronisiert {{date, relativetime}}",',
      ),
    );
  });

  it('inserts into an existing nested parent at the right depth, after a preceding sibling object', () => {
    // Source: appName, actions, loading. The nearest preceding sibling the target holds is the
    // actions object, so loading follows it even though the target put appName last.
    expect(edit(DE, EN, { 'common.loading': 'Lädt…' })).toBe(
      DE.replace('"save": "Speichern"\n    },', '"save": "Speichern"\n    },\n    "loading": "Lädt…",'),
    );
  });

  it('creates missing parent objects nested as in the source, in the target indentation', () => {
    const en =
      '{\n  "a": "A",\n  "menu": {\n    "file": {\n      "open": "Open",\n      "close": "Close"\n    }\n  }\n}\n';
    const de = '{\n    "a": "Ah"\n}\n';
    expect(edit(de, en, { 'menu.file.open': 'Öffnen', 'menu.file.close': 'Schließen' })).toBe(
      '{\n    "a": "Ah",\n    "menu": {\n        "file": {\n            "open": "Öffnen",\n            "close": "Schließen"\n        }\n    }\n}\n',
    );
  });

  it('fills an empty target object in the source layout', () => {
    const en = '{\n\t"a": "A",\n\t"b": "B"\n}\n';
    expect(edit('{}\n', en, { b: 'Be', a: 'Ah' })).toBe('{\n\t"a": "Ah",\n\t"b": "Be"\n}\n');
  });

  it('keeps CRLF line endings, the BOM and the file\u2019s \\u escaping', () => {
    const en = '{\r\n  "a": "A",\r\n  "b": "B"\r\n}\r\n';
    const de = '\ufeff{\r\n  "a": "Gr\\u00fc\\u00dfe"\r\n}\r\n';
    expect(edit(de, en, { b: 'Tschüß' })).toBe(
      '\ufeff{\r\n  "a": "Gr\\u00fc\\u00dfe",\r\n  "b": "Tsch\\u00fc\\u00df"\r\n}\r\n',
    );
  });

  it('keeps a minified target minified', () => {
    const en = '{\n  "a": "A",\n  "b": {\n    "c": "C"\n  }\n}\n';
    expect(edit('{"a":"Ah"}', en, { 'b.c': 'Ce' })).toBe('{"a":"Ah","b":{"c":"Ce"}}');
  });

  it('inserts a Russian plural group with the forms the language needs', () => {
    const en =
      '{\n  "title": "Inbox",\n  "unread_one": "{{count}} message",\n  "unread_other": "{{count}} messages"\n}\n';
    const ru = '{\n  "title": "Входящие"\n}\n';
    expect(
      edit(
        ru,
        en,
        {
          unread: {
            one: '{{count}} сообщение',
            few: '{{count}} сообщения',
            many: '{{count}} сообщений',
            other: '{{count}} сообщения',
          },
        },
        [],
        'ru',
      ),
    ).toBe(
      '{\n  "title": "Входящие",\n  "unread_one": "{{count}} сообщение",\n  "unread_few": "{{count}} сообщения",\n  "unread_many": "{{count}} сообщений",\n  "unread_other": "{{count}} сообщения"\n}\n',
    );
  });

  it('appends a new item to an array the source grew, and refuses a gap', () => {
    const en = '{\n  "steps": ["One", "Two", "Three"]\n}\n';
    const de = '{\n  "steps": ["Eins", "Zwei"]\n}\n';
    expect(edit(de, en, { 'steps.2': 'Drei' })).toBe('{\n  "steps": ["Eins", "Zwei", "Drei"]\n}\n');
    expect(() => edit('{\n  "steps": ["Eins"]\n}\n', en, { 'steps.2': 'Drei' })).toThrow(FormatError);
  });
});

describe('json edit: removals take the whole member out', () => {
  const en = '{\n  "a": "A",\n  "b": "B",\n  "c": "C"\n}\n';
  it('removes the first, a middle and the last member with tidy commas', () => {
    expect(edit('{\n  "a": "Ah",\n  "b": "Be",\n  "c": "Ce"\n}\n', en, {}, ['a'])).toBe(
      '{\n  "b": "Be",\n  "c": "Ce"\n}\n',
    );
    expect(edit('{\n  "a": "Ah",\n  "b": "Be",\n  "c": "Ce"\n}\n', en, {}, ['b'])).toBe(
      '{\n  "a": "Ah",\n  "c": "Ce"\n}\n',
    );
    expect(edit('{\n  "a": "Ah",\n  "b": "Be",\n  "c": "Ce"\n}\n', en, {}, ['c'])).toBe(
      '{\n  "a": "Ah",\n  "b": "Be"\n}\n',
    );
  });

  it('removes a parent object left empty, and the whole plural group of a plural unit', () => {
    const de = `{
  "inbox": {
    "unread_one": "Du hast {{count}} ungelesene Nachricht",
    "unread_other": "Du hast {{count}} ungelesene Nachrichten"
  },
  "common": {
    "actions": {
      "save": "Speichern"
    },
    "appName": "Acme Notizen"
  }
}
`;
    expect(edit(de, EN, {}, ['inbox.unread', 'common.actions.save'])).toBe(
      '{\n  "common": {\n    "appName": "Acme Notizen"\n  }\n}\n',
    );
  });

  it('keeps target-only plural members (Russian few/many) when the group is patched', () => {
    const en = '{\n  "n_one": "{{count}} file",\n  "n_other": "{{count}} files"\n}\n';
    const ru =
      '{\n  "n_one": "{{count}} файл",\n  "n_few": "{{count}} файла",\n  "n_many": "{{count}} файлов",\n  "n_other": "{{count}} файла"\n}\n';
    const out = edit(
      ru,
      en,
      {
        n: {
          one: '{{count}} файл!',
          few: '{{count}} файла',
          many: '{{count}} файлов',
          other: '{{count}} файла',
        },
      },
      [],
      'ru',
    );
    expect(out).toBe(ru.replace('файл",', 'файл!",'));
  });

  it('keeps the target\u2019s own few/many and zero when the translation gives only one/other', () => {
    const en =
      '{\n  "n_zero": "No files",\n  "n_one": "{{count}} file",\n  "n_other": "{{count}} files"\n}\n';
    const ru =
      '{\n  "n_zero": "Нет файлов",\n  "n_one": "{{count}} файл",\n  "n_few": "{{count}} файла",\n  "n_many": "{{count}} файлов",\n  "n_other": "{{count}} файла"\n}\n';
    expect(edit(ru, en, { n: { one: '{{count}} файл!', other: '{{count}} файла' } }, [], 'ru')).toBe(
      ru.replace('файл",', 'файл!",'),
    );
  });

  it('removes and inserts in the same call', () => {
    expect(edit('{\n  "a": "Ah",\n  "b": "Be"\n}\n', en, { c: 'Ce' }, ['a'])).toBe(
      '{\n  "b": "Be",\n  "c": "Ce"\n}\n',
    );
  });
});

describe('json edit: bad input', () => {
  it('throws a FormatError with line and column for a target that does not parse', () => {
    try {
      edit('{\n  "a": "Ah",\n  "b" "Be"\n}\n', '{"a": "A"}', { a: 'x' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(FormatError);
      expect((error as FormatError).line).toBe(3);
      expect((error as FormatError).column).toBeGreaterThan(1);
    }
  });

  it('names a target key whose type differs from the source\u2019s', () => {
    expect(() =>
      edit('{\n  "menu": "Menü"\n}\n', '{"menu": {"open": "Open"}}', { 'menu.open': 'Öffnen' }),
    ).toThrow(/"menu" is not an object as in the source/);
  });
});

describe('json edit: the i18next fixture', () => {
  const en = readFileSync(new URL('../fixtures/json/i18next-nested.json', import.meta.url));
  it('a target that is the source minus some keys gets them back at their source positions', () => {
    const source = text(en);
    const all = targetTranslations(jsonFormat, en, 'en');
    const dropped = ['common.actions.delete', 'inbox.lastSync', 'friend_male'];
    let partial = source;
    partial = partial.replace('      "delete": "Delete",\n', '');
    partial = partial.replace('    "lastSync": "Last synced {{date, relativetime}}",\n', '');
    partial = partial.replace('  "friend_male": "A boyfriend",\n', '');
    const set = Object.fromEntries(dropped.map((id) => [id, all.get(id)!]));
    expect(edit(partial, source, set, [], 'en')).toBe(source);
  });
});

describe('json edit: repeated keys, read as JSON.parse reads them', () => {
  const SOURCE = '{\n  "title": "Inbox",\n  "save": "Save",\n  "title": "Messages"\n}\n';

  it('edits a target and a source that repeat a key (the last copy is the unit) instead of refusing them', () => {
    const target = '{\n  "title": "Eingang",\n  "title": "Nachrichten"\n}\n';
    // save follows title in the source: it goes after the copy of title the app reads.
    expect(edit(target, SOURCE, { save: 'Sichern' })).toBe(
      '{\n  "title": "Eingang",\n  "title": "Nachrichten",\n  "save": "Sichern"\n}\n',
    );
  });

  it('patches only the last copy of a changed unit; the earlier copy keeps its bytes', () => {
    const target = '{\n  "title": "Eingang",\n  "save": "Speichern",\n  "title": "Nachrichten"\n}\n';
    const out = edit(target, SOURCE, { title: 'Mitteilungen' });
    expect(out).toBe('{\n  "title": "Eingang",\n  "save": "Speichern",\n  "title": "Mitteilungen"\n}\n');
    expect(targetTranslations(jsonFormat, bytes(out), 'de').get('title')).toBe('Mitteilungen');
  });

  it('removes every copy of a removed key, so no earlier copy comes back as its value', () => {
    const target = '{\n  "title": "Eingang",\n  "save": "Speichern",\n  "title": "Nachrichten"\n}\n';
    expect(edit(target, '{"save": "Save"}', {}, ['title'])).toBe('{\n  "save": "Speichern"\n}\n');
    const nested = '{"a": {"x": "1", "y": "2"}, "b": "3", "a": {"x": "4"}}';
    const out = edit(nested, '{"b": "B"}', {}, ['a.x']);
    expect(JSON.parse(out)).toEqual({ b: '3' });
  });
});
