import { ISO_639_1_CODES } from '../api/schemas/language-codes.ts';

export { ISO_639_1_CODES };

const CODE_SET = new Set(ISO_639_1_CODES);

/** Where CLDR's name is for a different language than ISO 639-1 means by the code. */
const ISO_NAMES: Record<string, string> = { bh: 'Bihari languages' };

let names: Record<string, string> | undefined;

/** code → English name, for every ISO 639-1 code. */
export function languageNames(): Record<string, string> {
  if (!names) {
    const display = new Intl.DisplayNames('en', { type: 'language', fallback: 'code' });
    names = Object.fromEntries(
      ISO_639_1_CODES.map((code) => [code, ISO_NAMES[code] ?? display.of(code) ?? code]),
    );
  }
  return names;
}

/** True for a known ISO 639-1 code (lowercase). */
export function isLanguageCode(code: string): boolean {
  return CODE_SET.has(code);
}

/**
 * Splits a language tag into an ISO 639-1 language and an optional region (`pt-BR`, `pt_BR` →
 * `pt`, `BR`); undefined when the language part is not a known code.
 */
export function parseLanguageTag(tag: string): { lang: string; locale?: string } | undefined {
  const match = /^([a-zA-Z]{2})(?:[-_]([a-zA-Z]{2}|\d{3}|[a-zA-Z]{4}))?$/.exec(tag.trim());
  if (!match) return undefined;
  const lang = match[1]!.toLowerCase();
  if (!isLanguageCode(lang)) return undefined;
  return match[2] ? { lang, locale: match[2].toUpperCase() } : { lang };
}
