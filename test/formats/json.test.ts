import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FormatError } from '../../src/formats/errors.ts';
import { jsonFormat } from '../../src/formats/json/index.ts';
import type { FormatWarning, PluralForms } from '../../src/formats/model.ts';
import { describeFormat } from './store-suite.ts';

const dir = 'test/fixtures/json';
const fixtures = readdirSync(dir).map((f) => join(dir, f));

describeFormat(jsonFormat, { fixtures, bilingual: false, targetLang: 'ru' });
describeFormat(jsonFormat, { fixtures, bilingual: false, targetLang: 'ar' });
describeFormat(jsonFormat, { fixtures, bilingual: false, targetLang: 'ja' });

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (data: Uint8Array) => new TextDecoder().decode(data);
const parse = (source: string) => jsonFormat.parse(bytes(source));
const byId = (source: string) => new Map(parse(source).map((u) => [u.id, u]));
const render = (source: string, translations: Record<string, string | PluralForms>, targetLang = 'de') =>
  text(jsonFormat.render(bytes(source), new Map(Object.entries(translations)), { targetLang }));
const errorOf = (source: string): FormatError => {
  try {
    parse(source);
  } catch (error) {
    if (error instanceof FormatError) return error;
    throw error;
  }
  throw new Error('no error');
};

