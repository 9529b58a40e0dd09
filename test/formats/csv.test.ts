import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvFormat } from '../../src/formats/csv/index.ts';
import { FormatError } from '../../src/formats/errors.ts';
import type { Unit } from '../../src/formats/model.ts';

const fixtures = ['app-strings.csv', 'positional.csv', 'semicolon-with-target.csv'].map(
  (f) => `test/fixtures/csv/${f}`,
);

const enc = (s: string) => new TextEncoder().encode(s);
const dec = (b: Uint8Array) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(b);
const parse = (s: string) => csvFormat.parse(enc(s));
const render = (s: string, t: Record<string, string>) =>
  dec(csvFormat.render(enc(s), new Map(Object.entries(t)), { targetLang: 'de' }));
const byId = (units: Unit[]) => new Map(units.map((u) => [u.id, u]));

describe('csv: units', () => {
  it('locates the source field as written: line, column, byte offset and length, in UTF-8 and Latin-1', () => {
    const utf8 = parse('key,source\n\u00e4,"Gr\u00fc\u00dfe, ""du"""\nb,x\n');
    expect(utf8.map((u) => u.location)).toEqual([
      { line: 2, column: 4, offset: 15, length: 15 },
      { line: 3, column: 3, offset: 34, length: 1 },
    ]);
    const latin1 = csvFormat.parse(Buffer.from('key,source\n\u00e4,"Gr\u00fc\u00dfe"\n', 'latin1'));
    expect(latin1.map((u) => [u.id, u.source, u.location])).toEqual([
      ['\u00e4', 'Gr\u00fc\u00dfe', { line: 2, column: 4, offset: 14, length: 5 }],
    ]);
  });

  it('reads a header naming the columns, quoted fields, doubled quotes and embedded CRLF', () => {
    const units = byId(csvFormat.parse(readFileSync(fixtures[0]!)));
    expect(units.get('nav.home')).toMatchObject({
      source: 'Home',
      context: 'navigation',
      notes: ['Top menu item'],
    });
    expect(units.get('nav.search')!.source).toBe('Search "All Notes"');
    expect(units.get('empty.list')!.source).toBe('You have no notes yet.\r\nCreate one with the + button.');
    expect(units.get('greeting')!.source).toBe('  Hello, %{name}!  ');
    expect(units.has('key')).toBe(false);
  });

  it('reads positional columns without a header and skips blank lines', () => {
    const units = csvFormat.parse(readFileSync(fixtures[1]!));
    expect(units.map((u) => u.id)).toEqual([
      'welcome.title',
      'welcome.body',
      'settings.theme',
      'settings.theme.dark',
      'errors.offline',
      'errors.quota',
    ]);
    expect(units[0]).toMatchObject({ source: 'Welcome to Acme', context: 'onboarding' });
    expect(units[4]!.context).toBeUndefined();
  });

  it('sniffs the semicolon delimiter and keeps other columns out of the units', () => {
    const units = byId(csvFormat.parse(readFileSync(fixtures[2]!)));
    expect(units.get('msg.saved')).toMatchObject({
      source: 'Saved; all changes are stored',
      notes: ['Toast message'],
    });
    expect(units.get('btn.save')!.source).toBe('Save');
  });

  it('reads invalid UTF-8 as Latin-1, as spreadsheets write it', () => {
    const units = csvFormat.parse(new Uint8Array([...enc('k,Caf'), 0xe9, 0x0a]));
    expect(units[0]!.source).toBe('Café');
  });

  it('refuses a translation a Latin-1 file cannot hold instead of corrupting it', () => {
    const latin1 = new Uint8Array([...enc('k,Caf'), 0xe9, 0x0a]);
    expect(
      Buffer.from(csvFormat.render(latin1, new Map([['k', 'Thé']]), { targetLang: 'fr' })).toString('latin1'),
    ).toBe('k,Thé\n');
    expect(() => csvFormat.render(latin1, new Map([['k', 'Чай']]), { targetLang: 'ru' })).toThrow(/Latin-1/);
  });

  it('reads a quoted field after spaces as quoted, as PHP’s fgetcsv (Magento) does; unquoted fields keep their spaces', () => {
    const bytes = new TextEncoder().encode(
      '"VISA", "Visa"\n"Address", "Adresse, bitte prüfen"\nkey,  spaced  \ntab,\t"Tab"\n',
    );
    const units = csvFormat.parse(bytes);
    expect(units.map((u) => [u.id, u.source])).toEqual([
      ['VISA', 'Visa'],
      ['Address', 'Adresse, bitte prüfen'],
      ['key', '  spaced  '],
      ['tab', 'Tab'],
    ]);
    const out = csvFormat.render(
      bytes,
      new Map([
        ['VISA', 'Visa-Karte'],
        ['key', 'x'],
      ]),
      { targetLang: 'de' },
    );
    expect(new TextDecoder().decode(out)).toBe(
      '"VISA", "Visa-Karte"\n"Address", "Adresse, bitte prüfen"\nkey,x\ntab,\t"Tab"\n',
    );
  });

  it('refuses an unterminated quote or text after a closing quote, with line and column', () => {
    for (const [src, message, line, column] of [
      ['k,"open\nmore', /unterminated/, 1, 3],
      ['k,"a"b\n', /after a closing quote/, 1, 6],
      ['k,a\nk,b\n', /duplicate key/, 2, 1],
    ] as const) {
      try {
        parse(src);
        expect.unreachable(src);
      } catch (error) {
        expect(error).toBeInstanceOf(FormatError);
        expect((error as FormatError).message).toMatch(message);
        expect([(error as FormatError).line, (error as FormatError).column]).toEqual([line, column]);
      }
    }
  });
});

