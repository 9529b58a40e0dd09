import { randomBytes } from 'node:crypto';
import { apiKeyService } from './auth/api-key-service.ts';
import {
  createOrganization,
  ensureUser,
  findOrganizationId,
  findUserId,
  grant,
  isEmpty,
} from './store/accounts.ts';
import type { Db } from './store/db.ts';

export const BOOTSTRAP = { organization: 'default', email: 'admin@localhost', keyName: 'bootstrap' } as const;

/**
 * On an empty database: organization `default`, user `admin@localhost` (admin) and one API key,
 * returned so the caller can show it once (DESIGN §4). Returns undefined when data exists; when
 * two processes start on one empty database, the unique organization name lets only one win.
 */
export async function bootstrapIfEmpty(
  db: Db,
  now: () => number,
  random: (size: number) => Buffer = randomBytes,
): Promise<{ key: string } | undefined> {
  if (!(await isEmpty(db))) return undefined;
  try {
    return await db.transaction().execute(async (tx) => {
      const t = now();
      const organizationId = await createOrganization(tx, BOOTSTRAP.organization, t);
      const userId = await ensureUser(tx, BOOTSTRAP.email, t);
      await grant(tx, { organizationId, userId, role: 'admin' }, t);
      const { key } = await apiKeyService({ db: tx, now, random }).issueFor(
        organizationId,
        userId,
        BOOTSTRAP.keyName,
        null,
      );
      return { key };
    });
  } catch (err) {
    if (!(await isEmpty(db))) return undefined;
    throw err;
  }
}

/**
 * A new key for the bootstrap user in the bootstrap organization of a database bootstrapped
 * before (its first key is stored only as a hash). Undefined when the database is empty — then
 * bootstrapIfEmpty creates everything — and an error naming what is gone when either was removed.
 */
export async function reissueBootstrapKey(
  db: Db,
  now: () => number,
  random: (size: number) => Buffer = randomBytes,
): Promise<{ key: string } | undefined> {
  if (await isEmpty(db)) return bootstrapIfEmpty(db, now, random);
  const organizationId = await findOrganizationId(db, BOOTSTRAP.organization);
  const userId = await findUserId(db, BOOTSTRAP.email);
  if (organizationId === undefined || userId === undefined)
    throw new Error(
      `cannot issue a new key: organization "${BOOTSTRAP.organization}" or user ${BOOTSTRAP.email} no longer exists`,
    );
  const { key } = await apiKeyService({ db, now, random }).issueFor(
    organizationId,
    userId,
    BOOTSTRAP.keyName,
    null,
  );
  return { key };
}
