/**
 * Word alignment for MT output when the provider reports none: a monotonic approximation.
 * Identical words on both sides (placeholders, numbers, names) are anchors, matched in order as a
 * longest common subsequence; the words between two anchors are paired along the diagonal, the
 * way a translation mostly keeps the order of its source.
 */

/** Pairs `[sourceWordIndex, targetWordIndex]`, ordered by source then target index. */
export function monotonicAlignment(source: readonly string[], target: readonly string[]): [number, number][] {
  const anchors = commonSubsequence(source, target);
  const pairs: [number, number][] = [];
  let si = 0;
  let ti = 0;
  for (const [s, t] of [...anchors, [source.length, target.length] as const]) {
    diagonal(si, s, ti, t, pairs);
    if (s < source.length) pairs.push([s, t]);
    si = s + 1;
    ti = t + 1;
  }
  return pairs;
}

/** Pairs source words [s0, s1) with target words [t0, t1) along the diagonal, covering both. */
function diagonal(s0: number, s1: number, t0: number, t1: number, out: [number, number][]): void {
  const ns = s1 - s0;
  const nt = t1 - t0;
  if (ns <= 0 || nt <= 0) return;
  const steps = Math.max(ns, nt);
  for (let k = 0; k < steps; k++) {
    out.push([s0 + Math.floor((k * ns) / steps), t0 + Math.floor((k * nt) / steps)]);
  }
}

/** Longest segments are rare; beyond this the quadratic table is skipped and only the diagonal used. */
const MAX_CELLS = 250_000;

/** Index pairs of a longest common subsequence of identical words. */
function commonSubsequence(a: readonly string[], b: readonly string[]): [number, number][] {
  if (a.length === 0 || b.length === 0 || a.length * b.length > MAX_CELLS) return [];
  const width = b.length + 1;
  const table = new Uint16Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      table[i * width + j] =
        a[i] === b[j]
          ? table[(i + 1) * width + j + 1]! + 1
          : Math.max(table[(i + 1) * width + j]!, table[i * width + j + 1]!);
    }
  }
  const out: [number, number][] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      out.push([i++, j++]);
    } else if (table[(i + 1) * width + j]! >= table[i * width + j + 1]!) i++;
    else j++;
  }
  return out;
}