describe('json: units', () => {
  it('ids are key paths, with dots, backslashes and # inside keys escaped', () => {
    const units = parse('{"a": {"b": "1", "c.d": "2", "e\\\\f": "3", "#g": "4"}, "a.b": "5"}');
    expect(units.map((u) => [u.id, u.source])).toEqual([
      ['a.b', '1'],
      ['a.c\\.d', '2'],
      ['a.e\\\\f', '3'],
      ['a.\\#g', '4'],
      ['a\\.b', '5'],
    ]);
  });

  it('arrays of strings are units with index ids; numbers, booleans and null are not units', () => {
    const units = parse('{"steps": ["One", {"label": "Two"}], "n": 1, "b": false, "z": null}');
    expect(units.map((u) => u.id)).toEqual(['steps.0', 'steps.1.label']);
  });

  it('groups i18next plural suffixes into one unit whose id is the base key', () => {
    const unit = byId('{"cart": {"items_one": "# item", "items_other": "# items", "x": "y"}}').get(
      'cart.items',
    )!;
    expect(unit.source).toBe('# items');
    expect(unit.sourcePlural).toEqual({ one: '# item', other: '# items' });
  });

  it('needs an _other member and string values to form a plural group', () => {
    expect([...byId('{"a_one": "x", "b_one": "y", "b_other": 3}').keys()]).toEqual(['a_one', 'b_one']);
  });

  it('groups ordinal suffixes under base#ordinal with the ordinal flag', () => {
    const unit = byId(
      '{"place_ordinal_one": "#st", "place_ordinal_other": "#th", "place_one": "a", "place_other": "b"}',
    );
    expect(unit.get('place#ordinal')).toMatchObject({
      sourcePlural: { one: '#st', other: '#th' },
      flags: ['ordinal'],
    });
    expect(unit.get('place')?.sourcePlural).toEqual({ one: 'a', other: 'b' });
  });

  it('sets context on suffixed keys whose base key exists, and keeps them as their own units', () => {
    const units = byId(readFixture('i18next-nested.json'));
    expect(units.get('friend')?.context).toBeUndefined();
    expect(units.get('friend_male')?.context).toBe('male');
    expect(units.get('friend_male#plural')).toMatchObject({
      context: 'male',
      sourcePlural: { one: '{{count}} boyfriend', other: '{{count}} boyfriends' },
    });
  });

  it('keeps an ICU plural value as one unit with the full message', () => {
    const units = byId(readFixture('icu-messages.json'));
    expect(units.get('checkout.summary')?.source).toMatch(/^\{itemCount, plural, =0 \{Your cart is empty\}/);
    expect(units.get('checkout.summary')?.sourcePlural).toBeUndefined();
  });

  it('unescapes values and locates them by line, column and byte offset', () => {
    const source = '{\n  "é": "caf\\u00e9 \\"x\\"",\n  "b": "ü"\n}';
    const units = parse(source);
    expect(units[0]).toMatchObject({
      source: 'café "x"',
      location: { line: 2, column: 9, offset: 11, length: 15 },
    });
    expect(units[1]).toMatchObject({ source: 'ü', location: { line: 3, column: 9, offset: 37, length: 2 } });
  });
});

describe('json: render', () => {
  it('patches only the translated literal', () => {
    const source = '{\n  "a": "Hello",   "b" : "World",\n  "n": 1.50e3\n}\n';
    expect(render(source, { b: 'Welt' })).toBe('{\n  "a": "Hello",   "b" : "Welt",\n  "n": 1.50e3\n}\n');
  });

  it('escapes quotes, backslashes and control characters', () => {
    expect(render('{"a": "x"}', { a: 'say "hi"\\\n\ttab' })).toBe('{"a": "say \\"hi\\"\\\\\\n\\ttab"}');
  });

  it('writes non-ASCII as \\u escapes when the file does, in the file hex case, and keeps \\/', () => {
    expect(render('{"a": "caf\\u00E9", "b": "x"}', { b: 'Größe/😀' })).toBe(
      '{"a": "caf\\u00E9", "b": "Gr\\u00F6\\u00DFe/\\uD83D\\uDE00"}',
    );
    expect(render('{"a": "http:\\/\\/x", "b": "x"}', { b: 'a/b' })).toBe(
      '{"a": "http:\\/\\/x", "b": "a\\/b"}',
    );
    expect(render('{"a": "café", "b": "x"}', { b: 'Größe' })).toBe('{"a": "café", "b": "Größe"}');
  });

  it('keeps BOM and CRLF', () => {
    const source = '\ufeff{\r\n  "a": "x"\r\n}\r\n';
    const out = jsonFormat.render(bytes(source), new Map([['a', 'y']]), { targetLang: 'de' });
    expect([...out.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(Buffer.from(out).toString('utf8')).toBe('\ufeff{\r\n  "a": "y"\r\n}\r\n');
  });

  it('inserts Russian plural keys after the last existing sibling, in the same style', () => {
    const source =
      '{\n  "cart": {\n    "items_one": "{{count}} item",\n    "items_other": "{{count}} items",\n    "x": "y"\n  }\n}\n';
    const out = render(source, { 'cart.items': { one: 'o', few: 'f', many: 'm', other: 'x' } }, 'ru');
    expect(out).toBe(
      '{\n  "cart": {\n    "items_one": "o",\n    "items_other": "x",\n    "items_few": "f",\n    "items_many": "m",\n    "x": "y"\n  }\n}\n',
    );
  });

  it('inserts in minified files with the minified separators', () => {
    const out = render(
      '{"a_one":"x","a_other":"y"}',
      { a: { one: '1', few: '2', many: '3', other: '4' } },
      'ru',
    );
    expect(out).toBe('{"a_one":"1","a_other":"4","a_few":"2","a_many":"3"}');
  });

  it('removes plural keys the target does not use and keeps commas valid', () => {
    const first = '{\n  "a_one": "x",\n  "a_other": "y",\n  "b": "z"\n}';
    expect(render(first, { a: { other: 'Y' } }, 'ja')).toBe('{\n  "a_other": "Y",\n  "b": "z"\n}');
    const last = '{\n  "b": "z",\n  "a_other": "y",\n  "a_one": "x"\n}';
    expect(render(last, { a: { other: 'Y' } }, 'ja')).toBe('{\n  "b": "z",\n  "a_other": "Y"\n}');
    const swap = '{\n  "a_other": "y",\n  "a_one": "x"\n}';
    const ru = render(swap, { a: { one: 'o', few: 'f', many: 'm', other: 'x' } }, 'ru');
    expect(JSON.parse(ru)).toEqual({ a_other: 'x', a_one: 'o', a_few: 'f', a_many: 'm' });
    const zh = render('{"a_zero":"0","a_one":"1","a_other":"n"}', { a: { other: 'N' } }, 'zh');
    expect(zh).toBe('{"a_other":"N"}');
  });

  it('fills forms the target needs but the translation lacks from "other"', () => {
    const out = render('{"a_one":"x","a_other":"y"}', { a: { one: 'o', other: 'x' } }, 'ru');
    expect(JSON.parse(out)).toEqual({ a_one: 'o', a_other: 'x', a_few: 'x', a_many: 'x' });
  });

  it('keeps a source _zero form (i18next uses it for 0 in every language) and drops forms the target lacks', () => {
    const source = '{"a_zero":"none","a_one":"one","a_other":"many"}';
    expect(render(source, { a: { zero: 'keine', one: 'eins', other: 'viele' } })).toBe(
      '{"a_zero":"keine","a_one":"eins","a_other":"viele"}',
    );
    expect(render('{"a_one":"x","a_other":"y"}', { a: { zero: '0', one: '1', other: 'n' } })).toBe(
      '{"a_one":"1","a_other":"n"}',
    );
  });

  it('writes ordinal groups with the target language ordinal categories', () => {
    const source =
      '{"p_ordinal_one":"#st","p_ordinal_two":"#nd","p_ordinal_few":"#rd","p_ordinal_other":"#th"}';
    expect(render(source, { 'p#ordinal': { other: '#.' } }, 'de')).toBe('{"p_ordinal_other":"#."}');
  });

  it('leaves the file untouched for translations equal to the source, and ignores unknown ids', () => {
    const source = '{ "a_one": "x", "a_other": "y", "b": "z" }';
    expect(render(source, { a: { one: 'x', other: 'y' }, b: 'z', nope: 'q' }, 'ru')).toBe(source);
  });

  it('refuses plural forms for a unit that is not plural', () => {
    expect(() => render('{"a": "x"}', { a: { other: 'y' } })).toThrow(FormatError);
  });

  it('renders UTF-16 files in UTF-16', () => {
    const source = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('{"a": "x"}', 'utf16le')]);
    const out = Buffer.from(jsonFormat.render(source, new Map([['a', 'ÿ']]), { targetLang: 'de' }));
    expect(out.equals(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('{"a": "ÿ"}', 'utf16le')]))).toBe(
      true,
    );
  });
});

