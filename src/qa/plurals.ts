/**
 * Plural categories a target language needs (CLDR, as Intl.PluralRules knows them): a missing
 * category is an error (the runtime falls back or shows nothing for those numbers); an extra one
 * is a warning, except `zero`, which Rails, Android and ICU accept in every language.
 */
import type { PluralForms } from '../formats/model.ts';
import type { UnitIssue } from './types.ts';

/** Integers plural arguments usually take: enough to tell which numbers fall in a category. */
const SAMPLES = [...Array.from({ length: 1001 }, (_, i) => i), 10000, 100000, 1000000];

function rules(lang: string, type: Intl.PluralRuleType): Intl.PluralRules | undefined {
  try {
    return new Intl.PluralRules(lang.replace(/_/g, '-'), { type });
  } catch {
    return undefined;
  }
}

/** The categories `lang` distinguishes, or undefined for a tag Intl does not know. */
export function neededCategories(lang: string, type: Intl.PluralRuleType = 'cardinal'): string[] | undefined {
  return rules(lang, type)?.resolvedOptions().pluralCategories;
}

/**
 * Whether exact selectors (`=0`, `=1`) cover every integer of a category: German `one` is only 1,
 * so `=1 {…}` is enough; Russian `one` also means 21, so it is not.
 */
function coveredByExact(
  lang: string,
  type: Intl.PluralRuleType,
  category: string,
  exact: Set<number>,
): boolean {
  const r = rules(lang, type);
  if (!r || category === 'other' || exact.size === 0) return false;
  const members = SAMPLES.filter((n) => r.select(n) === category);
  return members.length > 0 && members.every((n) => exact.has(n));
}

/**
 * Whether a category is only reached by large or fractional numbers: French, Spanish, Italian
 * and Portuguese `many` is "1 000 000 de …" (CLDR 42). Most runtimes fall back to `other` there
 * and most real translations have no such form, so its absence is a warning, not an error.
 */
function onlyForLargeNumbers(lang: string, type: Intl.PluralRuleType, category: string): boolean {
  const r = rules(lang, type);
  if (!r || category === 'other') return false;
  return !SAMPLES.some((n) => n <= 1000 && r.select(n) === category);
}

/**
 * Whether no integer reaches a category (CLDR): Russian `other` is for 1.5 only (every integer is
 * `one`, `few` or `many`).
 */
function onlyForFractions(lang: string, type: Intl.PluralRuleType, category: string): boolean {
  const r = rules(lang, type);
  return r !== undefined && !SAMPLES.some((n) => r.select(n) === category);
}

export interface CategoryOptions {
  /**
   * A missing category that no integer reaches is a notice, not an error: a file's own plural
   * syntax (Rails, i18next, Android) where counts are integers and people leave Russian `other`
   * empty. ICU messages keep it an error: ICU requires `other`.
   */
  fractionsAreNotices?: boolean;
}

/**
 * Issues of one plural's selectors against what `lang` needs. `selectors` are the category names
 * (and, for ICU, `=N` exact values) the translation provides.
 */
export function categoryIssues(
  lang: string,
  selectors: readonly string[],
  type: Intl.PluralRuleType = 'cardinal',
  options: CategoryOptions = {},
): UnitIssue[] {
  const needed = neededCategories(lang, type);
  if (!needed) return [];
  const exact = new Set(selectors.filter((s) => s.startsWith('=')).map((s) => Number(s.slice(1))));
  const present = new Set(selectors.filter((s) => !s.startsWith('=')));
  const kind = type === 'ordinal' ? 'ordinal ' : '';
  const absent = needed.filter((c) => !present.has(c) && !coveredByExact(lang, type, c, exact));
  const fractions = options.fractionsAreNotices ? absent.filter((c) => onlyForFractions(lang, type, c)) : [];
  const missing = absent.filter((c) => !onlyForLargeNumbers(lang, type, c) && !fractions.includes(c));
  const rare = absent.filter((c) => onlyForLargeNumbers(lang, type, c) && !fractions.includes(c));
  const extra = [...present].filter((c) => !needed.includes(c) && c !== 'zero');
  const issues: UnitIssue[] = [];
  if (missing.length > 0)
    issues.push({
      rule: 'plural-categories',
      severity: 'error',
      message: `missing ${kind}plural ${missing.length > 1 ? 'categories' : 'category'} ${missing.join(', ')}: ${lang} needs ${needed.join(', ')}`,
    });
  if (rare.length > 0)
    issues.push({
      rule: 'plural-categories',
      severity: 'warning',
      message: `missing ${kind}plural ${rare.length > 1 ? 'categories' : 'category'} ${rare.join(', ')}: ${lang} uses ${rare.length > 1 ? 'them' : 'it'} only for large numbers such as 1000000 (most runtimes fall back to other)`,
    });
  if (fractions.length > 0)
    issues.push({
      rule: 'plural-categories',
      severity: 'notice',
      message: `no plural ${fractions.length > 1 ? 'forms' : 'form'} ${fractions.join(', ')}: ${lang} uses ${fractions.length > 1 ? 'them' : 'it'} only for fractions such as 1.5, which integer counts never reach`,
    });
  if (extra.length > 0)
    issues.push({
      rule: 'plural-categories',
      severity: 'warning',
      message: `${kind}plural ${extra.length > 1 ? 'categories' : 'category'} ${extra.join(', ')} ${extra.length > 1 ? 'are' : 'is'} never used in ${lang} (it needs ${needed.join(', ')})`,
    });
  return issues;
}

/** Plural forms of a unit (the file's own plural syntax): empty forms count as missing. */
export function formIssues(lang: string, forms: PluralForms): UnitIssue[] {
  const filled = Object.entries(forms)
    .filter(([, text]) => text !== undefined && text.trim() !== '')
    .map(([category]) => category);
  return categoryIssues(lang, filled, 'cardinal', { fractionsAreNotices: true });
}
