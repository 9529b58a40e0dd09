/** A document's segments: its units as imported, with their targets and review status. */
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../db.ts';
import type { DocumentSegmentsTable, SegmentStatus } from '../schema.ts';

export type DocumentSegmentRow = Selectable<DocumentSegmentsTable>;

/** Every segment's unit id and targets, in file order. */
export async function segmentTargets(
  db: Db,
  documentId: number,
): Promise<Pick<DocumentSegmentRow, 'unit_id' | 'target' | 'target_plural'>[]> {
  return db
    .selectFrom('document_segments')
    .select(['unit_id', 'target', 'target_plural'])
    .where('document_id', '=', documentId)
    .orderBy('position')
    .execute();
}

/** Sources of the documents' segments that have no target yet. */
export async function untranslatedSources(
  db: Db,
  documentIds: number[],
): Promise<Pick<DocumentSegmentRow, 'source' | 'source_plural'>[]> {
  return db
    .selectFrom('document_segments')
    .select(['source', 'source_plural'])
    .where('document_id', 'in', documentIds)
    .where('target', 'is', null)
    .where('target_plural', 'is', null)
    .execute();
}

/** The document's segments that have no target yet, in file order. */
export async function untranslatedSegments(db: Db, documentId: number): Promise<DocumentSegmentRow[]> {
  return db
    .selectFrom('document_segments')
    .selectAll()
    .where('document_id', '=', documentId)
    .where('target', 'is', null)
    .where('target_plural', 'is', null)
    .orderBy('position')
    .execute();
}

export async function findDocumentSegment(
  db: Db,
  documentId: number,
  id: number,
): Promise<DocumentSegmentRow | undefined> {
  return db
    .selectFrom('document_segments')
    .selectAll()
    .where('id', '=', id)
    .where('document_id', '=', documentId)
    .executeTakeFirst();
}

export async function segmentPosition(db: Db, documentId: number, id: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('document_segments')
    .select('position')
    .where('id', '=', id)
    .where('document_id', '=', documentId)
    .executeTakeFirst();
  return row?.position;
}

/** Every segment of a document, in file order. */
export async function documentSegments(db: Db, documentId: number): Promise<DocumentSegmentRow[]> {
  return db
    .selectFrom('document_segments')
    .selectAll()
    .where('document_id', '=', documentId)
    .orderBy('position')
    .execute();
}

/** Filters of the editor's pages: only some statuses, only before a position. */
export interface SegmentFilter {
  statuses?: SegmentStatus[] | undefined;
  before?: number | undefined;
}

function filtered(db: Db, documentId: number, filter: SegmentFilter) {
  let q = db.selectFrom('document_segments').where('document_id', '=', documentId);
  if (filter.before !== undefined) q = q.where('position', '<', filter.before);
  if (filter.statuses) q = q.where('status', 'in', filter.statuses);
  return q;
}

