import type { CreateJobRequest, Job } from '../../../src/api/schemas/jobs.ts';
import type { AuthContext } from '../../auth/context.ts';
import { conflict, HttpError, notFound } from '../../http/errors.ts';
import { readBlob } from '../../store/blobs.ts';
import type { Db } from '../../store/db.ts';
import { fileNamesIn } from '../../store/files.ts';
import { insertDocumentId } from '../../store/jobs/documents.ts';
import {
  getLiveJob,
  insertJob,
  insertJobFiles,
  type JobFilters,
  type JobRow,
  listJobs,
  updateJob,
} from '../../store/jobs/jobs.ts';
import { insertProject } from '../../store/jobs/projects.ts';
import { getMemory } from '../../store/memories.ts';
import { enqueue } from '../../store/work-items.ts';
import { newDocumentRow } from '../documents/rows.ts';
import { domainById } from '../domains.ts';
import { inaccessible } from '../memories/service.ts';
import { resolveTemplate } from '../workflows.ts';
import { jobEvent } from './events.ts';
import { presentJobs } from './present.ts';
import { readJobsData } from './view-data.ts';
import { deliverJob } from './workflow.ts';

export interface JobServiceDeps {
  db: Db;
  now: () => number;
  wake: () => void;
}

const tag = (lang: string, locale: string | null | undefined) => (locale ? `${lang}-${locale}` : lang);

