import type { CallExtras } from '../client/common.ts';
import type { Client } from '../client.ts';
import { NetworkError } from '../errors.ts';
import { type FileTranslationStatus, MAX_IDS_PER_CALL } from '../schemas/instant.ts';
import { FileOverBudgetError, TranslateFilesError } from './errors.ts';

/**
 * Sends one batch. A network error leaves it unknown whether the platform started the
 * translations (a reused keep-alive connection may be reset as the request goes out), and
 * resending blindly would translate — and charge — twice. So the platform is asked which
 * translations of these files into this memory began since the call: all of them → they are the
 * answer; none → the batch is sent again (at most twice more); anything else → the error stands.
 */
async function sendBatch(
  client: Client,
  request: Parameters<Client['instant']['translate']>[0],
  call: CallExtras,
): Promise<FileTranslationStatus[]> {
  for (let attempt = 0; ; attempt++) {
    const since = Math.floor(Date.now() / 1000) - 1;
    try {
      return await client.instant.translate(request, call);
    } catch (error) {
      if (!(error instanceof NetworkError) || attempt >= 2) throw error;
      const ids = new Set(request.fileIds.map(String));
      const began = (await client.instant.status({ fromTime: since }, call)).filter(
        (s) => s.memoryId === request.memoryId && ids.has(s.fileId),
      );
      if (began.length === ids.size) return began;
      if (began.length > 0) throw error;
    }
  }
}

/** An uploaded file and the characters it sends to MT (see countCharacters). */
export interface FileCharacters {
  id: number;
  characters: number;
}

export interface BatchLimits {
  /** Most characters one call may carry. */
  maxCharacters: number;
  /** Most file ids one call may carry. */
  maxFiles: number;
  /** What this client may send per window: a file above it can never be sent. */
  windowCharacters: number;
}

/**
 * Splits files into batches, in order, each within `maxCharacters` and `maxFiles`. A file above
 * `maxCharacters` but within a window's budget goes alone; one above the window's budget throws
 * FileOverBudgetError. A file id given twice is translated once.
 */
export function planBatches(files: readonly FileCharacters[], limits: BatchLimits): FileCharacters[][] {
  const { maxFiles, windowCharacters } = limits;
  if (!(Number.isInteger(maxFiles) && maxFiles >= 1))
    throw new TypeError(`[svc-connector] maxFilesPerCall must be a positive integer, got ${maxFiles}`);
  if (!(limits.maxCharacters > 0))
    throw new TypeError(`[svc-connector] maxCharactersPerCall must be positive, got ${limits.maxCharacters}`);
  const maxCharacters = Math.min(limits.maxCharacters, windowCharacters);
  const batches: FileCharacters[][] = [];
  const seen = new Set<number>();
  let batch: FileCharacters[] = [];
  let sum = 0;
  for (const file of files) {
    if (!(Number.isInteger(file.id) && file.id > 0))
      throw new TypeError(`[svc-connector] file ids must be positive integers, got ${file.id}`);
    if (!(Number.isInteger(file.characters) && file.characters >= 0))
      throw new TypeError(
        `[svc-connector] file ${file.id}: characters must be a whole number ≥ 0, got ${file.characters}`,
      );
    if (file.characters > windowCharacters)
      throw new FileOverBudgetError(file.id, file.characters, windowCharacters);
    if (seen.has(file.id)) continue;
    seen.add(file.id);
    if (batch.length > 0 && (sum + file.characters > maxCharacters || batch.length === maxFiles)) {
      batches.push(batch);
      batch = [];
      sum = 0;
    }
    batch.push(file);
    sum += file.characters;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

export interface TranslateFilesOptions extends CallExtras {
  withTM?: boolean;
  configId?: number;
  /** Most characters per call (default: all this client may send in one window). */
  maxCharactersPerCall?: number;
  /**
   * Most file ids per call (default: the platform's 1,000, so only the character budget splits a
   * batch and the limited requests stay at the fewest the limits allow).
   */
  maxFilesPerCall?: number;
  /** Batches submitted to the limiter at once (default 4); the limiter paces them. */
  concurrency?: number;
}

/**
 * Starts instant translations of uploaded files into one memory (POST /v2/translate/file),
 * batching the file ids so each call fits this client's character budget; the limiter paces the
 * calls across windows so none is refused. Resolves to one status per distinct file, in the
 * order given. When a call fails, no further batch is sent; the error (TranslateFilesError)
 * carries the statuses of the translations that did start and the ids that were not sent.
 */
export async function translateFiles(
  client: Client,
  files: readonly FileCharacters[],
  memoryId: number,
  options: TranslateFilesOptions = {},
): Promise<FileTranslationStatus[]> {
  const {
    withTM,
    configId,
    maxCharactersPerCall,
    maxFilesPerCall = MAX_IDS_PER_CALL,
    concurrency = 4,
    ...call
  } = options;
  const windowCharacters = client.transport.limiter.allowance.characters;
  const batches = planBatches(files, {
    maxCharacters: maxCharactersPerCall ?? windowCharacters,
    maxFiles: maxFilesPerCall,
    windowCharacters,
  });
  const started = new Map<number, FileTranslationStatus>();
  let failure: { error: unknown } | undefined;
  let next = 0;

  async function worker(): Promise<void> {
    while (!failure && next < batches.length) {
      const batch = batches[next++]!;
      try {
        const statuses = await sendBatch(
          client,
          {
            fileIds: batch.map((f) => f.id),
            memoryId,
            withTM,
            configId,
            characters: batch.reduce((n, f) => n + f.characters, 0),
          },
          call,
        );
        for (const status of statuses) started.set(Number(status.fileId), status);
      } catch (error) {
        failure ??= { error };
      }
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, batches.length)) }, worker));

  const order = batches.flat().map((f) => f.id);
  const statuses = order.flatMap((id) => started.get(id) ?? []);
  if (failure)
    throw new TranslateFilesError(
      failure.error,
      statuses,
      order.filter((id) => !started.has(id)),
    );
  return statuses;
}
