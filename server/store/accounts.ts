import type { Db } from './db.ts';
import type { Role } from './schema.ts';

export interface Grant {
  organizationId: number;
  userId: number;
  role: Role;
}

/** True when no organization exists yet: the server bootstraps one on first start. */
export async function isEmpty(db: Db): Promise<boolean> {
  const row = await db.selectFrom('organizations').select('id').limit(1).executeTakeFirst();
  return row === undefined;
}

export async function createOrganization(db: Db, name: string, now: number): Promise<number> {
  const row = await db
    .insertInto('organizations')
    .values({ name, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Finds a user by e-mail or creates it; users may hold grants in several organizations. */
export async function ensureUser(db: Db, email: string, now: number): Promise<number> {
  const found = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  if (found) return found.id;
  const row = await db
    .insertInto('users')
    .values({ email, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function grant(db: Db, g: Grant, now: number): Promise<void> {
  await db
    .insertInto('grants')
    .values({ organization_id: g.organizationId, user_id: g.userId, role: g.role, created_at: now })
    .onConflict((oc) => oc.columns(['organization_id', 'user_id']).doUpdateSet({ role: g.role }))
    .execute();
}

export async function findGrant(db: Db, organizationId: number, userId: number): Promise<Grant | undefined> {
  const row = await db
    .selectFrom('grants')
    .select(['organization_id', 'user_id', 'role'])
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row && { organizationId: row.organization_id, userId: row.user_id, role: row.role };
}

export async function findUserEmail(db: Db, userId: number): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
  return row?.email;
}

export async function findOrganizationId(db: Db, name: string): Promise<number | undefined> {
  const row = await db.selectFrom('organizations').select('id').where('name', '=', name).executeTakeFirst();
  return row?.id;
}

export async function findUserId(db: Db, email: string): Promise<number | undefined> {
  const row = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  return row?.id;
}
