import { coverByEdits, editsAllowed, lengthRange } from './cover.ts';
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
  /** Lists beyond those the count filter needs are read while the postings read stay below this. */
  extraPostings: number;
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

function queryGrams(source: CandidateSource, lower: string, fromBucket: number, toBucket: number): QueryGram[] {
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

/** Fewest rarest grams whose count filter still admits only segments sharing one of them. */
function mandatoryPrefix(grams: readonly QueryGram[], maxEdits: number): number {
  const enough = (t: number) => t - coverByEdits(startsOf(grams, t), maxEdits)[maxEdits]! >= 1;
  if (!enough(grams.length)) return grams.length;
  let lo = 1;
  let hi = grams.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (enough(mid)) hi = mid;
    else lo = mid + 1;
  }
  // Repeated grams make the test not quite monotonic; step on until it holds.
  while (!enough(lo)) lo++;
  return lo;
}

/**
 * Finds the segments that may reach the threshold and hands them to `verify`, best gram count
 * first: reads the query's rarest (gram, length bucket) lists — as many as the count filter
 * needs, then more while cheap — counts shared grams per slot, keeps slots that pass the length
 * and count filters, and verifies at most `maxCandidates` of them. The threshold can rise while
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
  let [minLength, maxLength] = lengthRange(queryLength, s, slots.maxLength);
  const fromBucket = bucketOf(minLength);
  const toBucket = bucketOf(maxLength);
  const grams = queryGrams(source, lower, fromBucket, toBucket);
  const maxEdits = editsAllowed(queryLength, maxLength, s);

  // Read the mandatory lists, then cheap extra ones: more counts rank candidates better.
  const mandatory = Math.min(mandatoryPrefix(grams, maxEdits), 65535);
  const { counts, touched, candidates, candidateCounts } = scratch;
  let touchedCount = 0;
  let read = 0;
  let used = 0;
  for (; used < grams.length && used < 65535; used++) {
    const gram = grams[used]!;
    if (used >= mandatory && read + gram.cost > source.extraPostings) break;
    read += gram.cost;
    if (gram.id >= 0) {
      touchedCount = postings.count(gram.id, fromBucket, toBucket, counts, touched, touchedCount);
    }
  }
  const cover = coverByEdits(startsOf(grams, used), maxEdits);
  const need = (length: number) => {
    const k = editsAllowed(queryLength, length, s);
    return Math.max(1, used - Math.min(used, cover[k]!));
  };

  // Length and count filters; a histogram of counts finds the best-counted `maxCandidates`.
  const histogram = new Int32Array(used + 1);
  let candidateCount = 0;
  for (let t = 0; t < touchedCount; t++) {
    const slot = touched[t]!;
    const c = counts[slot]!;
    counts[slot] = 0;
    if (!slots.alive[slot]) continue;
    const length = slots.lengths[slot]!;
    if (length < minLength || length > maxLength || c < need(length)) continue;
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

  let minNeed = need(maxLength);
  for (const i of chosen) {
    if (threshold() !== s) {
      s = threshold();
      [minLength, maxLength] = lengthRange(queryLength, s, slots.maxLength);
      minNeed = need(maxLength);
    }
    const c = candidateCounts[i]!;
    // Sorted by count, and the longest allowed length needs the fewest grams: nothing further passes.
    if (c < minNeed) break;
    const slot = candidates[i]!;
    const length = slots.lengths[slot]!;
    if (length < minLength || length > maxLength || c < need(length)) continue;
    verify(slot);
  }
}
