import { fullJitterDelay } from '../queue/backoff.ts';
import { ApiError, type CallSite, NetworkError, RateLimitError } from './errors.ts';
import type { ClientCounters, ClientLogger } from './limiter/observability.ts';
import type { Clock } from './limiter/window-budget.ts';

export interface RetryPolicy {
  /** Attempts for a 5xx or a network error, the first included (default 4). */
  attempts: number;
  /** First backoff ceiling; it doubles per failure (default 250 ms). */
  baseMs: number;
  /** Largest backoff ceiling (default 10 s). */
  maxMs: number;
  /** Retries after a 429 before giving up with RateLimitError (default 10). */
  rateLimitRetries: number;
  /** Largest random delay added after a 429's reset, so waiting clients do not return at once. */
  jitterMs: number;
  /** The wait after a 429 that names no reset (no X-RateLimit-Reset or Retry-After): one window. */
  defaultResetMs: number;
}

export function retryPolicy(windowMs: number, overrides: Partial<RetryPolicy> = {}): RetryPolicy {
  return {
    attempts: 4,
    baseMs: 250,
    maxMs: 10_000,
    rateLimitRetries: 10,
    jitterMs: Math.min(1000, Math.ceil(windowMs / 10)),
    defaultResetMs: windowMs,
    ...overrides,
  };
}

/** Methods that are safe to repeat (RFC 9110 §9.2.2); a POST only when the caller says so. */
export function isIdempotent(method: string, idempotent: boolean | undefined): boolean {
  return idempotent ?? ['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS'].includes(method);
}

/** The policy's full-jitter backoff (src/queue/backoff.ts) after `failures` failures. */
export function backoffDelay(failures: number, policy: RetryPolicy, random: () => number): number {
  return fullJitterDelay(failures, random, { baseMs: policy.baseMs, capMs: policy.maxMs });
}

const TRANSIENT = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** A connection-level failure worth another attempt (not a bad argument or a parse error). */
export function isTransientNetworkError(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && TRANSIENT.has(code);
}

/** Statuses that may pass on another attempt; 501 and 505 never will. */
const retryableStatus = (status: number) => status >= 500 && status !== 501 && status !== 505;

/** Resolves after `ms`, or rejects with the signal's reason when it aborts first. */
export function sleep(clock: Clock, ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      cancel();
      reject(signal?.reason);
    };
    const cancel = clock.setTimer(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export interface RetryContext {
  site: CallSite;
  callId: number;
  policy: RetryPolicy;
  /** Whether a 5xx or network failure may be repeated: idempotent method and replayable body. */
  repeatable: boolean;
  /** Whether the body can be sent again at all (a one-shot stream cannot). */
  replayable: boolean;
  /** Holds every call of the limiter until a time (a 429 concerns the whole organization). */
  pauseUntil(time: number): void;
  clock: Clock;
  random: () => number;
  signal?: AbortSignal | undefined;
  log: ClientLogger;
  counters: ClientCounters;
}

/**
 * Runs `attempt` (1, 2, …) until it succeeds or fails for good. After a 429 every call waits
 * until X-RateLimit-Reset plus jitter — never less — and the retry goes first in the queue;
 * after a 5xx or a network error a repeatable call backs off with full jitter, a bounded number
 * of times. Anything else (4xx, timeouts, schema errors, aborts) is final.
 */
export async function withRetries<T>(attempt: (n: number) => Promise<T>, context: RetryContext): Promise<T> {
  const { policy, clock, random, signal, log, counters, site, callId } = context;
  let failures = 0;
  let rateLimits = 0;
  for (let n = 1; ; n++) {
    let delay: number;
    let until = 0;
    try {
      return await attempt(n);
    } catch (error) {
      if (signal?.aborted) throw error;
      if (error instanceof RateLimitError) {
        counters.rateLimited++;
        const resetMs = error.resetSeconds === undefined ? policy.defaultResetMs : error.resetSeconds * 1000;
        const resetAt = error.receivedAt + resetMs;
        const notBefore = resetAt + Math.floor(random() * policy.jitterMs);
        log.warn(
          { event: 'rate_limited', callId, ...site, attempt: n, limit: error.limit, resetAt, notBefore },
          'rate limited: waiting for the reset',
        );
        // The organization is out of allowance: every call waits, whether or not this one retries.
        context.pauseUntil(notBefore);
        if (!context.replayable || rateLimits++ >= policy.rateLimitRetries) throw error;
        delay = notBefore - clock.now();
        until = notBefore;
      } else if (
        context.repeatable &&
        failures + 1 < policy.attempts &&
        ((error instanceof ApiError && retryableStatus(error.status)) ||
          (error instanceof NetworkError && isTransientNetworkError(error.cause)))
      ) {
        failures++;
        delay = backoffDelay(failures, policy, random);
      } else {
        throw error;
      }
      log.info(
        {
          event: 'retry',
          callId,
          ...site,
          attempt: n + 1,
          delayMs: Math.max(0, delay),
          reason: describe(error),
        },
        'retrying',
      );
    }
    if (delay > 0) await sleep(clock, delay, signal);
    // Timers may fire a millisecond early by the wall clock; a retry never goes before the reset.
    while (clock.now() < until) await sleep(clock, until - clock.now(), signal);
    counters.retries++;
  }
}

function describe(error: unknown): string {
  if (error instanceof ApiError) return `status ${error.status}`;
  if (error instanceof NetworkError) return String((error.cause as { code?: unknown })?.code ?? 'network');
  return 'error';
}
