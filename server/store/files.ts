/** Uploaded files and their labels. */
import { type Insertable, type Selectable, sql } from 'kysely';
import { type Db, isPostgres } from './db.ts';
import { ownedRows } from './owned.ts';
import type { FilesTable } from './schema.ts';
import { enqueue } from './work-items.ts';

export type FileRow = Selectable<FilesTable>;

/** A file of one organization: another organization's file is never found. */
export async function getFile(db: Db, organizationId: number, id: number): Promise<FileRow | undefined> {
  return ownedRows(db, 'files', organizationId).where('id', '=', id).executeTakeFirst();
}

/** The organization's files among `ids` (id and name). */
export async function fileNamesIn(
  db: Db,
  organizationId: number,
  ids: number[],
): Promise<{ id: number; name: string }[]> {
  return db
    .selectFrom('files')
    .select(['id', 'name'])
    .where('organization_id', '=', organizationId)
    .where('id', 'in', ids)
    .execute();
}

export async function findFileName(db: Db, id: number): Promise<string | undefined> {
  const file = await db.selectFrom('files').select('name').where('id', '=', id).executeTakeFirst();
  return file?.name;
}

export async function findFileBlobId(db: Db, id: number): Promise<number | undefined> {
  const file = await db.selectFrom('files').select('blob_id').where('id', '=', id).executeTakeFirst();
  return file?.blob_id;
}

export async function findFileBlob(
  db: Db,
  id: number,
): Promise<Pick<FileRow, 'blob_id' | 'name'> | undefined> {
  return db.selectFrom('files').select(['blob_id', 'name']).where('id', '=', id).executeTakeFirst();
}

/** Labels of files in label order, an empty list for a file without labels. */
export async function labelsOf(db: Db, fileIds: number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>(fileIds.map((id) => [id, []]));
  if (fileIds.length === 0) return out;
  const rows = await db
    .selectFrom('file_labels')
    .select(['file_id', 'label'])
    .where('file_id', 'in', fileIds)
    .orderBy('label')
    .execute();
  for (const row of rows) out.get(row.file_id)!.push(row.label);
  return out;
}

/** All the organization's files, one by id, or those carrying every given label. */
export async function listFiles(
  db: Db,
  organizationId: number,
  filters: { id?: number | undefined; labels?: string[] | undefined },
): Promise<FileRow[]> {
  let q = db.selectFrom('files').selectAll().where('organization_id', '=', organizationId);
  if (filters.id !== undefined) q = q.where('id', '=', filters.id);
  for (const label of new Set(filters.labels ?? [])) {
    q = q.where('id', 'in', (eb) =>
      eb.selectFrom('file_labels').select('file_id').where('label', '=', label),
    );
  }
  return q.orderBy('id').execute();
}

/**
 * Inserts a file with its labels and, when `detectLanguage` is given, the work item that detects
 * its language later. One statement where one serves (no labels and no work item; on PostgreSQL
 * the file and its labels together: one round trip instead of four), else one transaction.
 */
export async function insertFileWithLabels(
  db: Db,
  row: Insertable<FilesTable>,
  labels: string[],
  detectLanguage?: { now: number; organizationId: number },
): Promise<FileRow> {
  if (!detectLanguage && labels.length === 0) return insertFile(db, row);
  if (!detectLanguage && isPostgres(db)) return insertFileWithLabelsPg(db, row, labels);
  return db.transaction().execute(async (tx) => {
    const file = await insertFile(tx, row);
    if (labels.length > 0) await insertFileLabels(tx, file.id, labels);
    if (detectLanguage)
      await enqueue(
        tx,
        detectLanguage.now,
        'file-detect-language',
        { fileId: file.id },
        { organizationId: detectLanguage.organizationId },
      );
    return file;
  });
}

async function insertFile(db: Db, row: Insertable<FilesTable>): Promise<FileRow> {
  return db.insertInto('files').values(row).returningAll().executeTakeFirstOrThrow();
}

async function insertFileLabels(db: Db, fileId: number, labels: string[]): Promise<void> {
  await db
    .insertInto('file_labels')
    .values(labels.map((label) => ({ file_id: fileId, label })))
    .execute();
}

function insertFileWithLabelsPg(db: Db, row: Insertable<FilesTable>, labels: string[]): Promise<FileRow> {
  return db
    .with('f', (qb) => qb.insertInto('files').values(row).returningAll())
    .with('l', (qb) =>
      qb
        .insertInto('file_labels')
        .columns(['file_id', 'label'])
        .expression((eb) =>
          eb
            .selectFrom(['f', sql<{ label: string }>`unnest(${labels}::text[])`.as('x')])
            .select(['f.id', sql<string>`x`.as('label')]),
        ),
    )
    .selectFrom('f')
    .selectAll()
    .executeTakeFirstOrThrow();
}

export async function deleteFile(db: Db, id: number): Promise<void> {
  await db.deleteFrom('files').where('id', '=', id).execute();
}

/** Adds a label (nothing when the file has it already). */
export async function addFileLabel(db: Db, fileId: number, label: string): Promise<void> {
  await db
    .insertInto('file_labels')
    .values({ file_id: fileId, label })
    .onConflict((oc) => oc.columns(['file_id', 'label']).doNothing())
    .execute();
}

export async function removeFileLabel(db: Db, fileId: number, label: string): Promise<void> {
  await db.deleteFrom('file_labels').where('file_id', '=', fileId).where('label', '=', label).execute();
}

export async function updateFile(db: Db, id: number, set: Partial<FileRow>): Promise<void> {
  await db.updateTable('files').set(set).where('id', '=', id).execute();
}

/** The first chunk of a file's content (its first megabyte), for detecting its language. */
export async function firstChunkOfBlob(db: Db, blobId: number): Promise<Uint8Array | undefined> {
  const first = await db
    .selectFrom('blob_chunks')
    .select('data')
    .where('blob_id', '=', blobId)
    .orderBy('seq')
    .limit(1)
    .executeTakeFirst();
  return first?.data;
}

/**
 * The organization's files among `ids`, each with its first chunk when the whole content is at
 * most `inlineBytes` (so it comes in the same query) and its size.
 */
export async function filesWithSmallContent(
  db: Db,
  organizationId: number,
  ids: number[],
  inlineBytes: number,
) {
  return db
    .selectFrom('files as f')
    .innerJoin('blobs as b', 'b.id', 'f.blob_id')
    .leftJoin('blob_chunks as c', (join) =>
      join.onRef('c.blob_id', '=', 'f.blob_id').on('c.seq', '=', 0).on('b.size', '<=', inlineBytes),
    )
    .select(['f.id', 'f.name', 'f.blob_id', 'b.size', 'c.data'])
    .where('f.organization_id', '=', organizationId)
    .where('f.id', 'in', ids)
    .execute();
}
