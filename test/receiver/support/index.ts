import type { EventPhases, InboxEvent } from '../../../receiver/contracts.ts';
import { createMetrics } from '../../../receiver/metrics.ts';
import { type NewEvent, storeEvents } from '../../../receiver/store/inbox.ts';
import { openReceiverDatabase } from '../../../receiver/store/open.ts';
import type { ReceiverDatabase } from '../../../receiver/store/schema.ts';
import { queueDepth } from '../../../receiver/store/settle.ts';
import { signatureHeaders } from '../../../src/webhooks/standard-webhooks.ts';
import { createPostgresDatabase, createSqliteFile, testEngine } from '../../support/db.ts';

export const SECRET = `whsec_${Buffer.alloc(32, 3).toString('base64')}`;

/** A fresh receiver database on the engine this run tests (a SQLite file, shareable, or PostgreSQL). */
export async function receiverTestDatabase(): Promise<{
  url: string;
  database: ReceiverDatabase;
  /** Another connection to the same database (a second process, as far as locks go). */
  connect(): Promise<ReceiverDatabase>;
  drop(): Promise<void>;
}> {
  const target = testEngine === 'postgres' ? await createPostgresDatabase() : createSqliteFile();
  const url = target.url.replace(/platform\.db$/, 'receiver.db');
  const database = await openReceiverDatabase(url);
  const extra: ReceiverDatabase[] = [];
  return {
    url,
    database,
    async connect() {
      const other = await openReceiverDatabase(url);
      extra.push(other);
      return other;
    },
    async drop() {
      for (const d of extra) await d.close();
      await database.close();
      await target.drop();
    },
  };
}

/** A clock tests move by hand. */
export function fakeClock(start = 1_700_000_000_000) {
  let t = start;
  return {
    now: () => t,
    advance(ms: number) {
      t += ms;
    },
    set(ms: number) {
      t = ms;
    },
  };
}

/** Signed Standard Webhooks headers for a body, as the platform sends them. */
export function signed(body: string, options: { id?: string; at?: number; secret?: string } = {}) {
  return {
    'content-type': 'application/json',
    ...signatureHeaders({
      id: options.id ?? `msg_${Math.random().toString(36).slice(2)}`,
      timestamp: options.at ?? Date.now(),
      body,
      secrets: [options.secret ?? SECRET],
    }),
  };
}

export const jobDeliver = (id: number) =>
  JSON.stringify({
    eventType: 'JOB_DELIVER',
    OrganizationId: 1,
    id,
    name: `job ${id}`,
    due: null,
    isDelivered: true,
    deliveredAt: '2024-05-01T10:00:00.000Z',
  });

let seq = 0;
/** Stores pending events directly (as the front door would) and returns their ids. */
export async function enqueue(
  database: ReceiverDatabase,
  at: number,
  payloads: unknown[],
): Promise<number[]> {
  const events: NewEvent[] = payloads.map((p) => ({
    webhookId: `msg_test_${++seq}_${Math.random().toString(36).slice(2)}`,
    type: 'TEST',
    payload: JSON.stringify(p),
    receivedAt: at,
    status: 'pending',
  }));
  const results = await storeEvents(database.db, events);
  return results.map((r) => (r.duplicate ? -1 : r.id));
}

type HandleFn = EventPhases['handleBatch'];

/**
 * A phases that records every call. Events are grouped by their payload's `group` field
 * (null without one); `handleBatch` does what `onHandle` says (succeed by default).
 */
export function recordingPhases(onHandle: HandleFn = async () => {}) {
  const calls: InboxEvent[][] = [];
  const grouped: number[] = [];
  let nameGroup: EventPhases['nameGroup'] = async (event) => {
    grouped.push(event.id);
    return ((event.payload as { group?: string }).group ?? null) as string | null;
  };
  const phases: EventPhases = {
    nameGroup: (event, signal) => nameGroup(event, signal),
    async handleBatch(events, signal) {
      calls.push(events);
      return onHandle(events, signal);
    },
  };
  return {
    phases,
    calls,
    grouped,
    setGroupOf(fn: EventPhases['nameGroup']) {
      nameGroup = fn;
    },
  };
}

export function testMetrics(database: ReceiverDatabase) {
  return createMetrics(() => queueDepth(database.db));
}

/** Reads one event's queue row. */
export function queueRow(database: ReceiverDatabase, id: number) {
  return database.db
    .selectFrom('receiver_queue')
    .selectAll()
    .where('event_id', '=', id)
    .executeTakeFirstOrThrow();
}
