import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FormatError } from '../../src/formats/errors.ts';
import type { FormatWarning, Unit } from '../../src/formats/model.ts';
import { stringsFormat } from '../../src/formats/strings/index.ts';

const fixtures = ['Localizable-utf16.strings', 'InfoPlist.strings', 'de-Localizable.strings'].map(
  (f) => `test/fixtures/strings/${f}`,
);

const enc = (s: string) => new TextEncoder().encode(s);
const dec = (b: Uint8Array) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(b);
const parse = (s: string) => stringsFormat.parse(enc(s));
const render = (s: string, t: Record<string, string>) =>
  dec(stringsFormat.render(enc(s), new Map(Object.entries(t)), { targetLang: 'de' }));
const byId = (units: Unit[]) => new Map(units.map((u) => [u.id, u]));

describe('strings: units', () => {
  it('locates each value inside its quotes: line, column, byte offset and length, in UTF-8 and UTF-16', () => {
    const text = '"a" = "Gr\u00fc\u00dfe";\n/* note */\n"b" = "x";\n';
    const utf8 = stringsFormat.parse(enc(text));
    expect(utf8.map((u) => u.location)).toEqual([
      { line: 1, column: 8, offset: 7, length: 7 },
      { line: 3, column: 8, offset: 35, length: 1 },
    ]);
    const utf16 = stringsFormat.parse(Buffer.from(`\ufeff${text}`, 'utf16le'));
    expect(utf16.map((u) => [u.source, u.location])).toEqual([
      ['Gr\u00fc\u00dfe', { line: 1, column: 8, offset: 16, length: 10 }],
      ['x', { line: 3, column: 8, offset: 68, length: 2 }],
    ]);
  });

  it('reads UTF-16 with BOM, comments above entries as notes, and skips Xcode placeholder comments', () => {
    const units = byId(stringsFormat.parse(readFileSync(fixtures[0]!)));
    expect(units.get('notes.title')).toMatchObject({ source: 'Notes', notes: ['Title of the notes list'] });
    expect(units.get('Cancel')!.notes).toEqual([]);
    expect(units.get('sync.status')!.notes).toEqual([]);
    expect(units.get('delete.confirm')!.source).toBe(
      'Delete “%1$@” and its %2$d attachments?\nThis cannot be undone.',
    );
    expect(units.get('search.placeholder')!.source).toBe('Search "All Notes"');
  });

  it('reads unquoted keys and values, // comments, and ignores a trailing comment of the previous line', () => {
    const units = byId(stringsFormat.parse(readFileSync(fixtures[1]!)));
    expect(units.get('CFBundleDisplayName')!.notes).toEqual(['Shown under the app icon']);
    expect(units.get('CFBundleName')!.source).toBe('Notes');
    expect(units.get('NSLocationWhenInUseUsageDescription')!.notes).toEqual([]);
  });

  it('unescapes \\U escapes, backslashes and tabs, and reads the short form "key";', () => {
    const units = byId(stringsFormat.parse(readFileSync(fixtures[2]!)));
    expect(units.get('ellipsis')!.source).toBe('Laden…');
    expect(units.get('settings.path')!.source).toBe('C:\\Notes\\Export\t(Tab)');
    expect(units.get('OK')!.source).toBe('OK');
    expect(units.get('tab.folders')!.notes).toEqual(['Tab bar']);
  });

  it('sniffs .strings content in UTF-8 and UTF-16, and not JSON or PO', () => {
    for (const f of fixtures) expect(stringsFormat.sniff!(readFileSync(f)), f).toBe(true);
    expect(stringsFormat.sniff!(enc('{"a": "b"}'))).toBe(false);
    expect(stringsFormat.sniff!(enc('msgid "a"\nmsgstr "b"\n'))).toBe(false);
  });

  it('reads UTF-16LE without a BOM and writes it back the same way', () => {
    const bytes = Buffer.from('"a" = "b";\n', 'utf16le');
    expect(stringsFormat.parse(bytes)[0]!.source).toBe('b');
    const out = stringsFormat.render(bytes, new Map([['a', 'ü']]), { targetLang: 'de' });
    expect(Buffer.from(out).equals(Buffer.from('"a" = "ü";\n', 'utf16le'))).toBe(true);
  });

  it("reads a repeated key with a warning: the last copy is the key, as Apple's reader keeps the last value", () => {
    const src = '/* Title */\n"title" = "Inbox";\n"save" = "Save";\n"title" = "Messages";\n';
    const warnings: FormatWarning[] = [];
    const units = stringsFormat.parse(enc(src), { onWarning: (w) => warnings.push(w) });
    expect(units.map((u) => [u.id, u.source])).toEqual([
      ['title~1', 'Inbox'],
      ['save', 'Save'],
      ['title', 'Messages'],
    ]);
    expect(warnings).toEqual([
      {
        line: 4,
        column: 1,
        message:
          'duplicate key "title" (first on line 2); the last one is the value, as Apple\'s property list reader reads it',
      },
    ]);
    expect(dec(stringsFormat.render(enc(src), new Map(), { targetLang: 'de' }))).toBe(src);
    const out = stringsFormat.render(
      enc(src),
      new Map([
        ['title~1', 'Posteingang'],
        ['title', 'Nachrichten'],
      ]),
      { targetLang: 'de' },
    );
    expect(dec(out)).toBe(
      '/* Title */\n"title" = "Posteingang";\n"save" = "Save";\n"title" = "Nachrichten";\n',
    );
  });

  it('refuses malformed files with line and column', () => {
    const cases: [string, RegExp, number, number][] = [
      ['"a" = "b"\n"c" = "d";', /expected ";"/, 2, 1],
      ['"a" = "b', /unterminated string/, 1, 7],
      ['/* open', /unterminated comment/, 1, 1],
      ['"a" = ;', /expected a value/, 1, 7],
      ['"a" = "\\Uzz";', /invalid escape/, 1, 8],
      ['"a" = "b"', /file ends/, 1, 10],
    ];
    for (const [src, message, line, column] of cases) {
      try {
        parse(src);
        expect.unreachable(src);
      } catch (error) {
        expect(error, src).toBeInstanceOf(FormatError);
        expect((error as FormatError).message, src).toMatch(message);
        expect([(error as FormatError).line, (error as FormatError).column], src).toEqual([line, column]);
      }
    }
  });
});

