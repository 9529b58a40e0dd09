import {
  type Client,
  type FileTranslationStatus,
  type Memory,
  TranslateFilesError,
  translateFiles,
} from '../api/index.ts';
import type { Uploaded } from './upload.ts';

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
        statuses = await translateFiles(client, files, memory.id, signal ? { signal } : {});
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
