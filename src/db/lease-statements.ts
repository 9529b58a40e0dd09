import type { Kysely } from 'kysely';

/**
 * Where a durable lease queue keeps its leases: its table and the names of its columns. The
 * platform's work items and the receiver's events keep them in different tables under different
 * names; the statements that guard a lease are the same.
 */
export interface LeaseColumns {
  table: string;
  /** The work's id column. */
  id: string;
  /** Who holds the lease. */
  owner: string;
  /** Until when (epoch ms). */
  until: string;
  /** The status column, and the status of work being handled. */
  status: string;
  handling: string;
}

// Table and column names come from the queue's LeaseColumns, so the schema type is opened up here.
type AnyTables = Kysely<Record<string, Record<string, unknown>>>;

/**
 * Extends the leases `owner` still holds on `ids` (work being handled) to `until`; returns how many
 * it holds. A worker that lost a lease (it hung and another took the work over) changes nothing.
 */
export async function extendLeases<DB>(
  db: Kysely<DB>,
  columns: LeaseColumns,
  ids: readonly number[],
  owner: string,
  until: number,
): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await (db as unknown as AnyTables)
    .updateTable(columns.table)
    .set({ [columns.until]: until })
    .where(columns.id, 'in', ids)
    .where(columns.owner, '=', owner)
    .where(columns.status, '=', columns.handling)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
