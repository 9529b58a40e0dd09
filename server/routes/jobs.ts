import { z } from 'zod';
import {
  CreateJobRequest,
  ExportQuery,
  Job,
  JobIdParams,
  ListJobsQuery,
  UpdateJobRequest,
} from '../../src/api/schemas/jobs.ts';
import { WorkflowTemplate } from '../../src/api/schemas/workflows.ts';
import type { PlatformServices } from '../compose.ts';
import type { ApiRegistry } from '../http/api-router.ts';
import { sendChunks } from '../http/send-chunks.ts';
import type { JobService } from '../services/jobs/service.ts';
import { listTemplates } from '../services/workflows.ts';

const missing = { 404: { description: 'no such job in this organization' } };
const job = { description: 'the job', schema: Job };

export function jobRoutes(api: ApiRegistry, services: PlatformServices): void {
  const { jobs } = services;
  const deps = services;
  api.add({
    method: 'get',
    path: '/v2/jobs',
    tag: 'Jobs',
    summary: 'List jobs, newest first (isArchived, isDelivered, offset ≥ 0, limit ≤ 50)',
    query: ListJobsQuery,
    responses: { 200: { description: 'jobs', schema: Job.array() } },
    handler: ({ auth, query }) => jobs.list(auth, query),
  });
  api.add({
    method: 'post',
    path: '/v2/jobs',
    tag: 'Jobs',
    summary: 'Create a job: one project per language pair, a document per file per project',
    body: CreateJobRequest,
    responses: { 200: job, 404: { description: 'a file is not in this organization' } },
    refusals: [
      { status: 400, when: "a language pair's memory does not hold that pair (memory's srclang → trglang)" },
      { status: 400, when: "a language pair's srcLang differs from the job's srcLang" },
      { status: 400, when: 'the same language pair (with its locales) is given twice' },
      { status: 400, when: 'domainId names no domain (see GET /v3/domains)' },
    ],
    handler: ({ auth, body }) => jobs.create(auth, body),
  });
  api.add({
    method: 'get',
    path: '/v2/jobs/{id}',
    tag: 'Jobs',
    summary: 'A job with its stats (isProcessing reflects export progress)',
    params: JobIdParams,
    responses: { 200: job, ...missing },
    handler: ({ auth, params }) => jobs.get(auth, params.id),
  });
  api.add({
    method: 'put',
    path: '/v2/jobs/{id}',
    tag: 'Jobs',
    summary: 'Rename a job or change its due date',
    params: JobIdParams,
    body: UpdateJobRequest,
    responses: { 200: job, ...missing },
    handler: ({ auth, params, body }) => jobs.update(auth, params.id, body),
  });
  api.add({
    method: 'delete',
    path: '/v2/jobs/{id}',
    tag: 'Jobs',
    summary: 'Delete a job',
    params: JobIdParams,
    responses: { 200: { description: 'deleted', schema: z.object({ id: z.int() }) }, ...missing },
    handler: ({ auth, params }) => jobs.remove(auth, params.id),
  });
  api.add({
    method: 'get',
    path: '/v2/jobs/{id}/stats',
    tag: 'Jobs',
    summary: "A job's stats: words (exact, fuzzy, new from TM leverage), progress, projects",
    params: JobIdParams,
    responses: { 200: { description: 'stats', schema: Job.shape.stats }, ...missing },
    handler: async ({ auth, params }) => (await jobs.get(auth, params.id)).stats,
  });
  const action = (
    path: string,
    summary: string,
    run: (auth: Parameters<JobService['get']>[0], id: number) => Promise<unknown>,
  ) =>
    api.add({
      method: 'post',
      path: `/v2/jobs/{id}/${path}`,
      tag: 'Jobs',
      summary,
      params: JobIdParams,
      responses: { 200: job, ...missing, 409: { description: 'not possible in the job’s current state' } },
      handler: ({ auth, params }) => run(auth, params.id),
    });
  action('deliver', 'Deliver a job: every project to done, then delivered (JOB_DELIVER)', (a, id) =>
    jobs.deliver(a, id),
  );
  action('archive', 'Archive a job (acknowledges that its translations were received)', (a, id) =>
    jobs.archive(a, id),
  );
  action('unarchive', 'Take a job out of the archive', (a, id) => jobs.unarchive(a, id));
  action('reactivate', 'Make an archived or delivered job active again; projects keep their state', (a, id) =>
    jobs.reactivate(a, id),
  );
  api.add({
    method: 'get',
    path: '/v2/jobs/{id}/export',
    tag: 'Jobs',
    summary: 'Start exporting the translated files (isProcessing 1, then 0 or -2)',
    params: JobIdParams,
    query: ExportQuery,
    responses: { 200: job, ...missing, 409: { description: 'documents still importing, or import failed' } },
    handler: ({ auth, params }) => jobs.startExport(auth, params.id),
  });
  api.add({
    method: 'get',
    path: '/v2/jobs/{id}/download',
    tag: 'Jobs',
    summary: 'Download the export: a zip with a folder per target language',
    params: JobIdParams,
    responses: {
      200: { description: 'zip', contentType: 'application/zip' },
      ...missing,
      409: { description: 'not exported yet' },
    },
    handler: async ({ auth, params, res }) => {
      const chunks = await jobs.download(auth, params.id);
      res.set({
        'Content-Type': 'application/zip',
        'Content-Disposition': `attachment; filename="job-${params.id}.zip"`,
      });
      await sendChunks(res, chunks);
    },
  });
  api.add({
    method: 'get',
    path: '/v2/workflows/templates',
    tag: 'Workflows',
    summary: 'Workflow templates of the organization',
    responses: { 200: { description: 'templates', schema: WorkflowTemplate.array() } },
    handler: ({ auth }) => listTemplates(deps.db, auth.organizationId, deps.now()),
  });
}
