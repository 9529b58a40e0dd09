import { extendLeases, type LeaseColumns } from '../../src/db/lease-statements.ts';
import type { ReceiverDb } from './schema.ts';

// Every write here is guarded by `lease_owner`: a worker that lost its lease (it hung and another
// took the events over) changes nothing.

/** Where the receiver's queue keeps the leases on its events. */
const EVENT_LEASES: LeaseColumns = {
  table: 'receiver_queue',
  id: 'event_id',
  owner: 'lease_owner',
  until: 'lease_until',
  status: 'status',
  handling: 'processing',
};

/** Extends the leases of events a worker is handling; returns how many it still holds. */
export const renewLeases = (db: ReceiverDb, ids: readonly number[], owner: string, until: number) =>
  extendLeases(db, EVENT_LEASES, ids, owner, until);

/** Marks handled events done. */
export async function markDone(db: ReceiverDb, ids: readonly number[], owner: string, now: number) {
  if (ids.length === 0) return;
  await db
    .updateTable('receiver_queue')
    .set({ status: 'done', lease_owner: null, lease_until: null, last_error: null, updated_at: now })
    .where('event_id', 'in', ids)
    .where('lease_owner', '=', owner)
    .execute();
}

/**
 * Records a failure: back in line at `retryAt`, or `dead` when there is none (attempts spent or a
 * permanent error). `countAttempt` adds the attempt when it was not counted at claim time
 * (a failing `nameGroup`). False when the caller no longer holds the event.
 */
export async function markFailed(
  db: ReceiverDb,
  failure: {
    id: number;
    owner: string;
    now: number;
    error: string;
    retryAt?: number;
    countAttempt?: boolean;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('receiver_queue')
    .set((eb) => ({
      status: failure.retryAt === undefined ? 'dead' : 'pending',
      next_attempt_at: failure.retryAt ?? failure.now,
      attempts: failure.countAttempt ? eb('attempts', '+', 1) : eb.ref('attempts'),
      lease_owner: null,
      lease_until: null,
      last_error: failure.error.slice(0, 2000),
      updated_at: failure.now,
    }))
    .where('event_id', '=', failure.id)
    .where('lease_owner', '=', failure.owner)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Hands claimed events back, due at once (the worker is stopping). `uncount` takes back the
 * attempt counted at claim time, since the handler never finished.
 */
export async function release(
  db: ReceiverDb,
  ids: readonly number[],
  owner: string,
  now: number,
  uncount: boolean,
) {
  if (ids.length === 0) return;
  await db
    .updateTable('receiver_queue')
    .set((eb) => ({
      status: 'pending',
      next_attempt_at: now,
      attempts: uncount ? eb('attempts', '-', 1) : eb.ref('attempts'),
      lease_owner: null,
      lease_until: null,
      updated_at: now,
    }))
    .where('event_id', 'in', ids)
    .where('lease_owner', '=', owner)
    .execute();
}

/**
 * Puts claimed events back in line, due at `until`, taking back the attempt counted at claim time:
 * they waited for an outside limit (GitHub's rate limit), they did not fail. `reason` is kept as
 * their last error, so `receiver dead-letters` and the queue say why they wait.
 */
export async function postpone(
  db: ReceiverDb,
  ids: readonly number[],
  owner: string,
  o: { now: number; until: number; reason: string },
): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .updateTable('receiver_queue')
    .set((eb) => ({
      status: 'pending',
      next_attempt_at: o.until,
      attempts: eb('attempts', '-', 1),
      lease_owner: null,
      lease_until: null,
      last_error: o.reason.slice(0, 2000),
      updated_at: o.now,
    }))
    .where('event_id', 'in', ids)
    .where('lease_owner', '=', owner)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Events waiting or being handled (the queue-depth gauge). */
export async function queueDepth(db: ReceiverDb): Promise<number> {
  const row = await db
    .selectFrom('receiver_queue')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', 'in', ['pending', 'processing'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Deletes events finished (done or ignored) before `before`, inbox rows included. Keep them longer
 * than the platform retries a delivery (about three days), or a late retry would be stored again.
 */
export async function pruneFinished(db: ReceiverDb, before: number): Promise<number> {
  const result = await db
    .deleteFrom('receiver_inbox')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('receiver_queue')
        .select('event_id')
        .where('status', 'in', ['done', 'ignored'])
        .where('updated_at', '<', before),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
