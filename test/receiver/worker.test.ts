import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventPhases } from '../../receiver/contracts.ts';
import { formatDeadLetters } from '../../receiver/dead-letters-table.ts';
import type { ReceiverMetrics } from '../../receiver/metrics.ts';
import { listDeadLetters, retryDeadLetter } from '../../receiver/store/dead-letters.ts';
import type { ReceiverDatabase } from '../../receiver/store/schema.ts';
import { createReceiverWorker, type ReceiverWorker, type WorkerOptions } from '../../receiver/worker.ts';
import {
  enqueue,
  fakeClock,
  queueRow,
  receiverTestDatabase,
  recordingPhases,
  testMetrics,
} from './support/index.ts';

const silent = pino({ level: 'silent' });
let db: Awaited<ReturnType<typeof receiverTestDatabase>>;
let database: ReceiverDatabase;
let clock: ReturnType<typeof fakeClock>;
let metrics: ReceiverMetrics;
const workers: ReceiverWorker[] = [];

beforeEach(async () => {
  db = await receiverTestDatabase();
  database = db.database;
  clock = fakeClock();
  metrics = testMetrics(database);
});

afterEach(async () => {
  for (const w of workers.splice(0)) await w.stop();
  await db.drop();
});

function worker(phases: EventPhases, options: Partial<WorkerOptions> = {}) {
  const w = createReceiverWorker({
    db: database.db,
    dialect: database.dialect,
    phases,
    metrics,
    log: silent,
    now: clock.now,
    // Full jitter with random() = 0.5: half of 5 s · 2^(attempts-1).
    random: () => 0.5,
    pollMs: 10,
    ...options,
  });
  workers.push(w);
  w.start();
  return w;
}

/** Advances the clock and waits until the worker has nothing due. */
async function advance(w: ReceiverWorker, ms: number) {
  clock.advance(ms);
  await w.idle();
}

