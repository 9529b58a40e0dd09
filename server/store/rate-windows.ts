import { sql } from 'kysely';
import type { Db } from './db.ts';

export interface WindowKey {
  organizationId: number;
  bucket: string;
  windowStart: number;
}

/**
 * Adds `amount` to a fixed window's counter only if the total stays within `limit`, in one
 * statement, so several server processes sharing the database never overshoot together.
 * Returns the new total, or undefined when the amount does not fit.
 */
export async function claim(
  db: Db,
  key: WindowKey,
  amount: number,
  limit: number,
): Promise<number | undefined> {
  if (amount > limit) return undefined;
  const row = await db
    .insertInto('rate_windows')
    .values({
      organization_id: key.organizationId,
      bucket: key.bucket,
      window_start: key.windowStart,
      used: amount,
    })
    .onConflict((oc) =>
      oc
        .columns(['organization_id', 'bucket', 'window_start'])
        .doUpdateSet({ used: sql<number>`rate_windows.used + ${amount}` })
        .where(sql<number>`rate_windows.used + ${amount}`, '<=', limit),
    )
    .returning('used')
    .executeTakeFirst();
  return row?.used;
}

/** What a window has used so far (0 for a window nobody touched). */
export async function used(db: Db, key: WindowKey): Promise<number> {
  const row = await db
    .selectFrom('rate_windows')
    .select('used')
    .where('organization_id', '=', key.organizationId)
    .where('bucket', '=', key.bucket)
    .where('window_start', '=', key.windowStart)
    .executeTakeFirst();
  return row?.used ?? 0;
}

/** Drops windows that ended before `before`. */
export async function pruneWindows(db: Db, before: number): Promise<void> {
  await db.deleteFrom('rate_windows').where('window_start', '<', before).execute();
}
