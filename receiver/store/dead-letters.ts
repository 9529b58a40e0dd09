import type { ReceiverDb } from './schema.ts';

/** An event the worker gave up on. */
export interface DeadLetter {
  id: number;
  type: string;
  webhookId: string;
  attempts: number;
  lastError: string | null;
  receivedAt: number;
  /** When it died. */
  deadAt: number;
}

/** Dead events, the most recent first. */
export async function listDeadLetters(db: ReceiverDb, limit = 100): Promise<DeadLetter[]> {
  const rows = await db
    .selectFrom('receiver_queue as q')
    .innerJoin('receiver_inbox as i', 'i.id', 'q.event_id')
    .select(['i.id', 'i.type', 'i.webhook_id', 'i.received_at', 'q.attempts', 'q.last_error', 'q.updated_at'])
    .where('q.status', '=', 'dead')
    .orderBy('q.updated_at', 'desc')
    .orderBy('i.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    type: r.type,
    webhookId: r.webhook_id,
    attempts: r.attempts,
    lastError: r.last_error,
    receivedAt: r.received_at,
    deadAt: r.updated_at,
  }));
}

/**
 * Puts a dead event back in line, due now, with its attempts reset and its group to be named
 * again (the repository's configuration may have changed since). False when no dead event has
 * that id.
 */
export async function retryDeadLetter(db: ReceiverDb, id: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('receiver_queue')
    .set({
      status: 'pending',
      attempts: 0,
      next_attempt_at: now,
      grouped: 0,
      group_key: null,
      lease_owner: null,
      lease_until: null,
      updated_at: now,
    })
    .where('event_id', '=', id)
    .where('status', '=', 'dead')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
