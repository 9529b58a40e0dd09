import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FormatError } from '../../src/formats/errors.ts';
import type { FormatWarning } from '../../src/formats/model.ts';
import { propertiesFormat } from '../../src/formats/properties/index.ts';
import { describeFormat } from './store-suite.ts';

const dir = 'test/fixtures/properties';
const fixtures = readdirSync(dir).map((f) => join(dir, f));

describeFormat(propertiesFormat, { fixtures, bilingual: false, targetLang: 'ru' });

const latin1 = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'));
const utf8 = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));
const units = (text: string) => propertiesFormat.parse(utf8(text));
const values = (text: string) => Object.fromEntries(units(text).map((u) => [u.id, u.source]));
const render = (bytes: Uint8Array, translations: Record<string, string>) =>
  Buffer.from(propertiesFormat.render(bytes, new Map(Object.entries(translations)), { targetLang: 'de' }));

describe('properties: syntax', () => {
  it('reads =, : and whitespace separators with the whitespace around them', () => {
    expect(values('a=1\nb = 2\nc:3\nd : 4\ne 5\nf\t6\n  g   =   7  \nh\n')).toEqual({
      a: '1',
      b: '2',
      c: '3',
      d: '4',
      e: '5',
      f: '6',
      g: '7  ',
      h: '',
    });
  });

  it('joins continuation lines and skips the next line indentation, but not after an escaped backslash', () => {
    expect(values('a = one \\\n    two\\\n\tthree\nb = C:\\\\\nc = x\n')).toEqual({
      a: 'one twothree',
      b: 'C:\\',
      c: 'x',
    });
  });

  it('resolves \\uXXXX, \\t \\n \\r \\f and escaped separators in keys and values', () => {
    expect(values('k\\ e\\=y\\:z = caf\\u00e9\\t\\n\\\\ \\#x\n')).toEqual({ 'k e=y:z': 'café\t\n\\ #x' });
  });

  it('treats # and ! lines as comments, and the block right above a key as its note', () => {
    const [first, second, third] = units(
      '# file header\n\n# Title of the page\n! shown in tabs\ntitle=Home\nname=x\n\n#orphan\n\nx=y\n',
    );
    expect(first).toMatchObject({ id: 'title', notes: ['Title of the page\nshown in tabs'] });
    expect(second?.notes).toEqual([]);
    expect(third?.notes).toEqual([]);
  });

  it('does not continue comment lines that end with a backslash', () => {
    expect(values('# comment \\\nkey=value\n')).toEqual({ key: 'value' });
  });

  it('handles CR-only and CRLF line ends and a last line without newline', () => {
    expect(values('a=1\rb=2\r\nc=3 \\\r\n  more')).toEqual({ a: '1', b: '2', c: '3 more' });
  });

  it('reads ISO-8859-1 files byte by byte and UTF-8 files as UTF-8', () => {
    expect(propertiesFormat.parse(latin1('k=caf\xe9\n'))[0]?.source).toBe('café');
    expect(propertiesFormat.parse(utf8('k=café ✅\n'))[0]?.source).toBe('café ✅');
  });

  it('locates values by line, column and byte offset', () => {
    expect(units('# c\nkey = vä\\\n  lue\n')[0]?.location).toEqual({
      line: 2,
      column: 7,
      offset: 10,
      length: 10,
    });
  });
});

