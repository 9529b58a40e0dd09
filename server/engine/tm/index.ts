// Our own index, for measured speed: `npm run bench -- tm` (625× a fastest-levenshtein scan at 1M, p95 3 ms) and `npm run bench -- tm-replicas` on PostgreSQL.
import { createScratch } from './candidates.ts';
import { type ContainsOptions, type ContainsResult, findContaining } from './contains.ts';
import { GramTable, gramCodes } from './grams.ts';
import { KeyTable } from './keys.ts';
import { bucketOf } from './length-buckets.ts';
import { lowerSameLength, normalizeText } from './normalize.ts';
import { PostingLists } from './postings.ts';
import { DEFAULT_PENALTIES, type Penalties } from './score.ts';
import { checkQuery, type SearchData, search, type TmMatch } from './search.ts';
import { SegmentSlots } from './segments.ts';

export type { ContainsField, ContainsHit, ContainsOptions, ContainsResult } from './contains.ts';
export type { TmMatch } from './search.ts';

/** A translation unit as the storage layer feeds it. */
export interface TmSegment {
  id: number;
  source: string;
  target: string;
}

export interface TmQueryOptions {
  /** Most matches returned (default 10). */
  n?: number;
  /** Matches scoring below this are dropped (default 75, the platform's cut-off). */
  minScore?: number;
  /** When false (default), letter case costs only a small penalty instead of edits. */
  caseSensitive?: boolean;
  /**
   * Read every list and verify every candidate, ignoring the index's work limits: the same
   * answer as scoring every segment (for a minimum score of 70 or more), at many times the cost
   * in a large memory. For audits and benchmarks.
   */
  exhaustive?: boolean;
}

export interface TmIndexOptions {
  penalties?: Partial<Penalties>;
  /** Candidates verified by edit distance per query (default 400). */
  maxCandidates?: number;
  /**
   * Postings a query reads at most (default 200,000): lists are read rarest first while they fit.
   * Small and mid-sized memories never reach it; in a large one it skips the commonest grams.
   */
  maxPostings?: number;
}

export interface TmIndexStats {
  segments: number;
  /** Distinct normalised keys: segments sharing one are matched together. */
  keys: number;
  grams: number;
  postings: number;
  /** Bytes held by typed arrays (postings, slot and key columns); strings are not included. */
  indexBytes: number;
}

export interface TmIndex {
  /** Adds a segment, replacing any segment with the same id. */
  add(segment: TmSegment): void;
  addMany(segments: Iterable<TmSegment>): void;
  /** Removes a segment; false when the id is unknown. */
  remove(id: number): boolean;
  has(id: number): boolean;
  readonly size: number;
  /** Fuzzy matches for `text`, best first: score descending, then newer (higher) id first. */
  query(text: string, options?: TmQueryOptions): TmMatch[];
  /** Concordance: segments whose source (or target) holds `fragment`, in any case (contains.ts). */
  containing(fragment: string, options?: ContainsOptions): ContainsResult;
  stats(): TmIndexStats;
}

const fail = (message: string): never => {
  throw new TypeError(`[tm] ${message}`);
};

function checkSegment(segment: TmSegment): void {
  if (segment === null || typeof segment !== 'object') fail('segment must be an object');
  if (!Number.isSafeInteger(segment.id)) fail(`segment id must be a safe integer, got ${String(segment.id)}`);
  if (typeof segment.source !== 'string') fail(`segment ${segment.id}: source must be a string`);
  if (typeof segment.target !== 'string') fail(`segment ${segment.id}: target must be a string`);
}

/**
 * An in-process fuzzy-match index over one memory's segments (one language pair). The storage
 * layer keeps it in step with add/remove and rebuilds it from rows at start (addMany).
 *
 * Segments are grouped by normalised key; exact keys are found by hash, fuzzy ones through a
 * character-trigram inverted index partitioned by key length: rarest lists first, length and
 * q-gram count filters derived from the score threshold, and a bounded set of candidate keys
 * verified by an edit distance that stops once the threshold is out of reach. The threshold rises
 * to the n-th best score found, tightening every filter. Each verified key's segments are then
 * scored with the penalties that tell them apart (numbers, placeholders, case, whitespace).
 *
 * A query never scans the memory: it reads at most `maxPostings` postings and verifies at most
 * `maxCandidates` keys. Below those limits (always, in small and mid-sized memories) the answer is
 * the one of scoring every segment, for minimum scores of 70 and above; in a very large memory
 * the limits can miss a match that shares only common trigrams with the query, which happens
 * among families of near-identical sentences scoring within a point or two of each other.
 */
