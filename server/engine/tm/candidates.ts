import { coverByEdits, editsAllowed, gramsLost, lengthRange } from './cover.ts';
import { type GramTable, gramCodes } from './grams.ts';
import type { KeyTable } from './keys.ts';
import { bucketEnd, bucketOf, bucketStart } from './length-buckets.ts';
import type { PostingLists } from './postings.ts';

/** What candidate generation reads, with scratch arrays reused from query to query. */
export interface CandidateSource {
  keys: KeyTable;
  grams: GramTable;
  postings: PostingLists;
  scratch: Scratch;
}

/** How much work one query may do. */
export interface CandidateLimits {
  /** Postings read at most: lists are read rarest first while they fit. */
  maxPostings: number;
  /** Keys verified with an edit distance at most (best gram counts first). */
  maxCandidates: number;
}

export interface Scratch {
  counts: Uint16Array;
  touched: Int32Array;
  candidates: Int32Array;
  candidateCounts: Uint16Array;
  codes: Float64Array;
}

export function createScratch(): Scratch {
  return {
    counts: new Uint16Array(0),
    touched: new Int32Array(0),
    candidates: new Int32Array(0),
    candidateCounts: new Uint16Array(0),
    codes: new Float64Array(256),
  };
}

function fitScratch(scratch: Scratch, keys: number): void {
  if (scratch.counts.length >= keys) return;
  const size = Math.max(keys, scratch.counts.length * 2, 1024);
  scratch.counts = new Uint16Array(size);
  scratch.touched = new Int32Array(size);
  scratch.candidates = new Int32Array(size);
  scratch.candidateCounts = new Uint16Array(size);
}

/** One distinct gram of a query: its code, where it occurs, and what reading its list costs. */
export interface QueryGram {
  code: number;
  /** Interned id in the in-process index (-1 when unknown or not interned). */
  id: number;
  starts: number[];
  /** Postings within the candidate length range: what reading the list costs. */
  cost: number;
}

/**
 * The query's distinct grams, rarest first (ties by first position keep the order
 * deterministic). `describe` gives a gram's interned id and its cost.
 */
export function queryGrams(
  lower: string,
  codes: Float64Array,
  describe: (code: number) => { id: number; cost: number },
): { grams: QueryGram[]; codes: Float64Array } {
  const filled = gramCodes(lower, codes);
  const byCode = new Map<number, QueryGram>();
  for (let i = 0; i < lower.length + 2; i++) {
    const code = filled[i]!;
    const known = byCode.get(code);
    if (known !== undefined) {
      known.starts.push(i);
      continue;
    }
    byCode.set(code, { code, ...describe(code), starts: [i] });
  }
  const grams = [...byCode.values()].sort((a, b) => a.cost - b.cost || a.starts[0]! - b.starts[0]!);
  return { grams, codes: filled };
}

function startsOf(grams: readonly QueryGram[], count: number): Int32Array {
  const starts: number[] = [];
  for (let i = 0; i < count; i++) starts.push(...grams[i]!.starts);
  return Int32Array.from(starts.sort((a, b) => a - b));
}

/** Occurrences of the first `count` grams that k edits can destroy, for both kinds of edit. */
function lossTables(grams: readonly QueryGram[], count: number, maxEdits: number) {
  const starts = startsOf(grams, count);
  return { cover3: coverByEdits(starts, maxEdits, 3), cover2: coverByEdits(starts, maxEdits, 2) };
}

/** Shared grams a candidate needs, by its length (from `min`); `least` is the smallest need. */
export interface CountFilter {
  min: number;
  need: Int32Array;
  least: number;
}

/**
 * How a query's candidates are found: the length range and its buckets at the starting threshold,
 * how many of the rarest grams fit the posting budget (`used`), and the count filter for any
 * threshold. A list of every gram read is counted in full; when the grams read are enough for
 * the count filter (need ≥ 1), every key within reach is counted, otherwise a key sharing none
 * of them is missed, which happens only when even the rare grams are common.
 */
export interface CandidatePlan {
  minLength: number;
  maxLength: number;
  fromBucket: number;
  toBucket: number;
  used: number;
  filterFor(threshold: number): CountFilter;
}

/** The length range and buckets a key must fall in to reach `threshold` (`longest`: the longest key). */
export function lengthBuckets(queryLength: number, threshold: number, longest: number) {
  const [minLength, maxLength] = lengthRange(queryLength, threshold, longest);
  return { minLength, maxLength, fromBucket: bucketOf(minLength), toBucket: bucketOf(maxLength) };
}

/** Plans a query whose grams are sorted rarest first (`queryGrams`). */
export function planCandidates(
  grams: readonly QueryGram[],
  queryLength: number,
  threshold: number,
  longest: number,
  maxPostings: number,
): CandidatePlan {
  const range = lengthBuckets(queryLength, threshold, longest);
  const maxEdits = editsAllowed(queryLength, range.maxLength, threshold);
  let read = 0;
  let used = 0;
  for (; used < grams.length && used < 65535; used++) {
    const cost = grams[used]!.cost;
    if (read + cost > maxPostings && used > 0) break;
    read += cost;
  }
  const { cover3, cover2 } = lossTables(grams, used, maxEdits);
  return {
    ...range,
    used,
    filterFor(s: number): CountFilter {
      const [min, max] = lengthRange(queryLength, s, longest);
      const need = new Int32Array(max - min + 1);
      let least = used;
      for (let length = min; length <= max; length++) {
        const n = Math.max(1, used - gramsLost(cover3, cover2, used, queryLength, length, s));
        need[length - min] = n;
        if (n < least) least = n;
      }
      return { min, need, least };
    },
  };
}

