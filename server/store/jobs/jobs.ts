/** Job rows and the files a job was created from. */
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../db.ts';
import { ownedRows } from '../owned.ts';
import type { JobsTable } from '../schema.ts';

export type JobRow = Selectable<JobsTable>;

/** A job of the organization that was not deleted; another organization's is never returned. */
export async function getLiveJob(db: Db, organizationId: number, id: number): Promise<JobRow | undefined> {
  return ownedRows(db, 'jobs', organizationId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** A job by id alone, for background work and transactions that already hold its id. */
export async function findJob(db: Db, id: number): Promise<JobRow | undefined> {
  return db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findJobStatus(
  db: Db,
  id: number,
): Promise<Pick<JobRow, 'status' | 'deleted_at'> | undefined> {
  return db.selectFrom('jobs').select(['status', 'deleted_at']).where('id', '=', id).executeTakeFirst();
}

export interface JobFilters {
  isArchived?: boolean | undefined;
  isDelivered?: boolean | undefined;
  offset: number;
  limit: number;
}

/** The organization's jobs, newest first (GET /v2/jobs). */
export async function listJobs(db: Db, organizationId: number, filters: JobFilters): Promise<JobRow[]> {
  let q = db
    .selectFrom('jobs')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('deleted_at', 'is', null);
  if (filters.isArchived === true) q = q.where('status', '=', 'archived');
  if (filters.isArchived === false) q = q.where('status', '!=', 'archived');
  if (filters.isDelivered === true)
    q = q.where('delivered_at', 'is not', null).where('status', '!=', 'active');
  if (filters.isDelivered === false) q = q.where('status', '=', 'active');
  return q.orderBy('id', 'desc').offset(filters.offset).limit(filters.limit).execute();
}

/** The organization's active jobs, newest first, at most `limit` (the workbench overview). */
export async function listActiveJobs(db: Db, organizationId: number, limit: number): Promise<JobRow[]> {
  return db
    .selectFrom('jobs')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('status', '=', 'active')
    .where('deleted_at', 'is', null)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function insertJob(db: Db, row: Insertable<JobsTable>): Promise<JobRow> {
  return db.insertInto('jobs').values(row).returningAll().executeTakeFirstOrThrow();
}

/** The job's files in the order they were given. */
export async function insertJobFiles(db: Db, jobId: number, fileIds: number[]): Promise<void> {
  await db
    .insertInto('job_files')
    .values(fileIds.map((file_id, position) => ({ job_id: jobId, file_id, position })))
    .execute();
}

export async function updateJob(db: Db, id: number, set: Partial<JobRow>): Promise<void> {
  await db.updateTable('jobs').set(set).where('id', '=', id).execute();
}

/** Marks an active job delivered; false when it was no longer active. */
export async function markJobDelivered(db: Db, id: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ status: 'delivered', delivered_at: now, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Ends a PENDING job's creation; the changed job, or undefined when it had ended already. */
export async function finishJobCreation(
  db: Db,
  id: number,
  creation: 'COMPLETE' | 'FAILED',
  now: number,
): Promise<JobRow | undefined> {
  return db
    .updateTable('jobs')
    .set({ creation_status: creation, updated_at: now })
    .where('id', '=', id)
    .where('creation_status', '=', 'PENDING')
    .returningAll()
    .executeTakeFirst();
}

/** What presenting a job's projects needs of each job. */
export async function jobSchedules(
  db: Db,
  ids: number[],
): Promise<Pick<JobRow, 'id' | 'due' | 'workflow_template_id' | 'status'>[]> {
  return db
    .selectFrom('jobs')
    .select(['id', 'due', 'workflow_template_id', 'status'])
    .where('id', 'in', ids)
    .execute();
}
