import type { GramTable } from './grams.ts';
import type { KeyTable } from './keys.ts';
import { BUCKETS, bucketOf } from './length-buckets.ts';
import { lowerSameLength } from './normalize.ts';
import type { PostingLists } from './postings.ts';
import type { SegmentSlots } from './segments.ts';

/** Which side of the segments a concordance search reads. */
export type ContainsField = 'source' | 'target';

export interface ContainsOptions {
  field?: ContainsField;
  /** `recent`: newest segment (highest id) first; `shortest`: shortest text first, then newest. */
  order?: 'recent' | 'shortest';
  /** Hits returned at most (default 20). */
  limit?: number;
  /** Hits skipped first, for paging (default 0). */
  offset?: number;
}

export interface ContainsHit {
  id: number;
  source: string;
  target: string;
}

export interface ContainsResult {
  /** Every segment holding the fragment (not only the page returned). */
  total: number;
  hits: ContainsHit[];
  /** How the candidates were found: `index` (trigram lists), or `scan` (too few letters for a gram, or targets). */
  via: 'index' | 'scan';
}

/** Grams read at most: the rarest lists are enough to narrow the candidates. */
const MAX_GRAMS = 12;
const TWO_32 = 4294967296;

/**
 * What splits a fragment into runs whose trigrams the key of every source holding it shows: the
 * characters a token the key replaces or drops can start, end or consist of (numbers,
 * placeholders, tags), and whitespace the key rewrites (control characters, other spaces than
 * U+0020, runs of two or more). One space between two characters stays a space in the key.
 */
const UNSAFE = /[\p{N}%{}<>\x00-\x1f\x7f]+|[^\S ]+| {2,}/u;

/**
 * Trigram codes of the fragment's safe runs; inner grams only (no padding), as a fragment sits
 * anywhere in a key. The fragment is trimmed first: a source's leading and trailing spaces are
 * not in its key, and what holds the fragment holds it trimmed.
 */
export function innerGrams(lower: string): { codes: number[]; longest: number } {
  const codes = new Set<number>();
  let longest = 0;
  for (const run of lower.trim().split(UNSAFE)) {
    longest = Math.max(longest, run.length);
    for (let i = 0; i + 3 <= run.length; i++)
      codes.add(run.charCodeAt(i) * TWO_32 + run.charCodeAt(i + 1) * 65536 + run.charCodeAt(i + 2));
  }
  return { codes: [...codes], longest };
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether a fragment can overlap one of a segment's tokens (given as the slot's encoded variables
 * and tags, which hold their raw text). A fragment holding an unsafe character can take in a
 * whole token: every segment with tokens is verified. One without can only overlap a token by
 * lying inside it (`{user name}`, a tag's attributes), or by starting inside a printf placeholder
 * and running past its last letter (`%sfoo`): every token starts with an unsafe character, and
 * every token but printf's ends with one.
 */
function tokenOverlap(lower: string): (vars: string, tags: string) => boolean {
  if (UNSAFE.test(lower.trim())) return () => true;
  const inside = new RegExp(escapeRegExp(lower.trim()), 'i');
  const first = lower.trim()[0] ?? '';
  return (vars, tags) =>
    inside.test(vars) ||
    inside.test(tags) ||
    (vars.includes('%') && (vars.includes(first) || vars.includes(first.toUpperCase())));
}

/**
 * Whether a fragment can only overlap a token by lying inside a brace placeholder or a tag, or by
 * starting inside a printf placeholder (see tokenOverlap): it holds no unsafe character.
 */
export function isSafeFragment(lower: string): boolean {
  return !UNSAFE.test(lower.trim());
}

/** The fragment as searched: NFC, lower case of the same length. */
export const fragmentKey = (fragment: string) => lowerSameLength(fragment.normalize('NFC'));

/** Case-insensitive containment, as the index compares (lower case of the same length). */
export function holdsFragment(text: string, lowerFragment: string): boolean {
  return lowerSameLength(text).includes(lowerFragment);
}

/**
 * Concordance: the segments whose source (or target) holds `fragment` anywhere, in any case. For
 * sources, the trigram lists narrow the search to the keys holding every gram of the fragment's
 * plain-text runs (the rarest twelve), and each of their segments is verified on its raw source;
 * segments with tokens (numbers, placeholders, tags), whose key may lack a gram the raw text has
 * inside a token, are verified too. A fragment without a gram (fewer than three letters in a row)
 * and a search of targets read every segment.
 */
export function findContaining(
  data: { slots: SegmentSlots; keys: KeyTable; grams: GramTable; postings: PostingLists },
  fragment: string,
  options: ContainsOptions = {},
): ContainsResult {
  const { slots, keys, grams, postings } = data;
  const lower = fragmentKey(fragment);
  const field = options.field ?? 'source';
  const limit = options.limit ?? 20;
  const offset = options.offset ?? 0;
  const found: number[] = [];
  const { codes, longest } = field === 'source' ? innerGrams(lower) : { codes: [], longest: 0 };
  let via: ContainsResult['via'] = 'scan';
  if (codes.length > 0) {
    via = 'index';
    // A key holding a run is at least as long as the run.
    const from = bucketOf(longest);
    const lists: { gram: number; size: number }[] = [];
    let absent = false;
    for (const code of codes) {
      const gram = grams.get(code);
      if (gram < 0) {
        absent = true;
        break;
      }
      let size = 0;
      for (let b = from; b < BUCKETS; b++) size += postings.size(gram, b);
      lists.push({ gram, size });
    }
    if (!absent) {
      lists.sort((a, b) => a.size - b.size);
      const used = lists.slice(0, MAX_GRAMS);
      const counts = new Uint16Array(keys.count);
      const touched = new Int32Array(keys.count);
      let t = 0;
      for (const { gram } of used) t = postings.count(gram, from, BUCKETS - 1, counts, touched, t);
      for (let i = 0; i < t; i++) {
        const key = touched[i]!;
        if (counts[key] !== used.length) continue;
        for (let s = keys.firstSlot[key]!; s !== -1; s = keys.nextSlot[s]!) {
          if (slots.alive[s] && holdsFragment(slots.sources[s]!, lower)) found.push(s);
        }
      }
    }
    // Segments with tokens: the fragment may sit partly inside one, where the key does not show it.
    const seen = new Set(found);
    const mayOverlap = tokenOverlap(lower);
    for (let s = 0; s < slots.count; s++) {
      if (!slots.alive[s] || seen.has(s) || (slots.vars[s] === '' && slots.tags[s] === '')) continue;
      if (mayOverlap(slots.vars[s]!, slots.tags[s]!) && holdsFragment(slots.sources[s]!, lower))
        found.push(s);
    }
  } else {
    const texts = field === 'source' ? slots.sources : slots.targets;
    for (let s = 0; s < slots.count; s++) {
      if (slots.alive[s] && holdsFragment(texts[s]!, lower)) found.push(s);
    }
  }
  const texts = field === 'source' ? slots.sources : slots.targets;
  const byRecent = (a: number, b: number) => slots.ids[b]! - slots.ids[a]!;
  found.sort(
    options.order === 'shortest' ? (a, b) => texts[a]!.length - texts[b]!.length || byRecent(a, b) : byRecent,
  );
  return {
    total: found.length,
    via,
    hits: found.slice(offset, offset + limit).map((s) => ({
      id: slots.ids[s]!,
      source: slots.sources[s]!,
      target: slots.targets[s]!,
    })),
  };
}
