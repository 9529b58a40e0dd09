/** Typed errors of the client's helpers (the transport's own errors are in ../errors.ts). */
import { LimitExceededError } from '../errors.ts';
import type { FileTranslationStatus } from '../schemas/instant.ts';

/**
 * The platform stored different bytes than the client read while streaming an upload (the MD5
 * it reports differs). The file is deleted when possible (`deleted`), so no process picks it up.
 */
export class UploadIntegrityError extends Error {
  override name = 'UploadIntegrityError';
  readonly fileId: number;
  readonly expected: string;
  readonly actual: string;
  readonly deleted: boolean;

  constructor(file: { id: number; name: string }, expected: string, actual: string, deleted: boolean) {
    super(
      `upload of ${JSON.stringify(file.name)} was corrupted: the client sent MD5 ${expected}, the platform ` +
        `stored ${actual}; ${deleted ? 'the stored file was deleted' : `file ${file.id} could not be deleted`}`,
    );
    this.fileId = file.id;
    this.expected = expected;
    this.actual = actual;
    this.deleted = deleted;
  }
}

/** One file sends more characters to MT than a whole window allows: no batching can help. */
export class FileOverBudgetError extends LimitExceededError {
  override name = 'FileOverBudgetError';
  readonly fileId: number;

  constructor(fileId: number, characters: number, capacity: number) {
    super('characters', characters, capacity);
    this.fileId = fileId;
    this.message =
      `file ${fileId} has ${characters} translatable characters but this client may send only ${capacity} ` +
      'per window: split the file, or raise the share of the limits this client may use';
  }
}

/**
 * A batch of translateFiles failed. Batches already sent finished first: `started` holds their
 * statuses (those translations run and were charged); `unsent` the file ids not translated.
 */
export class TranslateFilesError extends Error {
  override name = 'TranslateFilesError';
  readonly started: FileTranslationStatus[];
  readonly unsent: number[];

  constructor(cause: unknown, started: FileTranslationStatus[], unsent: number[]) {
    super(
      `translating files failed after ${started.length} started, ${unsent.length} not sent: ` +
        (cause instanceof Error ? cause.message : String(cause)),
      { cause },
    );
    this.started = started;
    this.unsent = unsent;
  }
}

/** A job's documents failed to import (creationStatus FAILED). */
export class JobCreationFailedError extends Error {
  override name = 'JobCreationFailedError';
  readonly jobId: number;

  constructor(jobId: number) {
    super(`job ${jobId} failed to import its documents (creationStatus FAILED)`);
    this.jobId = jobId;
  }
}

/** A job's export failed (isProcessing -2); `exportError` is the platform's reason. */
export class ExportFailedError extends Error {
  override name = 'ExportFailedError';
  readonly jobId: number;
  readonly exportError: string | null;

  constructor(jobId: number, exportError: string | null) {
    super(`the export of job ${jobId} failed: ${exportError ?? 'the platform gave no reason'}`);
    this.jobId = jobId;
    this.exportError = exportError;
  }
}

/** Translation ids the platform does not know in this organization. */
export class TranslationsNotFoundError extends Error {
  override name = 'TranslationsNotFoundError';
  readonly ids: number[];

  constructor(ids: number[]) {
    super(`no translation ${ids.join(', ')} in this organization`);
    this.ids = ids;
  }
}