describe('retries', () => {
  it('retries a failed event after a full-jitter backoff and then completes it', async () => {
    let fail = true;
    const r = recordingPhases(async () => {
      if (fail) {
        fail = false;
        throw new Error('GitHub answered 502');
      }
    });
    const [id] = await enqueue(database, clock.now(), [{ group: 'acme/app@main' }]);
    const w = worker(r.phases);
    await w.idle();
    expect(r.calls).toHaveLength(1);
    expect(await queueRow(database, id!)).toMatchObject({
      status: 'pending',
      attempts: 1,
      next_attempt_at: clock.now() + 2500,
      last_error: 'GitHub answered 502',
      lease_owner: null,
    });
    await advance(w, 2499);
    expect(r.calls).toHaveLength(1);
    await advance(w, 1);
    expect(r.calls).toHaveLength(2);
    expect(r.calls[1]![0]).toMatchObject({ id, attempts: 2, groupKey: 'acme/app@main' });
    expect(await queueRow(database, id!)).toMatchObject({ status: 'done', attempts: 2, last_error: null });
  });

  it('dead-letters an event after maxAttempts, and a dead-letter retry puts it back with attempts 0', async () => {
    let broken = true;
    const r = recordingPhases(async () => {
      if (broken) throw new Error('repository archived');
    });
    const [id] = await enqueue(database, clock.now(), [{ group: 'acme/app@main' }]);
    const w = worker(r.phases, { maxAttempts: 3 });
    await w.idle();
    await advance(w, 3600_000);
    await advance(w, 3600_000);
    await advance(w, 3600_000);
    expect(r.calls).toHaveLength(3);
    expect(await queueRow(database, id!)).toMatchObject({ status: 'dead', attempts: 3 });
    expect((await metrics.dead.get()).values[0]?.value).toBe(1);
    expect((await metrics.failed.get()).values[0]?.value).toBe(2);

    const letters = await listDeadLetters(database.db);
    expect(letters).toEqual([
      expect.objectContaining({ id, type: 'TEST', attempts: 3, lastError: 'repository archived' }),
    ]);
    expect(formatDeadLetters(letters)).toMatch(
      new RegExp(`^${id}\\s+TEST\\s+msg_test_\\S+\\s+3\\s+\\S+\\s+repository archived$`, 'm'),
    );

    broken = false;
    expect(await retryDeadLetter(database.db, id!, clock.now())).toBe(true);
    expect(await retryDeadLetter(database.db, id!, clock.now())).toBe(false);
    await advance(w, 0);
    expect(r.calls).toHaveLength(4);
    expect(r.calls[3]![0]!.attempts).toBe(1);
    expect(await queueRow(database, id!)).toMatchObject({ status: 'done' });
    expect(await listDeadLetters(database.db)).toEqual([]);
  });

  it('settles a partial failure per event: done, retried, or dead when permanent', async () => {
    const ids = await enqueue(database, clock.now(), [{ group: 'g' }, { group: 'g' }, { group: 'g' }]);
    const [a, b, c] = ids as [number, number, number];
    const r = recordingPhases(async (events) =>
      events.length === 3
        ? {
            failed: [
              { id: b, error: 'merge conflict' },
              { id: c, error: 'no .svc.yml at the base ref', permanent: true },
            ],
          }
        : undefined,
    );
    const w = worker(r.phases);
    await w.idle();
    expect(await queueRow(database, a)).toMatchObject({ status: 'done' });
    expect(await queueRow(database, b)).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_error: 'merge conflict',
    });
    expect(await queueRow(database, c)).toMatchObject({
      status: 'dead',
      last_error: 'no .svc.yml at the base ref',
    });
    await advance(w, 2500);
    expect(r.calls.map((call) => call.map((e) => e.id))).toEqual([[a, b, c], [b]]);
    expect(await queueRow(database, b)).toMatchObject({ status: 'done' });
  });

  it('retries an event whose nameGroup failed, counting the attempt', async () => {
    const r = recordingPhases();
    let down = true;
    r.setGroupOf(async () => {
      if (down) throw new Error('platform answered 503');
      return 'g';
    });
    const [id] = await enqueue(database, clock.now(), [{}]);
    const w = worker(r.phases);
    await w.idle();
    expect(r.calls).toHaveLength(0);
    expect(await queueRow(database, id!)).toMatchObject({
      status: 'pending',
      attempts: 1,
      grouped: 0,
      last_error: 'nameGroup: platform answered 503',
    });
    down = false;
    await advance(w, 2500);
    expect(r.calls.map((call) => call.map((e) => [e.id, e.attempts, e.groupKey]))).toEqual([[[id, 2, 'g']]]);
  });
});

