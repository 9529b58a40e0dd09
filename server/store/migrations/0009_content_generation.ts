import type { Kysely } from 'kysely';

/**
 * Which generation of a content record is current: a regeneration bumps it, and only the current
 * one may record its outcome, so an earlier stream that ends later cannot overwrite a newer result.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('contents')
    .addColumn('generation', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
