import {
  type Client,
  type FileTranslationStatus,
  type Memory,
  TranslateFilesError,
  translateFiles,
  waitForTranslations,
} from '../api/index.ts';
import { mapConcurrent } from './map-concurrent.ts';
import type { Uploaded } from './upload.ts';

/** The platform takes at most this many file ids per POST /v2/translate/file. */
const FILES_PER_CALL = 1000;

export interface StartedTranslation {
  target: string;
  file: Uploaded;
  status: FileTranslationStatus;
}

/**
 * Starts the instant translation of every uploaded file into every target: one batched call per
 * target memory, split only where the character budget or the platform's 1,000 ids per call ask
 * (the client's translateFiles), so the limited requests stay at the fewest the limits allow.
 */
export async function startTranslations(
  client: Client,
  uploaded: readonly Uploaded[],
  targets: readonly string[],
  memories: ReadonlyMap<string, Memory | undefined>,
  signal?: AbortSignal,
): Promise<StartedTranslation[]> {
  const byId = new Map(uploaded.map((u) => [u.record.id, u]));
  const files = uploaded.map((u) => ({ id: u.record.id, characters: u.file.characters }));
  const started: StartedTranslation[] = [];
  await Promise.all(
    targets.map(async (target) => {
      const memory = memories.get(target);
      if (!memory) throw new Error(`no memory for target ${target}`);
      let statuses: FileTranslationStatus[];
      try {
        statuses = await translateFiles(client, files, memory.id, {
          maxFilesPerCall: FILES_PER_CALL,
          ...(signal ? { signal } : {}),
        });
      } catch (error) {
        // Keep what did start so its ids are reported; the error still fails the run.
        if (error instanceof TranslateFilesError)
          for (const status of error.started)
            started.push({ target, file: byId.get(Number(status.fileId))!, status });
        throw error;
      }
      for (const status of statuses) started.push({ target, file: byId.get(Number(status.fileId))!, status });
    }),
  );
  return started;
}

export interface FinishedTranslation extends StartedTranslation {
  /** The translated file, when the translation succeeded. */
  bytes?: Uint8Array;
  error?: string;
}

/**
 * Waits until every translation is ReadyForDownload or Failed, then downloads the ready ones
 * (`concurrency` at a time).
 */
export async function collectTranslations(
  client: Client,
  started: readonly StartedTranslation[],
  options: { timeoutMs?: number; signal?: AbortSignal; concurrency?: number } = {},
): Promise<FinishedTranslation[]> {
  const final = await waitForTranslations(
    client,
    started.map((s) => s.status.id),
    {
      ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    },
  );
  const byId = new Map(final.map((s) => [s.id, s]));
  const out: FinishedTranslation[] = started.map((s) => ({
    ...s,
    status: byId.get(s.status.id) ?? s.status,
  }));
  await mapConcurrent(out, options.concurrency ?? 8, async (item) => {
    if (item.status.status !== 'ReadyForDownload') {
      item.error = item.status.errorMsg ?? `translation ${item.status.id} ${item.status.status}`;
      return;
    }
    item.bytes = await client.instant.download(item.status.id, {
      as: 'bytes',
      ...(options.signal ? { signal: options.signal } : {}),
    });
  });
  return out;
}