describe('groups', () => {
  it('hands all due events of a group to one handle call, groupless events alone', async () => {
    const ids = await enqueue(database, clock.now(), [
      { group: 'acme/app@main' },
      { group: 'acme/web@main' },
      { group: 'acme/app@main' },
      {},
      { group: 'acme/app@main' },
    ]);
    const r = recordingPhases();
    const w = worker(r.phases, { concurrency: 3 });
    await w.idle();
    expect(r.grouped.sort()).toEqual([...ids].sort());
    const calls = r.calls
      .map((call) => call.map((e) => e.id))
      .sort((x, y) => y.length - x.length || x[0]! - y[0]!);
    expect(calls).toEqual([[ids[0], ids[2], ids[4]], [ids[1]], [ids[3]]]);
    for (const call of r.calls) expect(new Set(call.map((e) => e.groupKey)).size).toBe(1);
  });

  it('hands a large backlog of one group over in batches of groupLimit, oldest first', async () => {
    const ids = await enqueue(
      database,
      clock.now(),
      Array.from({ length: 5 }, () => ({ group: 'g' })),
    );
    const r = recordingPhases();
    const w = worker(r.phases, { groupLimit: 2 });
    await w.idle();
    expect(r.calls.map((call) => call.map((e) => e.id))).toEqual([
      ids.slice(0, 2),
      ids.slice(2, 4),
      ids.slice(4),
    ]);
  });

  it('leaves events waiting for a backoff out of the next batch of their group', async () => {
    let first = true;
    const r = recordingPhases(async () => {
      if (first) {
        first = false;
        throw new Error('rate limited');
      }
    });
    const [a] = await enqueue(database, clock.now(), [{ group: 'g' }]);
    const w = worker(r.phases);
    await w.idle();
    const [b] = await enqueue(database, clock.now(), [{ group: 'g' }]);
    await advance(w, 0);
    await advance(w, 2500);
    expect(r.calls.map((call) => call.map((e) => e.id))).toEqual([[a], [b], [a]]);
  });

  it('lets events of a group held by another process wait without counting an attempt', async () => {
    await database.db
      .insertInto('receiver_group_locks')
      .values({ group_key: 'g', owner: 'another-process', lease_until: clock.now() + 60_000 })
      .execute();
    const [id] = await enqueue(database, clock.now(), [{ group: 'g' }]);
    const r = recordingPhases();
    const w = worker(r.phases);
    await w.idle();
    await advance(w, 30_000);
    expect(r.calls).toHaveLength(0);
    expect(await queueRow(database, id!)).toMatchObject({
      status: 'pending',
      attempts: 0,
      grouped: 1,
      group_key: 'g',
    });
    // The other process's lease runs out (it crashed): the group is free again.
    await advance(w, 30_001);
    expect(r.calls.map((call) => call.map((e) => [e.id, e.attempts]))).toEqual([[[id, 1]]]);
  });

  it('never lets two workers on one database handle the same group at once', async () => {
    const second = database.dialect === 'postgres' ? await db.connect() : database;
    const groups = ['a@main', 'b@main', 'c@main', 'd@main'];
    const active = new Map<string, number>();
    const handledBy = new Map<number, string>();
    const started = new Set<string>();
    let overlaps = 0;
    const dispatcherFor = (name: string): EventPhases => ({
      nameGroup: async (event) => (event.payload as { group: string }).group,
      async handleBatch(events) {
        const g = events[0]!.groupKey!;
        if ((active.get(g) ?? 0) > 0) overlaps++;
        active.set(g, (active.get(g) ?? 0) + 1);
        started.add(name);
        // Each worker holds its first groups (two at most, of four) until the other has begun one,
        // so both take part however the machine schedules them: otherwise the faster poller can
        // win every race for the free groups and handle all of them.
        const other = name === 'one' ? 'two' : 'one';
        for (let waited = 0; waited < 5000 && !started.has(other); waited += 5) {
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        await new Promise((resolve) => setTimeout(resolve, 15));
        active.set(g, active.get(g)! - 1);
        for (const e of events) {
          if (handledBy.has(e.id)) overlaps++;
          handledBy.set(e.id, name);
        }
      },
    });
    const ids = await enqueue(
      database,
      clock.now(),
      Array.from({ length: 24 }, (_, i) => ({ group: groups[i % 4] })),
    );
    const one = worker(dispatcherFor('one'));
    const two = createReceiverWorker({
      db: second.db,
      dialect: second.dialect,
      phases: dispatcherFor('two'),
      metrics,
      log: silent,
      now: clock.now,
      pollMs: 5,
    });
    workers.push(two);
    two.start();
    // More events while both are busy, so groups come round again.
    ids.push(
      ...(await enqueue(
        database,
        clock.now(),
        Array.from({ length: 16 }, (_, i) => ({ group: groups[i % 4] })),
      )),
    );
    await expect.poll(() => handledBy.size, { timeout: 10_000 }).toBe(ids.length);
    expect(overlaps).toBe(0);
    expect(new Set(handledBy.values())).toEqual(new Set(['one', 'two']));
    await Promise.all([one.idle(), two.idle()]);
    const left = await database.db
      .selectFrom('receiver_queue')
      .select('event_id')
      .where('status', '!=', 'done')
      .execute();
    expect(left).toEqual([]);
  });
});
