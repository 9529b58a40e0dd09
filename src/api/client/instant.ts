import type { Transport } from '../http.ts';
import { FileTranslationStatus } from '../schemas/instant.ts';
import {
  type CallExtras,
  type DownloadAs,
  type Downloaded,
  type DownloadOptions,
  download,
} from './common.ts';

export interface InstantTranslateRequest {
  /** Uploaded files, translated into the memory's target language; one status each. */
  fileIds: number[];
  memoryId: number;
  configId?: number;
  /** Use the memory's TM before MT (the platform's default: true). */
  withTM?: boolean;
  /**
   * The translatable characters of these files together: what the call sends to MT, which the
   * client weighs against the per-window character budget (`countCharacters` gives them; see
   * `translateFiles`, which also splits batches to fit).
   */
  characters: number;
}

export interface TranslationFilter {
  translationIds?: number[];
  status?: FileTranslationStatus['status'];
  /** Created at or after, epoch seconds. */
  fromTime?: number;
  /** Created before, epoch seconds. */
  toTime?: number;
}

/** Instant file translation: uploaded files machine-translated in the background. */
export function instantClient(t: Transport) {
  const path = '/v2/translate/file';
  return {
    /** POST /v2/translate/file, a limited endpoint weighing `characters`. */
    translate: (request: InstantTranslateRequest, o: CallExtras = {}): Promise<FileTranslationStatus[]> =>
      t.request({
        method: 'POST',
        path,
        query: {
          fileId: request.fileIds.join(','),
          memoryId: request.memoryId,
          configId: request.configId,
          withTM: request.withTM,
        },
        limited: { chars: request.characters },
        schema: FileTranslationStatus.array(),
        ...o,
      }),
    /** GET /v2/translate/file: statuses; at least one filter (at most 1,000 ids). */
    status: (filter: TranslationFilter, o: CallExtras = {}): Promise<FileTranslationStatus[]> =>
      t.request({
        method: 'GET',
        path,
        query: { ...filter, translationIds: filter.translationIds?.join(',') },
        schema: FileTranslationStatus.array(),
        ...o,
      }),
    /** GET /v2/translate/files?id=: one translated file (409 until it is ReadyForDownload). */
    download: <A extends DownloadAs = 'stream'>(id: number, o?: DownloadOptions<A>): Promise<Downloaded<A>> =>
      download(t, '/v2/translate/files', { id }, o),
  };
}

export type InstantClient = ReturnType<typeof instantClient>;
