import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LimitExceededError } from '../../src/api/errors.ts';
import { createWindowBudget, type Reservation } from '../../src/api/limiter/window-budget.ts';
import { manualClock } from '../support/fake-limited-server.ts';

type Dim = 'requests' | 'characters';

function setup(capacity = { requests: 3, characters: 100 }, spanMs = 1000) {
  const clock = manualClock();
  const budget = createWindowBudget<Dim>({ capacity, spanMs, clock });
  return { clock, budget };
}

/** Sends at once and is answered at once. */
function sent(reservation: Reservation): void {
  reservation.commit();
  reservation.finish();
}

/** Reserves and records when the reservation was granted. */
function track(promise: Promise<Reservation>, clock: { now(): number }) {
  const state: { at?: number; reservation?: Reservation; error?: unknown } = {};
  promise.then(
    (reservation) => {
      state.at = clock.now();
      state.reservation = reservation;
    },
    (error: unknown) => {
      state.error = error;
    },
  );
  return state;
}

describe('window budget', () => {
  it('grants up to the capacity at once, then waits one span after the first send', async () => {
    const { clock, budget } = setup();
    const t0 = clock.now();
    for (let i = 0; i < 3; i++) sent(await budget.reserve({ requests: 1, characters: 10 }));
    const fourth = track(budget.reserve({ requests: 1, characters: 10 }), clock);
    await clock.advance(999);
    expect(fourth.at).toBeUndefined();
    await clock.advance(1);
    expect(fourth.at).toBe(t0 + 1000);
    expect(fourth.reservation?.waited).toBe(true);
  });

  it('weighs characters: a heavy request waits until enough earlier characters expire', async () => {
    const { clock, budget } = setup({ requests: 10, characters: 100 });
    const t0 = clock.now();
    sent(await budget.reserve({ requests: 1, characters: 60 }));
    await clock.advance(300);
    sent(await budget.reserve({ requests: 1, characters: 30 }));
    const heavy = track(budget.reserve({ requests: 1, characters: 50 }), clock);
    await clock.advance(699);
    expect(heavy.at).toBeUndefined();
    await clock.advance(1);
    // The 60 sent at t0 expire at t0+1000; 30 + 50 then fit.
    expect(heavy.at).toBe(t0 + 1000);
  });

  it('serves waiters first come, first served, so a large request is not starved by small ones', async () => {
    const { clock, budget } = setup({ requests: 10, characters: 100 });
    sent(await budget.reserve({ requests: 1, characters: 90 }));
    const order: string[] = [];
    const big = budget.reserve({ requests: 1, characters: 80 }).then((r) => {
      order.push('big');
      sent(r);
    });
    const small = budget.reserve({ requests: 1, characters: 5 }).then((r) => {
      order.push('small');
      sent(r);
    });
    await clock.advance(1000);
    await Promise.all([big, small]);
    expect(order).toEqual(['big', 'small']);
  });

  it('counts a request from its grant until one span after its answer, however late both come', async () => {
    const { clock, budget } = setup({ requests: 1, characters: 100 });
    const first = await budget.reserve({ requests: 1, characters: 1 });
    const next = track(budget.reserve({ requests: 1, characters: 1 }), clock);
    await clock.advance(5000); // held: queued behind other limits
    first.commit();
    await clock.advance(5000); // in flight: a slow server
    expect(next.at).toBeUndefined();
    const answeredAt = clock.now();
    first.finish();
    first.release(); // no effect once sent
    await clock.advance(999);
    expect(next.at).toBeUndefined();
    await clock.advance(1);
    expect(next.at).toBe(answeredAt + 1000);
  });

  it('gives back the weight of a reservation released before it was sent', async () => {
    const { clock, budget } = setup({ requests: 1, characters: 100 });
    const held = await budget.reserve({ requests: 1, characters: 100 });
    const next = track(budget.reserve({ requests: 1, characters: 100 }), clock);
    held.release();
    held.finish(); // no effect after a release
    await clock.advance(0);
    expect(next.at).toBe(clock.now());
    expect(budget.used('characters')).toBe(100);
  });

  it('an aborted waiter never gets budget and lets the ones behind it through', async () => {
    const { clock, budget } = setup({ requests: 5, characters: 100 });
    sent(await budget.reserve({ requests: 1, characters: 50 }));
    const controller = new AbortController();
    const blocked = track(
      budget.reserve({ requests: 1, characters: 90 }, { signal: controller.signal }),
      clock,
    );
    const behind = track(budget.reserve({ requests: 1, characters: 40 }), clock);
    await clock.advance(10);
    expect(behind.at).toBeUndefined(); // FIFO: waits behind the 90
    controller.abort(new Error('caller gave up'));
    await clock.advance(0);
    expect((blocked.error as Error).message).toBe('caller gave up');
    expect(behind.at).toBe(clock.now());
    expect(budget.waiting).toBe(0);
  });

  it('fails fast for a request heavier than a whole window', async () => {
    const { budget } = setup({ requests: 5, characters: 100 });
    const error = await budget.reserve({ requests: 1, characters: 101 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LimitExceededError);
    expect(error).toMatchObject({ dimension: 'characters', weight: 101, capacity: 100 });
  });

  it('lowering the capacity holds requests back and rejects waiters that no longer fit at all', async () => {
    const { clock, budget } = setup({ requests: 5, characters: 100 });
    sent(await budget.reserve({ requests: 1, characters: 10 }));
    sent(await budget.reserve({ requests: 1, characters: 10 }));
    const heavy = track(budget.reserve({ requests: 1, characters: 90 }), clock);
    budget.lower('requests', 2);
    budget.lower('characters', 50);
    await clock.advance(0);
    expect(heavy.error).toBeInstanceOf(LimitExceededError);
    const third = track(budget.reserve({ requests: 1, characters: 1 }), clock);
    await clock.advance(999);
    expect(third.at).toBeUndefined();
    await clock.advance(1);
    expect(third.at).toBeDefined();
  });

  it('property: however late requests reach the server, no fixed window of any alignment can count more than the capacity', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            gap: fc.nat(400),
            chars: fc.nat(60),
            queuedMs: fc.nat(300),
            latencyMs: fc.nat(900),
            abort: fc.boolean(),
          }),
          { minLength: 1, maxLength: 40 },
        ),
        async (plan) => {
          const capacity = { requests: 4, characters: 100 };
          const W = 1000;
          const { clock, budget } = setup(capacity, W);
          const flights: { from: number; to: number; chars: number }[] = [];
          const done: Promise<unknown>[] = [];
          for (const step of plan) {
            await clock.advance(step.gap);
            const controller = new AbortController();
            done.push(
              budget
                .reserve({ requests: 1, characters: step.chars }, { signal: controller.signal })
                .then(async (reservation) => {
                  // Some wait behind other limits before they leave, some never leave; the server
                  // counts each at an unknown moment between leaving and answering.
                  await clock.advance(step.queuedMs);
                  if (step.abort) return reservation.release();
                  reservation.commit();
                  const from = clock.now();
                  await clock.advance(step.latencyMs);
                  flights.push({ from, to: clock.now(), chars: step.chars });
                  reservation.finish();
                })
                .catch(() => undefined),
            );
            if (step.abort && step.queuedMs % 2 === 0) controller.abort();
          }
          for (let i = 0; i < 400 && (budget.waiting > 0 || flights.length < done.length); i++)
            await clock.advance(100);
          await Promise.all(done);
          // A server window [a, a+W) may count every request in flight at some moment inside it;
          // the worst alignments start at a request's answer or departure.
          const starts = flights.flatMap((f) => [f.from, f.to]);
          for (const a of starts) {
            const countable = flights.filter((f) => f.from < a + W && f.to >= a);
            expect(countable.length).toBeLessThanOrEqual(capacity.requests);
            expect(countable.reduce((n, f) => n + f.chars, 0)).toBeLessThanOrEqual(capacity.characters);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
