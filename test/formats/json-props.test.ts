/**
 * Property tests: generated JSON files with awkward keys and values survive round trips.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonFormat } from '../../src/formats/json/index.ts';
import { pluralCategories } from '../../src/formats/kit/plural-forms.ts';
import type { PluralForms } from '../../src/formats/model.ts';

const awkwardKey = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.string({ unit: 'binary', maxLength: 6 }),
  fc.constantFrom(
    'a.b',
    'with space',
    'quote"d',
    'back\\slash',
    '#hash',
    '',
    'ключ',
    '😀',
    'items',
    'x_male',
  ),
  fc
    .tuple(
      fc.constantFrom('items', 'n', 'place'),
      fc.constantFrom('_one', '_other', '_few', '_zero', '_ordinal_one', '_ordinal_other'),
    )
    .map(([a, b]) => a + b),
);
const awkwardText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom(
    '',
    '"',
    '\\',
    '\n\t\r',
    '\u2028',
    'Größe ß',
    '{{count}} $t(x)',
    '{n, plural, one {#} other {#}}',
    '</b>',
  ),
);

type Tree = string | number | boolean | null | Tree[] | { [key: string]: Tree };
const tree: fc.Arbitrary<Tree> = fc.letrec<{ node: Tree }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    awkwardText,
    fc.oneof(fc.integer(), fc.boolean(), fc.constant(null)),
    fc.array(tie('node'), { maxLength: 4 }),
    fc.dictionary(awkwardKey, tie('node'), { maxKeys: 6 }),
  ),
})).node;
const root = fc.dictionary(awkwardKey, tree, { minKeys: 1, maxKeys: 8 });

const style = fc.record({
  indent: fc.constantFrom(0, 2, 4, '\t'),
  ascii: fc.boolean(),
  crlf: fc.boolean(),
  bom: fc.boolean(),
});

function write(
  value: Tree,
  s: { indent: number | string; ascii: boolean; crlf: boolean; bom: boolean },
): Uint8Array {
  let text = JSON.stringify(value, null, s.indent);
  if (s.ascii)
    text = text.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  if (s.crlf) text = text.replaceAll('\n', '\r\n');
  return new TextEncoder().encode((s.bom ? '\ufeff' : '') + text + (s.crlf ? '\r\n' : '\n'));
}

describe('json: property round trips', () => {
  it('render with no translations is byte-identical and ids are unique', () => {
    fc.assert(
      fc.property(root, style, (value, s) => {
        const bytes = write(value, s);
        const units = jsonFormat.parse(bytes);
        expect(new Set(units.map((u) => u.id)).size).toBe(units.length);
        const out = jsonFormat.render(bytes, new Map(), { targetLang: 'de' });
        expect(Buffer.from(out).equals(Buffer.from(bytes))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('render translations then parse gives them back, and the file stays valid JSON', () => {
    fc.assert(
      fc.property(
        root,
        style,
        fc.array(awkwardText, { minLength: 1, maxLength: 20 }),
        fc.constantFrom('de', 'ru', 'ar', 'ja', 'en'),
        (value, s, texts, lang) => {
          const bytes = write(value, s);
          const units = jsonFormat.parse(bytes);
          const translations = new Map<string, string | PluralForms>();
          units.forEach((unit, i) => {
            const text = texts[i % texts.length]!;
            if (!unit.sourcePlural) {
              translations.set(unit.id, text);
              return;
            }
            const type = unit.flags.includes('ordinal') ? 'ordinal' : 'cardinal';
            const forms: PluralForms = { other: `${text}|other` };
            for (const c of pluralCategories(lang, type)) forms[c] = `${text}|${c}`;
            translations.set(unit.id, forms);
          });
          const out = jsonFormat.render(bytes, translations, { targetLang: lang });
          JSON.parse(
            Buffer.from(out)
              .toString('utf8')
              .replace(/^\ufeff/, ''),
          );
          const back = new Map(jsonFormat.parse(out).map((u) => [u.id, u]));
          expect(back.size).toBe(units.length);
          for (const [id, expected] of translations) {
            const unit = back.get(id)!;
            if (typeof expected === 'string') expect(unit.source).toBe(expected);
            else expect(unit.sourcePlural).toEqual(expected);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
