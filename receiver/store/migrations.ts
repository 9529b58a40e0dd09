import type { Kysely } from 'kysely';
import type { Dialect } from '../../src/db/connect.ts';
import { migrateToLatest, type VersionedMigration } from '../../src/db/migrate.ts';
import type { ReceiverDb } from './schema.ts';

/** The receiver keeps its own migration table, so it may share a database with the platform. */
export const RECEIVER_MIGRATION_TABLE = 'receiver_migrations';

const inboxAndQueue: VersionedMigration = {
  async up(db: Kysely<unknown>, dialect: Dialect) {
    await db.schema
      .createTable('receiver_inbox')
      .addColumn('id', 'integer', (c) =>
        dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey().generatedByDefaultAsIdentity(),
      )
      .addColumn('webhook_id', 'text', (c) => c.notNull().unique())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('received_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('receiver_queue')
      .addColumn('event_id', 'integer', (c) =>
        c.primaryKey().references('receiver_inbox.id').onDelete('cascade'),
      )
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
      .addColumn('lease_owner', 'text')
      .addColumn('lease_until', 'bigint')
      .addColumn('last_error', 'text')
      .addColumn('grouped', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('group_key', 'text')
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    // Claims look for due rows by status and time, and for a group's due rows.
    await db.schema
      .createIndex('receiver_queue_due')
      .on('receiver_queue')
      .columns(['status', 'next_attempt_at'])
      .execute();
    await db.schema
      .createIndex('receiver_queue_group')
      .on('receiver_queue')
      .columns(['group_key', 'status'])
      .execute();
    await db.schema
      .createTable('receiver_group_locks')
      .addColumn('group_key', 'text', (c) => c.primaryKey())
      .addColumn('owner', 'text', (c) => c.notNull())
      .addColumn('lease_until', 'bigint', (c) => c.notNull())
      .execute();
  },
};

const requestIds: VersionedMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('receiver_inbox').addColumn('request_id', 'text').execute();
  },
};

const writtenPaths: VersionedMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('receiver_written_paths')
      .addColumn('repository', 'text', (c) => c.notNull())
      .addColumn('base', 'text', (c) => c.notNull())
      .addColumn('path', 'text', (c) => c.notNull())
      .addColumn('source_file_id', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('receiver_written_paths_pk', ['repository', 'base', 'path'])
      .execute();
  },
};

/** Every receiver migration, by name; names sort in the order they apply. */
export const receiverMigrations: Record<string, VersionedMigration> = {
  '0001_inbox_and_queue': inboxAndQueue,
  '0002_request_ids': requestIds,
  '0003_written_paths': writtenPaths,
};

/** Brings the receiver's tables up to date. */
export function migrateReceiver(db: ReceiverDb, dialect: Dialect): Promise<string[]> {
  return migrateToLatest(db as Kysely<unknown>, dialect, receiverMigrations, RECEIVER_MIGRATION_TABLE);
}
