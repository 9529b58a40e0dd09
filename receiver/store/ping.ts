import { sql } from 'kysely';
import type { ReceiverDb } from './schema.ts';

/** Resolves when the database answers a trivial query (GET /readyz). */
export async function pingDatabase(db: ReceiverDb): Promise<void> {
  await sql`SELECT 1`.execute(db);
}
