/**
 * What the API shows of jobs and projects beyond their own rows, read in a few batched queries;
 * present.ts shapes it without touching the database.
 */
import type { WorkflowTemplate } from '../../../src/api/schemas/workflows.ts';
import type { Db } from '../../store/db.ts';
import { type DocumentRow, documentsOfProjects } from '../../store/jobs/documents.ts';
import { type JobRow, jobSchedules } from '../../store/jobs/jobs.ts';
import { linguistsByJob, type WordCounts, wordCountsByProject } from '../../store/jobs/progress.ts';
import type { ProjectRow } from '../../store/jobs/projects.ts';
import { templatesById } from '../workflows.ts';
import { projectsOfJobsWith } from './projects-of-jobs.ts';

/** The jobs' projects in id order, their word counts, workflow templates and linguists. */
export interface JobsData {
  projects: ProjectRow[];
  counts: Map<number, WordCounts>;
  templates: Map<number, WorkflowTemplate>;
  /** Job id → how many people work on it. */
  linguists: Map<number, number>;
}

export async function readJobsData(db: Db, jobs: JobRow[]): Promise<JobsData> {
  if (jobs.length === 0)
    return { projects: [], counts: new Map(), templates: new Map(), linguists: new Map() };
  const [{ projects, byProject: counts, templates }, linguists] = await Promise.all([
    projectsOfJobsWith(db, jobs, wordCountsByProject),
    linguistsByJob(
      db,
      jobs.map((j) => j.id),
    ),
  ]);
  return { projects, counts, templates, linguists };
}

export type JobSchedule = Awaited<ReturnType<typeof jobSchedules>>[number];

/** The projects' documents in id order, their jobs' schedules and workflow templates. */
export interface ProjectsData {
  documents: DocumentRow[];
  jobs: Map<number, JobSchedule>;
  templates: Map<number, WorkflowTemplate>;
}

export async function readProjectsData(db: Db, projects: ProjectRow[]): Promise<ProjectsData> {
  if (projects.length === 0) return { documents: [], jobs: new Map(), templates: new Map() };
  const ids = projects.map((p) => p.id);
  const [documents, jobs] = await Promise.all([
    documentsOfProjects(db, ids),
    jobSchedules(db, [...new Set(projects.map((p) => p.job_id))]),
  ]);
  const templates = await templatesById(
    db,
    jobs.map((j) => j.workflow_template_id),
  );
  return { documents, jobs: new Map(jobs.map((j) => [j.id, j])), templates };
}
