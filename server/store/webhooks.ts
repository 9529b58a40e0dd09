/**
 * Webhook configurations, the outbox (messages, their deliveries and the attempts made) and its
 * retention. Rows in, rows out; what a delivery means is decided in `server/webhooks/`.
 */
import { type Insertable, type Selectable, sql } from 'kysely';
import { type Db, isPostgres } from './db.ts';
import { ownedRows } from './owned.ts';
import type {
  WebhookAttemptsTable,
  WebhookConfigurationsTable,
  WebhookDeliveriesTable,
  WebhookMessagesTable,
} from './schema.ts';
import { enqueue, enqueueEach } from './work-items.ts';

export type ConfigurationRow = Selectable<WebhookConfigurationsTable>;
export type AttemptRow = Selectable<WebhookAttemptsTable>;
type ConfigurationChange = Partial<Omit<ConfigurationRow, 'id' | 'organization_id' | 'created_at'>>;
type DeliveryChange = Partial<Omit<Selectable<WebhookDeliveriesTable>, 'id'>>;

/** Work that follows from a recorded delivery (its next attempt), enqueued with the change. */
export interface FollowingWork {
  kind: string;
  payload: unknown;
  organizationId: number;
  runAt: number;
  now: number;
}

/** The organization's configurations that are not deleted. */
const liveConfigurations = (db: Db, organizationId: number) =>
  ownedRows(db, 'webhook_configurations', organizationId).where('deleted_at', 'is', null);

export async function getConfiguration(
  db: Db,
  organizationId: number,
  id: number,
): Promise<ConfigurationRow | undefined> {
  return liveConfigurations(db, organizationId).where('id', '=', id).executeTakeFirst();
}

export async function listConfigurations(db: Db, organizationId: number): Promise<ConfigurationRow[]> {
  return liveConfigurations(db, organizationId).orderBy('id').execute();
}

/** The enabled configurations of an organization, with the event types each subscribes to. */
export async function enabledConfigurations(db: Db, organizationId: number) {
  return liveConfigurations(db, organizationId)
    .clearSelect()
    .select(['id', 'event_types'])
    .where('enabled', '=', 1)
    .orderBy('id')
    .execute();
}

export async function insertConfiguration(
  db: Db,
  row: Omit<Insertable<WebhookConfigurationsTable>, 'id'>,
): Promise<number> {
  const { id } = await db
    .insertInto('webhook_configurations')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateConfiguration(db: Db, id: number, change: ConfigurationChange): Promise<void> {
  await db.updateTable('webhook_configurations').set(change).where('id', '=', id).execute();
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
  await updateConfiguration(db, configurationId, {
    enabled: 0,
    disabled_reason: change.reason,
    updated_at: change.now,
    ...(change.deleted ? { deleted_at: change.now } : {}),
  });
  await db
    .updateTable('webhook_deliveries')
    .set({ status: 'disabled', next_attempt_at: null, last_error: change.reason, updated_at: change.now })
    .where('configuration_id', '=', configurationId)
    .where('status', '=', 'pending')
    .execute();
}

/** Deliveries of a message, as listed: the delivery and its message's id, event type and body. */
function deliveries(db: Db) {
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_messages as m', 'm.id', 'd.message_id')
    .selectAll('d')
    .select(['m.event_type', 'm.body']);
}

function deliveriesOf(db: Db, organizationId: number, configurationId: number) {
  return deliveries(db)
    .where('d.organization_id', '=', organizationId)
    .where('d.configuration_id', '=', configurationId);
}

export type DeliveryRow = Awaited<ReturnType<ReturnType<typeof deliveriesOf>['executeTakeFirstOrThrow']>>;

export async function listDeliveries(
  db: Db,
  organizationId: number,
  configurationId: number,
  page: { limit: number; offset: number },
): Promise<DeliveryRow[]> {
  return deliveriesOf(db, organizationId, configurationId)
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
  return deliveriesOf(db, organizationId, configurationId).where('d.id', '=', deliveryId).executeTakeFirst();
}

/** A delivery with what an attempt needs: its message and its configuration's URL and secrets. */
export async function getDeliveryToSend(db: Db, deliveryId: number) {
  return deliveries(db)
    .innerJoin('webhook_configurations as c', 'c.id', 'd.configuration_id')
    .select(['m.request_id', 'c.url', 'c.secret', 'c.previous_secret', 'c.previous_secret_until'])
    .select(['c.enabled', 'c.deleted_at'])
    .where('d.id', '=', deliveryId)
    .executeTakeFirst();
}

export async function listAttempts(db: Db, deliveryId: number): Promise<AttemptRow[]> {
  return db
    .selectFrom('webhook_attempts')
    .selectAll()
    .where('delivery_id', '=', deliveryId)
    .orderBy('id')
    .execute();
}

/** Ends a delivery that is still pending as `disabled` (its configuration was stopped). */
export async function disablePendingDelivery(db: Db, id: number, now: number): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ status: 'disabled', next_attempt_at: null, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

/**
 * Makes a delivery pending again now and enqueues `work(row)` for it, in one transaction; false
 * when the organization's configuration has no such delivery.
 */
export async function requeueDelivery(
  db: Db,
  at: { organizationId: number; configurationId: number; deliveryId: number; now: number },
  work: (row: DeliveryRow) => { kind: string; payload: unknown },
): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const row = await getDelivery(tx, at.organizationId, at.configurationId, at.deliveryId);
    if (!row) return false;
    const { kind, payload } = work(row);
    await tx
      .updateTable('webhook_deliveries')
      .set({ status: 'pending', next_attempt_at: at.now, updated_at: at.now })
      .where('id', '=', at.deliveryId)
      .execute();
    await enqueue(tx, at.now, kind, payload, { organizationId: at.organizationId });
    return true;
  });
}

