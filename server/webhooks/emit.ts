import { randomBytes } from 'node:crypto';
import { type EventPayload, EventPayloads, EventType } from '../../src/api/schemas/webhooks.ts';
import { currentRequestId } from '../../src/tracing/request-context.ts';
import type { Db } from '../store/db.ts';
import { enabledConfigurations, insertMessage } from '../store/webhooks.ts';
import { eventTypesOf } from './present.ts';

/** The work kind that sends one delivery attempt. */
export const DELIVERY_WORK = 'webhook-delivery';

/** Payload of a 'webhook-delivery' work item: which delivery, and which attempt it is meant to make. */
export interface DeliveryWork {
  deliveryId: number;
  /** 1 for the first attempt; a work item whose attempt was already made does nothing. */
  attempt: number;
  /** A redelivery asked for by a person: one attempt, no retry schedule of its own. */
  manual?: boolean;
}

export interface EmittedEvent<T extends EventType = EventType> {
  organizationId: number;
  type: T;
  payload: EventPayload<T>;
}

/** A message id: `msg_` and 24 URL-safe random characters (Standard Webhooks' webhook-id). */
export function newMessageId(random: (size: number) => Buffer = randomBytes): string {
  return `msg_${random(18).toString('base64url')}`;
}

/**
 * Records an event in the durable outbox. Call it with the transaction that makes the state
 * change, so the event exists exactly when the change does: it inserts the message, one pending
 * delivery per enabled configuration of the organization subscribed to the type, and a
 * 'webhook-delivery' work item per delivery. Without subscribers nothing is stored.
 *
 * A payload that does not match its type's schema is a programming error: TypeError.
 */
export async function emitEvent<T extends EventType>(
  db: Db,
  now: number,
  event: EmittedEvent<T>,
  options: { random?: (size: number) => Buffer } = {},
): Promise<{ messageId: string | null; deliveryIds: number[] }> {
  const type = EventType.safeParse(event.type);
  if (!type.success) throw new TypeError(`[webhooks] unknown event type ${JSON.stringify(event.type)}`);
  const parsed = EventPayloads[type.data].safeParse(event.payload);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || 'payload'}: ${i.message}`);
    throw new TypeError(`[webhooks] ${type.data} payload is invalid: ${issues.join('; ')}`);
  }
  // An event names its organization twice; a mismatch would send one tenant's data to another.
  const named = (parsed.data as { OrganizationId?: number }).OrganizationId;
  if (named !== undefined && named !== event.organizationId) {
    throw new TypeError(
      `[webhooks] ${type.data} payload names organization ${named}, but the event is for ${event.organizationId}`,
    );
  }

  const configurations = (await enabledConfigurations(db, event.organizationId)).filter((c) =>
    eventTypesOf(c).includes(type.data),
  );
  if (configurations.length === 0) return { messageId: null, deliveryIds: [] };

  const messageId = newMessageId(options.random);
  const message = {
    id: messageId,
    organization_id: event.organizationId,
    event_type: type.data,
    body: JSON.stringify({ ...parsed.data, eventType: type.data }),
    request_id: currentRequestId() ?? null,
    created_at: now,
  };
  const ids = configurations.map((c) => c.id);
  return { messageId, deliveryIds: await insertMessage(db, message, ids, DELIVERY_WORK) };
}
