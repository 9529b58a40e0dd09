import type { Selectable, SelectQueryBuilder } from 'kysely';
import type { Db } from './db.ts';
import type { PlatformSchema } from './schema.ts';

/** The tables whose rows belong to one organization. */
export type OwnedTable = {
  [T in keyof PlatformSchema]: PlatformSchema[T] extends { organization_id: number } ? T : never;
}[keyof PlatformSchema];

/**
 * Every row of `table` that belongs to the organization, for the caller to narrow: the one
 * filter through which another organization's rows are never found.
 */
export function ownedRows<T extends OwnedTable>(
  db: Db,
  table: T,
  organizationId: number,
): SelectQueryBuilder<PlatformSchema, T, Selectable<PlatformSchema[T]>> {
  // Kysely cannot follow a column through a table named by a type parameter; every OwnedTable
  // has organization_id, so one concrete table stands for them all here.
  const rows = db
    .selectFrom(table as 'api_keys')
    .selectAll()
    .where('organization_id', '=', organizationId);
  return rows as unknown as SelectQueryBuilder<PlatformSchema, T, Selectable<PlatformSchema[T]>>;
}
