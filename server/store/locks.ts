import { sql } from 'kysely';
import type { Db } from './db.ts';

/**
 * Locks a job's row until the transaction ends, so decisions about the job as a whole ("was that
 * the last document?", "are all projects done?") are made one at a time. A no-op UPDATE takes the
 * row lock on PostgreSQL and the write lock on SQLite, with one statement for both.
 */
export async function lockJob(tx: Db, jobId: number): Promise<void> {
  await tx.updateTable('jobs').set({ updated_at: sql<number>`updated_at` }).where('id', '=', jobId).execute();
}
