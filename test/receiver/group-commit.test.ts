import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGroupCommit } from '../../receiver/store/group-commit.ts';
import type { NewEvent } from '../../receiver/store/inbox.ts';
import type { ReceiverDatabase } from '../../receiver/store/schema.ts';
import { receiverTestDatabase } from './support/index.ts';

let db: Awaited<ReturnType<typeof receiverTestDatabase>>;
let database: ReceiverDatabase;

beforeEach(async () => {
  db = await receiverTestDatabase();
  database = db.database;
});
afterEach(() => db.drop());

const event = (webhookId: string): NewEvent => ({
  webhookId,
  type: 'JOB_DELIVER',
  payload: '{}',
  receivedAt: 1000,
  status: 'pending',
});

/** Counts the transactions the store opens by wrapping `db.transaction`. */
function countTransactions(target: ReceiverDatabase) {
  const counter = { n: 0 };
  const original = target.db.transaction.bind(target.db);
  const proxied = new Proxy(target.db, {
    get(obj, prop, receiver) {
      if (prop === 'transaction') {
        return () => {
          counter.n++;
          return original();
        };
      }
      return Reflect.get(obj, prop, receiver);
    },
  });
  return { counter, db: proxied };
}

describe('group commit', () => {
  it('stores concurrent arrivals in few transactions and answers each with its own result', async () => {
    const { counter, db: counted } = countTransactions(database);
    let wakes = 0;
    const inbox = createGroupCommit({ db: counted, windowMs: 5, onStored: () => wakes++ });
    const ids = Array.from({ length: 100 }, (_, i) => `msg_${i}`);
    const results = await Promise.all([...ids, 'msg_3', 'msg_50'].map((id) => inbox.submit(event(id))));
    expect(results.slice(0, 100).every((r) => !r.duplicate)).toBe(true);
    expect(results.slice(100)).toEqual([{ duplicate: true }, { duplicate: true }]);
    expect(new Set(results.flatMap((r) => (r.duplicate ? [] : [r.id]))).size).toBe(100);
    expect(counter.n).toBeLessThanOrEqual(2);
    expect(wakes).toBe(counter.n);
    const stored = await database.db.selectFrom('receiver_queue').select(['status']).execute();
    expect(stored).toHaveLength(100);
  });

  it('splits a burst larger than maxBatch into several transactions', async () => {
    const { counter, db: counted } = countTransactions(database);
    const inbox = createGroupCommit({ db: counted, windowMs: 5, maxBatch: 10 });
    await Promise.all(Array.from({ length: 35 }, (_, i) => inbox.submit(event(`m${i}`))));
    expect(counter.n).toBe(4);
  });

  it('answers a delivery stored by an earlier batch as a duplicate, and wakes nobody for it', async () => {
    let wakes = 0;
    const inbox = createGroupCommit({ db: database.db, onStored: () => wakes++ });
    expect(await inbox.submit(event('once'))).toMatchObject({ duplicate: false });
    expect(await inbox.submit(event('once'))).toEqual({ duplicate: true });
    expect(wakes).toBe(1);
  });

  it('rejects every waiting request when the transaction fails, and stores nothing of that batch', async () => {
    const inbox = createGroupCommit({ db: database.db, windowMs: 5 });
    const bad = { ...event('bad'), payload: null as unknown as string };
    const outcomes = await Promise.allSettled([inbox.submit(event('fine')), inbox.submit(bad)]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    expect(await database.db.selectFrom('receiver_inbox').select('id').execute()).toEqual([]);
    // The next batch goes through.
    expect(await inbox.submit(event('later'))).toMatchObject({ duplicate: false });
  });

  it('drain() writes what is buffered', async () => {
    const inbox = createGroupCommit({ db: database.db, windowMs: 10_000 });
    const pending = inbox.submit(event('buffered'));
    await inbox.drain();
    expect(await pending).toMatchObject({ duplicate: false });
  });
});
