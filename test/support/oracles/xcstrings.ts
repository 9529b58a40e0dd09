/**
 * String Catalogs (`.xcstrings`) read by a second reader of the catalog's documented shape (Xcode's
 * "Localizing and varying text with a string catalog"), over `JSON.parse`'s tree (issue 34, build
 * items 2 and 3); test/formats/xcstrings-oracle.test.ts says what it reads and checks.
 */
import type { PluralCategory, PluralForms } from '../../../src/formats/model.ts';

const CATEGORIES: readonly PluralCategory[] = ['zero', 'one', 'two', 'few', 'many', 'other'];

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
type Obj = { [key: string]: Json };
const isObject = (v: Json | undefined): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** One text of a catalog string in one language: plain, or plural forms; with its state. */
export interface Text {
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
export function catalogTexts(
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
export function languages(bytes: Uint8Array): string[] {
  const catalog = JSON.parse(new TextDecoder().decode(bytes)) as Obj;
  const langs = new Set<string>();
  for (const entry of Object.values(catalog.strings as Obj))
    if (isObject(entry) && isObject(entry.localizations))
      for (const l of Object.keys(entry.localizations)) langs.add(l);
  langs.delete(catalog.sourceLanguage as string);
  return [...langs];
}