export function createTmIndex(options: TmIndexOptions = {}): TmIndex {
  const slots = new SegmentSlots();
  const keys = new KeyTable();
  const grams = new GramTable();
  const postings = new PostingLists();
  const data: SearchData = {
    slots,
    keys,
    grams,
    postings,
    penalties: { ...DEFAULT_PENALTIES, ...options.penalties },
    scratch: createScratch(),
  };
  const limits = {
    maxCandidates: options.maxCandidates ?? 400,
    maxPostings: options.maxPostings ?? 200_000,
  };
  const unlimited = { maxCandidates: Number.POSITIVE_INFINITY, maxPostings: Number.POSITIVE_INFINITY };
  let codes: Float64Array = new Float64Array(256);
  // The key that last posted each gram (numbered per new key, as compaction reuses key ids), so
  // that a repeated gram is posted once per key.
  let postedBy = new Float64Array(4096).fill(-1);
  let newKeys = 0;

  const post = (key: number, lower: string): void => {
    codes = gramCodes(lower, codes);
    const bucket = bucketOf(lower.length);
    const serial = newKeys++;
    for (let i = 0; i < lower.length + 2; i++) {
      const gram = grams.intern(codes[i]!);
      if (gram >= postedBy.length) {
        const grown = new Float64Array(postedBy.length * 2).fill(-1);
        grown.set(postedBy);
        postedBy = grown;
      }
      if (postedBy[gram] === serial) continue;
      postedBy[gram] = serial;
      postings.append(gram, bucket, key);
    }
  };

  // Removed segments and keys without segments stay in the arrays and posting lists until they
  // are a fifth of them; then everything is renumbered and rewritten.
  const compact = (): void => {
    slots.compact();
    const renumber = keys.compact();
    for (let slot = 0; slot < slots.count; slot++) {
      const key = renumber[slots.keyOf[slot]!]!;
      slots.keyOf[slot] = key;
      keys.link(key, slot);
    }
    postings.compact(renumber);
  };
  const wasteful = (used: number, live: number) => used - live > 1024 && (used - live) * 5 > used;

  const remove = (id: number): boolean => {
    const slot = slots.slotOf(id);
    if (slot === undefined) return false;
    keys.unlink(slots.keyOf[slot]!, slot);
    slots.kill(slot);
    if (wasteful(slots.count, slots.live) || wasteful(keys.count, keys.live)) compact();
    return true;
  };

  const add = (segment: TmSegment): void => {
    checkSegment(segment);
    remove(segment.id);
    const norm = normalizeText(segment.source);
    const lower = lowerSameLength(norm.key);
    let key = keys.find(lower);
    if (key < 0) {
      key = keys.add(lower);
      post(key, lower);
    }
    keys.link(key, slots.push(segment.id, segment.source, segment.target, norm, key));
  };

  return {
    add,
    addMany(segments) {
      let added = 0;
      for (const segment of segments) {
        add(segment);
        added++;
      }
      // A bulk load (the rebuild at start) ends compacted: keys grouped by length, every list in
      // one exact block.
      if (added >= 10_000) compact();
    },
    remove,
    has: (id) => slots.slotOf(id) !== undefined,
    get size() {
      return slots.live;
    },
    query(text, queryOptions = {}) {
      const checked = checkQuery(text, queryOptions);
      return search(data, text, {
        ...checked,
        limits: queryOptions.exhaustive === true ? unlimited : limits,
      });
    },
    containing: (fragment, containsOptions) => findContaining(data, fragment, containsOptions),
    stats: () => ({
      segments: slots.live,
      keys: keys.live,
      grams: grams.size,
      postings: postings.total,
      indexBytes:
        postings.bytes() +
        slots.ids.byteLength +
        slots.keyOf.byteLength +
        slots.alive.byteLength +
        keys.lengths.byteLength * 3 +
        keys.nextSlot.byteLength,
    }),
  };
}
