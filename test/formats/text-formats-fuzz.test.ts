/**
 * Garbage in, typed error out: for the text-based formats (YAML, PO, .strings, CSV, Markdown, plain
 * text), arbitrary input either parses or fails with a FormatError — never another exception — and
 * whatever parses renders arbitrary translations into a file that parses again with the same ids.
 */
import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvFormat } from '../../src/formats/csv/index.ts';
import { FormatError } from '../../src/formats/errors.ts';
import { markdownFormat } from '../../src/formats/markdown/index.ts';
import type { FormatModule } from '../../src/formats/model.ts';
import { poFormat } from '../../src/formats/po/index.ts';
import { stringsFormat } from '../../src/formats/strings/index.ts';
import { textFormat } from '../../src/formats/text-lines/index.ts';
import { yamlFormat } from '../../src/formats/yaml/index.ts';

const pieces: Record<string, string[]> = {
  yaml: [
    'en:',
    '\n',
    '  ',
    'a: ',
    '- ',
    '"x',
    "'y'",
    '|',
    '>-',
    '&a ',
    '*a',
    '<<: ',
    '# c',
    '{',
    '}',
    '[',
    ']',
    ',',
    ':',
    'one: ',
    'other: ',
  ],
  po: [
    'msgid ',
    'msgstr ',
    'msgctxt ',
    'msgid_plural ',
    'msgstr[0] ',
    'msgstr[1] ',
    '"',
    '""',
    '\\',
    '\\n',
    '\n',
    '#, fuzzy\n',
    '#~ ',
    '#| ',
    'a',
  ],
  strings: ['"', 'k', ' = ', ';', '\n', '/*', '*/', '//', '\\', '\\U00e9', 'v', 'é'],
  csv: [',', ';', '"', '""', '\n', '\r\n', 'key', 'source', 'a', ' ', 'é'],
  markdown: [
    '# ',
    '\n',
    '> ',
    '- ',
    '1. ',
    '```',
    '~~~',
    '|',
    '---',
    '===',
    '<div>',
    '    ',
    'text',
    '[a]: x',
    ':::',
    '$$',
    '\t',
  ],
  text: ['a', ' ', '\n', '\r\n', '\t', 'é', '😀', '\u00a0'],
};

const formats: [FormatModule, string][] = [
  [yamlFormat, 'yaml'],
  [poFormat, 'po'],
  [stringsFormat, 'strings'],
  [csvFormat, 'csv'],
  [markdownFormat, 'markdown'],
  [textFormat, 'text'],
];

// One-line, non-blank translations: a blank one would empty a line-based unit away, by design.
const translationArb = fc
  .string({ unit: 'grapheme', maxLength: 12 })
  .map((s) => s.replace(/\s+/g, ' ').trim())
  .filter((s) => s !== '');

describe('text formats: arbitrary input', () => {
  for (const [format, key] of formats) {
    it(`${format.name}: parses or throws FormatError, and renders parseable output`, () => {
      const input = fc.array(fc.oneof(fc.constantFrom(...pieces[key]!), fc.string({ maxLength: 3 })), {
        maxLength: 40,
      });
      fc.assert(
        fc.property(input, translationArb, (parts, given) => {
          // In a one-row CSV, a translation spelling a column name ("name") turns the row into a
          // header on the next read; that ambiguity is inherent to header detection, not a bug.
          const translation = key === 'csv' ? `${given}·` : given;
          const bytes = new TextEncoder().encode(parts.join(''));
          let units: ReturnType<FormatModule['parse']>;
          try {
            units = format.parse(bytes);
          } catch (error) {
            expect(error).toBeInstanceOf(FormatError);
            expect((error as FormatError).line).toBeGreaterThanOrEqual(1);
            return;
          }
          const translations = new Map(
            units.map((u) => [
              u.id,
              u.sourcePlural ? { one: translation, other: `${translation}s` } : translation,
            ]),
          );
          const rendered = format.render(bytes, translations, { targetLang: 'de' });
          const back = format.parse(rendered);
          expect(back.map((u) => u.id).sort()).toEqual(units.map((u) => u.id).sort());
        }),
        { numRuns: 300 },
      );
    });
  }
});

const fixtureDirs: Record<string, string> = {
  yaml: 'yaml',
  po: 'po',
  strings: 'strings',
  csv: 'csv',
  markdown: 'markdown',
  text: 'text',
};

describe('text formats: truncated and oversized files', () => {
  for (const [format, key] of formats) {
    it(`${format.name}: every truncation of the fixtures parses or fails with a FormatError`, () => {
      const dir = `test/fixtures/${fixtureDirs[key]}`;
      for (const name of readdirSync(dir)) {
        const bytes = new Uint8Array(readFileSync(`${dir}/${name}`));
        const step = Math.max(1, Math.floor(bytes.length / 150));
        for (let cut = 0; cut < bytes.length; cut += step) {
          try {
            format.parse(bytes.subarray(0, cut), { fileName: name });
          } catch (error) {
            expect(error, `${name} cut at ${cut}`).toBeInstanceOf(FormatError);
          }
        }
      }
    });

    it(`${format.name}: refuses a file over maxBytes before parsing`, () => {
      const bytes = new TextEncoder().encode('x'.repeat(64));
      expect(() => format.parse(bytes, { maxBytes: 63 })).toThrow(FormatError);
      expect(() => format.render(bytes, new Map(), { targetLang: 'de', maxBytes: 63 })).toThrow(
        /over the limit/,
      );
    });
  }
});
