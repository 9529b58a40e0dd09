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
import type { PluralCategory, PluralForms } from '../../src/formats/model.ts';
import { xcstringsFormat } from '../../src/formats/xcstrings/index.ts';

const dir = 'test/fixtures/xcstrings';
const FIXTURES = readdirSync(dir).filter((f) => f.endsWith('.xcstrings'));
const CATEGORIES: readonly PluralCategory[] = ['zero', 'one', 'two', 'few', 'many', 'other'];

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
type Obj = { [key: string]: Json };
const isObject = (v: Json | undefined): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** One text of a catalog string in one language: plain, or plural forms; with its state. */
interface Text {
  text: string | Partial<PluralForms>;
  state?: string | undefined;
}

const id = (key: string) => key.replace(/[\\|]/g, '\\$&');

/** The texts of one localization node, by unit id (Xcode's shape, read off the JSON tree). */
function nodeTexts(node: Obj, base: string, substitution: boolean, out: Map<string, Text>): void {
  const unit = node.stringUnit;
  if (isObject(unit) && typeof unit.value === 'string')
    out.set(base, { text: unit.value, state: typeof unit.state === 'string' ? unit.state : undefined });
  const variations = node.variations;
  if (isObject(variations)) {
    const plural = variations.plural;
    if (isObject(plural)) {
      const forms: Partial<PluralForms> = {};
      const states = new Set<string>();
      for (const c of CATEGORIES) {
        const form = plural[c];
        const su = isObject(form) ? form.stringUnit : undefined;
        if (isObject(su) && typeof su.value === 'string') {
          forms[c] = su.value;
          if (typeof su.state === 'string') states.add(su.state);
        }
      }
      if (forms.other !== undefined)
        out.set(substitution ? base : `${base}|plural`, { text: forms, state: [...states].join(',') });
    }
    const device = variations.device;
    if (isObject(device))
      for (const [name, child] of Object.entries(device))
        if (isObject(child)) nodeTexts(child, `${base}|device=${id(name)}`, false, out);
  }
  const substitutions = node.substitutions;
  if (isObject(substitutions))
    for (const [name, child] of Object.entries(substitutions))
      if (isObject(child)) nodeTexts(child, `${base}|substitution=${id(name)}`, true, out);
}

/** What the catalog says in `lang` (the source language when undefined), and which strings are for translators. */
function catalogTexts(
  bytes: Uint8Array,
  lang?: string,
): { texts: Map<string, Text>; translatable: Map<string, boolean> } {
  const catalog = JSON.parse(new TextDecoder().decode(bytes)) as Obj;
  const source = catalog.sourceLanguage as string;
  const texts = new Map<string, Text>();
  const translatable = new Map<string, boolean>();
  for (const [key, entry] of Object.entries(catalog.strings as Obj)) {
    if (!isObject(entry)) continue;
    const localizations = isObject(entry.localizations) ? entry.localizations : {};
    const node = localizations[lang ?? source];
    const own = new Map<string, Text>();
    if (isObject(node)) nodeTexts(node, id(key), false, own);
    else if (lang === undefined) own.set(id(key), { text: key });
    // Which units the string has comes from its source localization.
    const units = new Map<string, Text>();
    const src = localizations[source];
    if (isObject(src)) nodeTexts(src, id(key), false, units);
    else units.set(id(key), { text: key });
    for (const unitId of units.keys()) translatable.set(unitId, entry.shouldTranslate !== false);
    for (const [unitId, text] of own) if (units.has(unitId)) texts.set(unitId, text);
  }
  return { texts, translatable };
}

/** Every language a catalog holds besides its source. */
function languages(bytes: Uint8Array): string[] {
  const catalog = JSON.parse(new TextDecoder().decode(bytes)) as Obj;
  const langs = new Set<string>();
  for (const entry of Object.values(catalog.strings as Obj))
    if (isObject(entry) && isObject(entry.localizations))
      for (const l of Object.keys(entry.localizations)) langs.add(l);
  langs.delete(catalog.sourceLanguage as string);
  return [...langs];
}

/** A French translation with everything JSON must escape. */
const fr = (text: string) => `${text} « FR » "q" \\ \n\t ✓ 😀 \u0001`;

describe("xcstrings: a second reader of Xcode's catalog shape as the oracle", () => {
  for (const fixture of FIXTURES) {
    const bytes = new Uint8Array(readFileSync(join(dir, fixture)));

    it(`${fixture}: our units are its texts in the source language, translatable as it says`, () => {
      const { texts, translatable } = catalogTexts(bytes);
      expect(texts.size).toBeGreaterThan(2);
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
