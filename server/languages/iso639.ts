/**
 * ISO 639-1: all 184 two-letter codes (including `bh`, withdrawn from the standard in 2021 but
 * still sent by older clients). English names come from ICU through Intl.DisplayNames, so they
 * follow CLDR rather than a table of ours.
 */
export const ISO_639_1_CODES = (
  'aa ab ae af ak am an ar as av ay az ba be bg bh bi bm bn bo br bs ca ce ch co cr cs cu cv cy da de dv dz ' +
  'ee el en eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia id ie ig ii ik ' +
  'io is it iu ja jv ka kg ki kj kk kl km kn ko kr ks ku kv kw ky la lb lg li ln lo lt lu lv mg mh mi mk ml ' +
  'mn mr ms mt my na nb nd ne ng nl nn no nr nv ny oc oj om or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd ' +
  'se sg si sk sl sm sn so sq sr ss st su sv sw ta te tg th ti tk tl tn to tr ts tt tw ty ug uk ur uz ve vi ' +
  'vo wa wo xh yi yo za zh zu'
).split(' ');

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
