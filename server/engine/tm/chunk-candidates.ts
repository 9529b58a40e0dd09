import {
  bucketNeed,
  type CandidateLimits,
  type CandidatePlan,
  lengthBuckets,
  pickByCount,
  planCandidates,
  queryGrams,
} from './candidates.ts';
import { gramCodes } from './grams.ts';
import { CHUNK, decodeChunk } from './posting-chunks.ts';
import { indexKey } from './posting-collector.ts';
import { grown } from './typed-arrays.ts';

/*
 * A query's candidates from the posting lists a database holds (PostgreSQL): the chunks read
 * (posting-chunks.ts) are decoded into runs and counted bucket by bucket, as the in-process index
 * counts its own lists. What writes add to the lists is collected by posting-collector.ts.
 */

/** One chunk as read. */
export interface StoredChunk {
  gram: number;
  bucket: number;
  /** Postings in `ids`. */
  n: number;
  ids: Uint8Array;
}

/** Where a query's lists are read from (the database). */
export interface PostingStore {
  /**
   * In one read: each gram's postings within buckets `from`..`to` (absent: none), and the chunks
   * there of the grams a query reads — the rarest first (ties: the one first in `grams`) while
   * their postings fit `budget`, the first always (the rule of `planCandidates`). Each chunk goes
   * to `take` as soon as it is read, so that decoding it overlaps reading the others.
   */
  read(
    grams: number[],
    from: number,
    to: number,
    budget: number,
    take: (chunk: StoredChunk) => void,
  ): Promise<{ sizes: Map<number, number> }>;
}

/**
 * The chunks a query has read, decoded: each a run of ids (`runFrom`..`runTo` in `values`,
 * ascending), with its gram and bucket, and a cursor for counting. Queries of one process may
 * read at the same time, so each takes its own from a pool (`lendLists`) for the query.
 */
class DecodedLists {
  values = new Int32Array(1 << 16);
  size = 0;
  runs = 0;
  runFrom = new Int32Array(256);
  runTo = new Int32Array(256);
  runBucket = new Int32Array(256);
  runGram = new Float64Array(256);
  cursor = new Int32Array(256);

  add(chunk: StoredChunk): void {
    // Room for the ids the row counts; a chunk holds CHUNK at most, more only where concurrent
    // appends met, so the slack covers any the bytes hold beyond the count.
    if (this.values.length < this.size + chunk.n + CHUNK) {
      this.values = grown(this.values, Math.max(this.values.length * 2, this.size + chunk.n + CHUNK));
    }
    if (this.runs === this.runFrom.length) this.growRuns();
    const from = this.size;
    const to = decodeChunk(chunk.ids, this.values, from);
    // As appended, a run almost always ascends; concurrent writers can interleave.
    if (!ascending(this.values, from, to)) this.values.subarray(from, to).sort();
    const r = this.runs++;
    this.runFrom[r] = from;
    this.runTo[r] = to;
    this.cursor[r] = from;
    this.runBucket[r] = chunk.bucket;
    this.runGram[r] = chunk.gram;
    this.size = to;
  }

  clear(): void {
    this.size = 0;
    this.runs = 0;
  }

  private growRuns(): void {
    const size = this.runs * 2;
    this.runFrom = grown(this.runFrom, size);
    this.runTo = grown(this.runTo, size);
    this.runBucket = grown(this.runBucket, size);
    this.runGram = grown(this.runGram, size);
    this.cursor = grown(this.cursor, size);
  }
}

function ascending(values: Int32Array, from: number, to: number): boolean {
  for (let i = from + 1; i < to; i++) if (values[i - 1]! > values[i]!) return false;
  return true;
}

const idleLists: DecodedLists[] = [];
const lendLists = () => idleLists.pop() ?? new DecodedLists();
function returnLists(lists: DecodedLists): void {
  lists.clear();
  idleLists.push(lists);
}

/** Counting scratch (one query at a time: the counting itself is synchronous). */
const counts = new Uint16Array(1 << 16);
const touched = new Int32Array(1 << 16);
/** Above the high 16 bits of any id (ids are below 2³¹). */
const NO_GROUP = 1 << 15;