export async function countSegments(db: Db, documentId: number, filter: SegmentFilter = {}): Promise<number> {
  const { n } = await filtered(db, documentId, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** One page of the document's segments in file order. */
export async function segmentPage(
  db: Db,
  documentId: number,
  filter: SegmentFilter,
  page: { limit: number; offset: number },
): Promise<DocumentSegmentRow[]> {
  return filtered(db, documentId, filter)
    .selectAll()
    .orderBy('position')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** The first segment with one of `statuses` after `position`, else the first of all (wrapping). */
export async function nextSegmentWith(
  db: Db,
  documentId: number,
  position: number,
  statuses: SegmentStatus[],
): Promise<number | undefined> {
  const query = db
    .selectFrom('document_segments')
    .select('id')
    .where('document_id', '=', documentId)
    .where('status', 'in', statuses)
    .orderBy('position')
    .limit(1);
  const after = await query.where('position', '>', position).executeTakeFirst();
  return (after ?? (await query.executeTakeFirst()))?.id;
}

/** The document's segments with one of `statuses`, in file order, with what feeding the memory needs. */
export async function segmentsWith(db: Db, documentId: number, statuses: SegmentStatus[]) {
  return db
    .selectFrom('document_segments')
    .select(['id', 'source', 'source_plural', 'target', 'target_plural', 'updated_at'])
    .where('document_id', '=', documentId)
    .where('status', 'in', statuses)
    .orderBy('position')
    .execute();
}

/** What a write may set: everything but the id and the revision, which every write raises by one. */
export type SegmentChange = Partial<Omit<DocumentSegmentRow, 'id' | 'revision'>>;

/** The one place segments are written: whatever is set, the revision goes up by one. */
function writeSegments(db: Db, set: SegmentChange) {
  return db.updateTable('document_segments').set((eb) => ({ ...set, revision: eb('revision', '+', 1) }));
}

export async function updateSegment(db: Db, id: number, set: SegmentChange): Promise<void> {
  await writeSegments(db, set).where('id', '=', id).execute();
}

/**
 * Writes a segment only if it is still at `revision` (compare and set, in one statement): false
 * when someone else wrote it since, and nothing was changed.
 */
export async function updateSegmentAt(
  db: Db,
  id: number,
  revision: number,
  set: SegmentChange,
): Promise<boolean> {
  const result = await writeSegments(db, set)
    .where('id', '=', id)
    .where('revision', '=', revision)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Writes a segment that still has no target (pretranslation): false when someone translated it
 * since it was read, and then it is left as they wrote it.
 */
export async function fillUntranslatedSegment(db: Db, id: number, set: SegmentChange): Promise<boolean> {
  const result = await writeSegments(db, set)
    .where('id', '=', id)
    .where('target', 'is', null)
    .where('target_plural', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The columns of a segment a replace writes (and its undo puts back). */
export type SegmentState = Pick<
  DocumentSegmentRow,
  'target' | 'target_plural' | 'status' | 'origin' | 'updated_by' | 'updated_at'
>;

/**
 * Writes `next` into a segment only while it still holds `expected` (compare-and-set): false when
 * someone changed it in between, and then nothing is written.
 */
export async function updateSegmentIfUnchanged(
  db: Db,
  id: number,
  expected: SegmentState,
  next: SegmentChange,
): Promise<boolean> {
  let q = writeSegments(db, next).where('id', '=', id);
  for (const column of ['target', 'target_plural', 'origin', 'updated_by'] as const) {
    const value = expected[column];
    q = value === null ? q.where(column, 'is', null) : q.where(column, '=', value);
  }
  const result = await q
    .where('status', '=', expected.status)
    .where('updated_at', '=', expected.updated_at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Updates segments by id, 500 ids a statement (engines cap bound parameters). */
export async function updateSegments(db: Db, ids: number[], set: SegmentChange): Promise<void> {
  for (let i = 0; i < ids.length; i += 500) {
    await writeSegments(db, set)
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
  }
}

export async function deleteDocumentSegments(db: Db, documentId: number): Promise<void> {
  await db.deleteFrom('document_segments').where('document_id', '=', documentId).execute();
}

/** Inserts segments; returns each one's id with the target and status it was written with. */
export async function insertDocumentSegments(
  db: Db,
  rows: Insertable<DocumentSegmentsTable>[],
): Promise<Pick<DocumentSegmentRow, 'id' | 'target' | 'target_plural' | 'status' | 'origin'>[]> {
  return db
    .insertInto('document_segments')
    .values(rows)
    .returning(['id', 'target', 'target_plural', 'status', 'origin'])
    .execute();
}

/** Every segment of a document in file order, with what the editor's navigation tests (status, texts). */
export async function segmentOutline(db: Db, documentId: number) {
  return db
    .selectFrom('document_segments')
    .select(['id', 'status', 'source', 'source_plural', 'target', 'target_plural'])
    .where('document_id', '=', documentId)
    .orderBy('position')
    .execute();
}
