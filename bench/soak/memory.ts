/**
 * Whether memory stays flat: the samples of each process instance, the figures the soak reports
 * (start, end, largest growth within one instance) and the limits beyond which it fails.
 *
 * Single samples of a Node process swing by tens of MiB as V8 grows and empties its young
 * generation, so each figure is the median of a few samples (a window), not one reading.
 */

export interface MemoryFigures {
  /** MiB: the first instance, once warmed up. */
  start: number;
  /** MiB: the last instance at the end of the soak. */
  end: number;
  /** MiB: the largest rise within one instance's life after its warm-up. */
  max_growth: number;
}

export interface Sample {
  /** Milliseconds since the instance started. */
  ageMs: number;
  mb: number;
}

/** Samples per figure: the median of this many consecutive readings. */
export const WINDOW = 5;

/**
 * The limits of "flat". A leak grows with the work done, and the soak does the same work over and
 * over: so growth within one instance beyond the noise of a GC cycle, or a last instance that
 * needs clearly more than the first one did for the same work, is a failure.
 * - growthMb: V8's young generation alone may hold up to 3 × 16 MiB (two semispaces and the
 *   nursery being promoted) between scavenges; medians absorb most of that, 48 MiB is above
 *   what is left of it and well below what a leak of one job's files per loop adds over a soak.
 * - endRatio/endSlackMb: a fresh instance at the end may hold a larger database page cache and
 *   bigger query results (more rows by then) — a quarter more, plus 24 MiB, is that; more is not.
 */
export const FLAT_LIMITS = { growthMb: 48, endRatio: 1.25, endSlackMb: 24 } as const;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const round = (mb: number) => Math.round(mb * 10) / 10;

/**
 * Figures of a long-running service from the samples of its instances, in start order. Samples
 * younger than `warmupMs` (modules loading, JIT, first queries) count only when an instance has no
 * others; instances with fewer than two windows of warmed-up samples give no growth figure.
 */
export function serviceFigures(instances: Sample[][], warmupMs: number): MemoryFigures {
  const warm = (s: Sample[]) => {
    const aged = s.filter((x) => x.ageMs >= warmupMs);
    return aged.length > 0 ? aged : s;
  };
  const first = warm(instances.find((s) => s.length > 0) ?? []);
  const last = warm(instances.findLast((s) => s.length > 0) ?? []);
  if (first.length === 0) return { start: 0, end: 0, max_growth: 0 };
  let growth = 0;
  for (const samples of instances) {
    const aged = samples.filter((x) => x.ageMs >= warmupMs).map((x) => x.mb);
    if (aged.length < 2 * WINDOW) continue;
    growth = Math.max(growth, median(aged.slice(-WINDOW)) - median(aged.slice(0, WINDOW)));
  }
  return {
    start: round(median(first.slice(0, WINDOW).map((x) => x.mb))),
    end: round(median(last.slice(-WINDOW).map((x) => x.mb))),
    max_growth: round(growth),
  };
}

/**
 * Figures of a short-lived process started again and again (the Action): each run's peak. Start
 * and end are medians of the first and last runs' peaks; growth is the largest peak over start.
 */
export function runFigures(peaks: number[]): MemoryFigures {
  if (peaks.length === 0) return { start: 0, end: 0, max_growth: 0 };
  const start = median(peaks.slice(0, WINDOW));
  return {
    start: round(start),
    end: round(median(peaks.slice(-WINDOW))),
    max_growth: round(Math.max(0, Math.max(...peaks) - start)),
  };
}

/** What breaks the limits, one line each (none: flat). */
export function notFlat(name: string, f: MemoryFigures, limits = FLAT_LIMITS): string[] {
  const out: string[] = [];
  if (f.max_growth > limits.growthMb)
    out.push(`${name}: grew ${f.max_growth} MiB within one instance (limit ${limits.growthMb})`);
  const endLimit = round(f.start * limits.endRatio + limits.endSlackMb);
  if (f.end > endLimit) out.push(`${name}: ended at ${f.end} MiB, started at ${f.start} (limit ${endLimit})`);
  return out;
}
