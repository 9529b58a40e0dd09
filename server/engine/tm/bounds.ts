import { maxDistance } from './score.ts';

/**
 * What a score threshold implies for candidates, before any edit distance is computed.
 *
 * Length filter: the distance is at least the length difference, so only keys whose length is in
 * [minLength, maxLength] can reach the threshold.
 *
 * Count filter (q-gram lemma, counted on distinct grams): with d edits at most 3d gram occurrences
 * of the query are destroyed (2 per insertion, and a longer candidate needs at least Lc − Lq
 * insertions). A distinct gram is lost only when all its occurrences are, so at most
 * `wipe(budget)` distinct grams are lost, where `wipe` spends the budget on the rarest repeats
 * first. A candidate of length Lc therefore shares at least Gq − wipe(budget(Lc)) distinct grams
 * with the query. After the first p of the query's Gq lists have been counted (the others
 * unread), a candidate needs a count of at least p − wipe(budget(Lc)); and counting
 * max wipe(budget) + 1 lists guarantees that every qualifying candidate has been seen at least once.
 */
export interface Bounds {
  minLength: number;
  maxLength: number;
  /** wipe(budget(Lc)) at index Lc − minLength. */
  lost: Int32Array;
  /** Largest entry of {@link lost}. */
  maxLost: number;
}

/**
 * @param queryLength length of the query key
 * @param repeats occurrences of each distinct query gram, sorted ascending
 * @param threshold the score a candidate must reach
 * @param longest longest stored key (caps the range when the threshold is very low)
 */
export function boundsFor(
  queryLength: number,
  repeats: Int32Array,
  threshold: number,
  longest: number,
): Bounds {
  const minLength = Math.max(0, queryLength - maxDistance(queryLength, threshold));
  const maxLength = Math.max(
    queryLength,
    threshold <= 0 ? longest : Math.min(longest, Math.floor((100 * queryLength) / threshold)),
  );
  const spentBefore = new Float64Array(repeats.length + 1);
  for (let i = 0; i < repeats.length; i++) spentBefore[i + 1] = spentBefore[i]! + repeats[i]!;
  const lost = new Int32Array(maxLength - minLength + 1);
  let maxLost = 0;
  for (let length = minLength; length <= maxLength; length++) {
    const budget =
      3 * maxDistance(Math.max(queryLength, length), threshold) - Math.max(0, length - queryLength);
    const wiped = wipe(spentBefore, budget);
    lost[length - minLength] = wiped;
    if (wiped > maxLost) maxLost = wiped;
  }
  return { minLength, maxLength, lost, maxLost };
}

/** How many distinct grams `budget` destroyed occurrences can remove entirely (rarest first). */
function wipe(spentBefore: Float64Array, budget: number): number {
  // spentBefore[i] = occurrences of the i rarest grams; find the largest i with spentBefore[i] ≤ budget.
  let lo = 0;
  let hi = spentBefore.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (spentBefore[mid]! <= budget) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
