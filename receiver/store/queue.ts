import type { ExpressionBuilder, SelectQueryBuilder } from 'kysely';
import type { Dialect } from '../../src/db/connect.ts';
import type { InboxEvent } from '../contracts.ts';
import type { ReceiverDb, ReceiverSchema } from './schema.ts';

/** Who holds a claim and until when. */
export interface Lease {
  owner: string;
  now: number;
  leaseMs: number;
}

type Eb = ExpressionBuilder<ReceiverSchema, 'receiver_queue'>;

/** Waiting rows whose time has come, and rows whose worker's lease ran out (it crashed or hung). */
function due(eb: Eb, now: number) {
  return eb.or([
    eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', now)]),
    eb.and([eb('status', '=', 'processing'), eb('lease_until', '<', now)]),
  ]);
}

async function eventsOf(
  db: ReceiverDb,
  rows: { event_id: number; attempts: number; group_key: string | null }[],
) {
  if (rows.length === 0) return [];
  const inbox = await db
    .selectFrom('receiver_inbox')
    .select(['id', 'webhook_id', 'type', 'payload', 'received_at', 'request_id'])
    .where(
      'id',
      'in',
      rows.map((r) => r.event_id),
    )
    .execute();
  const byId = new Map(inbox.map((r) => [r.id, r]));
  return rows
    .map((r): InboxEvent => {
      const e = byId.get(r.event_id)!;
      return {
        id: r.event_id,
        webhookId: e.webhook_id,
        type: e.type,
        payload: JSON.parse(e.payload) as unknown,
        receivedAt: e.received_at,
        ...(e.request_id ? { requestId: e.request_id } : {}),
        attempts: r.attempts,
        groupKey: r.group_key,
      };
    })
    .sort((a, b) => a.id - b.id);
}

/**
 * Leases the candidate rows to `lease.owner` and reads their events. `countAttempt` for claims
 * that go straight to handling; a claim that only names the group counts none.
 */
async function leaseRows(
  db: ReceiverDb,
  candidates: SelectQueryBuilder<ReceiverSchema, 'receiver_queue', { event_id: number }>,
  lease: Lease,
  countAttempt: boolean,
): Promise<InboxEvent[]> {
  const rows = await db
    .updateTable('receiver_queue')
    .set((eb) => ({
      status: 'processing',
      lease_owner: lease.owner,
      lease_until: lease.now + lease.leaseMs,
      ...(countAttempt ? { attempts: eb('attempts', '+', 1) } : {}),
      updated_at: lease.now,
    }))
    .where('event_id', 'in', candidates)
    .returning(['event_id', 'attempts', 'group_key'])
    .execute();
  return eventsOf(db, rows);
}

/**
 * Records `nameGroup`'s answers and puts the events back in line, due at once. One transaction, so
 * naming a burst of events costs one disk flush, not one per event.
 */
export async function setGroups(
  db: ReceiverDb,
  owner: string,
  now: number,
  answers: readonly { id: number; groupKey: string | null }[],
): Promise<void> {
  if (answers.length === 0) return;
  await db.transaction().execute(async (tx) => {
    for (const { id, groupKey } of answers) {
      await tx
        .updateTable('receiver_queue')
        .set({
          status: 'pending',
          grouped: 1,
          group_key: groupKey,
          lease_owner: null,
          lease_until: null,
          updated_at: now,
        })
        .where('event_id', '=', id)
        .where('lease_owner', '=', owner)
        .execute();
    }
  });
}

/**
 * Groups with due events that no worker holds, the longest-waiting first. The caller still has
 * to win the group's lock (another process may take it in between).
 */
export async function dueGroups(db: ReceiverDb, now: number, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('receiver_queue as q')
    .select('q.group_key')
    .select((eb) => eb.fn.min('q.next_attempt_at').as('first_due'))
    .where('q.grouped', '=', 1)
    .where('q.group_key', 'is not', null)
    .where((eb) => due(eb as unknown as Eb, now))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('receiver_group_locks as l')
            .select('l.group_key')
            .whereRef('l.group_key', '=', 'q.group_key')
            .where('l.lease_until', '>=', now),
        ),
      ),
    )
    .groupBy('q.group_key')
    .orderBy('first_due')
    .limit(limit)
    .execute();
  return rows.map((r) => r.group_key!);
}

/** Which due events a claim takes. */
type Which = 'ungrouped' | 'loners' | { group: string };

/**
 * Leases up to `limit` due events of one kind, oldest first:
 * - `ungrouped`: events whose group is not known yet, so `nameGroup` runs once per event (no
 *   attempt counted: naming the group is not handling);
 * - `loners`: events that belong to no group (each is handled alone);
 * - `{ group }`: the events of a group whose lock the caller holds — all of them, up to `limit`
 *   (a backlog after an outage is then handled in bounded batches), handled together.
 * Events waiting for a backoff stay out. On PostgreSQL `FOR UPDATE SKIP LOCKED` lets several
 * processes claim ungrouped events and loners at once without waiting on each other's rows (as
 * server/store/work-items.ts does); SQLite has one writer, so it is exclusive anyway. A group's events
 * need no such care: its lock already keeps other processes out.
 */
async function claim(
  db: ReceiverDb,
  dialect: Dialect,
  which: Which,
  lease: Lease & { limit: number },
): Promise<InboxEvent[]> {
  let candidates = db
    .selectFrom('receiver_queue')
    .select('event_id')
    .where('grouped', '=', which === 'ungrouped' ? 0 : 1)
    .where((eb) => due(eb, lease.now));
  if (which === 'loners') candidates = candidates.where('group_key', 'is', null);
  else if (which !== 'ungrouped') candidates = candidates.where('group_key', '=', which.group);
  // A group's events go in arrival order; across groups, the longest-waiting first.
  candidates =
    typeof which === 'object'
      ? candidates.orderBy('event_id')
      : candidates.orderBy('next_attempt_at').orderBy('event_id');
  candidates = candidates.limit(lease.limit);
  if (dialect === 'postgres' && typeof which !== 'object') candidates = candidates.forUpdate().skipLocked();
  return leaseRows(db, candidates, lease, which !== 'ungrouped');
}

/** Leases due events whose group is not known yet (see claim). */
export const claimUngrouped = (db: ReceiverDb, dialect: Dialect, lease: Lease & { limit: number }) =>
  claim(db, dialect, 'ungrouped', lease);

/** Claims the due events of a group whose lock the caller holds, counting an attempt each (see claim). */
export const claimGroup = (
  db: ReceiverDb,
  dialect: Dialect,
  groupKey: string,
  lease: Lease & { limit: number },
) => claim(db, dialect, { group: groupKey }, lease);

/** Claims due events that belong to no group, counting an attempt each (see claim). */
export const claimLoners = (db: ReceiverDb, dialect: Dialect, lease: Lease & { limit: number }) =>
  claim(db, dialect, 'loners', lease);
