/**
 * String Catalogs (`.xcstrings`) read by a second reader as the oracle (issue 34, build item 2):
 * Xcode does not run here, and a catalog is JSON, so this reader takes `JSON.parse`'s tree and
 * follows the catalog's documented shape as Xcode writes and reads it (Xcode's "Localizing and
 * varying text with a string catalog"; the members below are those Xcode writes):
 * - `sourceLanguage` names the source; `strings.{key}` is a string, not for translators when its
 *   `shouldTranslate` is false, and with no source localization its key is its source text;
 * - a localization `{lang}` holds a `stringUnit.{state,value}`, plural forms at
 *   `variations.plural.{category}.stringUnit`, per-device text at `variations.device.{device}`,
 *   and `substitutions.{name}` (each a node of the same shape, whose plural is the argument's);
 * - a plural variation needs `other` (Xcode refuses to build one without it).
 * Unit ids are ours (`key`, `key|plural`, `key|device=…`, `key|substitution=…`); what is compared
 * is which texts there are and what they say. So: our units and each language's targets equal
 * what it reads; every catalog we write parses as JSON and says, in the language we wrote, exactly
 * what we meant, state `translated`, with every other language untouched.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PluralForms } from '../../src/formats/model.ts';
import { xcstringsFormat } from '../../src/formats/xcstrings/index.ts';
import { catalogTexts, languages } from '../support/oracles/xcstrings.ts';

const dir = 'test/fixtures/xcstrings';
const FIXTURES = readdirSync(dir).filter((f) => f.endsWith('.xcstrings'));

/** A French translation with everything JSON must escape. */
const fr = (text: string) => `${text} « FR » "q" \\ \n\t ✓ 😀 \u0001`;

describe("xcstrings: a second reader of Xcode's catalog shape as the oracle", () => {
  for (const fixture of FIXTURES) {
    const bytes = new Uint8Array(readFileSync(join(dir, fixture)));

    it(`${fixture}: our units are its texts in the source language, translatable as it says`, () => {
      const { texts, translatable } = catalogTexts(bytes);
      expect(texts.size).toBeGreaterThanOrEqual(2);
      const units = xcstringsFormat.parse(bytes);
      expect(new Map(units.map((u) => [u.id, u.sourcePlural ?? u.source]))).toEqual(
        new Map([...texts].map(([k, t]) => [k, t.text])),
      );
      expect(new Map(units.map((u) => [u.id, u.translatable]))).toEqual(translatable);
    });

    for (const lang of languages(bytes)) {
      it(`${fixture}: our ${lang} targets are its ${lang} texts`, () => {
        const { texts } = catalogTexts(bytes, lang);
        const units = xcstringsFormat.parse(bytes, { targetLang: lang });
        const targets = new Map<string, string | PluralForms>();
        for (const u of units) {
          const t = u.targetPlural ?? u.target;
          if (t !== undefined) targets.set(u.id, t);
        }
        expect(targets).toEqual(new Map([...texts].map(([k, t]) => [k, t.text])));
      });
    }

    it(`${fixture}: French we write parses as JSON and says what we meant, other languages untouched`, () => {
      const units = xcstringsFormat.parse(bytes).filter((u) => u.translatable);
      const set = new Map<string, string | PluralForms>();
      for (const u of units)
        set.set(
          u.id,
          u.sourcePlural ? { one: fr('1'), many: fr('%lld many'), other: fr('%lld') } : fr(u.source),
        );
      const out = xcstringsFormat.render(bytes, set, { targetLang: 'fr' });
      const { texts } = catalogTexts(out, 'fr');
      for (const [unitId, meant] of set) {
        expect(texts.get(unitId)?.text, unitId).toEqual(meant);
        expect(texts.get(unitId)?.state, unitId).toBe('translated');
      }
      for (const lang of [undefined, ...languages(bytes).filter((l) => l !== 'fr')])
        expect(catalogTexts(out, lang).texts, lang ?? 'source').toEqual(catalogTexts(bytes, lang).texts);
    });
  }
});
