/** Projects: one language pair of a job, tied to its memory. */
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../db.ts';
import type { JobsTable, ProjectsTable } from '../schema.ts';

export type ProjectRow = Selectable<ProjectsTable>;

export async function findProject(db: Db, id: number): Promise<ProjectRow | undefined> {
  return db.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findProjectJobId(db: Db, id: number): Promise<number | undefined> {
  const row = await db.selectFrom('projects').select('job_id').where('id', '=', id).executeTakeFirst();
  return row?.job_id;
}

export async function findProjectStage(db: Db, id: number): Promise<number | undefined> {
  const row = await db.selectFrom('projects').select('stage').where('id', '=', id).executeTakeFirst();
  return row?.stage;
}

/** Whether the organization has a project `id` (deleted jobs' projects included). */
export async function projectExists(db: Db, organizationId: number, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('projects')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

/** A project of the organization whose job was not deleted. */
export async function getLiveProject(
  db: Db,
  organizationId: number,
  id: number,
): Promise<ProjectRow | undefined> {
  return db
    .selectFrom('projects')
    .innerJoin('jobs', 'jobs.id', 'projects.job_id')
    .selectAll('projects')
    .where('projects.organization_id', '=', organizationId)
    .where('projects.id', '=', id)
    .where('jobs.deleted_at', 'is', null)
    .executeTakeFirst();
}

/** A project of the organization, and its job when that was not deleted (the workbench's access check). */
export async function getProjectWithLiveJob(
  db: Db,
  organizationId: number,
  id: number,
): Promise<{ project: ProjectRow; job: Selectable<JobsTable> } | undefined> {
  const project = await db
    .selectFrom('projects')
    .selectAll()
    .where('id', '=', id)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  if (!project) return undefined;
  const job = await db
    .selectFrom('jobs')
    .selectAll()
    .where('id', '=', project.job_id)
    .where('organization_id', '=', organizationId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return job && { project, job };
}

/** Projects of jobs in id order; `unarchivedOnly` leaves out archived projects. */
export async function projectsOfJobs(
  db: Db,
  jobIds: number[],
  options: { unarchivedOnly?: boolean } = {},
): Promise<ProjectRow[]> {
  let q = db.selectFrom('projects').selectAll().where('job_id', 'in', jobIds);
  if (options.unarchivedOnly) q = q.where('archived', '=', 0);
  return q.orderBy('id').execute();
}

export async function projectsOfJob(db: Db, jobId: number): Promise<ProjectRow[]> {
  return db.selectFrom('projects').selectAll().where('job_id', '=', jobId).orderBy('id').execute();
}

export async function projectIdsOfJob(db: Db, jobId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('projects')
    .select('id')
    .where('job_id', '=', jobId)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Whether a project of the job is still before stage `last`. */
export async function jobHasProjectBefore(db: Db, jobId: number, last: number): Promise<boolean> {
  const open = await db
    .selectFrom('projects')
    .select('id')
    .where('job_id', '=', jobId)
    .where('stage', '<', last)
    .executeTakeFirst();
  return open !== undefined;
}

export async function insertProject(db: Db, row: Insertable<ProjectsTable>): Promise<number> {
  const { id } = await db.insertInto('projects').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function setProjectStage(db: Db, id: number, stage: number, now: number): Promise<void> {
  await db.updateTable('projects').set({ stage, updated_at: now }).where('id', '=', id).execute();
}

export interface ProjectFilters {
  id?: number[] | undefined;
  srclang?: string | undefined;
  trglang?: string | undefined;
  from_time?: number | undefined;
  to_time?: number | undefined;
  archived: boolean;
  connector_id?: string | undefined;
}

/** The organization's projects of jobs not deleted, with their job's template (GET /v2/projects). */
export async function listProjects(db: Db, organizationId: number, filters: ProjectFilters) {
  let q = db
    .selectFrom('projects')
    .innerJoin('jobs', 'jobs.id', 'projects.job_id')
    .selectAll('projects')
    .select(['jobs.workflow_template_id', 'jobs.status as job_status'])
    .where('projects.organization_id', '=', organizationId)
    .where('jobs.deleted_at', 'is', null);
  if (filters.id) q = q.where('projects.id', 'in', filters.id.length > 0 ? filters.id : [0]);
  if (filters.srclang) q = q.where('projects.srclang', '=', filters.srclang.toLowerCase());
  if (filters.trglang) q = q.where('projects.trglang', '=', filters.trglang.toLowerCase());
  if (filters.from_time !== undefined) q = q.where('projects.created_at', '>=', filters.from_time * 1000);
  if (filters.to_time !== undefined) q = q.where('projects.created_at', '<', filters.to_time * 1000);
  if (!filters.archived) q = q.where('projects.archived', '=', 0).where('jobs.status', '!=', 'archived');
  if (filters.connector_id !== undefined) q = q.where('projects.connector_id', '=', filters.connector_id);
  return q.orderBy('projects.id').execute();
}
