import type { Kysely } from 'kysely';

/** The request id that created a work item or webhook message (server/http/request-context.ts). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('work_items').addColumn('request_id', 'text').execute();
  await db.schema.alterTable('webhook_messages').addColumn('request_id', 'text').execute();
}
