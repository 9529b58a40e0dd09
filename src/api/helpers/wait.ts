/**
 * Waiting for the platform's background work: job creation, delivery, export, instant
 * translations. Each polls with growing pauses (poll.ts), gives up with TimeoutError after
 * `timeoutMs`, and stops at once when `signal` aborts.
 */
import type { Client } from '../client.ts';
import type { Clock } from '../limiter/window-budget.ts';
import { poll } from '../poll.ts';
import { type FileTranslationStatus, MAX_IDS_PER_CALL } from '../schemas/instant.ts';
import type { Job } from '../schemas/jobs.ts';
import { ExportFailedError, JobCreationFailedError, TranslationsNotFoundError } from './errors.ts';

export interface WaitOptions {
  signal?: AbortSignal;
  /** Give up after this long (default 10 minutes; delivery: 24 hours, people translate). */
  timeoutMs?: number;
  /** First pause (default 1 s), growing by `factor` (1.5) up to `maxIntervalMs` (30 s). */
  intervalMs?: number;
  /** A pause before the first look (default none). */
  firstDelayMs?: number;
  maxIntervalMs?: number;
  factor?: number;
  clock?: Clock;
}

function pollOptions(o: WaitOptions, label: string) {
  const { signal, timeoutMs, intervalMs, firstDelayMs, maxIntervalMs, factor, clock } = o;
  return { signal, timeoutMs, intervalMs, firstDelayMs, maxIntervalMs, factor, clock, label };
}

/** Resolves with the job once its documents are imported (creationStatus COMPLETE); FAILED throws JobCreationFailedError. */
export async function waitForJobCreated(client: Client, jobId: number, o: WaitOptions = {}): Promise<Job> {
  const job = await poll((_) => client.jobs.get(jobId, { signal: o.signal }), {
    ...pollOptions(o, `job ${jobId} creation`),
    until: (j) => j.creationStatus !== 'PENDING',
  });
  if (job.creationStatus === 'FAILED') throw new JobCreationFailedError(jobId);
  return job;
}

/**
 * Resolves with the job once it is delivered (every project done) — or archived after delivery.
 * Delivery waits for people, so the default timeout is a day; a webhook (JOB_DELIVER) is the
 * better signal for long waits.
 */
export function waitForJobDelivered(client: Client, jobId: number, o: WaitOptions = {}): Promise<Job> {
  return poll((_) => client.jobs.get(jobId, { signal: o.signal }), {
    ...pollOptions(o, `job ${jobId} delivery`),
    timeoutMs: o.timeoutMs ?? 24 * 60 * 60 * 1000,
    maxIntervalMs: o.maxIntervalMs ?? 60_000,
    until: (j) => j.status === 'delivered' || (j.status === 'archived' && j.deliveredAt !== null),
  });
}

/**
 * Resolves with the job once its export is done (isProcessing 0); start it with
 * `client.jobs.export(id)` first. isProcessing -2 throws ExportFailedError with the job's exportError.
 */
export async function waitForExport(client: Client, jobId: number, o: WaitOptions = {}): Promise<Job> {
  const job = await poll((_) => client.jobs.get(jobId, { signal: o.signal }), {
    ...pollOptions(o, `job ${jobId} export`),
    until: (j) => j.isProcessing !== 1,
  });
  if (job.isProcessing === -2) throw new ExportFailedError(jobId, job.exportError ?? null);
  return job;
}

const finished = (s: FileTranslationStatus) => s.status === 'ReadyForDownload' || s.status === 'Failed';

/**
 * Resolves once every translation is ReadyForDownload or Failed, with their statuses in the
 * order of `ids`, one per distinct id (Failed ones carry errorMsg: look before downloading).
 * Each round asks only about those still running. Ids the platform does not know throw
 * TranslationsNotFoundError. `onProgress` hears how many are finished whenever that changes.
 */
export async function waitForTranslations(
  client: Client,
  ids: readonly number[],
  o: WaitOptions & { onProgress?: (ready: number, total: number) => void } = {},
): Promise<FileTranslationStatus[]> {
  const latest = new Map<number, FileTranslationStatus>();
  const pending = new Set(ids);
  const total = pending.size;
  let reported = -1;
  await poll(
    async () => {
      const asked = [...pending];
      for (let at = 0; at < asked.length; at += MAX_IDS_PER_CALL) {
        const chunk = asked.slice(at, at + MAX_IDS_PER_CALL);
        const statuses = await client.instant.status({ translationIds: chunk }, { signal: o.signal });
        for (const status of statuses) {
          latest.set(status.id, status);
          if (finished(status)) pending.delete(status.id);
        }
        const unknown = chunk.filter((id) => !latest.has(id));
        if (unknown.length > 0) throw new TranslationsNotFoundError(unknown);
      }
      // Progress only when it moved: a long wait prints a line per step, not per poll.
      if (total - pending.size !== reported) {
        reported = total - pending.size;
        o.onProgress?.(reported, total);
      }
      return pending.size;
    },
    { ...pollOptions(o, `${ids.length} translations`), until: (left) => left === 0 },
  );
  return [...new Set(ids)].map((id) => latest.get(id)!);
}
