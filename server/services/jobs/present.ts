import type { Job } from '../../../src/api/schemas/jobs.ts';
import type { JobRow } from '../../store/jobs/jobs.ts';
import type { WordCounts } from '../../store/jobs/progress.ts';
import { domainById } from '../domains.ts';
import { stateAtStage } from '../workflows.ts';
import type { JobsData } from './view-data.ts';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** Jobs as the API shows them, with stats and their projects (spec, Job); data from readJobsData. */
export function presentJobs(jobs: JobRow[], { projects, counts, templates, linguists }: JobsData): Job[] {
  return jobs.map((job) => {
    const template = templates.get(job.workflow_template_id);
    const own = projects.filter((p) => p.job_id === job.id);
    const total = { words: 0, exact: 0, fuzzy: 0, translated: 0, reviewed: 0 };
    const items = own.map((p) => {
      const c = counts.get(p.id) ?? { words: 0, exact: 0, fuzzy: 0, translated: 0, reviewed: 0 };
      for (const k of Object.keys(total) as (keyof WordCounts)[]) total[k] += c[k];
      const { state, workflowStatus } = stateAtStage(template, p.stage);
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
