/**
 * The repository's context of units (unit_contexts: replaced per file by every sync) and the
 * notes people add on the platform (unit_notes: never touched by a sync), both by organization,
 * file name (the repository path the file is uploaded under) and unit id.
 */
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../db.ts';
import type { UnitContextsTable, UnitNotesTable } from '../schema.ts';

export type UnitContextRow = Selectable<UnitContextsTable>;
export type UnitNoteRow = Selectable<UnitNotesTable>;

const BATCH = 200;

/**
 * Replaces the repository context of each named file with the rows given for it (none: the file
 * has no repository context any more), or adds them (`append`), all files in one transaction.
 */
export async function replaceUnitContexts(
  db: Db,
  organizationId: number,
  files: readonly { name: string; append?: boolean; rows: readonly Insertable<UnitContextsTable>[] }[],
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    for (const file of files) {
      const remove = (ids?: string[]) => {
        let query = tx
          .deleteFrom('unit_contexts')
          .where('organization_id', '=', organizationId)
          .where('file_name', '=', file.name);
        if (ids) query = query.where('unit_id', 'in', ids);
        return query.execute();
      };
      // Appending continues a file a request before began: a unit it names again is replaced.
      if (!file.append) await remove();
      else
        for (let i = 0; i < file.rows.length; i += BATCH)
          await remove(file.rows.slice(i, i + BATCH).map((r) => r.unit_id));
      for (let i = 0; i < file.rows.length; i += BATCH)
        await tx
          .insertInto('unit_contexts')
          .values(file.rows.slice(i, i + BATCH))
          .execute();
    }
  });
}

/** The repository context of a file's units (all of them, or those named). */
export async function unitContextsOf(
  db: Db,
  organizationId: number,
  fileName: string,
  unitIds?: readonly string[],
): Promise<UnitContextRow[]> {
  if (unitIds?.length === 0) return [];
  let query = db
    .selectFrom('unit_contexts')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('file_name', '=', fileName);
  if (unitIds && unitIds.length <= BATCH) query = query.where('unit_id', 'in', [...unitIds]);
  return query.execute();
}

/** The platform notes of a file's units (those named), oldest first. */
export async function unitNotesOf(
  db: Db,
  organizationId: number,
  fileName: string,
  unitIds: readonly string[],
): Promise<UnitNoteRow[]> {
  if (unitIds.length === 0) return [];
  let query = db
    .selectFrom('unit_notes')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('file_name', '=', fileName);
  if (unitIds.length <= BATCH) query = query.where('unit_id', 'in', [...unitIds]);
  return query.orderBy('id').execute();
}

export async function insertUnitNote(db: Db, row: Insertable<UnitNotesTable>): Promise<UnitNoteRow> {
  return db.insertInto('unit_notes').values(row).returningAll().executeTakeFirstOrThrow();
}

/** The context columns of a document's segments (all, or one unit's), in file order. */
export async function documentSegmentContexts(db: Db, documentId: number, unitId?: string) {
  let query = db
    .selectFrom('document_segments')
    .select(['unit_id', 'notes', 'max_length', 'description', 'placeholders_json'])
    .where('document_id', '=', documentId);
  if (unitId !== undefined) query = query.where('unit_id', '=', unitId);
  return query.orderBy('position').execute();
}
