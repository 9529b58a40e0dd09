import type { Project } from '../../../src/api/schemas/projects.ts';
import type { AuthContext } from '../../auth/context.ts';
import type { Db } from '../../store/db.ts';
import { listProjects, type ProjectFilters as StoreFilters } from '../../store/jobs/projects.ts';
import { stateOf, templatesById } from '../workflows.ts';
import { presentProjects } from './present.ts';
import { readProjectsData } from './view-data.ts';

export interface ProjectFilters extends StoreFilters {
  state?: Project['state'] | undefined;
}

export interface ProjectServiceDeps {
  db: Db;
}

/** The projects of the caller's organization, as GET /v2/projects lists them. */
export function projectService(deps: ProjectServiceDeps) {
  const { db } = deps;
  return {
    /** GET /v2/projects with every filter (DESIGN §5); projects of deleted jobs are not listed. */
    async list(auth: AuthContext, filters: ProjectFilters): Promise<Project[]> {
      let rows = await listProjects(db, auth.organizationId, filters);
      if (filters.state) {
        const templates = await templatesById(
          db,
          rows.map((r) => r.workflow_template_id),
        );
        rows = rows.filter(
          (r) => stateOf(templates.get(r.workflow_template_id)?.stages[r.stage]).state === filters.state,
        );
      }
      const projects = rows.map(({ workflow_template_id: _t, job_status: _s, ...p }) => p);
      return presentProjects(projects, await readProjectsData(db, projects));
    },
  };
}

export type ProjectService = ReturnType<typeof projectService>;
