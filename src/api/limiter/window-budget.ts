import { LimitExceededError } from '../errors.ts';
import { type Place, WaitingLine } from './waiting-line.ts';

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
  /** Weight of every entry that still counts: held, in flight, or answered less than a span ago. */
  const used = Object.fromEntries(dimensions.map((d) => [d, 0])) as Record<D, number>;
  // Answered entries in the order they were answered, so also in order of expiry: expired ones
  // leave from the front. (Should the wall clock step back, an entry only counts a little longer.)
  let answered: Entry<D>[] = [];
  let firstAnswered = 0;
  const line = new WaitingLine<Waiter<D>>();
  let cancelTimer: (() => void) | undefined;
  let timerAt = Number.POSITIVE_INFINITY;

  const add = (weights: Record<D, number>, sign: 1 | -1) => {
    for (const d of dimensions) used[d] += sign * weights[d];
  };
  const prune = (t: number) => {
    while (firstAnswered < answered.length && answered[firstAnswered]!.until <= t)
      add(answered[firstAnswered++]!.weights, -1);
    if (firstAnswered > 1024 && firstAnswered * 2 > answered.length) {
      answered = answered.slice(firstAnswered);
      firstAnswered = 0;
    }
  };
  const fits = (weights: Record<D, number>) => dimensions.every((d) => used[d] + weights[d] <= capacity[d]);
  const tooHeavy = (weights: Record<D, number>) => {
    const d = dimensions.find((dimension) => weights[dimension] > capacity[dimension]);
    return d === undefined ? undefined : new LimitExceededError(d, weights[d], capacity[d]);
  };

  /** The earliest time `weights` fit if nothing else changes; Infinity while unanswered requests block. */
  function freeAt(weights: Record<D, number>, t: number): number {
    let at = t;
    for (const d of dimensions) {
      let excess = used[d] + weights[d] - capacity[d];
      if (excess <= 0) continue;
      let when = Number.POSITIVE_INFINITY;
      for (let i = firstAnswered; i < answered.length; i++) {
        excess -= answered[i]!.weights[d];
        if (excess <= 0) {
          when = answered[i]!.until;
          break;
        }
      }
      at = Math.max(at, when);
    }
    return at;
  }

  function grant(weights: Record<D, number>, waited: boolean): Reservation {
    const entry: Entry<D> = { weights, until: Number.POSITIVE_INFINITY };
    add(weights, 1);
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
        answered.push(entry);
        pump();
      },
      release() {
        if (state !== 'held') return;
        state = 'done';
        add(weights, -1);
        pump();
      },
    };
  }

  function pump() {
    const t = clock.now();
    prune(t);
    for (let head = line.first; head; head = line.first) {
      const error = tooHeavy(head.weights);
      if (!error && !fits(head.weights)) break;
      line.shift();
      head.detach();
      if (error) head.reject(error);
      else head.resolve(grant(head.weights, true));
    }
    const head = line.first;
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
      prune(clock.now());
      if (line.size === 0 && fits(weights)) return Promise.resolve(grant(weights, false));
      return new Promise<Reservation>((resolve, reject) => {
        const onAbort = () => {
          const wasFirst = line.first === waiter;
          line.remove(place);
          reject(signal?.reason);
          // Only the first in line can have been holding the others back.
          if (wasFirst) pump();
        };
        const waiter: Waiter<D> = {
          weights,
          resolve,
          reject,
          detach: () => signal?.removeEventListener('abort', onAbort),
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        const place: Place<Waiter<D>> = front ? line.unshift(waiter) : line.push(waiter);
        // A newcomer at the back changes nothing for the first in line, whose timer is set.
        if (line.first === waiter) pump();
      });
    },
    used(dimension) {
      prune(clock.now());
      return used[dimension];
    },
    capacity: (dimension) => capacity[dimension],
    lower(dimension, value) {
      if (value >= capacity[dimension]) return;
      capacity[dimension] = Math.max(1, Math.floor(value));
      pump();
    },
    get waiting() {
      return line.size;
    },
  };
}
