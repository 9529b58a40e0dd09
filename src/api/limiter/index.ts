import PQueue from 'p-queue';
import { type Allowance, type LimitsConfig, PLATFORM_LIMITS, resolveAllowance } from './config.ts';
import { type Clock, createWindowBudget, type Reservation, systemClock } from './window-budget.ts';

export type { Allowance, LimitsConfig } from './config.ts';
export { limitsFromEnv, PLATFORM_LIMITS, resolveAllowance } from './config.ts';

export interface LimiterOptions {
  limits?: Partial<LimitsConfig>;
  /** The fraction of the organization's limits this process may use, in (0, 1]. Default 1. */
  share?: number;
  /** Requests in flight at once; more wait in the queue (default 64). */
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
   * Runs `send` once the call fits: for a limited call the request and character budget, for
   * every call the general quota, then a free in-flight slot. A call aborted while it waits never
   * runs and gives its budget back.
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

/**
 * Creates the limiter of one transport (one process's share of an organization). The budgets
 * (window-budget.ts) decide when a call may leave; p-queue is the queue behind them: the
 * in-flight cap, retries first, the pause after a 429 and removal of aborted calls. p-queue's own
 * interval cap is not used: it counts start times, which the server's windows do not see
 * (requests reach it later, by a varying latency — hundreds of ms under load).
 */
export function createLimiter(options: LimiterOptions = {}): Limiter {
  const { share = 1, maxInFlight = 64, clock = systemClock } = options;
  const allowance = resolveAllowance(options.limits, share);
  const full = { ...PLATFORM_LIMITS, ...options.limits };
  const queue = new PQueue({ concurrency: maxInFlight });
  // Two budgets, so a limited call waiting for characters never holds up other calls.
  const limitedBudget = createWindowBudget({
    capacity: { requests: allowance.requests, characters: allowance.characters },
    spanMs: allowance.spanMs,
    clock,
  });
  const generalBudget = createWindowBudget({
    capacity: { general: allowance.general },
    spanMs: allowance.spanMs,
    clock,
  });
  let pausedUntil = 0;
  let cancelResume: (() => void) | undefined;

  return {
    allowance,
    async schedule(send, { limited, signal, front = false, onStart } = {}) {
      const queuedAt = clock.now();
      const held: Reservation[] = [];
      try {
        if (limited)
          held.push(
            await limitedBudget.reserve({ requests: 1, characters: limited.chars }, { signal, front }),
          );
        held.push(await generalBudget.reserve({ general: 1 }, { signal, front }));
        const blocked = held.some((r) => r.waited) || queue.isPaused || queue.isSaturated;
        return await queue.add(
          async () => {
            for (const r of held) r.commit();
            onStart?.(clock.now() - queuedAt, blocked);
            try {
              return await send();
            } finally {
              for (const r of held) r.finish();
            }
          },
          { signal, priority: front ? 1 : 0 },
        );
      } finally {
        // No-ops once committed; otherwise the call never left and its budget goes back.
        for (const r of held) r.release();
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
      if (!(limit > 0)) return;
      // A limited endpoint's success reports the request limit; a 429 the limit that was hit:
      // the configured value it is nearest to.
      const dimension = !rateLimited
        ? limited
          ? 'requests'
          : 'general'
        : limited
          ? nearest(limit, full)
          : 'general';
      if (limit >= full[dimension]) return;
      const lowered = Math.max(1, Math.floor(limit * share));
      if (dimension === 'general') generalBudget.lower('general', lowered);
      else limitedBudget.lower(dimension, lowered);
    },
    get state() {
      return {
        inFlight: queue.pending,
        waiting: queue.size + limitedBudget.waiting + generalBudget.waiting,
        pausedUntil,
      };
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
