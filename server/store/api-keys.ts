import type { Selectable } from 'kysely';
import type { Db } from './db.ts';
import type { ApiKeysTable } from './schema.ts';

export type ApiKeyRow = Selectable<ApiKeysTable>;

export async function insertApiKey(db: Db, row: ApiKeyRow): Promise<void> {
  await db.insertInto('api_keys').values(row).execute();
}

/** Candidate rows for a presented key; the caller compares hashes in constant time. */
export async function findKeysByPrefix(db: Db, prefix: string): Promise<ApiKeyRow[]> {
  return db.selectFrom('api_keys').selectAll().where('prefix', '=', prefix).execute();
}

/** A key of one organization; another organization's key is never returned. */
export async function getApiKey(db: Db, organizationId: number, id: string): Promise<ApiKeyRow | undefined> {
  return db
    .selectFrom('api_keys')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function listApiKeys(db: Db, organizationId: number, userId: number): Promise<ApiKeyRow[]> {
  return db
    .selectFrom('api_keys')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Marks a key revoked; a key revoked earlier keeps its first revocation time. */
export async function revokeApiKey(db: Db, id: string, at: number): Promise<void> {
  await db
    .updateTable('api_keys')
    .set({ revoked_at: at })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function touchApiKey(db: Db, id: string, at: number): Promise<void> {
  await db.updateTable('api_keys').set({ last_used_at: at }).where('id', '=', id).execute();
}
