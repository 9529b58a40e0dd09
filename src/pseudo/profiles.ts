import { PseudoError } from './errors.ts';

/**
 * Pseudo-locales and how each one writes text. The tags follow Android's (Settings → Developer
 * options → pseudolocales): `en-XA` accented and expanded, `ar-XB` right-to-left. XA–XZ are private
 * use regions in BCP 47 (RFC 5646 §2.2.4), so no real language ever takes them; `qps-ploc` and
 * `qps-plocm` are Windows' names for the same two.
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
}

/** The profiles by the region (or Windows tag) that names them. */
const PROFILES: Record<string, Omit<PseudoProfile, 'lang'>> = {
  XA: { accents: true, rtl: false, expand: 30, brackets: true },
  XB: { accents: false, rtl: true, expand: 0, brackets: true },
  'qps-ploc': { accents: true, rtl: false, expand: 30, brackets: true },
  'qps-plocm': { accents: false, rtl: true, expand: 0, brackets: true },
};

const TAG = /^([a-z]{2,3})[-_]([a-z]{2})$/i;

/**
 * The profile of a pseudo-locale tag (`en-XA`, `ar_xb`, `qps-ploc`), with `expand` in percent when
 * given. Throws PseudoError naming the problem for any other tag: a real language is never written
 * with pseudo text.
 */
export function pseudoProfile(tag: string, options: { expand?: number } = {}): PseudoProfile {
  const { expand } = options;
  if (expand !== undefined && !(Number.isInteger(expand) && expand >= 0 && expand <= 300))
    throw new PseudoError(`--expand must be a whole percentage from 0 to 300, got ${expand}`);
  const trimmed = tag.trim();
  const windows = trimmed.toLowerCase();
  let lang: string;
  let base: Omit<PseudoProfile, 'lang'> | undefined;
  if (windows === 'qps-ploc' || windows === 'qps-plocm') {
    lang = windows;
    base = PROFILES[windows];
  } else {
    const m = TAG.exec(trimmed);
    const region = m?.[2]?.toUpperCase();
    base = region ? PROFILES[region] : undefined;
    lang = m ? `${m[1]!.toLowerCase()}-${region}` : trimmed;
  }
  if (!base)
    throw new PseudoError(
      `"${tag}" is not a pseudo-locale: use en-XA (accented, expanded), ar-XB (right-to-left), another language with region XA or XB, or qps-ploc / qps-plocm`,
    );
  return { lang, ...base, ...(expand !== undefined ? { expand } : {}) };
}
