import type { WorkflowTemplate } from '../../../src/api/schemas/workflows.ts';
import type { Db } from '../../store/db.ts';
import type { JobRow } from '../../store/jobs/jobs.ts';
import { type ProjectRow, projectsOfJobs } from '../../store/jobs/projects.ts';
import { templatesById } from '../workflows.ts';

/**
 * The jobs' projects in id order with one figure per project (word counts, progress) and the jobs'
 * workflow templates: what the API's jobs and the workbench's overview both show.
 */
export async function projectsOfJobsWith<T>(
  db: Db,
  jobs: JobRow[],
  figures: (db: Db, projectIds: number[]) => Promise<Map<number, T>>,
  options: { unarchivedOnly?: boolean } = {},
): Promise<{ projects: ProjectRow[]; byProject: Map<number, T>; templates: Map<number, WorkflowTemplate> }> {
  const projects = await projectsOfJobs(
    db,
    jobs.map((j) => j.id),
    options,
  );
  const [byProject, templates] = await Promise.all([
    figures(
      db,
      projects.map((p) => p.id),
    ),
    templatesById(
      db,
      jobs.map((j) => j.workflow_template_id),
    ),
  ]);
  return { projects, byProject, templates };
}
