import { type Bounds, boundsFor } from './bounds.ts';
import { boundedDistance, type Pattern, preparePattern } from './distance.ts';
import { fixTarget } from './fixup.ts';
import { distinctGrams, type GramTable, gramCodes } from './grams.ts';
import { lowerSameLength, normalizeText } from './normalize.ts';
import type { PostingLists } from './postings.ts';
import { baseScore, finalScore, maxDistance, type Penalties, type ScoredSide } from './score.ts';
import type { SegmentSlots } from './segments.ts';
import { TopMatches } from './top-matches.ts';

/** One result of a TM lookup. */
export interface TmMatch {
  id: number;
  score: number;
  source: string;
  target: string;
  /** The target with the query's numbers, placeholders and tags, when only those differ. */
  fixedTarget?: string;
}

export interface SearchSettings {
  n: number;
  minScore: number;
  caseSensitive: boolean;
}

/** Everything a search reads, plus reusable scratch arrays sized to the slot count. */
export interface SearchData {
  slots: SegmentSlots;
  grams: GramTable;
  postings: PostingLists;
  penalties: Readonly<Penalties>;
  /** At most this many candidates are verified with an edit distance (best gram counts first). */
  maxCandidates: number;
  /** Stop reading further (more common) lists once this many postings were read. */
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

export const DBG = { read: 0, lists: 0, wanted: 0, touched: 0, cands: 0, chosen: 0, verified: 0, t1: 0, t2: 0, t3: 0 };
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

/** Answers one query; see `createTmIndex` for the contract. */
export function search(data: SearchData, text: string, settings: SearchSettings): TmMatch[] {
  const { slots, penalties } = data;
  const { n, minScore, caseSensitive } = settings;
  const query: ScoredSide = { raw: text, norm: normalizeText(text) };
  const lower = lowerSameLength(query.norm.key);
  const key = caseSensitive ? query.norm.key : lower;
  const pattern = preparePattern(key);
  let casedPattern: Pattern | undefined;
  const top = new TopMatches(n);
  const threshold = () => (top.full ? Math.max(minScore, top.worstScore) : minScore);
  const exact = slots.exact(lower);

  const verify = (slot: number): void => {
    const storedKey = slots.keys[slot]!;
    const candidateKey = caseSensitive ? storedKey : lowerSameLength(storedKey);
    const longest = Math.max(key.length, candidateKey.length);
    const limit = maxDistance(longest, threshold());
    const d = boundedDistance(pattern, candidateKey, limit);
    if (d > limit) return;
    const source = slots.sources[slot]!;
    const candidate: ScoredSide = { raw: source, norm: normalizeText(source) };
    // Matching ignored case: find out whether case would have cost edits (only when either side
    // has capitals at all).
    let caseCostsMore = false;
    if (!caseSensitive && (storedKey !== candidateKey || query.norm.key !== key)) {
      casedPattern ??= preparePattern(query.norm.key);
      caseCostsMore = boundedDistance(casedPattern, storedKey, d) > d;
    }
    const score = finalScore(baseScore(d, longest), query, candidate, caseCostsMore, penalties);
    if (score < minScore) return;
    top.offer({ score, id: slots.ids[slot]!, slot, norm: candidate.norm });
  };

  for (const slot of exact) verify(slot);
  fuzzy(data, lower, threshold, (slot) => {
    if (!exact.includes(slot)) verify(slot);
  });

  return top.items.map((item) => {
    const match: TmMatch = {
      id: item.id,
      score: item.score,
      source: slots.sources[item.slot]!,
      target: slots.targets[item.slot]!,
    };
    const storedKey = slots.keys[item.slot]!;
    if ((caseSensitive ? storedKey : lowerSameLength(storedKey)) === key) {
      const fixed = fixTarget(query.norm.vars, item.norm.vars, match.target);
      if (fixed !== undefined) match.fixedTarget = fixed;
    }
    return match;
  });
}

/**
 * Candidate generation: counts shared grams over the query's rarest lists (as many as the count
 * filter needs, within the posting budget), keeps candidates that pass the length and count
 * filters, and hands the best-counted ones to `verify`, re-deriving the filters whenever the
 * threshold rises.
 */
function fuzzy(
  data: SearchData,
  lower: string,
  threshold: () => number,
  verify: (slot: number) => void,
): void {
  const { slots, grams, postings, scratch } = data;
  fitScratch(scratch, slots.count);
  scratch.codes = gramCodes(lower, scratch.codes);
  const set = distinctGrams(scratch.codes, lower.length + 2);
  const ids = new Int32Array(set.size);
  for (let i = 0; i < set.size; i++) ids[i] = grams.get(set.codes[i]!);
  const order = Array.from(ids.keys()).sort(
    (a, b) => listLength(postings, ids[a]!) - listLength(postings, ids[b]!),
  );
  const repeats = set.counts.slice(0, set.size).sort();

  let s = threshold();
  let bounds: Bounds = boundsFor(lower.length, repeats, s, slots.maxLength);
  const wanted = Math.min(set.size, bounds.maxLost + 1, 65535);

  // Count shared grams, rarest list first.
  const { counts, touched, candidates, candidateCounts } = scratch;
  let touchedCount = 0;
  let read = 0;
  let p = 0;
  for (; p < wanted; p++) {
    const gram = ids[order[p]!]!;
    if (gram < 0) continue;
    const length = postings.length(gram);
    if (read > 0 && read + length > data.maxPostings) break;
    read += length;
    DBG.lists++;
    const list = postings.list(gram);
    for (let i = 0; i < length; i++) {
      const slot = list[i]!;
      const c = counts[slot]!;
      if (c === 0) touched[touchedCount++] = slot;
      counts[slot] = c + 1;
    }
  }

  DBG.read = read; DBG.wanted = wanted; DBG.touched = touchedCount; DBG.t1 = performance.now();
  // Filter by length and count; histogram the counts to keep only the best-counted candidates.
  const histogram = new Int32Array(p + 1);
  let candidateCount = 0;
  for (let t = 0; t < touchedCount; t++) {
    const slot = touched[t]!;
    const c = counts[slot]!;
    counts[slot] = 0;
    if (!slots.alive[slot]) continue;
    const length = slots.lengths[slot]!;
    if (length < bounds.minLength || length > bounds.maxLength) continue;
    if (c < p - bounds.lost[length - bounds.minLength]!) continue;
    candidates[candidateCount] = slot;
    candidateCounts[candidateCount] = c;
    candidateCount++;
    histogram[c]!++;
  }
  // Keep every candidate counted at `cutoff` or above, and fill the rest of the budget with the
  // first ones counted one below.
  let cutoff = p + 1;
  let kept = 0;
  while (cutoff > 0 && kept + histogram[cutoff - 1]! <= data.maxCandidates) kept += histogram[--cutoff]!;
  const partial = cutoff - 1;
  let room = data.maxCandidates - kept;
  const chosen: number[] = [];
  for (let i = 0; i < candidateCount; i++) {
    const c = candidateCounts[i]!;
    if (c >= cutoff) chosen.push(i);
    else if (c === partial && room > 0) {
      chosen.push(i);
      room--;
    }
  }
  DBG.cands = candidateCount; DBG.chosen = chosen.length; DBG.t2 = performance.now();
  chosen.sort((a, b) => candidateCounts[b]! - candidateCounts[a]!);

  for (const i of chosen) {
    const c = candidateCounts[i]!;
    if (threshold() !== s) {
      s = threshold();
      bounds = boundsFor(lower.length, repeats, s, slots.maxLength);
    }
    // Sorted by count: once the best remaining count cannot pass, none can.
    if (c < p - bounds.maxLost) break;
    const slot = candidates[i]!;
    const length = slots.lengths[slot]!;
    if (length < bounds.minLength || length > bounds.maxLength) continue;
    if (c < p - bounds.lost[length - bounds.minLength]!) continue;
    verify(slot);
    DBG.verified++;
  }
  DBG.t3 = performance.now();
}

function listLength(postings: PostingLists, gram: number): number {
  return gram < 0 ? 0 : postings.length(gram);
}
