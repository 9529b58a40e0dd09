import type { Kysely } from 'kysely';

/** Webhook messages are pruned by age (pruneWebhookMessages in server/store/webhooks.ts): an index keeps that a range scan. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('webhook_messages_created')
    .on('webhook_messages')
    .column('created_at')
    .execute();
}
