import { ListProjectsQuery, Project } from '../../src/api/schemas/projects.ts';
import type { ApiRegistry } from '../http/api-router.ts';
import { projectService } from '../services/projects.ts';
import type { Db } from '../store/db.ts';

export function projectRoutes(api: ApiRegistry, db: Db): void {
  const projects = projectService({ db });
  api.add({
    method: 'get',
    path: '/v2/projects',
    tag: 'Projects',
    summary:
      'Projects with their documents; filters id (comma-separated), srclang, trglang, from_time, to_time, state, archived, connector_id',
    query: ListProjectsQuery,
    responses: { 200: { description: 'projects', schema: Project.array() } },
    handler: ({ auth, query }) => projects.list(auth, query),
  });
}
