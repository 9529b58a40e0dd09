import type { ReceiverDb } from './schema.ts';

/**
 * Takes the lock of a group for `owner` until `now + leaseMs`, if nobody holds it or the holder's
 * lease ran out (it crashed). One statement (an upsert whose update only applies to an expired
 * lock), so two processes racing for a group on SQLite or PostgreSQL cannot both win.
 */
export async function acquireGroup(
  db: ReceiverDb,
  groupKey: string,
  owner: string,
  now: number,
  leaseMs: number,
): Promise<boolean> {
  const row = await db
    .insertInto('receiver_group_locks')
    .values({ group_key: groupKey, owner, lease_until: now + leaseMs })
    .onConflict((oc) =>
      oc
        .column('group_key')
        .doUpdateSet({ owner, lease_until: now + leaseMs })
        .where('receiver_group_locks.lease_until', '<', now),
    )
    .returning('group_key')
    .executeTakeFirst();
  return row !== undefined;
}

/** Extends a held lock; false when the owner lost it (its lease ran out and another took it). */
export async function renewGroup(db: ReceiverDb, groupKey: string, owner: string, until: number) {
  const result = await db
    .updateTable('receiver_group_locks')
    .set({ lease_until: until })
    .where('group_key', '=', groupKey)
    .where('owner', '=', owner)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives a group back so its next events can be handled by anyone at once. */
export async function releaseGroup(db: ReceiverDb, groupKey: string, owner: string): Promise<void> {
  await db
    .deleteFrom('receiver_group_locks')
    .where('group_key', '=', groupKey)
    .where('owner', '=', owner)
    .execute();
}
