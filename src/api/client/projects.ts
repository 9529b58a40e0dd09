import type { Transport } from '../http.ts';
import { Project } from '../schemas/projects.ts';
import type { CallExtras } from './common.ts';

/** Filters of GET /v2/projects, named as on the wire. */
export interface ProjectFilter {
  id?: number | number[];
  srclang?: string;
  trglang?: string;
  /** Created at or after, epoch seconds. */
  from_time?: number;
  /** Created before, epoch seconds. */
  to_time?: number;
  state?: Project['state'];
  /** Include archived projects (the platform's default: true). */
  archived?: boolean;
  connector_id?: string;
}

/** Projects: one language pair of a job each, with its documents. */
export function projectsClient(t: Transport) {
  return {
    /** GET /v2/projects: projects with their documents. */
    list: (filter: ProjectFilter = {}, o: CallExtras = {}): Promise<Project[]> =>
      t.request({
        method: 'GET',
        path: '/v2/projects',
        query: { ...filter, id: Array.isArray(filter.id) ? filter.id.join(',') : filter.id },
        schema: Project.array(),
        ...o,
      }),
  };
}

export type ProjectsClient = ReturnType<typeof projectsClient>;