describe('strings: render', () => {
  it('escapes quotes, backslashes and newlines, and keeps spacing and comments', () => {
    expect(render('/* c */\n"a"  =  "x" ;\n', { a: 'say "hi"\n\\' })).toBe(
      '/* c */\n"a"  =  "say \\"hi\\"\\n\\\\" ;\n',
    );
  });

  it('keeps unquoted values unquoted while they are plain tokens', () => {
    expect(render('k = v;\nl = w;\n', { k: 'Notizen', l: 'zwei Wörter' })).toBe(
      'k = Notizen;\nl = "zwei Wörter";\n',
    );
  });

  it('adds a value to the short form', () => {
    expect(render('"OK";\n', { OK: 'Gut' })).toBe('"OK" = "Gut";\n');
  });

  it('keeps the UTF-16 BOM and encoding', () => {
    const bytes = readFileSync(fixtures[0]!);
    const out = stringsFormat.render(bytes, new Map([['notes.title', 'Notizen']]), { targetLang: 'de' });
    expect([...out.subarray(0, 2)]).toEqual([0xff, 0xfe]);
    expect(Buffer.from(out).toString('utf16le')).toContain('"notes.title" = "Notizen";');
  });
});

describe('strings: property round trips', () => {
  const text = fc.oneof(
    fc.string({ unit: 'grapheme', maxLength: 20 }),
    fc.constantFrom(
      '',
      'say "hi"',
      'back\\slash',
      'two\nlines',
      '\ttab',
      '/* not */',
      '// not',
      ';=',
      '😀 ü',
      '%1$@',
    ),
  );
  const fileArb = fc.record({
    entries: fc.uniqueArray(
      fc.record({ key: text, value: text, comment: fc.option(text.filter((t) => !t.includes('*/'))) }),
      {
        selector: (e) => e.key,
        maxLength: 10,
      },
    ),
    utf16: fc.boolean(),
    crlf: fc.boolean(),
  });
  const write = (file: typeof fileArb extends fc.Arbitrary<infer T> ? T : never): Uint8Array => {
    const q = (s: string) => `"${s.replace(/["\\]/g, (c) => `\\${c}`).replace(/\n/g, '\\n')}"`;
    const eol = file.crlf ? '\r\n' : '\n';
    const body = file.entries
      .map((e) => `${e.comment === null ? '' : `/* ${e.comment} */${eol}`}${q(e.key)} = ${q(e.value)};${eol}`)
      .join(eol);
    return file.utf16 ? Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(body, 'utf16le')]) : enc(body);
  };

  it('generated files parse, render unchanged without translations, and give translations back', () => {
    fc.assert(
      fc.property(fileArb, fc.array(text, { minLength: 1 }), (file, texts) => {
        const bytes = write(file);
        const units = stringsFormat.parse(bytes);
        expect(units.map((u) => [u.id, u.source])).toEqual(file.entries.map((e) => [e.key, e.value]));
        expect(Buffer.from(stringsFormat.render(bytes, new Map(), { targetLang: 'de' })).equals(bytes)).toBe(
          true,
        );
        const translations = new Map(units.map((u, i) => [u.id, texts[i % texts.length]!]));
        const back = stringsFormat.parse(stringsFormat.render(bytes, translations, { targetLang: 'de' }));
        expect(back.map((u) => u.source)).toEqual(units.map((u) => translations.get(u.id)));
      }),
      { numRuns: 200 },
    );
  });
});