export function jobService(deps: JobServiceDeps) {
  const { db, now } = deps;

  async function owned(auth: AuthContext, id: number): Promise<JobRow> {
    const job = await getLiveJob(db, auth.organizationId, id);
    if (!job) throw notFound(`job ${id}`);
    return job;
  }

  async function present(job: JobRow): Promise<Job> {
    return presentJobs([job], await readJobsData(db, [job]))[0]!;
  }

  /** Changes a job's status in one transaction with its JOB_UPDATE. */
  async function setStatus(job: JobRow, status: JobRow['status'], extra: Partial<JobRow> = {}): Promise<Job> {
    const t = now();
    const changed = { ...job, ...extra, status, updated_at: t };
    await db.transaction().execute(async (tx) => {
      await updateJob(tx, job.id, { ...extra, status, updated_at: t });
      if (job.status !== status) await jobEvent(tx, t, 'JOB_UPDATE', changed);
    });
    return present(changed);
  }

  return {
    owned,

    /** One project per language pair, each tied to its memory for good; a document per file per project. */
    async create(auth: AuthContext, request: CreateJobRequest): Promise<Job> {
      const t = now();
      const fileIds = [...new Set(request.fileIds)];
      const files = await fileNamesIn(db, auth.organizationId, fileIds);
      const missing = fileIds.filter((id) => !files.some((f) => f.id === id));
      if (missing.length > 0) throw notFound(`file ${missing.join(', ')}`);
      const fileById = new Map(files.map((f) => [f.id, f]));
      const seenPairs = new Set<string>();
      const pairs: {
        srclang: string;
        srclocale: string | null;
        trglang: string;
        trglocale: string | null;
        memoryId: number;
      }[] = [];
      for (const [i, pair] of request.languagePairs.entries()) {
        const srclang = pair.srcLang ?? request.srcLang;
        const srclocale = pair.srcLocale ?? request.srcLocale ?? null;
        if (srclang !== request.srcLang) {
          throw new HttpError(
            400,
            `languagePairs.${i}.srcLang: ${srclang} differs from the job's srcLang ${request.srcLang}`,
          );
        }
        const memory = await getMemory(db, auth.organizationId, pair.memoryId);
        if (!memory) throw inaccessible(pair.memoryId);
        if (memory.srclang !== srclang || memory.trglang !== pair.trgLang) {
          throw new HttpError(
            400,
            `languagePairs.${i}.memoryId: memory ${memory.id} is ${memory.srclang} → ${memory.trglang}, not ${srclang} → ${pair.trgLang}`,
          );
        }
        const trglocale = pair.trgLocale ?? memory.trglocale ?? null;
        const key = `${tag(srclang, srclocale)}>${tag(pair.trgLang, trglocale)}`;
        if (seenPairs.has(key))
          throw new HttpError(400, `languagePairs.${i}: ${key.replace('>', ' → ')} is given twice`);
        seenPairs.add(key);
        pairs.push({ srclang, srclocale, trglang: pair.trgLang, trglocale, memoryId: memory.id });
      }
      if (request.domainId !== undefined && !domainById(request.domainId)) {
        throw new HttpError(400, `domainId: no domain ${request.domainId}; see GET /v3/domains`);
      }
      const template = await resolveTemplate(db, auth.organizationId, request.workflowTemplateId, t);
      const job = await db.transaction().execute(async (tx) => {
        const job = await insertJob(tx, {
          organization_id: auth.organizationId,
          name: request.name,
          due: request.due ? Date.parse(request.due) : null,
          status: 'active',
          creation_status: 'PENDING',
          is_processing: 0,
          export_error: null,
          export_blob_id: null,
          delivered_at: null,
          archived_at: null,
          deleted_at: null,
          srclang: request.srcLang,
          srclocale: request.srcLocale ?? null,
          is_plural: request.isPlural ? 1 : 0,
          workflow_template_id: template.id,
          domain_id: request.domainId ?? null,
          created_at: t,
          updated_at: t,
        });
        await insertJobFiles(tx, job.id, fileIds);
        for (const pair of pairs) {
          const projectId = await insertProject(tx, {
            organization_id: auth.organizationId,
            job_id: job.id,
            memory_id: pair.memoryId,
            name: `${request.name} (${tag(pair.srclang, pair.srclocale)} → ${tag(pair.trglang, pair.trglocale)})`,
            srclang: pair.srclang,
            srclocale: pair.srclocale,
            trglang: pair.trglang,
            trglocale: pair.trglocale,
            stage: 0,
            archived: 0,
            metadata: '{}',
            sample_review_percentage: 0,
            connector_id: null,
            created_at: t,
            updated_at: t,
          });
          for (const fileId of fileIds) {
            const documentId = await insertDocumentId(
              tx,
              newDocumentRow({
                organizationId: auth.organizationId,
                projectId,
                fileId,
                name: fileById.get(fileId)!.name,
                now: t,
              }),
            );
            await enqueue(tx, t, 'document-import', { documentId }, { organizationId: auth.organizationId });
          }
        }
        await jobEvent(tx, t, 'JOB_UPDATE', job);
        return job;
      });
      deps.wake();
      return present(job);
    },

    async list(auth: AuthContext, query: JobFilters): Promise<Job[]> {
      const jobs = await listJobs(db, auth.organizationId, query);
      return presentJobs(jobs, await readJobsData(db, jobs));
    },

    async get(auth: AuthContext, id: number): Promise<Job> {
      return present(await owned(auth, id));
    },

    async update(
      auth: AuthContext,
      id: number,
      patch: { name?: string | undefined; due?: string | null | undefined },
    ): Promise<Job> {
      const job = await owned(auth, id);
      const t = now();
      const changes: Partial<JobRow> = { updated_at: t };
      if (patch.name !== undefined) changes.name = patch.name;
      if (patch.due !== undefined) changes.due = patch.due === null ? null : Date.parse(patch.due);
      const changed = { ...job, ...changes };
      await db.transaction().execute(async (tx) => {
        await updateJob(tx, id, changes);
        if (changed.name !== job.name || changed.due !== job.due)
          await jobEvent(tx, t, 'JOB_UPDATE', changed);
      });
      return present(changed);
    },

    async remove(auth: AuthContext, id: number): Promise<{ id: number }> {
      await owned(auth, id);
      const t = now();
      await updateJob(db, id, { deleted_at: t, updated_at: t });
      return { id };
    },

    async deliver(auth: AuthContext, id: number): Promise<Job> {
      const job = await owned(auth, id);
      if (job.creation_status !== 'COMPLETE') {
        throw conflict(`job ${id} cannot be delivered while its creation is ${job.creation_status}`);
      }
      if (job.status === 'active') await db.transaction().execute((tx) => deliverJob(tx, id, now()));
      return present(await owned(auth, id));
    },

    async archive(auth: AuthContext, id: number): Promise<Job> {
      const job = await owned(auth, id);
      return setStatus(job, 'archived', { archived_at: now() });
    },

    /** Back from the archive to where it was: delivered when it had been delivered, else active. */
    async unarchive(auth: AuthContext, id: number): Promise<Job> {
      const job = await owned(auth, id);
      if (job.status !== 'archived') return present(job);
      return setStatus(job, job.delivered_at !== null ? 'delivered' : 'active', { archived_at: null });
    },

    /** Archived or delivered → active; projects keep their state (spec, Job status). */
    async reactivate(auth: AuthContext, id: number): Promise<Job> {
      const job = await owned(auth, id);
      return setStatus(job, 'active', { archived_at: null });
    },

    async startExport(auth: AuthContext, id: number): Promise<Job> {
      const job = await owned(auth, id);
      if (job.creation_status === 'PENDING')
        throw conflict(`job ${id} is still importing its documents; export when creationStatus is COMPLETE`);
      if (job.creation_status === 'FAILED')
        throw conflict(`job ${id} failed to import its documents; nothing to export`);
      if (job.is_processing === 1) return present(job);
      const t = now();
      await db.transaction().execute(async (tx) => {
        await updateJob(tx, id, { is_processing: 1, export_error: null, updated_at: t });
        await enqueue(tx, t, 'job-export', { jobId: id }, { organizationId: auth.organizationId });
      });
      deps.wake();
      return present({ ...job, is_processing: 1, export_error: null });
    },

    async download(auth: AuthContext, id: number): Promise<AsyncIterable<Uint8Array>> {
      const job = await owned(auth, id);
      if (job.is_processing === 1)
        throw conflict(
          `the export of job ${id} is still running; poll GET /v2/jobs/${id} until isProcessing is 0`,
        );
      if (job.is_processing === -2)
        throw conflict(`the export of job ${id} failed: ${job.export_error ?? 'unknown error'}`);
      if (job.export_blob_id === null)
        throw conflict(`job ${id} has not been exported; start with GET /v2/jobs/${id}/export?type=files`);
      return readBlob(db, job.export_blob_id);
    },
  };
}

export type JobService = ReturnType<typeof jobService>;
