/**
 * How much a source text changed (issue 36): a fix of spacing, letter case, punctuation at the
 * ends or typographic quotes leaves the meaning, so the translation of the text before still
 * translates the text now. Each recorded unit keeps, beside the hash of its source text, the hash
 * of that text normalized (editHash); two texts with the same one differ only by such a fix.
 * Placeholders are compared exactly as written: a changed, added or removed placeholder is never
 * a small edit, whatever else changed.
 */
import { textHash } from '../contracts/sync-state.ts';
import { findPlaceholders } from '../formats/placeholders.ts';
import type { UnitText } from '../formats/target.ts';

/** Typographic quotes and apostrophes, folded to their ASCII form. */
const SINGLE = /[\u2018\u2019\u201a\u201b\u2032\u2039\u203a]/g;
const DOUBLE = /[\u201c\u201d\u201e\u201f\u2033\u00ab\u00bb]/g;
const ENDS = /^[\p{P}\s]+|[\p{P}\s]+$/gu;

/**
 * A text as a small edit leaves it: NFC, quotes folded, whitespace collapsed, lower case
 * (locale-independent), punctuation at the ends taken off. Empty when nothing else is left.
 */
export function normalizedSource(text: string): string {
  return text
    .normalize('NFC')
    .replace(SINGLE, "'")
    .replace(DOUBLE, '"')
    .replace(/\s+/g, ' ')
    .toLowerCase()
    .replace(ENDS, '');
}

/** The placeholders of a text, exactly as written and in order (every syntax: the safe side). */
const placeholdersOf = (text: string) => findPlaceholders(text, { icuQuoting: false }).map((p) => p.text);

function editForm(text: string): [string, string[]] | undefined {
  const normalized = normalizedSource(text);
  return normalized === '' ? undefined : [normalized, placeholdersOf(text)];
}

const cache = new WeakMap<object, string | undefined>();

/**
 * The hash that two source texts share when one is a small edit of the other; undefined for a
 * text with nothing but punctuation and spaces (there every character is the meaning). A plural
 * compares form by form. `key` caches it for one unit object (every language asks).
 */
export function editHash(text: UnitText, key?: object): string | undefined {
  if (key && cache.has(key)) return cache.get(key);
  let hash: string | undefined;
  if (typeof text === 'string') {
    const form = editForm(text);
    hash = form && textHash(JSON.stringify(form));
  } else {
    const forms = Object.entries(text).map(([category, form]) => [category, editForm(form)] as const);
    if (forms.every(([, f]) => f !== undefined))
      hash = textHash(`p${JSON.stringify(forms.sort(([a], [b]) => a.localeCompare(b)))}`);
  }
  if (key) cache.set(key, hash);
  return hash;
}
