import type { Kysely } from 'kysely';
import type { Dialect } from '../../../src/db/connect.ts';
import { idColumn } from './columns.ts';

/** Webhook configurations, the outbox of event messages, deliveries and their attempt log. */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('webhook_configurations')
    .addColumn('id', 'integer', idColumn(dialect))
    .addColumn('organization_id', 'integer', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('event_types', 'text', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('previous_secret', 'text')
    .addColumn('previous_secret_until', 'bigint')
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('disabled_reason', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('deleted_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('webhook_configurations_org')
    .on('webhook_configurations')
    .columns(['organization_id', 'id'])
    .execute();

  await db.schema
    .createTable('webhook_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'integer', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'integer', idColumn(dialect))
    .addColumn('message_id', 'text', (c) => c.notNull().references('webhook_messages.id').onDelete('cascade'))
    .addColumn('configuration_id', 'integer', (c) =>
      c.notNull().references('webhook_configurations.id').onDelete('cascade'),
    )
    .addColumn('organization_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('first_failed_at', 'bigint')
    .addColumn('next_attempt_at', 'bigint')
    .addColumn('last_attempt_at', 'bigint')
    .addColumn('last_status_code', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('delivered_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_configuration')
    .on('webhook_deliveries')
    .columns(['configuration_id', 'id'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_message')
    .on('webhook_deliveries')
    .column('message_id')
    .execute();

  await db.schema
    .createTable('webhook_attempts')
    .addColumn('id', 'integer', idColumn(dialect))
    .addColumn('delivery_id', 'integer', (c) =>
      c.notNull().references('webhook_deliveries.id').onDelete('cascade'),
    )
    .addColumn('attempted_at', 'bigint', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('response_excerpt', 'text')
    .addColumn('error', 'text')
    .execute();
  await db.schema
    .createIndex('webhook_attempts_delivery')
    .on('webhook_attempts')
    .columns(['delivery_id', 'id'])
    .execute();
}
