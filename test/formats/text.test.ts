import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyEdits, decodeText, TextPositions } from '../../src/formats/file-text.ts';
import { applyOrderedEdits, LineLocator } from '../../src/formats/kit/sequential.ts';
import { textFormat } from '../../src/formats/text-lines/index.ts';

const enc = (s: string) => new TextEncoder().encode(s);
const dec = (b: Uint8Array) => new TextDecoder().decode(b);

describe('text: units', () => {
  it('makes one unit per non-empty line without its surrounding whitespace', () => {
    const units = textFormat.parse(readFileSync('test/fixtures/text/welcome-crlf.txt'));
    expect(units.map((u) => [u.id, u.source])).toEqual([
      ['l1', 'Welcome to Acme Notes!'],
      ['l2', 'Your notes are stored on this device.'],
      ['l3', 'Press Ctrl+S to save.'],
      ['l4', 'Use Tab to indent a list item.'],
    ]);
    expect(units[2]!.location).toMatchObject({ line: 4, column: 4 });
  });

  it('numbers ids among non-empty lines, so blank lines do not shift them', () => {
    const ids = (s: string) => textFormat.parse(enc(s)).map((u) => `${u.id}=${u.source}`);
    expect(ids('a\nb\n')).toEqual(['l1=a', 'l2=b']);
    expect(ids('\n\na\n\n\nb')).toEqual(['l1=a', 'l2=b']);
  });

  it('reads invalid UTF-8 as Latin-1 and refuses translations Latin-1 cannot hold', () => {
    const latin1 = new Uint8Array([0x43, 0x61, 0x66, 0xe9, 0x0a]);
    expect(textFormat.parse(latin1)[0]!.source).toBe('Café');
    const out = textFormat.render(latin1, new Map([['l1', 'Thé']]), { targetLang: 'fr' });
    expect(Buffer.from(out).toString('latin1')).toBe('Thé\n');
    expect(() => textFormat.render(latin1, new Map([['l1', 'Чай']]), { targetLang: 'ru' })).toThrow(
      /Latin-1/,
    );
  });
});

describe('text: render', () => {
  it('keeps indentation, trailing spaces and CRLF around the translated text', () => {
    const src = 'Title\r\n\r\n   indented   \r\n';
    expect(dec(textFormat.render(enc(src), new Map([['l2', 'eingerückt']]), { targetLang: 'de' }))).toBe(
      'Title\r\n\r\n   eingerückt   \r\n',
    );
  });

  it('writes line breaks in a translation as spaces', () => {
    expect(dec(textFormat.render(enc('a\nb\n'), new Map([['l1', 'x\ny']]), { targetLang: 'de' }))).toBe(
      'x y\nb\n',
    );
  });
});

describe('text: property round trips', () => {
  const line = fc.string({ unit: 'grapheme', maxLength: 20 });
  it('generated files survive render with no translations and give translations back', () => {
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 12 }),
        fc.boolean(),
        fc.array(line, { minLength: 1 }),
        (lines, crlf, texts) => {
          const bytes = enc(lines.join(crlf ? '\r\n' : '\n'));
          const units = textFormat.parse(bytes);
          expect(units.map((u) => u.source)).toEqual(lines.map((l) => l.trim()).filter((l) => l !== ''));
          expect(Buffer.from(textFormat.render(bytes, new Map(), { targetLang: 'de' })).equals(bytes)).toBe(
            true,
          );
          const wanted = texts.map((t) => t.replace(/\s+/g, ' ').trim()).filter((t) => t !== '');
          if (wanted.length === 0) return;
          const translations = new Map(units.map((u, i) => [u.id, wanted[i % wanted.length]!]));
          const back = textFormat.parse(textFormat.render(bytes, translations, { targetLang: 'de' }));
          expect(back.map((u) => [u.id, u.source])).toEqual(units.map((u) => [u.id, translations.get(u.id)]));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('text: whitespace and locations', () => {
  // Every character String#trim removes, and some it keeps (zero-width space, ideographic comma).
  const space = fc.constantFrom(
    ...' \t\v\f\r\u00a0\u1680\u2000\u2005\u200a\u2028\u2029\u202f\u205f\u3000\ufeff'.split(''),
  );
  const word = fc.constantFrom('a', 'é', '—', '😀', '\u200b', '\u3001', 'x y');
  const line = fc.tuple(
    fc.array(space, { maxLength: 3 }),
    fc.array(word, { maxLength: 3 }),
    fc.array(space, { maxLength: 3 }),
  );

  it('trims what String#trim trims and locates each unit by line, column and byte offset', () => {
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 8 }),
        fc.constantFrom('utf-8', 'utf-16le'),
        (parts, encoding) => {
          const lines = parts.map(([a, b, c]) => a.join('') + b.join('') + c.join(''));
          const source = lines.join('\n');
          const bytes =
            encoding === 'utf-8'
              ? enc(source)
              : new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(source, 'utf16le')]));
          const units = textFormat.parse(bytes);
          expect(units.map((u) => u.source)).toEqual(lines.map((l) => l.trim()).filter((l) => l !== ''));
          const decoded = decodeText(bytes);
          const positions = new TextPositions(decoded);
          for (const unit of units) {
            const at = lineStartIndex(decoded.text, unit.location.line) + unit.location.column - 1;
            expect(decoded.text.startsWith(unit.source, at)).toBe(true);
            expect(unit.location).toEqual(positions.location(at, at + unit.source.length));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('render after parse reads bytes changed in place since the parse', () => {
    const data = enc('one\ntwo\n');
    expect(textFormat.parse(data).map((u) => u.source)).toEqual(['one', 'two']);
    data.set(enc('uno\ndos\n'));
    expect(dec(textFormat.render(data, new Map([['l2', 'zwei']]), { targetLang: 'de' }))).toBe('uno\nzwei\n');
  });
});

function lineStartIndex(text: string, line: number): number {
  let at = 0;
  for (let n = 1; n < line; n++) at = text.indexOf('\n', at) + 1;
  return at;
}

describe('sequential helpers', () => {
  it('LineLocator gives the same locations as TextPositions for increasing positions', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 60 }).map((s) => s.replace(/x/g, '\n')),
        fc.constantFrom('utf-8', 'utf-16le', 'bom'),
        fc.array(fc.nat(), { maxLength: 10 }),
        (text, kind, cuts) => {
          const bytes =
            kind === 'utf-8'
              ? enc(text)
              : kind === 'bom'
                ? enc(`\ufeff${text}`)
                : Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
          const decoded = decodeText(bytes);
          const points = cuts.map((c) => c % (decoded.text.length + 1)).sort((a, b) => a - b);
          const locator = new LineLocator(decoded);
          const positions = new TextPositions(decoded);
          for (let i = 0; i < points.length; i++) {
            const start = points[i]!;
            const end = Math.max(start, points[i + 1] ?? start);
            expect(locator.location(start, end)).toEqual(positions.location(start, end));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('applyOrderedEdits equals applyEdits, also when edits come out of order', () => {
    const edits = [
      { start: 0, end: 1, replacement: 'A' },
      { start: 2, end: 2, replacement: '+' },
      { start: 3, end: 5, replacement: '' },
    ];
    expect(applyOrderedEdits('abcdef', edits)).toBe(applyEdits('abcdef', edits));
    expect(applyOrderedEdits('abcdef', [...edits].reverse())).toBe('Ab+cf');
  });
});
