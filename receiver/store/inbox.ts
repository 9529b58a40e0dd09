import type { EventPayload } from '../../src/api/schemas/webhooks.ts';
import type { ReceiverDb } from './schema.ts';

/** A verified delivery about to be stored. */
export interface NewEvent {
  webhookId: string;
  type: string;
  /** The raw JSON body. */
  payload: string;
  receivedAt: number;
  /** The platform request behind the event (`svc-request-id`). */
  requestId?: string | undefined;
  /** `ignored` bodies are kept for inspection but never handled. */
  status: 'pending' | 'ignored';
  /** Why an ignored body was ignored. */
  note?: string;
}

export type StoreResult = { duplicate: false; id: number } | { duplicate: true };

/**
 * Stores a batch of deliveries in the inbox and enqueues each one, in ONE transaction: after it
 * commits every stored event is durable and due. Deliveries whose `webhook-id` is already in the
 * inbox (a retry of one we have), or repeated within the batch, store nothing and come back as
 * duplicates. Results are in the order of `events`.
 */
export async function storeEvents(db: ReceiverDb, events: readonly NewEvent[]): Promise<StoreResult[]> {
  if (events.length === 0) return [];
  const first = new Map<string, NewEvent>();
  for (const e of events) if (!first.has(e.webhookId)) first.set(e.webhookId, e);
  const unique = [...first.values()];
  const ids = new Map<string, number>();
  await db.transaction().execute(async (tx) => {
    const inserted = await tx
      .insertInto('receiver_inbox')
      .values(
        unique.map((e) => ({
          webhook_id: e.webhookId,
          type: e.type,
          payload: e.payload,
          received_at: e.receivedAt,
          request_id: e.requestId ?? null,
        })),
      )
      .onConflict((oc) => oc.column('webhook_id').doNothing())
      .returning(['id', 'webhook_id'])
      .execute();
    if (inserted.length === 0) return;
    for (const row of inserted) ids.set(row.webhook_id, row.id);
    await tx
      .insertInto('receiver_queue')
      .values(
        inserted.map((row) => {
          const e = first.get(row.webhook_id)!;
          return {
            event_id: row.id,
            status: e.status,
            attempts: 0,
            next_attempt_at: e.receivedAt,
            lease_owner: null,
            lease_until: null,
            last_error: e.note ?? null,
            grouped: 0,
            group_key: null,
            updated_at: e.receivedAt,
          };
        }),
      )
      .execute();
  });
  // Only the first of repeated ids within the batch was inserted; the rest are duplicates.
  const claimed = new Set<string>();
  return events.map((e) => {
    const id = ids.get(e.webhookId);
    if (id === undefined || claimed.has(e.webhookId)) return { duplicate: true };
    claimed.add(e.webhookId);
    return { duplicate: false, id };
  });
}

type InstantPayload = EventPayload<'INSTANT_TRANSLATE_COMPLETED'>;

/**
 * The translation ids named by instant-translation events received since `since` (epoch ms):
 * reconcile leaves those to the events that brought them.
 */
export async function instantTranslationsMentioned(db: ReceiverDb, since: number): Promise<Set<number>> {
  const rows = await db
    .selectFrom('receiver_inbox')
    .select('payload')
    .where('type', 'in', ['INSTANT_TRANSLATE_COMPLETED', 'INSTANT_TRANSLATE_FAILED'])
    .where('received_at', '>=', since)
    .execute();
  const known = new Set<number>();
  for (const row of rows) {
    try {
      const id = (JSON.parse(row.payload) as Partial<InstantPayload>).translationId;
      if (typeof id === 'number') known.add(id);
    } catch {
      // Stored bodies were valid JSON; an unreadable one mentions nothing.
    }
  }
  return known;
}
