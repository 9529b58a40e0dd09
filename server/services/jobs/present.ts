import { type Selectable, sql } from 'kysely';
import type { Job } from '../../../src/api/schemas/jobs.ts';
import type { Document, Project } from '../../../src/api/schemas/projects.ts';
import type { WorkflowTemplate } from '../../../src/api/schemas/workflows.ts';
import type { Db } from '../../store/db.ts';
import type { DocumentsTable, JobsTable, ProjectsTable } from '../../store/schema.ts';
import { domainById } from '../domains.ts';
import { stateOf, templatesById } from '../workflows.ts';

export type JobRow = Selectable<JobsTable>;
export type ProjectRow = Selectable<ProjectsTable>;
export type DocumentRow = Selectable<DocumentsTable>;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const seconds = (ms: number) => Math.floor(ms / 1000);

interface Counts {
  words: number;
  exact: number;
  fuzzy: number;
  translated: number;
  reviewed: number;
}

/** Word counts per project, from the segments of its documents (one query for many projects). */
async function countsByProject(db: Db, projectIds: number[]): Promise<Map<number, Counts>> {
  const out = new Map<number, Counts>();
  if (projectIds.length === 0) return out;
  const rows = await db
    .selectFrom('document_segments as s')
    .innerJoin('documents as d', 'd.id', 's.document_id')
    .select([
      'd.project_id as project_id',
      sql<number>`sum(s.words)`.as('words'),
      sql<number>`sum(case when s.match_score >= 100 then s.words else 0 end)`.as('exact'),
      sql<number>`sum(case when s.match_score >= 75 and s.match_score < 100 then s.words else 0 end)`.as(
        'fuzzy',
      ),
      sql<number>`sum(case when s.target is not null or s.target_plural is not null then s.words else 0 end)`.as(
        'translated',
      ),
      sql<number>`sum(case when s.status = 'reviewed' then s.words else 0 end)`.as('reviewed'),
    ])
    .where('d.project_id', 'in', projectIds)
    .groupBy('d.project_id')
    .execute();
  for (const r of rows) {
    out.set(r.project_id, {
      words: Number(r.words ?? 0),
      exact: Number(r.exact ?? 0),
      fuzzy: Number(r.fuzzy ?? 0),
      translated: Number(r.translated ?? 0),
      reviewed: Number(r.reviewed ?? 0),
    });
  }
  return out;
}

async function linguistsByJob(db: Db, jobIds: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (jobIds.length === 0) return out;
  const rows = await db
    .selectFrom('document_segments as s')
    .innerJoin('documents as d', 'd.id', 's.document_id')
    .innerJoin('projects as p', 'p.id', 'd.project_id')
    .select(['p.job_id as job_id', sql<number>`count(distinct s.updated_by)`.as('n')])
    .where('p.job_id', 'in', jobIds)
    .where('s.updated_by', 'is not', null)
    .groupBy('p.job_id')
    .execute();
  for (const r of rows) out.set(r.job_id, Number(r.n));
  return out;
}

function stageOf(template: WorkflowTemplate | undefined, stage: number) {
  return stateOf(template?.stages[Math.min(stage, (template?.stages.length ?? 1) - 1)]);
}

/** Jobs as the API shows them, with stats and their projects (spec, Job). */
export async function presentJobs(db: Db, jobs: JobRow[]): Promise<Job[]> {
  if (jobs.length === 0) return [];
  const projects = await db
    .selectFrom('projects')
    .selectAll()
    .where(
      'job_id',
      'in',
      jobs.map((j) => j.id),
    )
    .orderBy('id')
    .execute();
  const [counts, linguists, templates] = await Promise.all([
    countsByProject(
      db,
      projects.map((p) => p.id),
    ),
    linguistsByJob(
      db,
      jobs.map((j) => j.id),
    ),
    templatesById(
      db,
      jobs.map((j) => j.workflow_template_id),
    ),
  ]);
  return jobs.map((job) => {
    const template = templates.get(job.workflow_template_id);
    const own = projects.filter((p) => p.job_id === job.id);
    const total = { words: 0, exact: 0, fuzzy: 0, translated: 0, reviewed: 0 };
    const items = own.map((p) => {
      const c = counts.get(p.id) ?? { words: 0, exact: 0, fuzzy: 0, translated: 0, reviewed: 0 };
      for (const k of Object.keys(total) as (keyof Counts)[]) total[k] += c[k];
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

/** Projects with their documents (spec, Project). */
export async function presentProjects(db: Db, projects: ProjectRow[]): Promise<Project[]> {
  if (projects.length === 0) return [];
  const ids = projects.map((p) => p.id);
  const [documents, jobs] = await Promise.all([
    db.selectFrom('documents').selectAll().where('project_id', 'in', ids).orderBy('id').execute(),
    db
      .selectFrom('jobs')
      .select(['id', 'due', 'workflow_template_id', 'status'])
      .where('id', 'in', [...new Set(projects.map((p) => p.job_id))])
      .execute(),
  ]);
  const jobById = new Map(jobs.map((j) => [j.id, j]));
  const templates = await templatesById(
    db,
    jobs.map((j) => j.workflow_template_id),
  );
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
