/**
 * What the API shows of jobs beyond their own rows, read in a few batched queries; present.ts
 * shapes it without touching the database.
 */
import type { WorkflowTemplate } from '../../../src/api/schemas/workflows.ts';
import type { Db } from '../../store/db.ts';
import type { JobRow } from '../../store/jobs/jobs.ts';
import { linguistsByJob, type WordCounts, wordCountsByProject } from '../../store/jobs/progress.ts';
import type { ProjectRow } from '../../store/jobs/projects.ts';
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
