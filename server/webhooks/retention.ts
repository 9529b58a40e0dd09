import type { Db } from '../store/db.ts';

/** How long a webhook message and its delivery log are kept by default (SVC_WEBHOOK_RETENTION_DAYS). */
export const DEFAULT_RETENTION_DAYS = 30;

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
