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
   * A missing `other` that no integer reaches is a notice, not an error: a file's own plural
   * syntax (Rails, i18next, Android) where counts are integers and people leave Russian `other`
   * empty. ICU messages keep it an error: ICU requires `other`.
   */
  fractionsAreNotices?: boolean;
  /**
   * Whether a number whose category the translation lacks gets the `other` form (default true).
   * ICU (formatjs, Flutter's intl: `options[rule] ?? options.other`), rails-i18n (lateral
   * inheritance, i18n ≥ 1.x), Foundation's `.stringsdict` and String Catalogs, Android's
   * `getQuantityString` all take `other`; i18next takes the fallback language's form. Nothing
   * breaks, so a missing category is a warning. False for gettext: a PO entry must have as many
   * `msgstr[i]` as its Plural-Forms says (msgfmt rejects it otherwise), so a missing one is an error.
   */
  fallsBackToOther?: boolean;
  /**
   * Whether every form the translation has is the same text (`{hours} ч.` for few, many and
   * other): a category left out then shows that text anyway, so its absence is no finding.
   */
  uniform?: boolean;
  /**
   * Categories the translation writes as empty text (`few: ""`): the runtime finds the form and
   * shows it (rails-i18n's `entry[:few] || entry[:other]` takes `""`, Android an empty `<item>`),
   * so numbers in it show nothing. An error where integers reach it.
   */
  empty?: readonly string[];
}

const list = (names: readonly string[]) =>
  `${names.length > 1 ? 'categories' : 'category'} ${names.join(', ')}`;

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
  const hasOther = present.has('other');
  const fallback = (options.fallsBackToOther ?? true) && hasOther;
  // Without `other` (and not merely the Russian, fractions-only `other` of a file's own syntax),
  // numbers of a missing category have no form: ICU throws, rails-i18n raises
  // InvalidPluralizationData, Android throws NotFoundException.
  const fractions =
    options.fractionsAreNotices &&
    absent.length === 1 &&
    absent[0] === 'other' &&
    onlyForFractions(lang, type, 'other')
      ? ['other']
      : [];
  const blank = absent.filter((c) => options.empty?.includes(c) && !fractions.includes(c));
  const left = absent.filter((c) => !fractions.includes(c) && !blank.includes(c));
  const broken = fallback ? [] : left;
  const falling = fallback && !options.uniform ? left : [];
  const missing = broken.filter((c) => !onlyForLargeNumbers(lang, type, c) || !hasOther);
  const rare = [
    ...broken.filter((c) => !missing.includes(c)),
    ...falling.filter((c) => onlyForLargeNumbers(lang, type, c)),
  ];
  const fallen = falling.filter((c) => !onlyForLargeNumbers(lang, type, c));
  const extra = [...present].filter((c) => !needed.includes(c) && c !== 'zero');
  const issues: UnitIssue[] = [];
  const needs = `${lang} needs ${needed.join(', ')}`;
  if (missing.length > 0)
    issues.push({
      rule: 'plural-categories',
      severity: 'error',
      message: `missing ${kind}plural ${list(missing)}: ${needs}`,
    });
  if (blank.length > 0)
    issues.push({
      rule: 'plural-categories',
      severity: 'error',
      message: `empty plural ${list(blank)}: ${needs}, and numbers in ${blank.length > 1 ? 'them' : 'it'} show nothing`,
    });
  if (fallen.length > 0) {
    const shown = options.fallsBackToOther === false ? 'no form of its own' : 'the other form';
    issues.push({
      rule: 'plural-categories',
      severity: 'warning',
      message: `missing ${kind}plural ${list(fallen)}: ${needs} (numbers in ${fallen.length > 1 ? 'them' : 'it'} show ${shown})`,
    });
  }
  if (rare.length > 0)
    issues.push({
      rule: 'plural-categories',
      severity: 'warning',
      message: `missing ${kind}plural ${list(rare)}: ${lang} uses ${rare.length > 1 ? 'them' : 'it'} only for large numbers such as 1000000 (most runtimes fall back to other)`,
    });
  if (fractions.length > 0)
    issues.push({
      rule: 'plural-categories',
      severity: 'notice',
      message: `no plural form other: ${lang} uses it only for fractions such as 1.5, which integer counts never reach`,
    });
  if (extra.length > 0)
    issues.push({
      rule: 'plural-categories',
      severity: 'warning',
      message: `${kind}plural ${list(extra)} ${extra.length > 1 ? 'are' : 'is'} never used in ${lang} (it needs ${needed.join(', ')})`,
    });
  return issues;
}

/**
 * Whether the translation wrote several forms, all the same text: a missing category then shows
 * that text too (one form alone says nothing about what the others should be).
 */
export const uniform = (texts: readonly string[]) => texts.length > 1 && texts.every((t) => t === texts[0]);

/**
 * Plural forms of a unit (the file's own plural syntax): empty forms count as missing. `required`:
 * the format's runtime needs every category written (FormatModule.pluralFormsRequired, gettext);
 * elsewhere a missing form falls back (CategoryOptions.fallsBackToOther).
 */
export function formIssues(lang: string, forms: PluralForms, required = false): UnitIssue[] {
  const filled = Object.entries(forms).filter(
    (entry): entry is [string, string] => entry[1] !== undefined && entry[1].trim() !== '',
  );
  return categoryIssues(
    lang,
    filled.map(([category]) => category),
    'cardinal',
    {
      fractionsAreNotices: true,
      fallsBackToOther: !required,
      empty: Object.entries(forms)
        .filter(([, text]) => text !== undefined && text.trim() === '')
        .map(([category]) => category),
      uniform: uniform(filled.map(([, text]) => text)),
    },
  );
}
