import { LimitExceededError } from '../errors.ts';

/** Time as the budget sees it; tests pass a manual clock. */
export interface Clock {
  now(): number;
  /** Calls `fn` after `ms`; returns a function that cancels it. */
  setTimer(fn: () => void, ms: number): () => void;
}

export const systemClock: Clock = {
  now: Date.now,
  setTimer(fn, ms) {
    const handle = setTimeout(fn, ms);
    return () => clearTimeout(handle);
  },
};

/**
 * Budget granted to one request. `release` gives it back if the request never left; otherwise
 * `commit` as it leaves and `finish` once its answer is in (or it failed).
 */
export interface Reservation {
  /** Whether the reservation had to wait for budget. */
  readonly waited: boolean;
  /** The request leaves now: its weight can no longer be given back. */
  commit(): void;
  /**
   * The answer arrived or the request failed: the server counted it at some moment before now,
   * so its weight counts for one span from now.
   */
  finish(): void;
  /** The request never left (aborted while queued): its weight is given back at once. */
  release(): void;
}

export interface ReserveOptions {
  signal?: AbortSignal | undefined;
  /** Queue ahead of every waiting request (retries, which already waited their turn). */
  front?: boolean;
}

export interface WindowBudget<D extends string> {
  /** Waits until `weights` fit in every dimension, then holds them. FIFO, so large requests are not starved. */
  reserve(weights: Record<D, number>, options?: ReserveOptions): Promise<Reservation>;
  /** Weight in use (held or sent within the last span) per dimension. */
  used(dimension: D): number;
  capacity(dimension: D): number;
  /** Lowers a dimension's capacity, e.g. when the server reports a smaller limit than configured. */
  lower(dimension: D, capacity: number): void;
  /** Requests waiting for budget. */
  readonly waiting: number;
}

interface Entry<D extends string> {
  weights: Record<D, number>;
  /** When the weight stops counting; Infinity until the request is answered. */
  until: number;
}

interface Waiter<D extends string> {
  weights: Record<D, number>;
  resolve(reservation: Reservation): void;
  reject(error: unknown): void;
  detach(): void;
}

/**
 * A sliding-window budget over one or more dimensions (requests, characters): a request's weight
 * counts from the moment it is granted until one span after its answer arrives. The platform
 * counts fixed windows at the moment a request reaches it — somewhere between the client sending
 * it and receiving the answer, later under load. Counting until answer + span makes that moment
 * irrelevant: if more than the capacity reached the server within one window, the last of them to
 * leave would have found all the others still counting (each was sent earlier and answered after
 * the window began), so it could not have left. This holds for any alignment of the server's
 * windows and any latency; the cost is one round trip per span. A token bucket or a log of start
 * times (p-queue's strict interval) holds only while latency is steady.
 *
 * Waiters are served first come, first served, so a large request is not starved by small ones.
 */
export function createWindowBudget<D extends string>(options: {
  capacity: Record<D, number>;
  spanMs: number;
  clock?: Clock;
}): WindowBudget<D> {
  const { spanMs, clock = systemClock } = options;
  const capacity = { ...options.capacity };
  const dimensions = Object.keys(capacity) as D[];
  let entries: Entry<D>[] = [];
  const waiters: Waiter<D>[] = [];
  let cancelTimer: (() => void) | undefined;
  let timerAt = Number.POSITIVE_INFINITY;

  const usedAt = (dimension: D, t: number) => {
    let sum = 0;
    for (const entry of entries) if (entry.until > t) sum += entry.weights[dimension];
    return sum;
  };
  const fits = (weights: Record<D, number>, t: number) =>
    dimensions.every((d) => usedAt(d, t) + weights[d] <= capacity[d]);
  const tooHeavy = (weights: Record<D, number>) => {
    const d = dimensions.find((dimension) => weights[dimension] > capacity[dimension]);
    return d === undefined ? undefined : new LimitExceededError(d, weights[d], capacity[d]);
  };

  /** The earliest time `weights` fit if nothing else changes; Infinity while unanswered requests block. */
  function freeAt(weights: Record<D, number>, t: number): number {
    let at = t;
    for (const d of dimensions) {
      let excess = usedAt(d, t) + weights[d] - capacity[d];
      if (excess <= 0) continue;
      const expiring = entries
        .filter((e) => e.until > t && e.weights[d] > 0)
        .sort((a, b) => a.until - b.until);
      let when = Number.POSITIVE_INFINITY;
      for (const entry of expiring) {
        excess -= entry.weights[d];
        if (excess <= 0) {
          when = entry.until;
          break;
        }
      }
      at = Math.max(at, when);
    }
    return at;
  }

  function grant(weights: Record<D, number>, waited: boolean): Reservation {
    const entry: Entry<D> = { weights, until: Number.POSITIVE_INFINITY };
    entries.push(entry);
    let state: 'held' | 'sent' | 'done' = 'held';
    return {
      waited,
      commit() {
        if (state === 'held') state = 'sent';
      },
      finish() {
        if (state === 'done') return;
        state = 'done';
        entry.until = clock.now() + spanMs;
        pump();
      },
      release() {
        if (state !== 'held') return;
        state = 'done';
        entries = entries.filter((e) => e !== entry);
        pump();
      },
    };
  }

  function pump() {
    const t = clock.now();
    entries = entries.filter((e) => e.until > t);
    while (waiters.length > 0) {
      const head = waiters[0]!;
      const error = tooHeavy(head.weights);
      if (!error && !fits(head.weights, t)) break;
      waiters.shift();
      head.detach();
      if (error) head.reject(error);
      else head.resolve(grant(head.weights, true));
    }
    const head = waiters[0];
    const at = head ? freeAt(head.weights, t) : Number.POSITIVE_INFINITY;
    if (at === timerAt) return;
    cancelTimer?.();
    cancelTimer = undefined;
    timerAt = at;
    if (Number.isFinite(at)) {
      cancelTimer = clock.setTimer(
        () => {
          cancelTimer = undefined;
          timerAt = Number.POSITIVE_INFINITY;
          pump();
        },
        Math.max(0, at - t),
      );
    }
  }

  return {
    reserve(weights, { signal, front = false } = {}) {
      const error = tooHeavy(weights);
      if (error) return Promise.reject(error);
      if (signal?.aborted) return Promise.reject(signal.reason);
      if (waiters.length === 0 && fits(weights, clock.now())) return Promise.resolve(grant(weights, false));
      return new Promise<Reservation>((resolve, reject) => {
        const onAbort = () => {
          const index = waiters.indexOf(waiter);
          if (index >= 0) waiters.splice(index, 1);
          reject(signal?.reason);
          // The aborted request may have blocked the ones behind it.
          pump();
        };
        const waiter: Waiter<D> = {
          weights,
          resolve,
          reject,
          detach: () => signal?.removeEventListener('abort', onAbort),
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        if (front) waiters.unshift(waiter);
        else waiters.push(waiter);
        pump();
      });
    },
    used: (dimension) => usedAt(dimension, clock.now()),
    capacity: (dimension) => capacity[dimension],
    lower(dimension, value) {
      if (value >= capacity[dimension]) return;
      capacity[dimension] = Math.max(1, Math.floor(value));
      pump();
    },
    get waiting() {
      return waiters.length;
    },
  };
}
