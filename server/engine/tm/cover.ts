import { maxDistance } from './score.ts';

/**
 * The count filter, in its positional form. Gram i of the padded query covers characters
 * i..i+2, so a substitution or deletion destroys only grams starting within 3 consecutive
 * positions, and an insertion between two characters only grams starting within 2. For a set S
 * of query grams that has been counted, `cover[k]` is the most occurrences of S that k such edits
 * can destroy (intervals of `width` placed over the occurrences' start positions, maximised by
 * dynamic programming). A segment within k edits therefore still holds at least |S| − cover[k] of
 * the grams of S: the q-gram lemma, sharpened for grams that do not overlap (a set of disjoint
 * grams loses at most one per edit). Counting occurrences rather than distinct grams keeps the
 * bound safe when a gram repeats.
 *
 * @param starts sorted start positions of the occurrences of the counted grams
 * @param maxEdits largest k needed
 */
export function coverByEdits(starts: Int32Array, maxEdits: number, width: 2 | 3): Int32Array {
  const n = starts.length;
  const cover = new Int32Array(maxEdits + 1);
  // A very long query would make the table quadratic: fall back on the plain bound (each edit
  // destroys at most `width` occurrences), which is safe, only looser.
  if (n * maxEdits > 4_000_000) {
    for (let k = 0; k <= maxEdits; k++) cover[k] = Math.min(n, k * width);
    return cover;
  }
  // after[i] = first occurrence beyond the window [starts[i], starts[i] + width).
  const after = new Int32Array(n);
  for (let i = 0, j = 0; i < n; i++) {
    if (j < i) j = i;
    while (j < n && starts[j]! < starts[i]! + width) j++;
    after[i] = j;
  }
  // best[j][i] = most occurrences among i..n-1 destroyed by j windows; rolled over j.
  let previous = new Int32Array(n + 1);
  let current = new Int32Array(n + 1);
  for (let j = 1; j <= maxEdits; j++) {
    current[n] = 0;
    for (let i = n - 1; i >= 0; i--) {
      const take = after[i]! - i + previous[after[i]!]!;
      const skip = current[i + 1]!;
      current[i] = take > skip ? take : skip;
    }
    cover[j] = current[0]!;
    if (cover[j] === n) {
      cover.fill(n, j);
      break;
    }
    [previous, current] = [current, previous];
  }
  return cover;
}

/** Lengths a candidate key may have to reach `threshold` against a query key of `queryLength`. */
export function lengthRange(queryLength: number, threshold: number, longest: number): [number, number] {
  const min = Math.max(0, queryLength - maxDistance(queryLength, threshold));
  const max = threshold <= 0 ? Math.max(queryLength, longest) : Math.floor((100 * queryLength) / threshold);
  return [min, Math.max(queryLength, Math.min(max, Math.max(queryLength, longest)))];
}

/** Edits a candidate of `length` may need at most to reach `threshold`. */
export function editsAllowed(queryLength: number, length: number, threshold: number): number {
  return maxDistance(Math.max(queryLength, length), threshold);
}

/**
 * Most grams of S that a segment of `length` within reach of `threshold` can have lost: it is at
 * most k edits away, and at least `length − queryLength` of them are insertions.
 */
export function gramsLost(
  cover3: Int32Array,
  cover2: Int32Array,
  counted: number,
  queryLength: number,
  length: number,
  threshold: number,
): number {
  const k = editsAllowed(queryLength, length, threshold);
  const inserted = Math.min(k, Math.max(0, length - queryLength));
  return Math.min(counted, cover3[k - inserted]! + cover2[inserted]!);
}
