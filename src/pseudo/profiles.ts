import { languageProblem } from '../config/languages.ts';
import { PseudoError } from './errors.ts';

/**
 * Pseudo-locales and how each one writes text. The tags follow Android's (Settings → Developer
 * options → pseudolocales): `en-XA` accented and expanded, `ar-XB` right-to-left. XA–XZ are private
 * use regions in BCP 47 (RFC 5646 §2.2.4), so no real language ever takes them. (Windows'
 * `qps-ploc` is no tag the config's path placeholders can spell, so it is not offered.)
 */

/** How a pseudo-locale changes a text. */
export interface PseudoProfile {
  /** The language tag, canonical (`en-XA`). */
  lang: string;
  /** Latin letters become accented look-alikes (`Settings` → `Šéţţîñĝš`). */
  accents: boolean;
  /**
   * Each word is shown right-to-left, as Android's ar-XB does (aapt2's Pseudolocalizer,
   * PseudoMethodBidi): RLM + RLO before it, PDF + RLM after it, so the letters render reversed in
   * an RTL run and a layout that is not mirrored shows.
   */
  rtl: boolean;
  /** Filler added to each text, in percent of its visible length (30: a 20-character text gains 6). */
  expand: number;
  /** `[` … `]` around each text, so a cut-off end shows. */
  brackets: boolean;
  /** Only characters ISO-8859-1 holds (a legacy file's encoding): fewer accents, no bidi controls. */
  latin1?: boolean;
}

/** The profiles by the region that names them. */
const PROFILES: Record<string, Omit<PseudoProfile, 'lang'>> = {
  XA: { accents: true, rtl: false, expand: 30, brackets: true },
  XB: { accents: false, rtl: true, expand: 0, brackets: true },
};

const TAG = /^([a-z]{2,3})[-_]([a-z]{2})$/i;

/**
 * The profile of a pseudo-locale tag (`en-XA`, `ar_xb`), with `expand` in percent when
 * given. Throws PseudoError naming the problem for any other tag: a real language is never written
 * with pseudo text.
 */
export function pseudoProfile(tag: string, options: { expand?: number } = {}): PseudoProfile {
  const { expand } = options;
  if (expand !== undefined && !(Number.isInteger(expand) && expand >= 0 && expand <= 300))
    throw new PseudoError(`--expand must be a whole percentage from 0 to 300, got ${expand}`);
  const m = TAG.exec(tag.trim());
  const region = m?.[2]?.toUpperCase();
  const base = region ? PROFILES[region] : undefined;
  const lang = m ? `${m[1]!.toLowerCase()}-${region}` : tag;
  if (!base)
    throw new PseudoError(
      `"${tag}" is not a pseudo-locale: use en-XA (accented, expanded), ar-XB (right-to-left), or another language with region XA or XB`,
    );
  // The language must be one the config's path placeholders can spell (`%android_code%`: en-rXA).
  const problem = languageProblem(lang);
  if (problem) throw new PseudoError(`"${tag}" is not a usable pseudo-locale: ${problem}`);
  return { lang, ...base, ...(expand !== undefined ? { expand } : {}) };
}
