import type { Insertable } from 'kysely';
import type { Db } from '../db.ts';
import type { TermsTable } from '../schema.ts';

/** A memory's visible terms in insertion order, the first `limit`. */
export async function listTerms(
  db: Db,
  memoryId: number,
  limit?: number,
): Promise<{ source: string; target: string; notes: string | null }[]> {
  let query = db
    .selectFrom('terms')
    .select(['source', 'target', 'notes'])
    .where('memory_id', '=', memoryId)
    .where('visible', '=', 1)
    .orderBy('id');
  if (limit !== undefined) query = query.limit(limit);
  return query.execute();
}

/**
 * Terms for MT, the first 50,000, in whatever order the database gives them (the workbench's
 * suggestions read them so; kept apart from listTerms so its plan stays as it was).
 */
export async function termsForMt(db: Db, memoryId: number): Promise<{ source: string; target: string }[]> {
  return db
    .selectFrom('terms')
    .select(['source', 'target'])
    .where('memory_id', '=', memoryId)
    .where('visible', '=', 1)
    .limit(50_000)
    .execute();
}

export async function insertTerms(db: Db, rows: Insertable<TermsTable>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('terms').values(rows).execute();
}

/** Starts (or restarts) the memory's termbase export: one per memory, its CSV cleared. */
export async function startTermbaseExport(db: Db, memoryId: number, now: number): Promise<void> {
  await db
    .insertInto('termbase_exports')
    .values({ memory_id: memoryId, csv: null, status: 'running', created_at: now })
    .onConflict((oc) => oc.column('memory_id').doUpdateSet({ csv: null, status: 'running', created_at: now }))
    .execute();
}

export async function getTermbaseExport(
  db: Db,
  memoryId: number,
): Promise<{ status: string; csv: string | null } | undefined> {
  return db
    .selectFrom('termbase_exports')
    .select(['status', 'csv'])
    .where('memory_id', '=', memoryId)
    .executeTakeFirst();
}

/** Stores a running export's CSV; false when no export of the memory is running any more. */
export async function completeTermbaseExport(db: Db, memoryId: number, csv: string): Promise<boolean> {
  const updated = await db
    .updateTable('termbase_exports')
    .set({ csv, status: 'ready' })
    .where('memory_id', '=', memoryId)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}