/**
 * Records an attempt and updates its delivery, unless another attempt was recorded meanwhile
 * (`expected` no longer matches): then nothing follows. Otherwise a `stop` stops the
 * configuration (410 Gone) and `next` is enqueued.
 */
export async function recordAttempt(
  db: Db,
  record: {
    attempt: Omit<Insertable<WebhookAttemptsTable>, 'id'>;
    update: DeliveryChange;
    expected: { id: number; attempts: number };
    stop?: { configurationId: number; reason: string; now: number };
    next?: FollowingWork;
  },
): Promise<void> {
  const current = { id: record.expected.id, status: 'pending' as const, attempts: record.expected.attempts };
  if (isPostgres(db) && !record.stop && !record.next) {
    // Nothing follows the attempt (the usual case): its record and the delivery's update in one statement.
    await db
      .with('a', (qb) => qb.insertInto('webhook_attempts').values(record.attempt))
      .updateTable('webhook_deliveries')
      .set(record.update)
      .where((eb) => eb.and(current))
      .execute();
    return;
  }
  await db.transaction().execute(async (tx) => {
    await tx.insertInto('webhook_attempts').values(record.attempt).execute();
    const updated = await tx
      .updateTable('webhook_deliveries')
      .set(record.update)
      .where((eb) => eb.and(current))
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return;
    if (record.stop) await stopConfiguration(tx, record.stop.configurationId, record.stop);
    const next = record.next;
    if (next) {
      await enqueue(tx, next.now, next.kind, next.payload, {
        organizationId: next.organizationId,
        runAt: next.runAt,
      });
    }
  });
}

/**
 * Inserts a message, one pending delivery per configuration and a `workKind` item per delivery
 * for its first attempt (payload `{deliveryId, attempt: 1}`); returns the delivery ids in the
 * order of `configurationIds`.
 */
export async function insertMessage(
  db: Db,
  message: Insertable<WebhookMessagesTable>,
  configurationIds: number[],
  workKind: string,
): Promise<number[]> {
  const now = message.created_at;
  const organizationId = message.organization_id;
  const delivery = (configurationId: number) => ({
    message_id: message.id,
    configuration_id: configurationId,
    organization_id: organizationId,
    status: 'pending' as const,
    attempts: 0,
    first_failed_at: null,
    next_attempt_at: now,
    last_attempt_at: null,
    last_status_code: null,
    last_error: null,
    delivered_at: null,
    created_at: now,
    updated_at: now,
  });
  if (isPostgres(db)) {
    // The message, its deliveries and their work items in one statement: one round trip.
    const rows = await db
      .with('m', (qb) => qb.insertInto('webhook_messages').values(message).returning('id'))
      .with('d', (qb) =>
        qb
          .insertInto('webhook_deliveries')
          .values(configurationIds.map(delivery))
          .returning(['id', 'configuration_id']),
      )
      .with('w', (qb) =>
        enqueueEach(
          qb,
          now,
          workKind,
          { organizationId },
          'd',
          sql`json_build_object('deliveryId', d.id, 'attempt', 1)::text`,
        ),
      )
      .selectFrom('d')
      .select(['id', 'configuration_id'])
      .orderBy('configuration_id')
      .execute();
    return rows.map((r) => r.id);
  }
  await db.insertInto('webhook_messages').values(message).execute();
  const ids: number[] = [];
  for (const configurationId of configurationIds) {
    const { id } = await db
      .insertInto('webhook_deliveries')
      .values(delivery(configurationId))
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(id);
    await enqueue(db, now, workKind, { deliveryId: id, attempt: 1 }, { organizationId });
  }
  return ids;
}

/**
 * Deletes webhook messages created before `before` whose deliveries are all finished (succeeded,
 * failed or disabled), with their deliveries and attempts (the foreign keys cascade). A message
 * with a delivery still pending stays, however old: its retries are not over. Returns how many
 * messages went.
 */
export async function pruneWebhookMessages(db: Db, before: number): Promise<number> {
  const result = await db
    .deleteFrom('webhook_messages')
    .where('created_at', '<', before)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('webhook_deliveries as d')
            .select('d.id')
            .whereRef('d.message_id', '=', 'webhook_messages.id')
            .where('d.status', '=', 'pending'),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** How many deliveries are in each status but `succeeded` (a status without any is absent). */
export async function countUnfinishedDeliveries(db: Db) {
  const rows = await db
    .selectFrom('webhook_deliveries')
    .select(['status', db.fn.countAll<number>().as('n')])
    .where('status', '!=', 'succeeded')
    .groupBy('status')
    .execute();
  return rows.map((r) => ({ status: r.status, n: Number(r.n) }));
}
