/**
 * The one language-tag parser of the codebase (BCP 47, RFC 5646 §2.1): the API's `langId` and
 * catalogue checks (src/languages/iso639.ts), `.svc.yml` (src/config/languages.ts) and the memory
 * importers (server/engine/importers/languages.ts) all split tags here and differ only in what they
 * then accept.
 */

/** A tag split into its leading subtags, each in the case RFC 5646 §2.1.1 recommends. */
export interface LanguageSubtags {
  /** Two or three letters, lowercase (`en`, `fil`). */
  language: string;
  /** Up to three three-letter extended language subtags, lowercase (`zh-yue`: `yue`). */
  extlang: string[];
  /** Four letters, titlecase (`Hant`). */
  script: string | undefined;
  /** Two letters uppercase, or three digits (`BR`, `419`). */
  region: string | undefined;
  /** Whatever follows (variants, extensions, private use), as written; each caller decides. */
  rest: string[];
}

const LANGUAGE = /^[a-zA-Z]{2,3}$/;
const EXTLANG = /^[a-zA-Z]{3}$/;
const SCRIPT = /^[a-zA-Z]{4}$/;
const REGION = /^(?:[a-zA-Z]{2}|\d{3})$/;

/**
 * Splits `tag` into language, extended language, script and region, in that order as BCP 47 places them, in any
 * case and with `-` or `_` between subtags (files and POSIX locales write `pt_BR`). Undefined
 * when the first subtag is not a two- or three-letter language: no caller takes another.
 */
export function parseLanguageSubtags(tag: string): LanguageSubtags | undefined {
  const parts = tag.split(/[-_]/);
  const language = parts[0]!;
  if (!LANGUAGE.test(language)) return undefined;
  let i = 1;
  const extlang: string[] = [];
  while (extlang.length < 3 && i < parts.length && EXTLANG.test(parts[i]!))
    extlang.push(parts[i++]!.toLowerCase());
  let script: string | undefined;
  let region: string | undefined;
  if (i < parts.length && SCRIPT.test(parts[i]!)) {
    const s = parts[i++]!;
    script = s[0]!.toUpperCase() + s.slice(1).toLowerCase();
  }
  if (i < parts.length && REGION.test(parts[i]!)) region = parts[i++]!.toUpperCase();
  return { language: language.toLowerCase(), extlang, script, region, rest: parts.slice(i) };
}