describe('csv: render', () => {
  it('replaces only the source column, quoting when needed or when it was quoted', () => {
    expect(render('id,text,de\na,Hello,Hallo\nb,"Bye",Tschüss\n', { a: 'Salut, toi', b: 'Ciao' })).toBe(
      'id,text,de\na,"Salut, toi",Hallo\nb,"Ciao",Tschüss\n',
    );
    expect(render('a,x\n', { a: 'say "hi"' })).toBe('a,"say ""hi"""\n');
    expect(render('a;x\nb;y\n', { b: 'one, two' })).toBe('a;x\nb;one, two\n');
    // In the first record, any candidate delimiter is quoted so the delimiter sniffs the same again.
    expect(render('a;x\nb;y\n', { a: 'one, two' })).toBe('a;"one, two"\nb;y\n');
    expect(render('a,x\n', { a: ' padded ' })).toBe('a," padded "\n');
  });

  it('fills a short row up to the source column', () => {
    expect(render('key,context,source\na\n', { a: 'Hi' })).toBe('key,context,source\na,,Hi\n');
  });

  it('quotes a translation with any space trim() removes at either end, and only then', () => {
    for (const space of [' ', '\t', '\u00a0', '\u3000', '\ufeff', '\u2029']) {
      expect(render('k,s\na,x\n', { a: `${space}Hi` })).toBe(`k,s\na,"${space}Hi"\n`);
      expect(render('k,s\na,x\n', { a: `Hi${space}` })).toBe(`k,s\na,"Hi${space}"\n`);
    }
    expect(render('k,s\na,x\n', { a: '\u00e9t\u00e9 \u4e2d' })).toBe('k,s\na,\u00e9t\u00e9 \u4e2d\n');
  });

  it('finds translations given in any order', () => {
    expect(render('k,s\na,x\nb,y\nc,z\n', { c: 'C', a: 'A' })).toBe('k,s\na,A\nb,y\nc,C\n');
  });

  it('keeps CRLF, BOM and the rows it does not translate', () => {
    const src = '\ufeffk,s\r\na,x\r\nb,y\r\n';
    expect(render(src, { b: 'z\nw' })).toBe('\ufeffk,s\r\na,x\r\nb,"z\nw"\r\n');
  });
});

describe('csv: property round trips', () => {
  const text = fc.oneof(
    fc.string({ unit: 'grapheme', maxLength: 16 }),
    fc.constantFrom('', 'a,b', 'say "hi"', 'two\nlines', 'cr\r\nlf', ' edge ', ';', '\t', 'ü 😀'),
  );
  const fileArb = fc.record({
    rows: fc.uniqueArray(fc.record({ key: text.filter((k) => k !== ''), source: text, extra: text }), {
      selector: (r) => r.key,
      maxLength: 10,
    }),
    delimiter: fc.constantFrom(',', ';', '\t'),
    crlf: fc.boolean(),
    quoteAll: fc.boolean(),
  });
  const write = (f: typeof fileArb extends fc.Arbitrary<infer T> ? T : never) => {
    const cell = (s: string) =>
      f.quoteAll || /[",;\t\r\n]/.test(s) || s !== s.trim() || s === '' ? `"${s.replace(/"/g, '""')}"` : s;
    const eol = f.crlf ? '\r\n' : '\n';
    const lines = [['key', 'source', 'extra'], ...f.rows.map((r) => [r.key, r.source, r.extra])];
    return enc(lines.map((l) => l.map(cell).join(f.delimiter)).join(eol) + eol);
  };

  it('generated files parse, render unchanged without translations, and give translations back', () => {
    fc.assert(
      fc.property(fileArb, fc.array(text, { minLength: 1 }), (file, texts) => {
        const bytes = write(file);
        const units = csvFormat.parse(bytes);
        expect(units.map((u) => [u.id, u.source])).toEqual(file.rows.map((r) => [r.key, r.source]));
        expect(Buffer.from(csvFormat.render(bytes, new Map(), { targetLang: 'de' })).equals(bytes)).toBe(
          true,
        );
        const translations = new Map(units.map((u, i) => [u.id, texts[i % texts.length]!]));
        const rendered = csvFormat.render(bytes, translations, { targetLang: 'de' });
        const back = csvFormat.parse(rendered);
        expect(back.map((u) => u.source)).toEqual(units.map((u) => translations.get(u.id)));
      }),
      { numRuns: 200 },
    );
  });
});

describe('csv: reading the same bytes again', () => {
  it('render after parse reads bytes changed in place since the parse', () => {
    const data = enc('key,source\na,one\nb,two\n');
    expect(csvFormat.parse(data).map((u) => u.source)).toEqual(['one', 'two']);
    data.set(enc('key,source\na,uno\nc,dos\n'));
    const out = csvFormat.render(data, new Map([['c', 'zwei']]), { targetLang: 'de' });
    expect(dec(out)).toBe('key,source\na,uno\nc,zwei\n');
  });

  it('render of bytes whose parse failed reports the error again', () => {
    const data = enc('key,source\na,one\na,two\n');
    expect(() => csvFormat.parse(data)).toThrow(FormatError);
    expect(() => csvFormat.render(data, new Map([['a', 'eins']]), { targetLang: 'de' })).toThrow(
      /duplicate key/,
    );
  });
});
