/**
 * Gettext plural forms: the `Plural-Forms` formula per language (gettext's own data — a C
 * expression that Intl.PluralRules cannot give) and the mapping between `msgstr[i]` and CLDR
 * categories, derived by evaluating the formula on sample numbers against Intl.PluralRules.
 */
import type { PluralCategory } from '../model.ts';
import type { PluralFormsHeader } from './plural-expr.ts';
import { parsePluralForms } from './plural-expr.ts';

const ONE_FORM = 'nplurals=1; plural=0;';
const NOT_ONE = 'nplurals=2; plural=(n != 1);';
const OVER_ONE = 'nplurals=2; plural=(n > 1);';
const EAST_SLAVIC =
  'nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);';

// From the gettext manual ("Plural forms") and the Translate Toolkit's table of gettext plural rules.
const FORMULAS: Record<string, string> = {
  ...Object.fromEntries(
    ['ja', 'ko', 'zh', 'vi', 'th', 'id', 'ms', 'lo', 'km', 'my', 'bo', 'dz'].map((l) => [l, ONE_FORM]),
  ),
  ...Object.fromEntries(
    [
      'en',
      'de',
      'nl',
      'sv',
      'da',
      'no',
      'nb',
      'nn',
      'fo',
      'es',
      'it',
      'pt',
      'el',
      'fi',
      'et',
      'hu',
      'he',
      'eo',
      'bg',
      'ca',
      'eu',
      'gl',
      'af',
      'sq',
      'az',
      'kk',
      'ky',
      'ml',
      'mn',
      'ne',
      'sw',
      'ta',
      'te',
      'tr',
      'ur',
      'uz',
      'bn',
      'gu',
      'kn',
      'mr',
      'hi',
      'ast',
      'fy',
      'lb',
      'nso',
      'ps',
      'so',
      'zu',
      'xh',
      'rm',
    ].map((l) => [l, NOT_ONE]),
  ),
  ...Object.fromEntries(
    ['fr', 'pt_BR', 'oc', 'br', 'wa', 'ln', 'mg', 'am', 'ti', 'fil', 'tl'].map((l) => [l, OVER_ONE]),
  ),
  ...Object.fromEntries(['ru', 'uk', 'be', 'sr', 'hr', 'bs'].map((l) => [l, EAST_SLAVIC])),
  cs: 'nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;',
  sk: 'nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;',
  pl: 'nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);',
  lt: 'nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && (n%100<10 || n%100>=20) ? 1 : 2);',
  lv: 'nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n != 0 ? 1 : 2);',
  ro: 'nplurals=3; plural=(n==1 ? 0 : (n==0 || (n%100 > 0 && n%100 < 20)) ? 1 : 2);',
  sl: 'nplurals=4; plural=(n%100==1 ? 0 : n%100==2 ? 1 : n%100==3 || n%100==4 ? 2 : 3);',
  ga: 'nplurals=5; plural=(n==1 ? 0 : n==2 ? 1 : (n>2 && n<7) ? 2 : (n>6 && n<11) ? 3 : 4);',
  gd: 'nplurals=4; plural=(n==1 || n==11) ? 0 : (n==2 || n==12) ? 1 : (n > 2 && n < 20) ? 2 : 3;',
  cy: 'nplurals=4; plural=(n==1) ? 0 : (n==2) ? 1 : (n != 8 && n != 11) ? 2 : 3;',
  mt: 'nplurals=4; plural=(n==1 ? 0 : n==0 || (n%100>1 && n%100<11) ? 1 : (n%100>10 && n%100<20) ? 2 : 3);',
  mk: 'nplurals=2; plural=(n==1 || n%10==1) ? 0 : 1;',
  is: 'nplurals=2; plural=(n%10!=1 || n%100==11);',
  ar: 'nplurals=6; plural=(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5);',
};

/** Gettext's language code: `pt-BR` → `pt_BR` (the form the `Language:` header uses). */
export function gettextLanguage(tag: string): string {
  return tag.replace(/-/g, '_');
}

/** The `Plural-Forms` value gettext documents for a language (`pt_BR` before `pt`), if any. */
export function pluralFormsFor(lang: string): string | undefined {
  const code = gettextLanguage(lang);
  return FORMULAS[code] ?? FORMULAS[code.split('_')[0]!.toLowerCase()];
}

/** How `msgstr[i]` relates to CLDR categories for one language and formula. */
export interface PluralMapping {
  nplurals: number;
  /** The category whose text goes into each msgstr index. */
  categoryOf: PluralCategory[];
  /** The msgstr index each CLDR category of the language reads from. */
  indexOf: Map<PluralCategory, number>;
}

const SAMPLES: number[] = [...Array.from({ length: 201 }, (_, i) => i), 1000, 10000, 100000, 1000000];

/** Derives the mapping by evaluating the formula and Intl.PluralRules on the same sample numbers. */
export function pluralMapping(lang: string, header: PluralFormsHeader): PluralMapping {
  const rules = pluralRules(lang);
  const categories = rules.resolvedOptions().pluralCategories as PluralCategory[];
  const counts = new Map<string, number>();
  for (const n of SAMPLES) {
    let index: number;
    try {
      index = header.plural(n);
    } catch {
      continue;
    }
    if (index < 0 || index >= header.nplurals) continue;
    const key = `${index}|${rules.select(n)}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  // Greedy: the most frequent (index, category) pairs claim each other first.
  const pairs = [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([key]) => key.split('|') as [string, PluralCategory]);
  const categoryOf: (PluralCategory | undefined)[] = new Array(header.nplurals).fill(undefined);
  const indexOf = new Map<PluralCategory, number>();
  for (const [i, category] of pairs) {
    const index = Number(i);
    if (categoryOf[index] === undefined && !indexOf.has(category)) {
      categoryOf[index] = category;
      indexOf.set(category, index);
    }
  }
  // Categories left over read from the index most of their samples land on; without integer
  // samples (Russian `other` is for fractions) they read from the last form, gettext's catch-all.
  for (const category of categories) {
    if (indexOf.has(category)) continue;
    const best = pairs.find(([, c]) => c === category);
    indexOf.set(category, best ? Number(best[0]) : header.nplurals - 1);
  }
  const filled = categoryOf.map((category, index) => category ?? majority(pairs, index) ?? 'other');
  return { nplurals: header.nplurals, categoryOf: filled, indexOf };
}

function majority(pairs: [string, PluralCategory][], index: number): PluralCategory | undefined {
  return pairs.find(([i]) => Number(i) === index)?.[1];
}

function pluralRules(lang: string): Intl.PluralRules {
  try {
    return new Intl.PluralRules(lang.replace(/_/g, '-'));
  } catch {
    return new Intl.PluralRules('en');
  }
}

/**
 * The formula a target file is written with: the file's own (a catalog's Plural-Forms is the law
 * for that file, whatever CLDR or gettext's table say), else gettext's documented one for the
 * language, else `n != 1`.
 */
export function targetPluralForms(
  lang: string,
  fileHeader: PluralFormsHeader | undefined,
): PluralFormsHeader {
  if (fileHeader) return fileHeader;
  const documented = pluralFormsFor(lang);
  return (documented ? parsePluralForms(documented) : undefined) ?? parsePluralForms(NOT_ONE)!;
}
