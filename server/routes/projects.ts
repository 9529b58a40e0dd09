import { ListProjectsQuery, Project } from '../../src/api/schemas/projects.ts';
import type { PlatformServices } from '../compose.ts';
import type { ApiRegistry } from '../http/api-router.ts';

export function projectRoutes(api: ApiRegistry, services: PlatformServices): void {
  const { projects } = services;
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
