import { type Kysely, sql } from 'kysely';

/**
 * A revision number on each document segment, raised by every write of its target or status
 * (server/store/jobs/segments.ts): an editor's save and an uploaded XLIFF carry the revision they
 * started from, and a segment changed since is a conflict instead of being overwritten.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('document_segments')
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(sql`0`))
    .execute();
}
