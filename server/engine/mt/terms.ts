/**
 * Termbase entries in segments: finding a term's source (whole words, case-insensitive) and
 * shielding the match behind an inline code token so that a provider cannot translate it, then
 * putting the term's target in verbatim.
 */
import { mapText, pieces, token, tokenIds } from './tokens.ts';
import type { MtTerm } from './types.ts';

export interface TermMatch {
  start: number;
  end: number;
  term: MtTerm;
}

export interface TermMatcher {
  /** Non-overlapping matches in `text`, left to right, the longest term winning at a position. */
  find(text: string): TermMatch[];
}

/** "Word" characters for term boundaries: a term must not start or end inside a word. */
const WORD = '[\\p{L}\\p{M}\\p{N}_]';

/** Compiles the terms into one matcher, or undefined when there is no usable term. */
export function compileTerms(terms: readonly MtTerm[] | undefined): TermMatcher | undefined {
  const seen = new Set<string>();
  const usable: MtTerm[] = [];
  for (const term of terms ?? []) {
    const key = term.source.trim().toLowerCase();
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    usable.push({ source: term.source.trim(), target: term.target });
  }
  if (usable.length === 0) return undefined;
  // Longest first: at one position the alternation takes the first alternative that matches.
  usable.sort((a, b) => b.source.length - a.source.length);
  const alternatives = usable.map((t) => `(${escapeRegExp(t.source)})`).join('|');
  const pattern = new RegExp(`(?<!${WORD})(?:${alternatives})(?!${WORD})`, 'giu');
  return {
    find(text) {
      const out: TermMatch[] = [];
      for (const m of text.matchAll(pattern)) {
        const index = m.findIndex((group, i) => i > 0 && group !== undefined);
        out.push({ start: m.index, end: m.index + m[0].length, term: usable[index - 1]! });
      }
      return out;
    },
  };
}

export interface ShieldedTerms {
  /** The text with each term occurrence (outside existing tokens) replaced by a new token. */
  text: string;
  /** Replaces the term tokens in a translation of `text` by the terms' targets. */
  unshield(translated: string): string;
}

/**
 * Replaces the terms found in the text between tokens of `protectedText` with tokens numbered
 * after the highest existing one, so the provider keeps them like any other inline code.
 */
export function shieldTerms(protectedText: string, matcher: TermMatcher | undefined): ShieldedTerms {
  if (!matcher) return { text: protectedText, unshield: (t) => t };
  let next = Math.max(0, ...tokenIds(protectedText));
  const first = next + 1;
  const targets: string[] = [];
  const text = mapText(protectedText, (plain) => {
    let out = '';
    let at = 0;
    for (const m of matcher.find(plain)) {
      out += plain.slice(at, m.start) + token(++next);
      targets.push(m.term.target);
      at = m.end;
    }
    return out + plain.slice(at);
  });
  if (targets.length === 0) return { text, unshield: (t) => t };
  return {
    text,
    unshield: (translated) =>
      pieces(translated)
        .map((p) => (p.id !== undefined && p.id >= first ? (targets[p.id - first] ?? '') : p.text))
        .join(''),
  };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
