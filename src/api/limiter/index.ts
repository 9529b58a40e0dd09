import PQueue from 'p-queue';
import { type Allowance, type LimitsConfig, PLATFORM_LIMITS, resolveAllowance } from './config.ts';
import { type Clock, createWindowBudget, type Reservation, systemClock } from './window-budget.ts';

export type { Allowance, LimitsConfig } from './config.ts';
export { limitsFromEnv, PLATFORM_LIMITS, resolveAllowance } from './config.ts';

export interface LimiterOptions {
  limits?: Partial<LimitsConfig>;
  /** The fraction of the organization's limits this process may use, in (0, 1]. Default 1. */
  share?: number;
  /** Requests in flight at once; more wait in the queue (default 16). */
  maxInFlight?: number;
  clock?: Clock;
}

export interface ScheduleOptions {
  /** A call to a limited endpoint, weighing the characters it sends to MT. */
  limited?: { chars: number } | undefined;
  signal?: AbortSignal | undefined;
  /** Ahead of waiting calls: a retry, which already waited its turn once. */
  front?: boolean;
  /** Called as the call starts, with how long it waited for the limits and whether it had to. */
  onStart?: (waitedMs: number, waited: boolean) => void;
}

export interface Limiter {
  readonly allowance: Allowance;
  /**
   * Runs `send` once the call fits: the general quota and in-flight cap (p-queue, sliding window)
   * and, for a limited call, the request and character budget. A call aborted while it waits
   * never runs and gives its budget back.
   */
  schedule<T>(send: () => Promise<T>, options?: ScheduleOptions): Promise<T>;
  /** Holds every call until `time` (a 429: the whole organization is out of allowance). */
  pauseUntil(time: number): void;
  /**
   * The server's X-RateLimit-Limit for a call: on a limited endpoint's success it is the request
   * limit; on a 429 it is the limit that was hit. A server stricter than the configuration wins.
   */
  observeLimit(limit: number, call: { limited: boolean; rateLimited: boolean }): void;
  readonly state: { inFlight: number; waiting: number; pausedUntil: number };
}

/** Creates the limiter one transport (one process's share of an organization) uses. */
export function createLimiter(options: LimiterOptions = {}): Limiter {
  const { share = 1, maxInFlight = 16, clock = systemClock } = options;
  const allowance = resolveAllowance(options.limits, share);
  const full = { ...PLATFORM_LIMITS, ...options.limits };
  // p-queue's strict mode is a sliding log of start times: no period of spanMs sees more than
  // the general allowance start, whatever the alignment of the server's fixed windows.
  const queue = new PQueue({
    concurrency: maxInFlight,
    intervalCap: allowance.general,
    interval: allowance.spanMs,
    strict: true,
  });
  const budget = createWindowBudget({
    capacity: { requests: allowance.requests, characters: allowance.characters },
    spanMs: allowance.spanMs,
    clock,
  });
  let pausedUntil = 0;
  let cancelResume: (() => void) | undefined;

  return {
    allowance,
    async schedule(send, { limited, signal, front = false, onStart } = {}) {
      const queuedAt = clock.now();
      let reservation: Reservation | undefined;
      if (limited) {
        reservation = await budget.reserve({ requests: 1, characters: limited.chars }, { signal, front });
      }
      const blocked = reservation?.waited === true || queue.isPaused || queue.isSaturated || queue.size > 0;
      try {
        return await queue.add(
          () => {
            reservation?.commit();
            onStart?.(clock.now() - queuedAt, blocked);
            return send();
          },
          { signal, priority: front ? 1 : 0 },
        );
      } finally {
        // A no-op once committed; otherwise the call never left and its budget goes back.
        reservation?.release();
      }
    },
    pauseUntil(time) {
      if (time <= pausedUntil) return;
      pausedUntil = time;
      queue.pause();
      cancelResume?.();
      cancelResume = clock.setTimer(
        () => {
          cancelResume = undefined;
          queue.start();
        },
        Math.max(0, time - clock.now()),
      );
    },
    observeLimit(limit, { limited, rateLimited }) {
      if (!(limit > 0) || !limited) return;
      // On a 429 the header names the limit that was hit: the configured value it is nearest to.
      const dimension = rateLimited ? nearest(limit, full) : 'requests';
      if (dimension === 'general') return; // the pause covers it: p-queue's cap is fixed
      const configured = full[dimension];
      if (limit < configured) budget.lower(dimension, Math.max(1, Math.floor(limit * share)));
    },
    get state() {
      return { inFlight: queue.pending, waiting: queue.size + budget.waiting, pausedUntil };
    },
  };
}

function nearest(
  limit: number,
  full: { general: number; requests: number; characters: number },
): 'general' | 'requests' | 'characters' {
  const distance = (configured: number) => Math.abs(Math.log(limit / configured));
  const candidates = ['requests', 'characters', 'general'] as const;
  return candidates.reduce((best, d) => (distance(full[d]) < distance(full[best]) ? d : best));
}
