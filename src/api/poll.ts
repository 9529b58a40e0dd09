import { TimeoutError } from './errors.ts';
import { type Clock, systemClock } from './limiter/window-budget.ts';
import { sleep } from './retry.ts';

export interface PollOptions<T> {
  /** Whether a result is the one waited for (an export finished, a translation ready). */
  until: (value: T) => boolean;
  /** First pause between calls (default 1 s). */
  intervalMs?: number;
  /** A pause before the first call, for work that is known not to be done at once (default 0). */
  firstDelayMs?: number;
  /** The pause grows by `factor` up to this (default 30 s). */
  maxIntervalMs?: number;
  /** Growth of the pause per call (default 1.5). */
  factor?: number;
  /** Give up with TimeoutError after this long (default 10 minutes). */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Names what is polled in the TimeoutError, e.g. `job 12 export`. */
  label?: string;
  clock?: Clock;
}

/**
 * Calls `fn` until `until(result)` holds and returns that result. Pauses grow from intervalMs to
 * maxIntervalMs; the last call happens at the deadline rather than after it, so a poll never
 * overruns timeoutMs by more than one call. Errors from `fn` end the poll (the transport already
 * retried what was worth retrying); an abort rejects with the signal's reason.
 */
export async function poll<T>(fn: (attempt: number) => Promise<T>, options: PollOptions<T>): Promise<T> {
  const {
    until,
    intervalMs = 1000,
    firstDelayMs = 0,
    maxIntervalMs = 30_000,
    factor = 1.5,
    timeoutMs = 600_000,
    signal,
    label = 'poll',
    clock = systemClock,
  } = options;
  if (!(intervalMs > 0 && maxIntervalMs >= intervalMs && factor >= 1 && timeoutMs > 0))
    throw new TypeError(
      '[svc-connector] poll needs 0 < intervalMs ≤ maxIntervalMs, factor ≥ 1 and timeoutMs > 0',
    );
  const deadline = clock.now() + timeoutMs;
  if (firstDelayMs > 0) await sleep(clock, Math.min(firstDelayMs, timeoutMs), signal);
  let pause = intervalMs;
  for (let attempt = 1; ; attempt++) {
    if (signal?.aborted) throw signal.reason;
    const value = await fn(attempt);
    if (until(value)) return value;
    const left = deadline - clock.now();
    if (left <= 0) throw new TimeoutError({ method: 'POLL', path: label }, timeoutMs);
    await sleep(clock, Math.min(pause, left), signal);
    pause = Math.min(maxIntervalMs, pause * factor);
  }
}