/** Segments counted so far, with their counts: typed arrays grown as needed. */
class Counted {
  ids = new Int32Array(4096);
  counts = new Uint16Array(4096);
  buckets = new Uint8Array(4096);
  size = 0;

  push(id: number, count: number, bucket: number): void {
    if (this.size === this.ids.length) {
      this.ids = grown(this.ids, this.size * 2);
      this.counts = grown(this.counts, this.size * 2);
      this.buckets = grown(this.buckets, this.size * 2);
    }
    this.ids[this.size] = id;
    this.buckets[this.size] = bucket;
    this.counts[this.size++] = count;
  }
}

/** The candidates of the query under way (one at a time: the counting between awaits is synchronous). */
const countedScratch = new Counted();

/**
 * Counts one bucket's runs (`order[start..end)`, indices into `lists`) per segment and keeps in
 * `out` those counted at least `need` times, tallying their counts in `histogram`. The runs
 * ascend, so the bucket's ids are counted a group of 65,536 at a time (ids with the same high 16
 * bits) in a table of that size, each run's part of a group after the last: the table stays in
 * the processor's cache, and no id is moved after decoding. Each loop is a function that ends
 * with it: when the engine compiles a long loop while it runs (on-stack replacement), no code
 * after the loop is left without type feedback. One function of many loops was thrown back to
 * the interpreter again and again, for the first thousand queries or so.
 */
function countBucket(
  lists: DecodedLists,
  order: Int32Array,
  start: number,
  end: number,
  bucket: number,
  need: number,
  out: Counted,
  histogram: Int32Array,
): void {
  const { values, runTo, cursor } = lists;
  for (let high = lowestGroup(lists, order, start, end); high !== NO_GROUP; ) {
    const below = (high + 1) * 65536;
    let touchedCount = 0;
    for (let k = start; k < end; k++)
      touchedCount = countRun(values, runTo, cursor, order[k]!, below, touchedCount);
    collectGroup(touchedCount, high * 65536, need, bucket, out, histogram);
    high = lowestGroup(lists, order, start, end);
  }
}

/** The high 16 bits of the lowest id any run has left to count, or NO_GROUP when all are counted. */
function lowestGroup(lists: DecodedLists, order: Int32Array, start: number, end: number): number {
  const { values, runTo, cursor } = lists;
  let lowest = NO_GROUP;
  for (let k = start; k < end; k++) {
    const r = order[k]!;
    if (cursor[r]! < runTo[r]!) lowest = Math.min(lowest, values[cursor[r]!]! >>> 16);
  }
  return lowest;
}

/**
 * Counts run `r`'s ids below `below` from its cursor in `counts` (by their low 16 bits), and moves
 * the cursor past them; the lows first counted go to `touched` from `touchedCount`, whose new end
 * is returned.
 */
function countRun(
  values: Int32Array,
  runTo: Int32Array,
  cursor: Int32Array,
  r: number,
  below: number,
  touchedCount: number,
): number {
  const to = runTo[r]!;
  let i = cursor[r]!;
  let t = touchedCount;
  for (; i < to; i++) {
    const id = values[i]!;
    if (id >= below) break;
    const low = id & 0xffff;
    const c = counts[low]!;
    // Noted when first counted, without a branch the processor would mispredict half the time.
    touched[t] = low;
    t += (c - 1) >>> 31;
    counts[low] = c + 1;
  }
  cursor[r] = i;
  return t;
}

/** Keeps the touched ids counted at least `need` times, and clears their counts. */
function collectGroup(
  touchedCount: number,
  base: number,
  need: number,
  bucket: number,
  out: Counted,
  histogram: Int32Array,
): void {
  const top = histogram.length - 1;
  for (let t = 0; t < touchedCount; t++) {
    const low = touched[t]!;
    const c = counts[low]!;
    counts[low] = 0;
    if (c < need) continue;
    out.push(base + low, c, bucket);
    histogram[c < top ? c : top]!++;
  }
}

