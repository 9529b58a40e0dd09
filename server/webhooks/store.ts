import type { Selectable } from 'kysely';
import type {
  EventType,
  WebhookAttempt,
  WebhookConfiguration,
  WebhookDelivery,
} from '../../src/api/schemas/webhooks.ts';
import type { Db } from '../store/db.ts';
import type { WebhookAttemptsTable, WebhookConfigurationsTable } from '../store/schema.ts';

export type ConfigurationRow = Selectable<WebhookConfigurationsTable>;

const iso = (ms: number) => new Date(ms).toISOString();
const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));

/** The event types a configuration subscribes to (stored as a JSON array). */
export function eventTypesOf(row: Pick<ConfigurationRow, 'event_types'>): EventType[] {
  return JSON.parse(row.event_types) as EventType[];
}

/** A configuration of the organization that is not deleted. */
export async function getConfiguration(
  db: Db,
  organizationId: number,
  id: number,
): Promise<ConfigurationRow | undefined> {
  return db
    .selectFrom('webhook_configurations')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function listConfigurations(db: Db, organizationId: number): Promise<ConfigurationRow[]> {
  return db
    .selectFrom('webhook_configurations')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
}

export function presentConfiguration(row: ConfigurationRow): WebhookConfiguration {
  return {
    id: row.id,
    webhookName: row.name,
    webhookUrl: row.url,
    eventType: eventTypesOf(row),
    enabled: row.enabled === 1,
    disabledReason: row.disabled_reason,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** Columns of a delivery as listed: the delivery and its message's id and event type. */
function deliveryQuery(db: Db, organizationId: number, configurationId: number) {
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_messages as m', 'm.id', 'd.message_id')
    .selectAll('d')
    .select(['m.event_type', 'm.body'])
    .where('d.organization_id', '=', organizationId)
    .where('d.configuration_id', '=', configurationId);
}

export type DeliveryRow = Awaited<ReturnType<ReturnType<typeof deliveryQuery>['executeTakeFirstOrThrow']>>;

export async function listDeliveries(
  db: Db,
  organizationId: number,
  configurationId: number,
  page: { limit: number; offset: number },
): Promise<DeliveryRow[]> {
  return deliveryQuery(db, organizationId, configurationId)
    .orderBy('d.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function getDelivery(
  db: Db,
  organizationId: number,
  configurationId: number,
  deliveryId: number,
): Promise<DeliveryRow | undefined> {
  return deliveryQuery(db, organizationId, configurationId).where('d.id', '=', deliveryId).executeTakeFirst();
}

export function presentDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    webhookId: row.message_id,
    eventType: row.event_type as EventType,
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.last_status_code,
    lastError: row.last_error,
    createdAt: iso(row.created_at),
    lastAttemptAt: isoOrNull(row.last_attempt_at),
    nextAttemptAt: isoOrNull(row.next_attempt_at),
    deliveredAt: isoOrNull(row.delivered_at),
  };
}

export async function attemptsOf(db: Db, deliveryId: number): Promise<WebhookAttempt[]> {
  const rows: Selectable<WebhookAttemptsTable>[] = await db
    .selectFrom('webhook_attempts')
    .selectAll()
    .where('delivery_id', '=', deliveryId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    attemptedAt: iso(r.attempted_at),
    statusCode: r.status_code,
    durationMs: r.duration_ms,
    responseExcerpt: r.response_excerpt,
    error: r.error,
  }));
}

/**
 * Stops a configuration: no new deliveries, and its pending ones end as `disabled` (their queued
 * work items find them no longer pending and do nothing).
 */
export async function stopConfiguration(
  db: Db,
  configurationId: number,
  change: { reason: string; now: number; deleted?: boolean },
): Promise<void> {
  await db
    .updateTable('webhook_configurations')
    .set({
      enabled: 0,
      disabled_reason: change.reason,
      updated_at: change.now,
      ...(change.deleted ? { deleted_at: change.now } : {}),
    })
    .where('id', '=', configurationId)
    .execute();
  await db
    .updateTable('webhook_deliveries')
    .set({ status: 'disabled', next_attempt_at: null, last_error: change.reason, updated_at: change.now })
    .where('configuration_id', '=', configurationId)
    .where('status', '=', 'pending')
    .execute();
}