describe('json: repeated keys', () => {
  /** Every string JSON.parse gives, by key path: what i18next and any other JSON.parse reader sees. */
  const flatten = (value: unknown, prefix = ''): [string, string][] =>
    typeof value === 'string'
      ? [[prefix.slice(0, -1), value]]
      : Object.entries(value as object).flatMap(([k, v]) => flatten(v, `${prefix}${k}.`));

  it('reads them as JSON.parse does: one unit per key, the last copy its value, with a warning naming the lines', () => {
    const warnings: FormatWarning[] = [];
    const source = readFileSync(join(dir, 'duplicate-keys.json'));
    const units = jsonFormat.parse(source, { onWarning: (w) => warnings.push(w) });
    expect(new Map(units.map((u) => [u.id, u.source]))).toEqual(
      new Map(flatten(JSON.parse(source.toString()))),
    );
    expect(units.find((u) => u.id === 'nav.home')).toMatchObject({
      source: 'Start page',
      location: { line: 5 },
    });
    expect(warnings).toEqual([
      {
        line: 5,
        column: 5,
        message:
          'duplicate key "home" on lines 3 and 5: JSON.parse keeps the last one, so the earlier copy is never read',
      },
      {
        line: 26,
        column: 5,
        message:
          'duplicate key "field3" on lines 11 and 26: JSON.parse keeps the last one, so the earlier copy is never read',
      },
      {
        line: 30,
        column: 3,
        message:
          'duplicate key "title" on lines 29 and 30: JSON.parse keeps the last one, so the earlier copy is never read',
      },
    ]);
  });

  it('writes a translation into the last copy only and leaves the earlier ones as they are', () => {
    const source = readFileSync(join(dir, 'duplicate-keys.json'));
    const translations = new Map([
      ['nav.home', 'Anfang'],
      ['title', 'Meine App'],
    ]);
    const out = text(jsonFormat.render(source, translations, { targetLang: 'de' }));
    expect(out).toContain('"home": "Home",\n    "inbox": "Inbox",\n    "home": "Anfang"');
    expect(out).toContain('"title": "My app",\n  "title": "Meine App"');
    const read = JSON.parse(out) as { title: string; nav: { home: string } };
    expect([read.title, read.nav.home]).toEqual(['Meine App', 'Anfang']);
  });

  it('reads a repeated object as JSON.parse does: only the last one, so the keys only the first has are no units', () => {
    const source = '{"nav": {"a": "1", "b": "2", "b_one": "x", "b_other": "y"}, "nav": {"a": "3"}, "c": "4"}';
    expect(parse(source).map((u) => [u.id, u.source])).toEqual(flatten(JSON.parse(source)));
    expect(parse(source).map((u) => u.id)).toEqual(['nav.a', 'c']);
  });

  it('finds a repeated key spelled with escapes, three copies in one warning', () => {
    const warnings: FormatWarning[] = [];
    const units = jsonFormat.parse(bytes('{"a": "x",\n"\\u0061": "y",\n"a": "z"}'), {
      onWarning: (w) => warnings.push(w),
    });
    expect(units.map((u) => [u.id, u.source])).toEqual([['a', 'z']]);
    expect(warnings.map((w) => w.message)).toEqual([
      'duplicate key "a" on lines 1, 2 and 3: JSON.parse keeps the last one, so the earlier copies are never read',
    ]);
  });
});

