/**
 * What the workbench's find and replace read and write: a document's segments in bulk, a
 * compare-and-set update, and the undo record of each replace (per organization).
 */
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../db.ts';
import type { WorkbenchReplacementsTable } from '../schema.ts';
import type { DocumentSegmentRow } from './segments.ts';

export type ReplacementRow = Selectable<WorkbenchReplacementsTable>;

export type { SegmentState } from './segments.ts';

/** Every segment of the documents, in document then file order. */
export async function segmentsOfDocuments(db: Db, documentIds: number[]): Promise<DocumentSegmentRow[]> {
  if (documentIds.length === 0) return [];
  return db
    .selectFrom('document_segments')
    .selectAll()
    .where('document_id', 'in', documentIds)
    .orderBy('document_id')
    .orderBy('position')
    .execute();
}

/** Segments of one document by id (ids of other documents are ignored). */
export async function segmentsByIds(
  db: Db,
  documentId: number,
  ids: number[],
): Promise<DocumentSegmentRow[]> {
  const out: DocumentSegmentRow[] = [];
  for (let i = 0; i < ids.length; i += 500) {
    out.push(
      ...(await db
        .selectFrom('document_segments')
        .selectAll()
        .where('document_id', '=', documentId)
        .where('id', 'in', ids.slice(i, i + 500))
        .execute()),
    );
  }
  return out;
}

export async function insertReplacement(
  db: Db,
  row: Insertable<WorkbenchReplacementsTable>,
): Promise<number> {
  const { id } = await db
    .insertInto('workbench_replacements')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** A replace of the organization's document; another organization's is never returned. */
export async function getReplacement(
  db: Db,
  organizationId: number,
  documentId: number,
  id: number,
): Promise<ReplacementRow | undefined> {
  return db
    .selectFrom('workbench_replacements')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('document_id', '=', documentId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The document's latest replaces, newest first, without their segment lists. */
export async function recentReplacements(
  db: Db,
  organizationId: number,
  documentId: number,
  limit: number,
): Promise<Omit<ReplacementRow, 'segments' | 'skipped'>[]> {
  return db
    .selectFrom('workbench_replacements')
    .select([
      'id',
      'organization_id',
      'document_id',
      'pattern',
      'replacement',
      'mode',
      'match_case',
      'segment_count',
      'created_by',
      'created_at',
      'undone_by',
      'undone_at',
    ])
    .where('organization_id', '=', organizationId)
    .where('document_id', '=', documentId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Marks a replace undone unless it already is: false when another undo came first. */
export async function markUndone(db: Db, id: number, by: string | null, at: number): Promise<boolean> {
  const result = await db
    .updateTable('workbench_replacements')
    .set({ undone_by: by, undone_at: at })
    .where('id', '=', id)
    .where('undone_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
