/**
 * Words and the delimiters between them, as the segment translation result reports them
 * (`targetWords`, `targetDelimiters`): delimiters[0] words[0] delimiters[1] … words[n-1]
 * delimiters[n] is the text again, exactly.
 *
 * Words are found with Intl.Segmenter for the text's language (so Japanese, Chinese and Thai are
 * split into words rather than taken as one), and placeholders are kept whole: `{name}`, `%1$s`,
 * `{{count}}` and ICU `#` are words; tags and ICU branch syntax are delimiters, like punctuation.
 */
import { findPlaceholders, type PlaceholderSyntax } from '../formats/placeholders.ts';

export interface WordSplit {
  words: string[];
  /** One more than the words: before the first word, between words, after the last. */
  delimiters: string[];
}

const segmenters = new Map<string, Intl.Segmenter>();

function segmenter(lang: string): Intl.Segmenter {
  let found = segmenters.get(lang);
  if (!found) {
    try {
      found = new Intl.Segmenter(lang, { granularity: 'word' });
    } catch {
      // Not a valid BCP 47 tag: the root locale's rules still split most scripts sensibly.
      found = new Intl.Segmenter(undefined, { granularity: 'word' });
    }
    segmenters.set(lang, found);
  }
  return found;
}

/** Splits `text` (in language `lang`) into words and delimiters; `syntaxes` limits placeholder detection. */
export function splitWords(text: string, lang: string, syntaxes?: readonly PlaceholderSyntax[]): WordSplit {
  const words: string[] = [];
  const delimiters: string[] = [];
  let delimiter = '';
  const word = (w: string) => {
    delimiters.push(delimiter);
    words.push(w);
    delimiter = '';
  };
  const prose = (part: string) => {
    if (part === '') return;
    for (const s of segmenter(lang).segment(part)) {
      if (s.isWordLike) word(s.segment);
      else delimiter += s.segment;
    }
  };
  let at = 0;
  for (const p of findPlaceholders(text, syntaxes ? { syntaxes } : {})) {
    prose(text.slice(at, p.start));
    if (p.kind === 'tag' || p.kind === 'icu-plural' || p.kind === 'icu-branch') delimiter += p.text;
    else word(p.text);
    at = p.end;
  }
  prose(text.slice(at));
  delimiters.push(delimiter);
  return { words, delimiters };
}

/** Where each word of plain `text` (no placeholder handling) ends, in order. */
export function proseWordEnds(text: string, lang: string): number[] {
  const ends: number[] = [];
  for (const s of segmenter(lang).segment(text)) if (s.isWordLike) ends.push(s.index + s.segment.length);
  return ends;
}

/**
 * Whether `text` holds anything to translate: a word outside its placeholders and tags. Text made
 * of placeholders and punctuation only (`%{count}+`, `%{latitude}, %{longitude}`, `?`,
 * `{{count, number}}`) translates to itself, so it is never sent to translation.
 */
export function hasWords(text: string, lang = 'und'): boolean {
  let at = 0;
  let prose = '';
  for (const p of findPlaceholders(text)) {
    prose += `${text.slice(at, p.start)} `;
    at = p.end;
  }
  prose += text.slice(at);
  for (const s of segmenter(lang).segment(prose)) if (s.isWordLike) return true;
  return false;
}
