import { z } from 'zod';
import type { Transport } from '../http.ts';
import {
  type CreateJobRequest,
  Job,
  JobStats as JobStatsSchema,
  type UpdateJobRequest,
} from '../schemas/jobs.ts';
import {
  type CallExtras,
  type DownloadAs,
  type Downloaded,
  type DownloadOptions,
  download,
  segment,
} from './common.ts';

/** DELETE /v2/jobs/{id} answers with the id (the route's inline schema). */
const DeletedJob = z.object({ id: z.int() });
export type JobStats = z.infer<typeof JobStatsSchema>;

export interface JobListFilter {
  isArchived?: boolean;
  isDelivered?: boolean;
  /** At least 0 (default 0). */
  offset?: number;
  /** At most 50 (default 25). */
  limit?: number;
}

/** Jobs: verified translation, one project per language pair, a document per file. */
export function jobsClient(t: Transport) {
  const one = (id: number, rest = '') => `/v2/jobs/${segment(id)}${rest}`;
  /** POST /v2/jobs/{id}/<action>: answers with the job. Repeating one leaves the same state. */
  const action =
    (name: string) =>
    (id: number, o: CallExtras = {}): Promise<Job> =>
      t.request({ method: 'POST', path: one(id, `/${name}`), schema: Job, idempotent: true, ...o });
  return {
    /** GET /v2/jobs: newest first, a page at a time. */
    list: (filter: JobListFilter = {}, o: CallExtras = {}): Promise<Job[]> =>
      t.request({ method: 'GET', path: '/v2/jobs', query: { ...filter }, schema: Job.array(), ...o }),
    /** POST /v2/jobs: creationStatus is PENDING until every document is imported (see waitForJobCreated). */
    create: (request: z.input<typeof CreateJobRequest>, o: CallExtras = {}): Promise<Job> =>
      t.request({ method: 'POST', path: '/v2/jobs', json: request, schema: Job, ...o }),
    /** GET /v2/jobs/{id}: isProcessing follows the export. */
    get: (id: number, o: CallExtras = {}): Promise<Job> =>
      t.request({ method: 'GET', path: one(id), schema: Job, ...o }),
    /** PUT /v2/jobs/{id}: rename, or change (or clear, with null) the due date. */
    update: (id: number, patch: z.input<typeof UpdateJobRequest>, o: CallExtras = {}): Promise<Job> =>
      t.request({ method: 'PUT', path: one(id), json: patch, schema: Job, ...o }),
    /** DELETE /v2/jobs/{id}. */
    delete: (id: number, o: CallExtras = {}): Promise<{ id: number }> =>
      t.request({ method: 'DELETE', path: one(id), schema: DeletedJob, ...o }),
    /** GET /v2/jobs/{id}/stats: words by TM leverage, progress, projects. */
    stats: (id: number, o: CallExtras = {}): Promise<JobStats> =>
      t.request({ method: 'GET', path: one(id, '/stats'), schema: JobStatsSchema, ...o }),
    /** GET /v2/jobs/{id}/export?type=files: starts the export (isProcessing 1; see waitForExport). */
    export: (id: number, o: CallExtras = {}): Promise<Job> =>
      t.request({ method: 'GET', path: one(id, '/export'), query: { type: 'files' }, schema: Job, ...o }),
    /** GET /v2/jobs/{id}/download: the exported zip, a folder per target (see downloadJobZip). */
    download: <A extends DownloadAs = 'stream'>(id: number, o?: DownloadOptions<A>): Promise<Downloaded<A>> =>
      download(t, one(id, '/download'), {}, o),
    /** Acknowledges that the translations were received. */
    archive: action('archive'),
    unarchive: action('unarchive'),
    /** Archived or delivered → active; projects keep their state. */
    reactivate: action('reactivate'),
    /** Every project to done, then the job is delivered (409 while its creation is not COMPLETE). */
    deliver: action('deliver'),
  };
}

export type JobsClient = ReturnType<typeof jobsClient>;
