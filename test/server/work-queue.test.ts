/**
 * The work queue's claim: which items a worker leases, in what order, and how many — on the
 * engine under test (SVC_TEST_DB).
 */
import { describe, expect, it } from 'vitest';
import { claim, complete, enqueue } from '../../server/store/work-items.ts';
import { eachPlatformDatabase } from '../support/platform-db.ts';

const database = eachPlatformDatabase();

const lease = (worker: string, now: number, limit: number, kinds = ['a', 'b']) =>
  claim(database().db, database().dialect, { worker, now, leaseMs: 1000, limit, kinds });

describe('claim', () => {
  it('leases due items oldest first, at most limit, and only of the kinds asked for', async () => {
    const db = database().db;
    const late = await enqueue(db, 100, 'a', {}, { runAt: 300 });
    const first = await enqueue(db, 100, 'b', {}, { runAt: 50 });
    const other = await enqueue(db, 100, 'z', {}, { runAt: 10 });
    const second = await enqueue(db, 100, 'a', {}, { runAt: 100 });
    const third = await enqueue(db, 100, 'a', {}, { runAt: 100 });

    const claimed = await lease('w1', 200, 2);
    expect(claimed.map((i) => i.id)).toEqual([first, second]);
    expect(claimed.every((i) => i.status === 'running' && i.locked_by === 'w1' && i.attempts === 1)).toBe(
      true,
    );
    expect((await lease('w1', 200, 5)).map((i) => i.id)).toEqual([third]);
    // Not yet due, and a kind this worker does not run:
    expect(await lease('w1', 200, 5)).toEqual([]);
    expect((await lease('w1', 300, 5)).map((i) => i.id)).toEqual([late]);
    expect((await lease('w2', 300, 5, ['z'])).map((i) => i.id)).toEqual([other]);
  });

  it('takes back an item whose lease ran out before queued ones, counting another attempt', async () => {
    const db = database().db;
    const stuck = await enqueue(db, 0, 'a', {});
    await lease('dead', 0, 1);
    const queued = await enqueue(db, 10, 'a', {});
    // The lease (1000 ms) still holds: only the queued item.
    expect((await lease('w1', 500, 1)).map((i) => i.id)).toEqual([queued]);
    await complete(db, queued, 'w1', 600);
    const later = await enqueue(db, 700, 'a', {});
    const [again, next] = await lease('w1', 1500, 2);
    expect([again?.id, again?.attempts, again?.locked_by]).toEqual([stuck, 2, 'w1']);
    expect(next?.id).toBe(later);
  });

  it('leaves expired leases alone when asked to look at queued items only', async () => {
    const db = database().db;
    const stuck = await enqueue(db, 0, 'a', {});
    await lease('dead', 0, 1);
    const opts = { worker: 'w1', now: 5000, leaseMs: 1000, limit: 5, kinds: ['a'] };
    expect(await claim(db, database().dialect, { ...opts, expired: false })).toEqual([]);
    expect((await claim(db, database().dialect, opts)).map((i) => i.id)).toEqual([stuck]);
  });

  it('finds the oldest items at once behind a backlog of other kinds and of items not yet due', async () => {
    const db = database().db;
    for (let i = 0; i < 300; i++) await enqueue(db, 0, 'z', {}, { runAt: i });
    for (let i = 0; i < 300; i++) await enqueue(db, 0, 'a', {}, { runAt: 10_000 + i });
    const due = [
      await enqueue(db, 0, 'b', {}, { runAt: 400 }),
      await enqueue(db, 0, 'a', {}, { runAt: 500 }),
    ];
    expect((await lease('w1', 9_000, 10)).map((i) => i.id)).toEqual(due);
  });
});
