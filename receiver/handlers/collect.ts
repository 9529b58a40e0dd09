import { type Client, downloadJobZip, type FileRecord, waitForExport } from '../../src/api/index.ts';
import { mapConcurrent } from '../../src/concurrency/map-concurrent.ts';
import { entryForSource, type SvcConfig } from '../../src/config/index.ts';
import { analyseSourceFile } from '../../src/translations/source-file.ts';
import type { Resolved } from './resolve.ts';
import { type Collected, placeTranslation } from './translated-files.ts';

/** Zip guards for a job's export: no entry over 50 MB, no archive over 500 MB. */
const ZIP_LIMITS = { maxEntryBytes: 50 * 1024 * 1024, maxTotalBytes: 500 * 1024 * 1024 };

/** A job or translation's source file as uploaded, and its words (for the PR body and QA). */
async function sourceOf(client: Client, config: SvcConfig, file: FileRecord, signal: AbortSignal) {
  const bytes = await client.files.download(file.id, { as: 'bytes', signal });
  const format = entryForSource(config, file.name)?.format;
  const analysed = analyseSourceFile(file.name, bytes, { lang: config.source, format });
  return { bytes, words: 'words' in analysed ? analysed.words : 0 };
}

/**
 * A delivered job's translations: export, wait, download the zip (zip-slip and size checked),
 * and each entry `<lang>[-<REGION>]/<document name>` placed by the config — the document name
 * must be one of the job's own files. Returns the job's TM leverage for the PR body.
 */
export async function collectJob(
  client: Client,
  config: SvcConfig,
  job: Extract<Resolved, { kind: 'job' }>,
  into: Collected,
  signal: AbortSignal,
): Promise<{ exactWords: number; fuzzyWords: number; newWords: number }> {
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
  const sources = await mapConcurrent(job.files, 8, (file) => sourceOf(client, config, file, signal));
  const sourceById = new Map(job.files.map((f, i) => [f.id, sources[i]!]));
  for (const entry of entries) {
    if (entry.directory) continue;
    const slash = entry.name.indexOf('/');
    const folder = entry.name.slice(0, slash);
    const name = entry.name.slice(slash + 1);
    const file = byName.get(name);
    if (slash <= 0 || !file) {
      into.skipped.push(
        `job ${job.jobId}: zip entry ${JSON.stringify(entry.name)} is not one of the job's files`,
      );
      continue;
    }
    const [lang, locale] = folder.split('-');
    const source = sourceById.get(file.id)!;
    placeTranslation(into, config, {
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

/** Thrown while an instant translation is not ready yet: the event is retried with backoff. */
export class NotReadyError extends Error {
  override name = 'NotReadyError';
}

/**
 * One instant translation: ReadyForDownload → downloaded and placed; Failed → listed as a failure
 * in the PR body; still in progress → NotReadyError (retried later).
 */
export async function collectInstant(
  client: Client,
  config: SvcConfig,
  t: Extract<Resolved, { kind: 'instant' }>,
  into: Collected,
  signal: AbortSignal,
): Promise<void> {
  const [status = t.status] = await client.instant.status({ translationIds: [t.translationId] }, { signal });
  const target = `${status.trgLang}${status.trgLocale ? `-${status.trgLocale}` : ''}`;
  if (status.status === 'Failed') {
    into.failures.push({ sourcePath: t.file.name, target, message: status.errorMsg ?? 'translation failed' });
    return;
  }
  if (status.status !== 'ReadyForDownload')
    throw new NotReadyError(`translation ${t.translationId} is ${status.status}, not ReadyForDownload yet`);
  const bytes = await client.instant.download(t.translationId, { as: 'bytes', signal });
  const source = await sourceOf(client, config, t.file, signal);
  placeTranslation(into, config, {
    sourcePath: t.file.name,
    lang: status.trgLang,
    locale: status.trgLocale,
    bytes,
    sourceBytes: source.bytes,
    words: source.words,
    sourceFileId: t.file.id,
  });
}