describe('json: bad input', () => {
  it.each([
    ['', 1, 1, /empty file/],
    ['{"a": "b"', 1, 10, /end of file/],
    ['{"a": "b', 1, 7, /unterminated string/],
    ['{\n  "a": "b",\n}', 3, 1, /trailing comma/],
    ['{"a": "b" "c": "d"}', 1, 11, /expected ',' or '}'/],
    ['{"a": "\\x"}', 1, 8, /invalid escape/],
    ['{"a": "\\u12g4"}', 1, 8, /invalid \\u escape/],
    ['{"a": "tab\there"}', 1, 11, /control character/],
    ['{"a": "cr\rhere"}', 1, 10, /control character/],
    ['{"a": "x",\n "b": "new\nline"}', 2, 11, /control character/],
    ['{"a": "bell\u0007", "b": "x"}', 1, 12, /control character/],
    ['{"a": "\\"", "b": "ok", "c": "tab\t"}', 1, 33, /control character/],
    ['{"a": 01}', 1, 8, /expected ',' or '}'/],
    ['{"a": tru}', 1, 7, /expected true/],
    ['{a: "b"}', 1, 2, /property name/],
    ['{"a": "b"} x', 1, 12, /after the JSON value/],
    ['"just a string"', 1, 1, /object or array/],
    ['['.repeat(5000), 1, 1001, /nesting/],
  ])('%j is a FormatError at %i:%i', (source, line, column, message) => {
    const error = errorOf(source);
    expect(error.message).toMatch(message);
    expect([error.line, error.column]).toEqual([line, column]);
  });

  it('refuses invalid UTF-8 and files over maxBytes', () => {
    expect(() => jsonFormat.parse(new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x7d]))).toThrow(FormatError);
    expect(() => jsonFormat.parse(bytes('{"a": "b"}'), { maxBytes: 5 })).toThrow(/over the limit/);
    expect(() => jsonFormat.render(bytes('{"a": "b"'), new Map([['a', 'c']]), { targetLang: 'de' })).toThrow(
      FormatError,
    );
  });
});

describe('json: reading the same bytes again', () => {
  it('render after parse reads bytes changed in place since the parse', () => {
    const data = bytes('{"a": "Hello", "b": "World"}');
    expect(jsonFormat.parse(data).map((u) => u.source)).toEqual(['Hello', 'World']);
    data.set(bytes('{"a": "Howdy", "c": "World"}'));
    const out = jsonFormat.render(data, new Map([['c', 'Welt']]), { targetLang: 'de' });
    expect(text(out)).toBe('{"a": "Howdy", "c": "Welt"}');
  });

  it('parse after a render of the same bytes gives the same units as a first parse', () => {
    const source = '{"items_one": "1 item", "items_other": "{{count}} items", "x": {"y": "z"}}';
    const first = parse(source);
    render(source, { 'x.y': 'Z' });
    expect(parse(source)).toEqual(first);
  });
});

describe('json: keys written with escapes', () => {
  it('are grouped, given contexts and escaped in ids like keys written plainly', () => {
    const units = parse(
      '{"a\\u002eb": "1", "items\\u005fone": "one", "items_other": "many", "friend": "f", "friend\\u005fmale": "m", "\\u0023x": "h"}',
    );
    expect(units.map((u) => [u.id, u.source, u.context])).toEqual([
      ['a\\.b', '1', undefined],
      ['items', 'many', undefined],
      ['friend', 'f', undefined],
      ['friend_male', 'm', 'male'],
      ['\\#x', 'h', undefined],
    ]);
  });
});

describe('json: sniff', () => {
  it('claims objects after whitespace and BOMs, nothing else', () => {
    expect(jsonFormat.sniff!(bytes(' \n {"a": 1}'))).toBe(true);
    expect(jsonFormat.sniff!(bytes('\ufeff{}'))).toBe(true);
    expect(jsonFormat.sniff!(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(' {', 'utf16le')]))).toBe(
      true,
    );
    expect(jsonFormat.sniff!(bytes('[1]'))).toBe(false);
    expect(jsonFormat.sniff!(bytes('<xml/>'))).toBe(false);
  });
});

function readFixture(name: string): string {
  return readFileSync(join(dir, name), 'utf8');
}