describe('properties: render', () => {
  it('replaces only the value and keeps the separator, comments and line ends', () => {
    expect(render(utf8('# ç\r\na = x\r\nb:y\r\n'), { a: 'ä', b: 'z' }).toString()).toBe(
      '# ç\r\na = ä\r\nb:z\r\n',
    );
  });

  it('writes non-Latin-1 text as \\u escapes in ISO-8859-1 files and Latin-1 text raw', () => {
    const out = render(latin1('k=caf\xe9\nm=x\n'), { m: 'Grüße ✅ 😀' });
    expect(out.toString('latin1')).toBe('k=caf\xe9\nm=Gr\xfc\xdfe \\u2705 \\ud83d\\ude00\n');
  });

  it('escapes all non-ASCII text in an ASCII file, in the file hex case', () => {
    expect(render(utf8('a=\\u00E9\nb=x\n'), { b: 'ü' }).toString()).toBe('a=\\u00E9\nb=\\u00FC\n');
  });

  it('writes raw UTF-8 in UTF-8 files', () => {
    expect(render(utf8('a=é\nb=x\n'), { b: 'ü ✅' }).toString()).toBe('a=é\nb=ü ✅\n');
  });

  it('escapes backslashes, line breaks, tabs, leading spaces and (when the file does) separators', () => {
    expect(render(utf8('a=x\n'), { a: '  C:\\dir\n\tnext = 1' }).toString()).toBe(
      'a=\\  C:\\\\dir\\n\\tnext = 1\n',
    );
    expect(render(utf8('u=http\\://x\na=x\n'), { a: 'k=v: w' }).toString()).toBe(
      'u=http\\://x\na=k\\=v\\: w\n',
    );
  });

  it('writes a continued value on one line', () => {
    expect(render(utf8('a = one \\\n    two\nb = x\n'), { a: 'eins zwei' }).toString()).toBe(
      'a = eins zwei\nb = x\n',
    );
  });

  it("adds the file's separator to a key that has none", () => {
    expect(render(utf8('a: x\nempty\n'), { empty: 'voll' }).toString()).toBe('a: x\nempty: voll\n');
  });

  it('leaves the file untouched for translations equal to the source', () => {
    const bytes = utf8('a = one \\\n    two\n');
    expect(render(bytes, { a: 'one two' }).equals(Buffer.from(bytes))).toBe(true);
  });
});

describe('properties: bad input', () => {
  const errorOf = (text: string): FormatError => {
    try {
      units(text);
    } catch (error) {
      if (error instanceof FormatError) return error;
      throw error;
    }
    throw new Error('no error');
  };

  it.each([
    ['a=ok\nb=bad \\u12x4\n', 2, 7, /malformed/],
    ['a=ok\nb=truncated \\u00', 2, 13, /malformed/],
    ['k\\u004=v\n', 1, 2, /malformed/],
  ])('%j is a FormatError at %i:%i', (text, line, column, message) => {
    const error = errorOf(text);
    expect(error.message).toMatch(message);
    expect([error.line, error.column]).toEqual([line, column]);
  });

  it('reads a repeated key with a warning, as java.util.Properties does: the last keeps the key', () => {
    const source = 'a=1\n# c\nb=x\na = 2\nlonely\n';
    const warnings: FormatWarning[] = [];
    const units = propertiesFormat.parse(utf8(source), { onWarning: (w) => warnings.push(w) });
    expect(units.map((u) => [u.id, u.source])).toEqual([
      ['a~1', '1'],
      ['b', 'x'],
      ['a', '2'],
      // A key without a separator is a key with an empty value, as Properties.load reads it: no warning.
      ['lonely', ''],
    ]);
    expect(warnings).toEqual([
      {
        line: 4,
        column: 1,
        message:
          'duplicate key "a" (first on line 1); the last one is the value, as java.util.Properties reads it',
      },
    ]);
    const out = propertiesFormat.render(
      utf8(source),
      new Map([
        ['a~1', 'eins'],
        ['a', 'zwei'],
      ]),
      { targetLang: 'de' },
    );
    expect(new TextDecoder().decode(out)).toBe('a=eins\n# c\nb=x\na = zwei\nlonely\n');
  });

  it('refuses files over maxBytes and plural translations', () => {
    expect(() => propertiesFormat.parse(utf8('a=b\n'), { maxBytes: 2 })).toThrow(/over the limit/);
    expect(() =>
      propertiesFormat.render(utf8('a=b\n'), new Map([['a', { other: 'x' }]]), { targetLang: 'de' }),
    ).toThrow(FormatError);
  });

  it('sniffs key/value files but not JSON or XML', () => {
    expect(propertiesFormat.sniff!(utf8('# c\nkey = value\n'))).toBe(true);
    expect(propertiesFormat.sniff!(utf8('{"a": 1}'))).toBe(false);
    expect(propertiesFormat.sniff!(utf8('<?xml version="1.0"?>'))).toBe(false);
  });
});

describe('properties: reading the same bytes again', () => {
  it('render after parse reads bytes changed in place since the parse', () => {
    const data = utf8('a=one\nb=two\n');
    expect(propertiesFormat.parse(data).map((u) => u.source)).toEqual(['one', 'two']);
    data.set(utf8('a=uno\nc=dos\n'));
    expect(render(data, { c: 'zwei' }).toString('utf8')).toBe('a=uno\nc=zwei\n');
  });
});
