/**
 * Plural categories of a language from CLDR, through Intl.PluralRules (never a hand table).
 */
import { FormatError } from '../errors.ts';
import type { PluralCategory, PluralForms } from '../model.ts';

export const CATEGORY_ORDER: readonly PluralCategory[] = ['zero', 'one', 'two', 'few', 'many', 'other'];

const cache = new Map<string, PluralCategory[]>();

/** CLDR plural categories of `lang` (`ru` cardinal: one, few, many, other), in CLDR order. */
export function pluralCategories(lang: string, type: 'cardinal' | 'ordinal' = 'cardinal'): PluralCategory[] {
  const key = `${type}:${lang}`;
  const cached = cache.get(key);
  if (cached) return cached;
  let categories: readonly string[];
  try {
    categories = new Intl.PluralRules(lang, { type }).resolvedOptions().pluralCategories;
  } catch (cause) {
    throw new FormatError(`unknown target language ${JSON.stringify(lang)}`, {}, { cause });
  }
  const ordered = CATEGORY_ORDER.filter((c) => categories.includes(c));
  // Building Intl.PluralRules costs tens of microseconds; files have thousands of plural units.
  if (cache.size < 1000) cache.set(key, ordered);
  return ordered;
}

/**
 * The forms to write for a plural translation into `targetLang`: the categories the language uses
 * (plus `zero` when the source has a zero form — i18next and stringsdict use it for a count of 0 in
 * every language), from the translation, or from its `other` form where it lacks one — a missing form
 * would make the app fall back to the source language, which is worse than an imperfect plural.
 * Forms of categories the language does not use are dropped (English `one` for Japanese).
 *
 * Ordinal units need the language's ordinal categories; because the shared exchange and tools
 * still hand every plural unit cardinal categories, an ordinal translation also keeps the forms it
 * gives for categories the language has in its cardinal rules.
 */
export function formsToWrite(
  translation: string | PluralForms,
  targetLang: string,
  type: 'cardinal' | 'ordinal',
  sourceHasZero = false,
): Map<PluralCategory, string> {
  const given: Partial<Record<PluralCategory, string>> =
    typeof translation === 'string' ? { other: translation } : translation;
  const other = given.other;
  if (typeof other !== 'string') throw new FormatError('plural translation without an "other" form');
  const { needed, allowed } = formPlan(targetLang, type, type === 'cardinal' && sourceHasZero);
  const out = new Map<PluralCategory, string>();
  for (const category of CATEGORY_ORDER) {
    const text = given[category];
    if (typeof text === 'string' && allowed.has(category)) out.set(category, text);
    else if (needed.has(category)) out.set(category, other);
  }
  return out;
}

export interface FormPlan {
  /** Categories every translation must have (filled from `other` when missing). */
  needed: ReadonlySet<PluralCategory>;
  /** Categories a translation may give. */
  allowed: ReadonlySet<PluralCategory>;
  /** `needed` and `allowed` by index in CATEGORY_ORDER. */
  needs: readonly boolean[];
  allows: readonly boolean[];
}

const plans = new Map<string, FormPlan>();

/** The plan formPlan gave last, and for what: a render asks for the same one for every plural unit. */
let last: { targetLang: string; type: string; zero: boolean; plan: FormPlan } | undefined;

/**
 * formsToWrite's category sets for a language, built once: files have thousands of plural units
 * (the last one is checked first, so that a render does not build a cache key per unit).
 */
export function formPlan(targetLang: string, type: 'cardinal' | 'ordinal', zero: boolean): FormPlan {
  if (last !== undefined && last.targetLang === targetLang && last.type === type && last.zero === zero)
    return last.plan;
  const plan = cachedPlan(targetLang, type, zero);
  last = { targetLang, type, zero, plan };
  return plan;
}

function cachedPlan(targetLang: string, type: 'cardinal' | 'ordinal', zero: boolean): FormPlan {
  const key = `${type}:${zero ? 'zero' : ''}:${targetLang}`;
  const cached = plans.get(key);
  if (cached) return cached;
  const cardinal = pluralCategories(targetLang, 'cardinal');
  const needed = new Set(type === 'cardinal' ? cardinal : pluralCategories(targetLang, 'ordinal'));
  const allowed = new Set([...cardinal, ...needed]);
  if (zero) allowed.add('zero');
  const needs = CATEGORY_ORDER.map((c) => needed.has(c));
  const allows = CATEGORY_ORDER.map((c) => allowed.has(c));
  const plan = { needed, allowed, needs, allows };
  if (plans.size < 1000) plans.set(key, plan);
  return plan;
}

/** Whether a translation gives exactly the source's forms (then nothing is written). */
export function sameForms(translation: string | PluralForms, source: PluralForms): boolean {
  if (typeof translation === 'string') return false;
  for (const category of CATEGORY_ORDER) {
    if (translation[category] !== source[category]) return false;
  }
  return true;
}
