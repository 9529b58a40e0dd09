import { type Kysely, sql } from 'kysely';

/**
 * Counts the postings of each memory's TM lists whose segments are gone (replaced, deleted, or
 * staged by an import that failed), so that the lists are rebuilt once those are a quarter of
 * them (`compactPostings` in server/store/memories/postings.ts). Stays 0 on SQLite.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('memories')
    .addColumn('tm_dead_postings', 'bigint', (c) => c.notNull().defaultTo(sql`0`))
    .execute();
}
