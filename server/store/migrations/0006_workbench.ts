import type { Kysely } from 'kysely';

/** Workbench sign-in sessions: only a hash of the cookie's token is stored. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('workbench_sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'integer', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('api_key_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('csrf_token', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('workbench_sessions_expiry')
    .on('workbench_sessions')
    .column('expires_at')
    .execute();
}
