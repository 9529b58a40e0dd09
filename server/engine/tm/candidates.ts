import { coverByEdits, editsAllowed, gramsLost, lengthRange } from './cover.ts';
import { type GramTable, gramCodes } from './grams.ts';
import { bucketOf } from './length-buckets.ts';
import type { PostingLists } from './postings.ts';
import type { SegmentSlots } from './segments.ts';

/** What candidate generation reads, with scratch arrays reused from query to query. */
export interface CandidateSource {
  slots: SegmentSlots;
  grams: GramTable;
  postings: PostingLists;
  /** At most this many candidates are verified with an edit distance (best gram counts first). */
  maxCandidates: number;
  /**
   * Postings a query reads at most. The lists the count filter needs for an exact candidate set
   * are read when they fit; further lists (rarest first) while they fit, to rank candidates.
   */
  maxPostings: number;
  scratch: Scratch;
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

function fitScratch(scratch: Scratch, slots: number): void {
  if (scratch.counts.length >= slots) return;
  const size = Math.max(slots, scratch.counts.length * 2, 1024);
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
 * Finds the segments that may reach the threshold and hands them to `verify`, best gram count
 * first: reads the query's rarest (gram, length bucket) lists within the posting budget, counts
 * shared grams per slot, keeps slots that pass the length and count filters, and verifies at most
 * `maxCandidates` of them. The threshold can rise while
 * verifying (the n-th best score so far); the filters follow it.
 */
export function generateCandidates(
  source: CandidateSource,
  lower: string,
  threshold: () => number,
  verify: (slot: number) => void,
): void {
  const { slots, postings, scratch } = source;
  fitScratch(scratch, slots.count);
  const queryLength = lower.length;
  let s = threshold();
  const [minLength, maxLength] = lengthRange(queryLength, s, slots.maxLength);
  const fromBucket = bucketOf(minLength);
  const toBucket = bucketOf(maxLength);
  const grams = queryGrams(source, lower, fromBucket, toBucket);
  const maxEdits = editsAllowed(queryLength, maxLength, s);

  // Read the rarest lists within the budget. When they are enough for the count filter (need ≥ 1
  // below), every segment within reach has been counted; otherwise a segment sharing none of the
  // grams read is missed, which happens only when even the rare grams are common.
  const { counts, touched, candidates, candidateCounts } = scratch;
  let touchedCount = 0;
  let read = 0;
  let used = 0;
  for (; used < grams.length && used < 65535; used++) {
    const gram = grams[used]!;
    if (read + gram.cost > source.maxPostings && used > 0) break;
    read += gram.cost;
    if (gram.id >= 0) {
      touchedCount = postings.count(gram.id, fromBucket, toBucket, counts, touched, touchedCount);
    }
  }
  const { cover3, cover2 } = lossTables(grams, used, maxEdits);
  // Shared grams a candidate needs, by its length; any length outside the table fails.
  const filterFor = (threshold: number) => {
    const [min, max] = lengthRange(queryLength, threshold, slots.maxLength);
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

  // Length and count filters; a histogram of counts finds the best-counted `maxCandidates`.
  const { alive, lengths } = slots;
  const histogram = new Int32Array(used + 1);
  let candidateCount = 0;
  for (let t = 0; t < touchedCount; t++) {
    const slot = touched[t]!;
    const c = counts[slot]!;
    counts[slot] = 0;
    const at = lengths[slot]! - filter.min;
    if (at < 0 || at >= filter.need.length || c < filter.need[at]! || !alive[slot]) continue;
    candidates[candidateCount] = slot;
    candidateCounts[candidateCount] = c;
    candidateCount++;
    histogram[c]!++;
  }
  let cutoff = used + 1;
  let kept = 0;
  while (cutoff > 0 && kept + histogram[cutoff - 1]! <= source.maxCandidates) kept += histogram[--cutoff]!;
  let room = source.maxCandidates - kept;
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
    const slot = candidates[i]!;
    const at = lengths[slot]! - filter.min;
    if (at < 0 || at >= filter.need.length || c < filter.need[at]!) continue;
    verify(slot);
  }
}
