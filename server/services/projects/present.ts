/** How projects look to callers (spec, Project), each with its documents. */
import type { Project } from '../../../src/api/schemas/projects.ts';
import type { ProjectRow } from '../../store/jobs/projects.ts';
import { presentDocument } from '../documents/present.ts';
import { stateAtStage } from '../workflows.ts';
import type { ProjectsData } from './view-data.ts';

const seconds = (ms: number) => Math.floor(ms / 1000);

/** Projects with their documents (spec, Project); data from readProjectsData. */
export function presentProjects(
  projects: ProjectRow[],
  { documents, jobs: jobById, templates }: ProjectsData,
): Project[] {
  return projects.map((p) => {
    const job = jobById.get(p.job_id);
    const { state, workflowStatus } = stateAtStage(
      job ? templates.get(job.workflow_template_id) : undefined,
      p.stage,
    );
    return {
      id: p.id,
      memory_id: p.memory_id,
      job_id: p.job_id,
      srclang: p.srclang,
      trglang: p.trglang,
      srclocale: p.srclocale ?? '',
      trglocale: p.trglocale ?? '',
      name: p.name,
      state,
      due_date: job?.due === null || job?.due === undefined ? null : seconds(job.due),
      archived: p.archived === 1 || job?.status === 'archived',
      metadata: JSON.parse(p.metadata) as Record<string, string>,
      sample_review_percentage: p.sample_review_percentage,
      created_at: seconds(p.created_at),
      updated_at: seconds(p.updated_at),
      workflowStatus,
      document: documents.filter((d) => d.project_id === p.id).map((d) => presentDocument(d, p)),
    };
  });
}
