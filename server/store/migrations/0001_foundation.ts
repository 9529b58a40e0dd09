import type { Kysely } from 'kysely';
import type { Dialect } from '../../../src/db/connect.ts';
import { idColumn } from './columns.ts';

/** Organizations, users, grants, API keys and rate-limit windows. */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('organizations')
    .addColumn('id', 'integer', idColumn(dialect))
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', idColumn(dialect))
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('grants')
    .addColumn('organization_id', 'integer', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('grants_pk', ['organization_id', 'user_id'])
    .execute();
  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'integer', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint')
    .addColumn('last_used_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('api_keys_prefix').on('api_keys').column('prefix').execute();
  await db.schema
    .createIndex('api_keys_owner')
    .on('api_keys')
    .columns(['organization_id', 'user_id'])
    .execute();
  await db.schema
    .createTable('rate_windows')
    .addColumn('organization_id', 'integer', (c) => c.notNull())
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('used', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_windows_pk', ['organization_id', 'bucket', 'window_start'])
    .execute();
}