/**
 * The least count any key of `bucket` within the filter's length range needs (none can pass
 * when the bucket lies outside it): each bucket's counts are final once its lists are read, so
 * the filter can use it without looking up each key's length (a cache miss per key in a large
 * memory). The exact length is checked on the few kept.
 */
export function bucketNeed(filter: CountFilter, bucket: number): number {
  const lo = Math.max(filter.min, bucketStart(bucket));
  const hi = Math.min(filter.min + filter.need.length - 1, bucketEnd(bucket));
  let need = Number.POSITIVE_INFINITY;
  for (let length = lo; length <= hi; length++) need = Math.min(need, filter.need[length - filter.min]!);
  return need;
}

/**
 * Which counted candidates to verify: the best counts first, at most `maxCandidates` (the
 * count at the cut is shared out in order). `histogram[c]` is the number with count c.
 */
export function pickByCount(
  counts: ArrayLike<number>,
  length: number,
  histogram: Int32Array,
  maxCandidates: number,
): number[] {
  let cutoff = histogram.length;
  let kept = 0;
  while (cutoff > 0 && kept + histogram[cutoff - 1]! <= maxCandidates) kept += histogram[--cutoff]!;
  const chosen = countedAtLeast(counts, length, cutoff, maxCandidates - kept);
  return chosen.sort((a, b) => counts[b]! - counts[a]!);
}

/**
 * The candidates counted `cutoff` or more, and the first `room` counted one less, in order. A
 * function that ends with its loop: when the engine compiles a long loop while it runs (on-stack
 * replacement), no code after it is left without type feedback, which had that code thrown back
 * to the interpreter again and again.
 */
function countedAtLeast(counts: ArrayLike<number>, length: number, cutoff: number, room: number): number[] {
  const chosen: number[] = [];
  let left = room;
  for (let i = 0; i < length; i++) {
    const c = counts[i]!;
    if (c >= cutoff || (c === cutoff - 1 && left-- > 0)) chosen.push(i);
  }
  return chosen;
}

/**
 * Finds the keys that may reach the threshold and hands them to `verify`, best gram count
 * first: reads the query's rarest (gram, length bucket) lists within the posting budget, counts
 * shared grams per key, keeps keys that pass the length and count filters, and verifies at most
 * `maxCandidates` of them. The threshold can rise while verifying (the n-th best score so far);
 * the filters follow it.
 */
export function generateCandidates(
  source: CandidateSource,
  lower: string,
  limits: CandidateLimits,
  threshold: () => number,
  verify: (key: number) => void,
): void {
  const { keys, postings, scratch } = source;
  fitScratch(scratch, keys.count);
  const queryLength = lower.length;
  let s = threshold();
  const { fromBucket, toBucket } = lengthBuckets(queryLength, s, keys.maxLength);
  const { grams, codes } = queryGrams(lower, scratch.codes, (code) => {
    const id = source.grams.get(code);
    let cost = 0;
    if (id >= 0) for (let b = fromBucket; b <= toBucket; b++) cost += postings.size(id, b);
    return { id, cost };
  });
  scratch.codes = codes;
  const plan = planCandidates(grams, queryLength, s, keys.maxLength, limits.maxPostings);
  const used = plan.used;
  let filter = plan.filterFor(s);

  const { counts, touched, candidates, candidateCounts } = scratch;
  const histogram = new Int32Array(used + 1);
  let candidateCount = 0;
  for (let bucket = fromBucket; bucket <= toBucket; bucket++) {
    const need = bucketNeed(filter, bucket);
    let touchedCount = 0;
    for (let i = 0; i < used; i++) {
      const id = grams[i]!.id;
      if (id >= 0) touchedCount = postings.count(id, bucket, bucket, counts, touched, touchedCount);
    }
    for (let t = 0; t < touchedCount; t++) {
      const key = touched[t]!;
      const c = counts[key]!;
      counts[key] = 0;
      if (c < need) continue;
      candidates[candidateCount] = key;
      candidateCounts[candidateCount] = c;
      candidateCount++;
      histogram[c]!++;
    }
  }
  const chosen = pickByCount(candidateCounts, candidateCount, histogram, limits.maxCandidates);

  for (const i of chosen) {
    if (threshold() !== s) {
      s = threshold();
      filter = plan.filterFor(s);
    }
    const c = candidateCounts[i]!;
    // Sorted by count: once the best remaining count passes no length, nothing further does.
    if (c < filter.least) break;
    const key = candidates[i]!;
    const at = keys.lengths[key]! - filter.min;
    if (at < 0 || at >= filter.need.length || c < filter.need[at]! || keys.members[key] === 0) continue;
    verify(key);
  }
}
