/**
 * What the API shows of projects beyond their own rows (documents, their job's schedule and
 * workflow template), read in a few batched queries; present.ts shapes it without the database.
 */
import type { WorkflowTemplate } from '../../../src/api/schemas/workflows.ts';
import type { Db } from '../../store/db.ts';
import { type DocumentRow, documentsOfProjects } from '../../store/jobs/documents.ts';
import { jobSchedules } from '../../store/jobs/jobs.ts';
import type { ProjectRow } from '../../store/jobs/projects.ts';
import { templatesById } from '../workflows.ts';

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
