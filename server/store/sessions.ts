/** Workbench sessions: only a hash of each cookie's token is stored. */
import type { Insertable } from 'kysely';
import type { Db } from './db.ts';
import type { WorkbenchSessionsTable } from './schema.ts';

export async function insertSession(db: Db, row: Insertable<WorkbenchSessionsTable>): Promise<void> {
  await db.insertInto('workbench_sessions').values(row).execute();
}

/** The session of a token hash with what decides whether it is alive: its API key and user. */
export async function findSession(db: Db, tokenHash: string) {
  return db
    .selectFrom('workbench_sessions as s')
    .innerJoin('api_keys as k', 'k.id', 's.api_key_id')
    .leftJoin('users as u', 'u.id', 's.user_id')
    .selectAll('s')
    .select(['k.revoked_at', 'k.expires_at as key_expires_at', 'k.organization_id as key_organization_id'])
    .select('u.email')
    .where('s.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Records a request of the session and its new expiry. */
export async function touchSession(db: Db, tokenHash: string, at: number, expiresAt: number): Promise<void> {
  await db
    .updateTable('workbench_sessions')
    .set({ last_seen_at: at, expires_at: expiresAt })
    .where('token_hash', '=', tokenHash)
    .execute();
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.deleteFrom('workbench_sessions').where('token_hash', '=', tokenHash).execute();
}

/** Drops sessions that ran out by `at`. */
export async function deleteExpiredSessions(db: Db, at: number): Promise<void> {
  await db.deleteFrom('workbench_sessions').where('expires_at', '<=', at).execute();
}
