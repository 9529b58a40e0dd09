import { createHash } from 'node:crypto';
import { type Insertable, type Selectable, sql } from 'kysely';
import { type Db, isPostgres } from './db.ts';
import { ownedRows } from './owned.ts';
import type { MemoriesTable, MemoryImportsTable } from './schema.ts';

export type MemoryRow = Selectable<MemoriesTable>;
export type ImportRow = Selectable<MemoryImportsTable>;

/** Hash of a segment's source used for exact-match lookups and duplicate checks. */
export function sourceHash(source: string): string {
  return createHash('sha256').update(source).digest('hex').slice(0, 32);
}

/** A memory read on behalf of an organization that does not have it (or of none that exists). */
export class MemoryNotOwned extends Error {
  readonly memoryId: number;
  constructor(memoryId: number) {
    super(`memory ${memoryId} is not the organization's`);
    this.name = 'MemoryNotOwned';
    this.memoryId = memoryId;
  }
}

export async function getMemory(db: Db, organizationId: number, id: number): Promise<MemoryRow | undefined> {
  return ownedRows(db, 'memories', organizationId).where('id', '=', id).executeTakeFirst();
}

/** A memory by id alone, for background work that already checked the organization. */
export async function getMemoryById(db: Db, id: number): Promise<MemoryRow | undefined> {
  return db.selectFrom('memories').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function memoryExists(db: Db, id: number): Promise<boolean> {
  const row = await db.selectFrom('memories').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

export async function insertMemory(db: Db, values: Insertable<MemoriesTable>): Promise<MemoryRow> {
  return db.insertInto('memories').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function renameMemory(db: Db, id: number, name: string, now: number): Promise<void> {
  await db.updateTable('memories').set({ name, updated_at: now }).where('id', '=', id).execute();
}

/**
 * Deletes a memory with its segments, terms, termbase export and imports in one transaction;
 * returns the blobs its imports still held, for the caller to delete.
 */
export async function deleteMemory(db: Db, id: number): Promise<number[]> {
  const blobs = await db.selectFrom('memory_imports').select('blob_id').where('memory_id', '=', id).execute();
  await db.transaction().execute(async (tx) => {
    // A compaction of its lists under way finishes first: its new lists are then deleted too.
    if (isPostgres(tx))
      await tx.selectFrom('memories').select('id').where('id', '=', id).forUpdate().execute();
    await tx.deleteFrom('segments').where('memory_id', '=', id).execute();
    await tx.deleteFrom('tm_lists').where('memory_id', '=', id).execute();
    await tx.deleteFrom('tm_postings').where('memory_id', '=', id).execute();
    await tx.deleteFrom('terms').where('memory_id', '=', id).execute();
    await tx.deleteFrom('termbase_exports').where('memory_id', '=', id).execute();
    await tx.deleteFrom('memory_imports').where('memory_id', '=', id).execute();
    await tx.deleteFrom('memories').where('id', '=', id).execute();
  });
  return blobs.flatMap((b) => (b.blob_id === null ? [] : [b.blob_id]));
}

export async function listMemories(db: Db, organizationId: number): Promise<MemoryRow[]> {
  return db
    .selectFrom('memories')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .orderBy('id')
    .execute();
}

/** Names of the files whose import succeeded, per memory, in import order. */
export async function resourcesOf(db: Db, memoryIds: number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>(memoryIds.map((id) => [id, []]));
  if (memoryIds.length === 0) return out;
  const rows = await db
    .selectFrom('memory_imports')
    .select(['memory_id', 'name'])
    .where('memory_id', 'in', memoryIds)
    .where('status', '=', 'succeeded')
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const names = out.get(row.memory_id)!;
    if (!names.includes(row.name)) names.push(row.name);
  }
  return out;
}

/** The latest import of each memory. */
export async function lastImports(db: Db, memoryIds: number[]): Promise<Map<number, ImportRow>> {
  const out = new Map<number, ImportRow>();
  if (memoryIds.length === 0) return out;
  const rows = await db
    .selectFrom('memory_imports')
    .selectAll()
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('memory_imports')
        .select((e) => e.fn.max('id').as('id'))
        .where('memory_id', 'in', memoryIds)
        .groupBy('memory_id'),
    )
    .execute();
  for (const row of rows) out.set(row.memory_id, row);
  return out;
}

/** Moves a memory's processing count (imports and exports under way) and stamps it. */
export async function addProcessing(db: Db, id: number, delta: number, now: number): Promise<void> {
  await db
    .updateTable('memories')
    .set({
      processing: sql<number>`CASE WHEN processing + ${delta} < 0 THEN 0 ELSE processing + ${delta} END`,
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Marks a change of the memory's content: TM indexes of other processes rebuild on the new
 * version. Returns that version (undefined when the memory is gone). The increment is atomic and,
 * made in the transaction that changed the segments, holds the memory's row until it commits, so
 * version − 1 is exactly the content before this change (see TmCache.apply).
 */
export async function bumpVersion(db: Db, id: number, now: number): Promise<number | undefined> {
  const row = await db
    .updateTable('memories')
    .set({ version: sql<number>`version + 1`, updated_at: now })
    .where('id', '=', id)
    .returning('version')
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.version);
}
