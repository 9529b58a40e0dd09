import type { Project } from '../../src/api/schemas/projects.ts';
import type { AuthContext } from '../auth/context.ts';
import type { Db } from '../store/db.ts';
import { presentProjects } from './jobs/present.ts';
import { stateOf, templatesById } from './workflows.ts';

export interface ProjectFilters {
  id?: number[] | undefined;
  srclang?: string | undefined;
  trglang?: string | undefined;
  from_time?: number | undefined;
  to_time?: number | undefined;
  state?: Project['state'] | undefined;
  archived: boolean;
  connector_id?: string | undefined;
}

/** GET /v2/projects with every filter (DESIGN §5); projects of deleted jobs are not listed. */
export async function listProjects(db: Db, auth: AuthContext, filters: ProjectFilters): Promise<Project[]> {
  let q = db
    .selectFrom('projects')
    .innerJoin('jobs', 'jobs.id', 'projects.job_id')
    .selectAll('projects')
    .select(['jobs.workflow_template_id', 'jobs.status as job_status'])
    .where('projects.organization_id', '=', auth.organizationId)
    .where('jobs.deleted_at', 'is', null);
  if (filters.id) q = q.where('projects.id', 'in', filters.id.length > 0 ? filters.id : [0]);
  if (filters.srclang) q = q.where('projects.srclang', '=', filters.srclang.toLowerCase());
  if (filters.trglang) q = q.where('projects.trglang', '=', filters.trglang.toLowerCase());
  if (filters.from_time !== undefined) q = q.where('projects.created_at', '>=', filters.from_time * 1000);
  if (filters.to_time !== undefined) q = q.where('projects.created_at', '<', filters.to_time * 1000);
  if (!filters.archived) q = q.where('projects.archived', '=', 0).where('jobs.status', '!=', 'archived');
  if (filters.connector_id !== undefined) q = q.where('projects.connector_id', '=', filters.connector_id);
  let rows = await q.orderBy('projects.id').execute();
  if (filters.state) {
    const templates = await templatesById(
      db,
      rows.map((r) => r.workflow_template_id),
    );
    rows = rows.filter(
      (r) => stateOf(templates.get(r.workflow_template_id)?.stages[r.stage]).state === filters.state,
    );
  }
  return presentProjects(
    db,
    rows.map(({ workflow_template_id: _t, job_status: _s, ...p }) => p),
  );
}
