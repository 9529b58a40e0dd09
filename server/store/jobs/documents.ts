/** Documents: one file of a project, imported into segments. */
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../db.ts';
import type { DocumentsTable } from '../schema.ts';

export type DocumentRow = Selectable<DocumentsTable>;

/** A document of the organization; another organization's is never returned. */
export async function getDocument(
  db: Db,
  organizationId: number,
  id: number,
): Promise<DocumentRow | undefined> {
  return db
    .selectFrom('documents')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findDocument(db: Db, id: number): Promise<DocumentRow | undefined> {
  return db.selectFrom('documents').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findDocumentProjectId(db: Db, id: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('documents')
    .select(['id', 'project_id'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.project_id;
}

/** Documents of projects in id order. */
export async function documentsOfProjects(db: Db, projectIds: number[]): Promise<DocumentRow[]> {
  return db.selectFrom('documents').selectAll().where('project_id', 'in', projectIds).orderBy('id').execute();
}

export async function documentsOfProject(db: Db, projectId: number): Promise<DocumentRow[]> {
  return db.selectFrom('documents').selectAll().where('project_id', '=', projectId).orderBy('id').execute();
}

/** Ids of the job's documents that imported successfully. */
export async function importedDocumentIdsOfJob(db: Db, jobId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('documents')
    .innerJoin('projects', 'projects.id', 'documents.project_id')
    .select('documents.id')
    .where('projects.job_id', '=', jobId)
    .where('documents.import_succeeded', '=', 1)
    .execute();
  return rows.map((r) => r.id);
}

/** Whether a document of the job has `column` equal to `value` (import still running, or failed). */
export async function jobHasDocumentWith(
  db: Db,
  jobId: number,
  column: 'import_in_progress' | 'import_succeeded',
  value: number,
): Promise<boolean> {
  const found = await db
    .selectFrom('documents')
    .innerJoin('projects', 'projects.id', 'documents.project_id')
    .select('documents.id')
    .where('projects.job_id', '=', jobId)
    .where(`documents.${column}`, '=', value)
    .executeTakeFirst();
  return found !== undefined;
}

/** A job not deleted that has the file as a document, or undefined. */
export async function liveJobIdUsingFile(db: Db, fileId: number): Promise<number | undefined> {
  const used = await db
    .selectFrom('documents')
    .innerJoin('projects', 'projects.id', 'documents.project_id')
    .innerJoin('jobs', 'jobs.id', 'projects.job_id')
    .select('jobs.id')
    .where('documents.file_id', '=', fileId)
    .where('jobs.deleted_at', 'is', null)
    .executeTakeFirst();
  return used?.id;
}

export async function insertDocument(db: Db, row: Insertable<DocumentsTable>): Promise<DocumentRow> {
  return db.insertInto('documents').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Inserts a document and returns only its id (one column back instead of the row). */
export async function insertDocumentId(db: Db, row: Insertable<DocumentsTable>): Promise<number> {
  const { id } = await db.insertInto('documents').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateDocument(db: Db, id: number, set: Partial<DocumentRow>): Promise<void> {
  await db.updateTable('documents').set(set).where('id', '=', id).execute();
}

/** Updates documents by id; an empty list matches none (`in (0)`, which every engine accepts). */
export async function updateDocuments(db: Db, ids: number[], set: Partial<DocumentRow>): Promise<void> {
  await db
    .updateTable('documents')
    .set(set)
    .where('id', 'in', ids.length > 0 ? ids : [0])
    .execute();
}
