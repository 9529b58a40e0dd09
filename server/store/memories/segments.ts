import type { Insertable } from 'kysely';
import type { Db } from '../db.ts';
import type { SegmentsTable } from '../schema.ts';

/** The part of a segment the fuzzy matcher reads. */
export interface SegmentText {
  id: number;
  source: string;
  target: string;
}

/** Visible segments of a memory after id `after`, in id order: a page of an index build. */
export async function segmentPage(
  db: Db,
  memoryId: number,
  after: number,
  limit: number,
): Promise<SegmentText[]> {
  return db
    .selectFrom('segments')
    .select(['id', 'source', 'target'])
    .where('memory_id', '=', memoryId)
    .where('visible', '=', 1)
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The visible segments an import added, at most `limit`. */
export async function segmentsOfImport(db: Db, importId: number, limit: number): Promise<SegmentText[]> {
  return db
    .selectFrom('segments')
    .select(['id', 'source', 'target'])
    .where('import_id', '=', importId)
    .where('visible', '=', 1)
    .limit(limit)
    .execute();
}

/** What a TM match shows beside its text. */
export interface SegmentMetadata {
  id: number;
  resource_name: string | null;
  user_email: string | null;
  created_at: number;
  notes: string | null;
}

export async function segmentMetadata(db: Db, ids: number[]): Promise<SegmentMetadata[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('segments')
    .select(['id', 'resource_name', 'user_email', 'created_at', 'notes'])
    .where('id', 'in', ids)
    .execute();
}

export async function insertSegments(db: Db, rows: Insertable<SegmentsTable>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('segments').values(rows).execute();
}

/** Inserts segments and returns what the fuzzy matcher needs of them. */
export async function insertSegmentsReturning(
  db: Db,
  rows: Insertable<SegmentsTable>[],
): Promise<SegmentText[]> {
  if (rows.length === 0) return [];
  return db.insertInto('segments').values(rows).returning(['id', 'source', 'target']).execute();
}

/**
 * Deletes the segments written directly (not imported) from one resource for these sources;
 * returns their ids. `hashes` are the sources' `sourceHash`es (the indexed column).
 */
export async function deleteFedSegments(
  db: Db,
  memoryId: number,
  resourceName: string,
  sources: string[],
  hashes: string[],
): Promise<number[]> {
  const rows = await db
    .deleteFrom('segments')
    .where('memory_id', '=', memoryId)
    .where('source_hash', 'in', hashes)
    .where('source', 'in', sources)
    .where('resource_name', '=', resourceName)
    .where('import_id', 'is', null)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Deletes one visible segment; false when the memory holds no such segment. */
export async function deleteSegment(db: Db, memoryId: number, segmentId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('segments')
    .where('memory_id', '=', memoryId)
    .where('id', '=', segmentId)
    .where('visible', '=', 1)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Whether the memory holds a visible segment with this source hash and target. */
export async function segmentExists(
  db: Db,
  memoryId: number,
  hash: string,
  target: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('segments')
    .select('id')
    .where('memory_id', '=', memoryId)
    .where('source_hash', '=', hash)
    .where('target', '=', target)
    .where('visible', '=', 1)
    .executeTakeFirst();
  return row !== undefined;
}
