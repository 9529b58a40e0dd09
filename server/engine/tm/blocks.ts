import {
  bucketNeed,
  type CandidateLimits,
  lengthBuckets,
  pickByCount,
  planCandidates,
  queryGrams,
} from './candidates.ts';
import { gramCodes } from './grams.ts';
import { bucketOf } from './length-buckets.ts';
import { lowerSameLength, normalizeText } from './normalize.ts';

/**
 * The in-process index's (gram, length bucket) posting lists, laid out for a database: each list
 * is split by blocks of 65,536 segment ids and a block's postings are the ids' low 16 bits, two
 * bytes each, ascending. Appending a segment rewrites only the newest block of each of its lists,
 * and a query reads a list as a few byte strings rather than a row per posting.
 */
export const BLOCK_BITS = 16;
const BLOCK_MASK = (1 << BLOCK_BITS) - 1;

/** One block of one list. */
export interface PostingBlock {
  /** The gram's code (`gramCodes`): three UTF-16 units, below 2⁴⁸. */
  gram: number;
  bucket: number;
  block: number;
  /** The low 16 bits of each segment id, ascending. */
  ids: Uint16Array;
}

/** The normalised key a segment is indexed and scored by, as the in-process index has it. */
export function indexKey(source: string): string {
  return lowerSameLength(normalizeText(source).key);
}

/**
 * Collects the postings of segments as they are written, one per distinct gram of each source's
 * key, grouped by list and block. Segments must come in ascending id order within a list (as a
 * sequence assigns them); `take` hands the groups over and starts afresh.
 */
export class PostingCollector {
  private lists = new Map<number, Map<number, number[]>>();
  private codes: Float64Array = new Float64Array(256);
  /** Postings collected since the last `take`. */
  size = 0;

  add(id: number, source: string): void {
    if (!Number.isSafeInteger(id) || id < 0 || id >= 2 ** 31) {
      throw new TypeError(`[tm] a segment id must be a non-negative 32-bit integer, got ${id}`);
    }
    const key = indexKey(source);
    this.codes = gramCodes(key, this.codes);
    const place = bucketOf(key.length) * 2 ** 16 + Math.floor(id / 2 ** BLOCK_BITS);
    const low = id & BLOCK_MASK;
    const seen = new Set<number>();
    for (let i = 0; i < key.length + 2; i++) {
      const code = this.codes[i]!;
      if (seen.has(code)) continue;
      seen.add(code);
      let places = this.lists.get(code);
      if (!places) {
        places = new Map();
        this.lists.set(code, places);
      }
      const ids = places.get(place);
      if (ids) ids.push(low);
      else places.set(place, [low]);
      this.size++;
    }
  }

  /** The collected blocks, in (gram, bucket, block) order, so concurrent writers lock alike. */
  take(): PostingBlock[] {
    const blocks: PostingBlock[] = [];
    for (const [gram, places] of this.lists) {
      for (const [place, ids] of places) {
        blocks.push({
          gram,
          bucket: Math.floor(place / 2 ** 16),
          block: place % 2 ** 16,
          ids: Uint16Array.from(ids),
        });
      }
    }
    this.lists = new Map();
    this.size = 0;
    return blocks.sort((a, b) => a.gram - b.gram || a.bucket - b.bucket || a.block - b.block);
  }
}

/** A block's postings as stored: little-endian 16-bit values. */
export function encodeIds(ids: Uint16Array): Buffer {
  const bytes = Buffer.alloc(ids.length * 2);
  for (let i = 0; i < ids.length; i++) bytes.writeUInt16LE(ids[i]!, i * 2);
  return bytes;
}

/** Where a query's lists are read from (the database). */
export interface PostingStore {
  /** Postings per gram within buckets `from`..`to` (absent: none). */
  sizes(grams: number[], from: number, to: number): Promise<Map<number, number>>;
  /** The blocks of those grams' lists within buckets `from`..`to`, as stored. */
  blocks(
    grams: number[],
    from: number,
    to: number,
  ): Promise<{ bucket: number; block: number; ids: Uint8Array }[]>;
}

/** Scratch for counting one block of ids (reused from query to query). */
const counts = new Uint16Array(1 << BLOCK_BITS);
const touched = new Int32Array(1 << BLOCK_BITS);

/** Segments counted so far, with their counts: typed arrays grown as needed. */
class Counted {
  ids = new Int32Array(4096);
  counts = new Uint16Array(4096);
  size = 0;

