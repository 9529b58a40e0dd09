import { describe, expect, it } from 'vitest';
import { TimeoutError } from '../../src/api/errors.ts';
import { poll } from '../../src/api/poll.ts';
import { manualClock } from '../support/fake-limited-server.ts';

/** Runs a poll to completion on a manual clock, stepping time 10 ms at a time. */
async function drive<T>(clock: ReturnType<typeof manualClock>, promise: Promise<T>) {
  let settled = false;
  const outcome = promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  void outcome.then(() => {
    settled = true;
  });
  for (let i = 0; i < 10_000 && !settled; i++) await clock.advance(10);
  return outcome;
}

describe('poll', () => {
  it('calls until the result is ready, with pauses growing by the factor up to the cap', async () => {
    const clock = manualClock();
    const calledAt: number[] = [];
    const start = clock.now();
    const states = ['InProgress', 'InProgress', 'InProgress', 'InProgress', 'Completed', 'ReadyForDownload'];
    const result = await drive(
      clock,
      poll(
        async () => {
          calledAt.push(clock.now() - start);
          return states[calledAt.length - 1]!;
        },
        { until: (s) => s === 'ReadyForDownload', intervalMs: 100, maxIntervalMs: 300, factor: 2, clock },
      ),
    );
    expect(result).toEqual({ value: 'ReadyForDownload' });
    expect(calledAt).toEqual([0, 100, 300, 600, 900, 1200]);
  });

  it('gives up with TimeoutError naming what was polled, with a last call at the deadline', async () => {
    const clock = manualClock();
    const start = clock.now();
    const calledAt: number[] = [];
    const result = await drive(
      clock,
      poll(
        async () => {
          calledAt.push(clock.now() - start);
          return { isProcessing: 1 };
        },
        {
          until: (job) => job.isProcessing === 0,
          intervalMs: 400,
          timeoutMs: 1000,
          label: 'job 12 export',
          clock,
        },
      ),
    );
    expect((result as { error: unknown }).error).toBeInstanceOf(TimeoutError);
    expect((result as { error: Error }).error.message).toBe('POLL job 12 export timed out after 1000 ms');
    expect(calledAt).toEqual([0, 400, 1000]);
  });

  it('stops waiting when the signal aborts, and ends at the first error of the call', async () => {
    const clock = manualClock();
    const controller = new AbortController();
    const aborted = poll(async () => false, { until: Boolean, signal: controller.signal, clock });
    await clock.advance(10);
    controller.abort(new Error('shutting down'));
    await expect(aborted).rejects.toThrow('shutting down');

    let calls = 0;
    const failing = poll(
      async () => {
        calls++;
        throw new Error('404 job not found');
      },
      { until: Boolean, clock },
    );
    await expect(failing).rejects.toThrow('404 job not found');
    expect(calls).toBe(1);
  });

  it('refuses options that cannot work', async () => {
    await expect(poll(async () => 1, { until: () => true, intervalMs: 0 })).rejects.toBeInstanceOf(TypeError);
    await expect(
      poll(async () => 1, { until: () => true, intervalMs: 10, maxIntervalMs: 5 }),
    ).rejects.toBeInstanceOf(TypeError);
  });
});
