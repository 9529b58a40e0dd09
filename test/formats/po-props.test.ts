/**
 * Property tests: PO files written by gettext-parser (an independent writer) with awkward msgids
 * (quotes, backslashes, newlines, unicode, empty), contexts, plurals and comments survive round
 * trips, and gettext-parser reads our rendered files back with the same translations.
 */
import fc from 'fast-check';
import * as gettextParser from 'gettext-parser';
import { describe, expect, it } from 'vitest';
import type { PluralForms } from '../../src/formats/model.ts';
import { poFormat } from '../../src/formats/po/index.ts';

const awkward = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.constantFrom(
    '',
    'quote "x"',
    'back\\slash',
    'line\nbreak\n',
    '\ttab',
    'ünï 😀',
    '%s and %d',
    'a\\nb',
    ' lead',
    '#',
  ),
);
const nonEmpty = awkward.filter((s) => s !== '');
const comment = fc.option(fc.constantFrom('translator note', 'two\nlines', 'ünicode ✓'), { nil: undefined });

const entryArb = fc.record({
  // gettext-parser cannot tell an empty msgctxt from none, so generated contexts are non-empty.
  msgctxt: fc.option(nonEmpty, { nil: undefined }),
  msgid: nonEmpty,
  msgidPlural: fc.option(nonEmpty, { nil: undefined }),
  translator: comment,
  extracted: comment,
  fuzzy: fc.boolean(),
  translated: fc.boolean(),
});
const fileArb = fc.record({
  entries: fc.uniqueArray(entryArb, {
    selector: (e) => `${e.msgctxt ?? '\u0000'}\u0004${e.msgid}`,
    maxLength: 12,
  }),
  foldLength: fc.constantFrom(0, 40, 76, 79),
});

/** Writes the PO with gettext-parser's compiler (its own escaping and line folding). */
function writePo({
  entries,
  foldLength,
}: typeof fileArb extends fc.Arbitrary<infer T> ? T : never): Uint8Array {
  const header =
    'Content-Type: text/plain; charset=UTF-8\nLanguage: de\nPlural-Forms: nplurals=2; plural=(n != 1);\n';
  // Null-prototype maps: a context like "toString" must not find Object.prototype's.
  const translations: Record<string, Record<string, gettextParser.GetTextTranslation>> = Object.create(null);
  translations[''] = Object.create(null);
  translations['']![''] = { msgid: '', msgstr: [header] };
  for (const e of entries) {
    const ctx = e.msgctxt ?? '';
    translations[ctx] ??= Object.create(null);
    const msgstr = e.msgidPlural
      ? e.translated
        ? [`${e.msgid} (de)`, `${e.msgidPlural} (de)`]
        : ['', '']
      : [e.translated ? `${e.msgid} (de)` : ''];
    translations[ctx]![e.msgid] = {
      msgid: e.msgid,
      ...(e.msgctxt !== undefined ? { msgctxt: e.msgctxt } : {}),
      ...(e.msgidPlural ? { msgid_plural: e.msgidPlural } : {}),
      msgstr,
      comments: {
        translator: e.translator ?? '',
        extracted: e.extracted ?? '',
        reference: 'src/app.c:1',
        flag: e.fuzzy ? 'fuzzy' : '',
        previous: '',
      },
    };
  }
  const headers = {
    'Content-Type': 'text/plain; charset=UTF-8',
    Language: 'de',
    'Plural-Forms': 'nplurals=2; plural=(n != 1);',
  };
  return new Uint8Array(
    gettextParser.po.compile({ charset: 'utf-8', headers, translations }, { foldLength }),
  );
}

describe('po: property round trips', () => {
  it('parses every generated entry; render with none or with the targets it holds is byte-identical', () => {
    fc.assert(
      fc.property(fileArb, (file) => {
        const bytes = writePo(file);
        const units = poFormat.parse(bytes);
        expect(units.map((u) => u.source).sort()).toEqual(
          file.entries.map((e) => e.msgidPlural ?? e.msgid).sort(),
        );
        expect(Buffer.from(poFormat.render(bytes, new Map(), { targetLang: 'ru' })).equals(bytes)).toBe(true);
        const held = new Map<string, string | PluralForms>();
        for (const u of units) {
          const target = u.targetPlural ?? u.target;
          if (target !== undefined && target !== '') held.set(u.id, target);
        }
        expect(Buffer.from(poFormat.render(bytes, held, { targetLang: 'de' })).equals(bytes)).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it('render with awkward translations then parse, and gettext-parser, give them back', () => {
    fc.assert(
      fc.property(fileArb, fc.array(nonEmpty, { minLength: 1, maxLength: 8 }), (file, texts) => {
        const bytes = writePo(file);
        const units = poFormat.parse(bytes);
        const translations = new Map<string, string | { one: string; other: string }>();
        units.forEach((u, i) => {
          const t = `${texts[i % texts.length]!}·`;
          translations.set(u.id, u.sourcePlural ? { one: `${t}1`, other: `${t}n` } : t);
        });
        const rendered = poFormat.render(bytes, translations, { targetLang: 'de' });
        const back = new Map(poFormat.parse(rendered).map((u) => [u.id, u]));
        const theirs = gettextParser.po.parse(Buffer.from(rendered).toString('utf8')).translations;
        for (const unit of units) {
          const expected = translations.get(unit.id)!;
          const got = back.get(unit.id)!;
          const msgstr =
            theirs[unit.context ?? '']![unit.sourcePlural ? unit.sourcePlural.one! : unit.source]!.msgstr;
          if (typeof expected === 'string') {
            expect(got.target).toBe(expected);
            expect(msgstr).toEqual([expected]);
          } else {
            expect(got.targetPlural).toEqual(expected);
            expect(msgstr).toEqual([expected.one, expected.other]);
          }
          expect(got.flags).not.toContain('fuzzy');
        }
      }),
      { numRuns: 150 },
    );
  });
});
