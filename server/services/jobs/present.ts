import type { Job } from '../../../src/api/schemas/jobs.ts';
import type { Document, Project } from '../../../src/api/schemas/projects.ts';
import type { WorkflowTemplate } from '../../../src/api/schemas/workflows.ts';
import type { DocumentRow } from '../../store/jobs/documents.ts';
import type { JobRow } from '../../store/jobs/jobs.ts';
import type { WordCounts } from '../../store/jobs/progress.ts';
import type { ProjectRow } from '../../store/jobs/projects.ts';
import { domainById } from '../domains.ts';
import { stateOf } from '../workflows.ts';
import type { JobsData, ProjectsData } from './view-data.ts';

export type { DocumentRow, JobRow, ProjectRow };

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const seconds = (ms: number) => Math.floor(ms / 1000);

function stageOf(template: WorkflowTemplate | undefined, stage: number) {
  return stateOf(template?.stages[Math.min(stage, (template?.stages.length ?? 1) - 1)]);
}

/** Jobs as the API shows them, with stats and their projects (spec, Job); data from readJobsData. */
export function presentJobs(jobs: JobRow[], { projects, counts, templates, linguists }: JobsData): Job[] {
  return jobs.map((job) => {
    const template = templates.get(job.workflow_template_id);
    const own = projects.filter((p) => p.job_id === job.id);
    const total = { words: 0, exact: 0, fuzzy: 0, translated: 0, reviewed: 0 };
    const items = own.map((p) => {
      const c = counts.get(p.id) ?? { words: 0, exact: 0, fuzzy: 0, translated: 0, reviewed: 0 };
      for (const k of Object.keys(total) as (keyof WordCounts)[]) total[k] += c[k];
      const { state, workflowStatus } = stageOf(template, p.stage);
      return {
        id: p.id,
        srcLang: p.srclang,
        srcLocale: p.srclocale,
        trgLang: p.trglang,
        trgLocale: p.trglocale,
        name: p.name,
        due: iso(job.due),
        createdAt: iso(p.created_at)!,
        updatedAt: iso(p.updated_at)!,
        isComplete: state === 'done',
        isArchived: p.archived === 1 || job.status === 'archived',
        isDeleted: job.deleted_at !== null,
        state,
        numSourceTokens: c.words,
        memoryId: p.memory_id,
        workflowStatus,
        workflowName: template?.name ?? 'Translate only',
      };
    });
    const pct = (x: number) => (total.words === 0 ? 0 : Math.round((x / total.words) * 1000) / 10);
    const done = items.filter((i) => i.isComplete).length;
    const pairs = new Set(
      own.map((p) => `${p.srclang}-${p.srclocale ?? ''}>${p.trglang}-${p.trglocale ?? ''}`),
    );
    const domain = job.domain_id === null ? undefined : domainById(job.domain_id);
    return {
      id: job.id,
      name: job.name,
      creationStatus: job.creation_status,
      status: job.status,
      due: iso(job.due),
      deliveredAt: iso(job.delivered_at),
      isProcessing: job.is_processing,
      exportError: job.export_error,
      stats: {
        exactWords: total.exact,
        fuzzyWords: total.fuzzy,
        newWords: total.words - total.exact - total.fuzzy,
        numDeliveredProjects: done,
        numLanguagePairs: own.length,
        numProjects: own.length,
        percentReviewed: pct(total.reviewed),
        percentTranslated: pct(total.translated),
        sourceWords: total.words,
        uniqueLanguagePairs: pairs.size,
        uniqueLinguists: linguists.get(job.id) ?? 0,
        workflowStatus:
          own.length > 0 && done === own.length
            ? 'DONE'
            : items.some((i) => i.workflowStatus !== 'READY_TO_START')
              ? 'IN_PROGRESS'
              : 'READY_TO_START',
        projects: items,
      },
      domains: domain ? [{ id: domain.domainId, name: domain.domainName }] : [],
    };
  });
}

export function presentDocument(d: DocumentRow, project: { srclang: string; trglang: string }): Document {
  return {
    id: d.id,
    project_id: d.project_id,
    srclang: project.srclang,
    trglang: project.trglang,
    name: d.name,
    import_in_progress: d.import_in_progress === 1,
    import_succeeded: d.import_succeeded === 1,
    import_error_message: d.import_error_message ?? '',
    export_in_progress: d.export_in_progress === 1,
    export_succeeded: d.export_succeeded === 1,
    export_error_message: d.export_error_message ?? '',
    is_pretranslating: d.is_pretranslating === 1,
    is_review_complete: d.is_review_complete === 1,
    status: { pretranslation: d.pretranslation },
    translator_email: d.translator_email ?? '',
    reviewer_email: d.reviewer_email ?? '',
    customer_reviewer_email: d.customer_reviewer_email ?? '',
    created_at: seconds(d.created_at),
    updated_at: seconds(d.updated_at),
  };
}

/** Projects with their documents (spec, Project); data from readProjectsData. */
export function presentProjects(
  projects: ProjectRow[],
  { documents, jobs: jobById, templates }: ProjectsData,
): Project[] {
  return projects.map((p) => {
    const job = jobById.get(p.job_id);
    const { state, workflowStatus } = stageOf(
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
