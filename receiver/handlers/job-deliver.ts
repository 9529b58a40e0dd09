import { type Client, downloadJobZip, type FileRecord, waitForExport } from '../../src/api/index.ts';
import { mapConcurrent } from '../../src/concurrency/map-concurrent.ts';
import type { SvcConfig } from '../../src/config/index.ts';
import { type Origin, originOf } from '../../src/contracts/labels.ts';
import type { InboxEvent } from '../contracts.ts';
import { Deliveries } from '../pull-request-batch/deliveries.ts';
import { groupKeyOf } from '../pull-request-batch/group-key.ts';
import type { EventHandler, Grouping, Leverage } from './registry.ts';
import { sourceUpload } from './source-upload.ts';

/** Zip guards for a job's export: no entry over 50 MB, no archive over 500 MB. */
const ZIP_LIMITS = { maxEntryBytes: 50 * 1024 * 1024, maxTotalBytes: 500 * 1024 * 1024 };

const jobIdOf = (event: InboxEvent) => Number((event.payload as { id?: unknown }).id);

/**
 * A job's files as the Action uploaded them: they carry `job:<id>` and the origin labels (repo,
 * ref). A job without such files, or whose files come from several repositories or branches, is
 * not the receiver's to write.
 */
async function jobFiles(
  client: Client,
  jobId: number,
  signal: AbortSignal,
): Promise<{ origin: Origin; files: FileRecord[] } | { recorded: string }> {
  const files = await client.files.list({ labels: [`job:${jobId}`] }, { signal });
  const origins = files.map((f) => originOf(f.labels)).filter((o): o is Origin => o !== undefined);
  const origin = origins[0];
  if (!origin)
    return {
      recorded: `job ${jobId} has no files uploaded by the Action (no job:${jobId} and repo: labels)`,
    };
  if (origins.some((o) => groupKeyOf(o) !== groupKeyOf(origin)))
    return { recorded: `job ${jobId} mixes files of several repositories or branches; not written` };
  return { origin, files: files.filter((f) => originOf(f.labels)) };
}

/**
 * JOB_DELIVER: a job is delivered. Its group is the repository and base its files came from; its
 * batch share is the job's translations (unless the job is archived already: its pull request was
 * written) and its TM leverage, and the job is archived once the pull request is written.
 */
export const jobDeliver: EventHandler = {
  async group(event, { client, signal }): Promise<Grouping> {
    const found = await jobFiles(client, jobIdOf(event), signal);
    return 'recorded' in found ? found : { origin: found.origin };
  },

  async collect(event, { client, log, signal, settings }) {
    const jobId = jobIdOf(event);
    const job = await client.jobs.get(jobId, { signal });
    if (job.status === 'archived') {
      log.info({ job: jobId }, 'job already archived: its pull request was written');
      return undefined;
    }
    const found = await jobFiles(client, jobId, signal);
    if ('recorded' in found) {
      log.info({ job: jobId }, found.recorded);
      return undefined;
    }
    const deliveries = new Deliveries();
    const leverage = await collectJob(client, settings, { jobId, files: found.files }, deliveries, signal);
    return { deliveries, job: { id: jobId, leverage } };
  },
};

/**
 * A delivered job's translations: export, wait, download the zip (zip-slip and size checked),
 * and each entry `<lang>[-<REGION>]/<document name>` placed by the config — the document name
 * must be one of the job's own files. Returns the job's TM leverage for the PR body.
 */
export async function collectJob(
  client: Client,
  config: SvcConfig,
  job: { jobId: number; files: FileRecord[] },
  into: Deliveries,
  signal: AbortSignal,
): Promise<Leverage> {
  await client.jobs.export(job.jobId, { signal });
  await waitForExport(client, job.jobId, {
    signal,
    intervalMs: 200,
    maxIntervalMs: 2000,
    timeoutMs: 10 * 60_000,
  });
  const entries = await downloadJobZip(client, job.jobId, { signal, limits: ZIP_LIMITS });
  const byName = new Map(job.files.map((f) => [f.name, f]));
  // The sources, for word counts and placeholder QA: read a few at a time, not one per entry in turn.
  const sources = await mapConcurrent(job.files, 8, (file) => sourceUpload(client, config, file, signal));
  const sourceById = new Map(job.files.map((f, i) => [f.id, sources[i]!]));
  for (const entry of entries) {
    if (entry.directory) continue;
    const slash = entry.name.indexOf('/');
    const folder = entry.name.slice(0, slash);
    const name = entry.name.slice(slash + 1);
    const file = byName.get(name);
    if (slash <= 0 || !file) {
      into.note(`job ${job.jobId}: zip entry ${JSON.stringify(entry.name)} is not one of the job's files`);
      continue;
    }
    const [lang, locale] = folder.split('-');
    const source = sourceById.get(file.id)!;
    into.place(config, {
      sourcePath: file.name,
      lang: lang!,
      locale: locale ?? null,
      bytes: entry.bytes,
      sourceBytes: source.bytes,
      words: source.words,
      sourceFileId: file.id,
    });
  }
  const stats = await client.jobs.stats(job.jobId, { signal });
  return { exactWords: stats.exactWords, fuzzyWords: stats.fuzzyWords, newWords: stats.newWords };
}
