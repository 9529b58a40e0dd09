import { ISO_639_1_CODES } from '../api/schemas/language-codes.ts';
import { parseLanguageSubtags } from './tag.ts';

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
 * `pt`, `BR`); undefined when the language part is not a known code or more than one subtag
 * follows it. A script stands where the region would and is uppercased the same way (`zh-Hant` →
 * `zh`, `HANT`), as the API has always answered.
 */
export function parseLanguageTag(tag: string): { lang: string; locale?: string } | undefined {
  const parts = parseLanguageSubtags(tag.trim());
  if (!parts || parts.extlang.length > 0 || parts.rest.length > 0 || (parts.script && parts.region))
    return undefined;
  if (!isLanguageCode(parts.language)) return undefined;
  const locale = parts.script?.toUpperCase() ?? parts.region;
  return locale ? { lang: parts.language, locale } : { lang: parts.language };
}