  push(id: number, count: number): void {
    if (this.size === this.ids.length) {
      const ids = new Int32Array(this.size * 2);
      ids.set(this.ids);
      this.ids = ids;
      const counts = new Uint16Array(this.size * 2);
      counts.set(this.counts);
      this.counts = counts;
    }
    this.ids[this.size] = id;
    this.counts[this.size++] = count;
  }
}

/**
 * Counts the postings of rows `start`..`end` (one bucket and block) and keeps in `out` the
 * segments counted at least `need` times, tallying their counts in `histogram`. Kept apart from
 * the async search so that the engine optimises these loops on their own.
 */
function countBlock(
  rows: readonly { ids: Uint8Array }[],
  start: number,
  end: number,
  base: number,
  need: number,
  out: Counted,
  histogram: Int32Array,
): void {
  let touchedCount = 0;
  for (let r = start; r < end; r++) {
    const bytes = rows[r]!.ids;
    const length = bytes.length - 1;
    for (let at = 0; at < length; at += 2) {
      const low = bytes[at]! | (bytes[at + 1]! << 8);
      const c = counts[low]!;
      if (c === 0) touched[touchedCount++] = low;
      counts[low] = c + 1;
    }
  }
  const top = histogram.length - 1;
  for (let t = 0; t < touchedCount; t++) {
    const low = touched[t]!;
    const c = counts[low]!;
    counts[low] = 0;
    if (c < need) continue;
    out.push(base + low, c);
    histogram[c < top ? c : top]!++;
  }
}

/** Segments to verify, the best gram counts first. */
export interface BlockCandidates {
  ids: number[];
  /** Shared grams counted for each of `ids`. */
  counts: number[];
  /**
   * The least count a segment needs to reach a score: once the n-th best score verified is `s`,
   * candidates counted below `least(s)` cannot beat it (what the in-process index stops at).
   */
  least(score: number): number;
}

/**
 * The in-process index's candidate search over lists read from a database: the query's rarest
 * grams within `maxPostings`, shared grams counted per segment and per bucket against the count
 * filter at `minScore`, and at most `maxCandidates` segments with the best counts, best first.
 * Segments are verified by the caller, who reads them. `longest` bounds the lengths a candidate
 * may have (the in-process index knows its longest key; a database does not need to).
 */
export async function blockCandidates(
  store: PostingStore,
  text: string,
  limits: CandidateLimits,
  minScore: number,
  longest: number,
): Promise<BlockCandidates> {
  const none = { ids: [], counts: [], least: () => 1 };
  const lower = indexKey(text);
  const queryLength = lower.length;
  const { fromBucket, toBucket } = lengthBuckets(queryLength, minScore, longest);
  const distinct = [...new Set(gramCodes(lower, new Float64Array(queryLength + 2)))];
  const sizes = await store.sizes(distinct, fromBucket, toBucket);
  const { grams } = queryGrams(lower, new Float64Array(queryLength + 2), (code) => ({
    id: -1,
    cost: sizes.get(code) ?? 0,
  }));
  const plan = planCandidates(grams, queryLength, minScore, longest, limits.maxPostings);
  // Grams no segment holds cost nothing and count nothing: they are read only for the filter.
  const read = grams
    .slice(0, plan.used)
    .filter((g) => g.cost > 0)
    .map((g) => g.code);
  if (read.length === 0) return none;
  const filter = plan.filterFor(minScore);
  const rows = await store.blocks(read, fromBucket, toBucket);
  rows.sort((a, b) => a.bucket - b.bucket || a.block - b.block);

  const found = new Counted();
  const histogram = new Int32Array(plan.used + 1);
  for (let start = 0; start < rows.length; ) {
    const { bucket, block } = rows[start]!;
    let end = start + 1;
    while (end < rows.length && rows[end]!.bucket === bucket && rows[end]!.block === block) end++;
    const need = bucketNeed(plan, filter, bucket);
    countBlock(rows, start, end, block * 2 ** BLOCK_BITS, need, found, histogram);
    start = end;
  }
  const chosen = pickByCount(found.counts, found.size, histogram, limits.maxCandidates);
  return {
    ids: chosen.map((i) => found.ids[i]!),
    counts: chosen.map((i) => found.counts[i]!),
    least: (score) => plan.filterFor(Math.max(minScore, score)).least,
  };
}
