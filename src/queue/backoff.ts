export interface BackoffOptions {
  /** Largest delay before the first retry (default 5 s). */
  baseMs?: number;
  /** Largest delay at all (default 15 min). */
  capMs?: number;
}

/**
 * Exponential backoff with full jitter: a random delay in [0, min(cap, base·2^(attempts-1))).
 * Jitter spreads the retries of events that failed together (GitHub was down) instead of
 * sending them back at the same moment.
 * See https://aws.amazon.com/blogs/architecture/exponential-backoff-and-jitter/
 */
export function fullJitterBackoff(random: () => number, options: BackoffOptions = {}) {
  return (attempts: number): number => fullJitterDelay(attempts, random, options);
}

/** The delay before retry number `attempts` (1, 2, …): the one full-jitter rule of the codebase. */
export function fullJitterDelay(
  attempts: number,
  random: () => number,
  options: BackoffOptions = {},
): number {
  const base = options.baseMs ?? 5000;
  const cap = options.capMs ?? 15 * 60_000;
  const ceiling = Math.min(cap, base * 2 ** Math.max(0, attempts - 1));
  return Math.floor(random() * ceiling);
}