/** Segments to verify, the best gram counts first. */
export interface ChunkCandidates {
  ids: number[];
  /** Shared grams counted for each of `ids`. */
  counts: number[];
  /** The length bucket of each of `ids`. */
  buckets: number[];
  /**
   * Which candidates can still reach a score: once the n-th best score verified is `s`, those
   * counted below what their length bucket needs at `s` cannot beat it (the in-process index
   * stops likewise, by each key's exact length).
   */
  canReach(score: number): (candidate: number) => boolean;
}

/**
 * The in-process index's candidate search over lists read from a database: the query's rarest
 * grams within `maxPostings`, shared grams counted per segment and per bucket against the count
 * filter at `minScore`, and at most `maxCandidates` segments with the best counts, best first.
 * Segments are verified by the caller, who reads them. `longest` bounds the lengths a candidate
 * may have (the in-process index knows its longest key; a database does not need to).
 */
export async function chunkCandidates(
  store: PostingStore,
  text: string,
  limits: CandidateLimits,
  minScore: number,
  longest: number,
): Promise<ChunkCandidates> {
  const none = { ids: [], counts: [], buckets: [], canReach: () => () => false };
  const lower = indexKey(text);
  const queryLength = lower.length;
  const { fromBucket, toBucket } = lengthBuckets(queryLength, minScore, longest);
  // In order of first occurrence, which is how ties between equally rare grams are broken.
  const distinct = [...new Set(gramCodes(lower, new Float64Array(queryLength + 2)))];
  const lists = lendLists();
  try {
    const { sizes } = await store.read(distinct, fromBucket, toBucket, limits.maxPostings, (chunk) =>
      lists.add(chunk),
    );
    const { grams } = queryGrams(lower, new Float64Array(queryLength + 2), (code) => ({
      id: -1,
      cost: sizes.get(code) ?? 0,
    }));
    const plan = planCandidates(grams, queryLength, minScore, longest, limits.maxPostings);
    // The store chose by the same rule; only the plan's grams are counted, whatever came back.
    const used = new Set(grams.slice(0, plan.used).map((g) => g.code));
    const order = runsByBucket(lists, used);
    if (order.length === 0) return none;
    return counted(lists, order, plan, minScore, limits.maxCandidates);
  } finally {
    returnLists(lists);
  }
}

/** The runs of the grams counted, by bucket (in the order read within one). */
function runsByBucket(lists: DecodedLists, used: Set<number>): Int32Array {
  const kept: number[] = [];
  for (let r = 0; r < lists.runs; r++) if (used.has(lists.runGram[r]!)) kept.push(r);
  const { runBucket } = lists;
  return Int32Array.from(kept.sort((a, b) => runBucket[a]! - runBucket[b]! || a - b));
}

/** Counts the runs bucket by bucket and picks the best-counted candidates. */
function counted(
  lists: DecodedLists,
  order: Int32Array,
  plan: CandidatePlan,
  minScore: number,
  maxCandidates: number,
): ChunkCandidates {
  const filter = plan.filterFor(minScore);
  const found = countedScratch;
  found.size = 0;
  const histogram = new Int32Array(plan.used + 1);
  for (let start = 0; start < order.length; ) {
    const bucket = lists.runBucket[order[start]!]!;
    let end = start + 1;
    while (end < order.length && lists.runBucket[order[end]!] === bucket) end++;
    countBucket(lists, order, start, end, bucket, bucketNeed(filter, bucket), found, histogram);
    start = end;
  }
  const chosen = pickByCount(found.counts, found.size, histogram, maxCandidates);
  // Copied out: the scratch is the next query's.
  const counts = chosen.map((i) => found.counts[i]!);
  const buckets = chosen.map((i) => found.buckets[i]!);
  return {
    ids: chosen.map((i) => found.ids[i]!),
    counts,
    buckets,
    canReach(score) {
      const filter = plan.filterFor(Math.max(minScore, score));
      const needs = new Map<number, number>();
      return (i) => {
        const bucket = buckets[i]!;
        let need = needs.get(bucket);
        if (need === undefined) {
          need = bucketNeed(filter, bucket);
          needs.set(bucket, need);
        }
        return counts[i]! >= need;
      };
    },
  };
}
