import type { Insertable } from 'kysely';
import { type Db, isPostgres } from '../db.ts';
import type { ImportRow } from '../memories.ts';
import type { MemoryImportsTable } from '../schema.ts';
import { noteDeadPostings, postingsOf } from './postings.ts';
import { segmentSourcePages } from './segments.ts';

export async function insertImport(db: Db, values: Insertable<MemoryImportsTable>): Promise<number> {
  const row = await db.insertInto('memory_imports').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function getImport(db: Db, id: number): Promise<ImportRow | undefined> {
  return db.selectFrom('memory_imports').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A memory's imports, oldest first. */
export async function listImports(db: Db, memoryId: number): Promise<ImportRow[]> {
  return db
    .selectFrom('memory_imports')
    .selectAll()
    .where('memory_id', '=', memoryId)
    .orderBy('id')
    .execute();
}

export async function markImportRunning(db: Db, id: number): Promise<void> {
  await db.updateTable('memory_imports').set({ status: 'running' }).where('id', '=', id).execute();
}

/** Records how an import ended; the uploaded file is released either way. */
export async function finishImport(
  db: Db,
  id: number,
  outcome: {
    status: 'succeeded' | 'failed';
    kind: string;
    added: number;
    skipped: number;
    error?: string;
    finishedAt: number;
  },
): Promise<void> {
  await db
    .updateTable('memory_imports')
    .set({
      status: outcome.status,
      kind: outcome.kind,
      ...(outcome.error !== undefined ? { error: outcome.error } : {}),
      added: outcome.added,
      skipped: outcome.skipped,
      finished_at: outcome.finishedAt,
      blob_id: null,
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Drops the rows an import staged (invisible ones) in the segment or term table. On PostgreSQL
 * the postings it wrote for them are counted dead in their memory's lists (`noteDeadPostings`).
 */
export async function dropStaged(db: Db, importId: number, memoryId: number, now: number): Promise<void> {
  if (isPostgres(db)) {
    let dead = 0;
    for await (const rows of segmentSourcePages(db, { stagedBy: importId })) {
      dead += postingsOf(rows.map((r) => r.source));
    }
    await noteDeadPostings(db, memoryId, dead, now);
  }
  await db.deleteFrom('segments').where('import_id', '=', importId).where('visible', '=', 0).execute();
  await db.deleteFrom('terms').where('import_id', '=', importId).where('visible', '=', 0).execute();
}

/** Makes an import's staged rows visible (call it in the transaction that records success). */
export async function publishStaged(db: Db, table: 'segments' | 'terms', importId: number): Promise<void> {
  await db.updateTable(table).set({ visible: 1 }).where('import_id', '=', importId).execute();
}
