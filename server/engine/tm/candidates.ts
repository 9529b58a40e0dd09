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

/** The query's distinct grams: interned id (-1 if unknown) and where each occurs. */
interface QueryGram {
  id: number;
  starts: number[];
  /** Postings within the candidate length range: what reading the list costs. */
  cost: number;
}

function queryGrams(
  source: CandidateSource,
  lower: string,
  fromBucket: number,
  toBucket: number,
): QueryGram[] {
  const { scratch, grams, postings } = source;
  scratch.codes = gramCodes(lower, scratch.codes);
  const byCode = new Map<number, QueryGram>();
  for (let i = 0; i < lower.length + 2; i++) {
    const code = scratch.codes[i]!;
    const known = byCode.get(code);
    if (known !== undefined) {
      known.starts.push(i);
      continue;
    }
    const id = grams.get(code);
    let cost = 0;
    if (id >= 0) for (let b = fromBucket; b <= toBucket; b++) cost += postings.size(id, b);
    byCode.set(code, { id, starts: [i], cost });
  }
  // Rarest first; ties by first position keep the order deterministic.
  return [...byCode.values()].sort((a, b) => a.cost - b.cost || a.starts[0]! - b.starts[0]!);
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
  const [minLength, maxLength] = lengthRange(queryLength, s, keys.maxLength);
  const fromBucket = bucketOf(minLength);
  const toBucket = bucketOf(maxLength);
  const grams = queryGrams(source, lower, fromBucket, toBucket);
  const maxEdits = editsAllowed(queryLength, maxLength, s);

  // Read the rarest lists within the budget. When they are enough for the count filter (need ≥ 1
  // below), every key within reach has been counted; otherwise a key sharing none of the grams
  // read is missed, which happens only when even the rare grams are common.
  let read = 0;
  let used = 0;
  for (; used < grams.length && used < 65535; used++) {
    const cost = grams[used]!.cost;
    if (read + cost > limits.maxPostings && used > 0) break;
    read += cost;
  }
  const { cover3, cover2 } = lossTables(grams, used, maxEdits);
  // Shared grams a candidate needs, by its length; any length outside the table fails.
  const filterFor = (threshold: number) => {
    const [min, max] = lengthRange(queryLength, threshold, keys.maxLength);
    const need = new Int32Array(max - min + 1);
    let least = used;
    for (let length = min; length <= max; length++) {
      const n = Math.max(1, used - gramsLost(cover3, cover2, used, queryLength, length, threshold));
      need[length - min] = n;
      if (n < least) least = n;
    }
    return { min, need, least };
  };
  let filter = filterFor(s);

  // Count bucket by bucket: a key's postings all lie in its length's bucket, so each bucket's
  // counts are final once its lists are read, and the count filter can use the bucket's least
  // need without looking up each key's length (a cache miss per key in a large memory). The exact
  // length is checked on the few candidates kept.
  const { counts, touched, candidates, candidateCounts } = scratch;
  const histogram = new Int32Array(used + 1);
  let candidateCount = 0;
  for (let bucket = fromBucket; bucket <= toBucket; bucket++) {
    let bucketNeed = used;
    const lo = Math.max(minLength, bucketStart(bucket));
    const hi = Math.min(maxLength, bucketEnd(bucket));
    for (let length = lo; length <= hi; length++) {
      bucketNeed = Math.min(bucketNeed, filter.need[length - filter.min]!);
    }
    let touchedCount = 0;
    for (let i = 0; i < used; i++) {
      const id = grams[i]!.id;
      if (id >= 0) touchedCount = postings.count(id, bucket, bucket, counts, touched, touchedCount);
    }
    for (let t = 0; t < touchedCount; t++) {
      const key = touched[t]!;
      const c = counts[key]!;
      counts[key] = 0;
      if (c < bucketNeed) continue;
      candidates[candidateCount] = key;
      candidateCounts[candidateCount] = c;
      candidateCount++;
      histogram[c]!++;
    }
  }
  let cutoff = used + 1;
  let kept = 0;
  while (cutoff > 0 && kept + histogram[cutoff - 1]! <= limits.maxCandidates) kept += histogram[--cutoff]!;
  let room = limits.maxCandidates - kept;
  const chosen: number[] = [];
  for (let i = 0; i < candidateCount; i++) {
    const c = candidateCounts[i]!;
    if (c >= cutoff) chosen.push(i);
    else if (c === cutoff - 1 && room > 0) {
      chosen.push(i);
      room--;
    }
  }
  chosen.sort((a, b) => candidateCounts[b]! - candidateCounts[a]!);

  for (const i of chosen) {
    if (threshold() !== s) {
      s = threshold();
      filter = filterFor(s);
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
