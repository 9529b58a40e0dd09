import { CompiledQuery, type Selectable } from 'kysely';
import type { Db } from './db.ts';
import { ownedRows } from './owned.ts';
import type { ApiKeysTable, Role } from './schema.ts';

export type ApiKeyRow = Selectable<ApiKeysTable>;

/** What authentication needs of a key: the row and its user's role in the key's organization. */
export type KeyWithRoleRow = Pick<
  ApiKeyRow,
  'id' | 'key_hash' | 'organization_id' | 'user_id' | 'expires_at' | 'revoked_at'
> & { role: Role | null };

export async function insertApiKey(db: Db, row: ApiKeyRow): Promise<void> {
  await db.insertInto('api_keys').values(row).execute();
}

/** Candidate rows for a presented key; the caller compares hashes in constant time. */
export async function findKeysByPrefix(db: Db, prefix: string): Promise<ApiKeyRow[]> {
  return db.selectFrom('api_keys').selectAll().where('prefix', '=', prefix).execute();
}

/** A key of one organization; another organization's key is never returned. */
export async function getApiKey(db: Db, organizationId: number, id: string): Promise<ApiKeyRow | undefined> {
  return ownedRows(db, 'api_keys', organizationId).where('id', '=', id).executeTakeFirst();
}

export async function listApiKeys(db: Db, organizationId: number, userId: number): Promise<ApiKeyRow[]> {
  return ownedRows(db, 'api_keys', organizationId)
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

/**
 * A lookup of the candidate keys for a prefix with their role, for authenticating every request.
 * Compiled once: building the query per request cost more than running it.
 */
export function keysWithRoleByPrefix(db: Db): (prefix: string) => Promise<KeyWithRoleRow[]> {
  const lookup = db
    .selectFrom('api_keys')
    .leftJoin('grants', (join) =>
      join
        .onRef('grants.organization_id', '=', 'api_keys.organization_id')
        .onRef('grants.user_id', '=', 'api_keys.user_id'),
    )
    .select([
      'api_keys.id',
      'api_keys.key_hash',
      'api_keys.organization_id',
      'api_keys.user_id',
      'api_keys.expires_at',
      'api_keys.revoked_at',
      'grants.role',
    ])
    .where('api_keys.prefix', '=', '')
    .compile();
  return async (prefix) =>
    (await db.executeQuery<KeyWithRoleRow>(CompiledQuery.raw(lookup.sql, [prefix]))).rows;
}
