/**
 * Language codes in `.svc.yml`: BCP 47 tags of the shape the platform understands — an ISO 639-1
 * language, an optional script and an optional region (`de`, `fr-CA`, `zh-Hans`, `es-419`) — and
 * the values the path placeholders take for them.
 */
import { isLanguageCode } from '../languages/iso639.ts';
import { parseLanguageSubtags } from '../languages/tag.ts';

/** A validated tag split into its parts. */
export interface LanguageTag {
  code: string;
  language: string;
  script?: string | undefined;
  region?: string | undefined;
}

let regionNames: Intl.DisplayNames | undefined;
let scriptNames: Intl.DisplayNames | undefined;

/** True when ICU (CLDR) has a name for the region or script: catches `fr-ZZ` and `sr-Abcd`. */
function knownSubtag(type: 'region' | 'script', subtag: string): boolean {
  if (type === 'region') {
    regionNames ??= new Intl.DisplayNames('en', { type: 'region', fallback: 'none' });
    return regionNames.of(subtag) !== undefined;
  }
  scriptNames ??= new Intl.DisplayNames('en', { type: 'script', fallback: 'none' });
  return scriptNames.of(subtag) !== undefined;
}

function canonical(code: string): string | undefined {
  try {
    return Intl.getCanonicalLocales(code)[0];
  } catch {
    return undefined;
  }
}

/**
 * What is wrong with a language code, or undefined when it is usable. Codes must be written in
 * their canonical form (`fr-CA`, not `fr-ca` or `fr_CA`) because `%lang%` puts them into paths as
 * written; the message says which form to use.
 */
export function languageProblem(code: string): string | undefined {
  if (code.includes('_')) {
    const dashed = canonical(code.replaceAll('_', '-'));
    const hint = dashed && parseLanguage(dashed) ? ` (did you mean "${dashed}"?)` : '';
    return `"${code}" is not a language tag: use - between its parts${hint}`;
  }
  const normal = canonical(code);
  if (normal === undefined) return `"${code}" is not a language tag`;
  const parts = parseLanguageSubtags(normal);
  if (!parts || parts.extlang.length > 0 || parts.rest.length > 0) {
    return `unsupported language tag "${code}": use a language with an optional script and region, like "fr-CA" or "zh-Hans"`;
  }
  const { language, script, region } = parts;
  if (!isLanguageCode(language)) return `unknown language "${code}"`;
  if (script !== undefined && !knownSubtag('script', script))
    return `unknown script "${script}" in "${code}"`;
  if (region !== undefined && !knownSubtag('region', region))
    return `unknown region "${region}" in "${code}"`;
  if (normal !== code) return `write "${code}" as "${normal}"`;
  return undefined;
}

/**
 * A tag as typed on a command line, in its canonical form: `fr_ca` and `FR-ca` become `fr-CA`.
 * One that stays unusable throws with the message the config gives (languageProblem), prefixed
 * with `what` (the option it came from).
 */
export function normaliseLanguage(code: string, what: string): string {
  const normal = canonical(code.trim().replaceAll('_', '-'));
  const problem = languageProblem(normal ?? code);
  if (normal !== undefined && problem === undefined) return normal;
  throw new TypeError(`${what}: ${problem ?? `"${code}" is not a language tag`}`);
}

/** Splits a valid code into language, script and region; undefined when the code is not valid. */
export function parseLanguage(code: string): LanguageTag | undefined {
  const parts = parseLanguageSubtags(code);
  if (
    !parts ||
    parts.extlang.length > 0 ||
    parts.rest.length > 0 ||
    !isLanguageCode(parts.language) ||
    canonical(code) !== code
  )
    return undefined;
  return { code, language: parts.language, script: parts.script, region: parts.region };
}

/** Placeholders whose value depends only on the language. */
export const LANGUAGE_PLACEHOLDERS = [
  'lang',
  'locale',
  'lang_underscore',
  'android_code',
  'two_letters_code',
] as const;
export type LanguagePlaceholder = (typeof LANGUAGE_PLACEHOLDERS)[number];

/**
 * Android resource qualifier: `fr` → `fr`, `fr-CA` → `fr-rCA`, and the `b+` form for scripts and
 * numeric regions (`b+zh+Hans`, `b+es+419`), which is the only way Android can name them
 * (https://developer.android.com/guide/topics/resources/providing-resources#LocaleQualifier).
 */
export function androidCode(tag: LanguageTag): string {
  if (tag.script === undefined && tag.region === undefined) return tag.language;
  if (tag.script === undefined && /^[A-Z]{2}$/.test(tag.region!)) return `${tag.language}-r${tag.region}`;
  return ['b', tag.language, tag.script, tag.region].filter((p) => p !== undefined).join('+');
}

const valuesCache = new Map<string, Readonly<Record<LanguagePlaceholder, string>>>();

/**
 * The value of each language placeholder for one language, before `languages_mapping` overrides
 * (a fresh object the caller may change). Throws on an invalid code: callers pass codes the schema
 * has already accepted.
 */
export function languageValues(code: string): Record<LanguagePlaceholder, string> {
  let values = valuesCache.get(code);
  if (!values) {
    const tag = parseLanguage(code);
    if (!tag) throw new TypeError(`[config] not a valid language code: ${JSON.stringify(code)}`);
    values = {
      lang: code,
      locale: code,
      lang_underscore: code.replaceAll('-', '_'),
      android_code: androidCode(tag),
      two_letters_code: tag.language,
    };
    if (valuesCache.size > 1000) valuesCache.clear();
    valuesCache.set(code, values);
  }
  return { ...values };
}

/**
 * The target a platform language names: `pt` + `BR` (as in instant-translation status objects) or
 * `pt-BR`, compared without regard to case or `_`/`-`. Undefined when it is not a target.
 */
export function matchTarget(
  targets: readonly string[],
  lang: string,
  locale?: string | null,
): string | undefined {
  const key = (s: string) => s.replaceAll('_', '-').toLowerCase();
  const wanted = key(locale ? `${lang}-${locale}` : lang);
  return targets.find((t) => key(t) === wanted);
}
