import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError, RateLimitError, TimeoutError } from '../../src/api/errors.ts';
import { createCounters, silentLogger } from '../../src/api/limiter/observability.ts';
import {
  backoffDelay,
  isIdempotent,
  type RetryContext,
  retryPolicy,
  withRetries,
} from '../../src/api/retry.ts';
import { manualClock } from '../support/fake-limited-server.ts';

const site = { method: 'GET', path: '/v2/jobs' };

function context(overrides: Partial<RetryContext> = {}) {
  const clock = manualClock();
  const pauses: number[] = [];
  const ctx: RetryContext = {
    site,
    callId: 1,
    policy: retryPolicy(60_000, { baseMs: 100, maxMs: 1000, attempts: 4 }),
    repeatable: true,
    replayable: true,
    pauseUntil: (t) => pauses.push(t),
    clock,
    random: () => 0.999,
    log: silentLogger,
    counters: createCounters(),
    ...overrides,
  };
  return { ctx, clock, pauses };
}

/** Runs `withRetries` on the manual clock until it settles. */
async function run<T>(clock: ReturnType<typeof manualClock>, promise: Promise<T>) {
  let done = false;
  const outcome = promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  void outcome.then(() => {
    done = true;
  });
  for (let i = 0; i < 100_000 && !done; i++) await clock.advance(10);
  return outcome;
}

describe('retries', () => {
  it('backoff is a uniform draw below a doubling ceiling capped at maxMs (full jitter)', () => {
    const policy = retryPolicy(60_000, { baseMs: 250, maxMs: 10_000 });
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }),
        fc.double({ min: 0, max: 0.9999999, noNaN: true }),
        (failures, r) => {
          const ceiling = Math.min(10_000, 250 * 2 ** (failures - 1));
          const delay = backoffDelay(failures, policy, () => r);
          expect(delay).toBeGreaterThanOrEqual(0);
          expect(delay).toBeLessThan(ceiling);
        },
      ),
    );
    expect(backoffDelay(1, policy, () => 0.5)).toBe(125);
    expect(backoffDelay(3, policy, () => 0.5)).toBe(500);
  });

  it('treats GET, HEAD, PUT and DELETE as safe to repeat, and POST only when marked', () => {
    expect(['GET', 'HEAD', 'PUT', 'DELETE', 'POST', 'PATCH'].map((m) => isIdempotent(m, undefined))).toEqual([
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
    expect(isIdempotent('POST', true)).toBe(true);
    expect(isIdempotent('GET', false)).toBe(false);
  });

  it('after a 429 without a reset header waits a whole window, pausing every call', async () => {
    const { ctx, clock, pauses } = context({ policy: retryPolicy(60_000, { jitterMs: 0 }) });
    const attempts: number[] = [];
    const result = await run(
      clock,
      withRetries(async (n) => {
        attempts.push(clock.now());
        if (n === 1) throw new RateLimitError(site, {}, {}, clock.now());
        return 'ok';
      }, ctx),
    );
    expect(result).toEqual({ value: 'ok' });
    expect(attempts[1]! - attempts[0]!).toBe(60_000);
    expect(pauses).toEqual([attempts[0]! + 60_000]);
    expect(ctx.counters).toMatchObject({ rateLimited: 1, retries: 1 });
  });

  it('stops after `attempts` for 5xx and transient network errors, and never retries other failures', async () => {
    const reset = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    for (const [error, calls] of [
      [new ApiError(site, 503, { message: 'busy' }), 4],
      [new NetworkError(site, reset), 4],
      [new NetworkError(site, Object.assign(new Error('bad'), { code: 'ERR_INVALID_URL' })), 1],
      [new ApiError(site, 501, { message: 'not implemented' }), 1],
      [new ApiError(site, 409, { message: 'export running' }), 1],
      [new TimeoutError(site, 100), 1],
    ] as const) {
      const { ctx, clock } = context();
      let count = 0;
      const result = await run(
        clock,
        withRetries(async () => {
          count++;
          throw error;
        }, ctx),
      );
      expect((result as { error: unknown }).error).toBe(error);
      expect(count, `${error.message}`).toBe(calls);
    }
  });

  it('does not repeat a call the transport marks unrepeatable (a POST, a one-shot stream)', async () => {
    const { ctx, clock } = context({ repeatable: false });
    let count = 0;
    await run(
      clock,
      withRetries(async () => {
        count++;
        throw new ApiError(site, 500, {});
      }, ctx),
    );
    expect(count).toBe(1);
  });
});
