import type { z } from 'zod';
import type { RepositoryUnitContext } from '../../translations/unit-context.ts';
import type { Transport } from '../http.ts';
import { PutFileContextResult } from '../schemas/context.ts';
import type { CodeLinksBody, ScreenshotKey } from '../schemas/file-context.ts';
import { FileRecord } from '../schemas/files.ts';
import {
  type CallExtras,
  type DownloadAs,
  type Downloaded,
  type DownloadOptions,
  download,
  type UploadBody,
} from './common.ts';

export interface FileUploadRequest {
  /** The file's name, e.g. its repository path; its extension tells the platform the format. */
  name: string;
  content: UploadBody;
  /** MD5 of the content as 32 hex characters: the platform refuses a body that does not match (400). */
  fileHash?: string;
  category?: 'API' | 'REFERENCE';
  labels?: string[];
  /** The file's language, instead of detection. */
  langId?: string;
  projectId?: number;
}

/**
 * Labels travel comma-separated; a comma inside one would silently turn it into two, so it is
 * refused here (the platform refuses such labels too).
 */
function labelsParam(labels: readonly string[] | undefined): string | undefined {
  const bad = labels?.find((label) => label.includes(','));
  if (bad !== undefined)
    throw new TypeError(
      `[svc-connector] label ${JSON.stringify(bad)} contains a comma, which labels may not`,
    );
  return labels?.join(',');
}

/** Uploaded files: not part of any project or memory until a job or a translation uses them. */
export function filesClient(t: Transport) {
  const path = '/v2/files';
  return {
    /**
     * POST /v2/files → 201: the body is the file. A stream is sent as it is read; pass a function
     * returning one to let the transport send it again after a 429. See also `uploadFile`, which
     * computes the MD5.
     */
    upload: async (request: FileUploadRequest, o: CallExtras = {}): Promise<FileRecord> =>
      t.request({
        method: 'POST',
        path,
        query: {
          name: request.name,
          file_hash: request.fileHash,
          category: request.category,
          labels: labelsParam(request.labels),
          langId: request.langId,
          project_id: request.projectId,
        },
        body: request.content,
        schema: FileRecord,
        ...o,
      }),
    /** GET /v2/files: all files, one by id, or those carrying every label given. */
    list: async (
      filter: { id?: number; labels?: string[] } = {},
      o: CallExtras = {},
    ): Promise<FileRecord[]> =>
      t.request({
        method: 'GET',
        path,
        query: { id: filter.id, labels: labelsParam(filter.labels) },
        schema: FileRecord.array(),
        ...o,
      }),
    /** DELETE /v2/files?id= → 204 (409 while a job uses the file). */
    delete: async (id: number, o: CallExtras = {}): Promise<void> => {
      await t.request({ method: 'DELETE', path, query: { id }, responseType: 'text', ...o });
    },
    /** GET /v2/files/download?id=: the bytes as uploaded; a stream unless `as` says otherwise. */
    download: <A extends DownloadAs = 'stream'>(id: number, o?: DownloadOptions<A>): Promise<Downloaded<A>> =>
      download(t, `${path}/download`, { id }, o),
    /** PUT /v2/files/code-links?id= → 204: where units' keys are used in code (replaces those units' links). */
    setCodeLinks: async (
      id: number,
      body: z.input<typeof CodeLinksBody>,
      o: CallExtras = {},
    ): Promise<void> => {
      await t.request({
        method: 'PUT',
        path: `${path}/code-links`,
        query: { id },
        json: body,
        responseType: 'text',
        idempotent: true,
        ...o,
      });
    },
    /** PUT /v2/files/screenshot?id= → the file: a REFERENCE PNG becomes a screenshot of these keys. */
    setScreenshot: async (id: number, keys: ScreenshotKey[], o: CallExtras = {}): Promise<FileRecord> =>
      t.request({
        method: 'PUT',
        path: `${path}/screenshot`,
        query: { id },
        json: { keys },
        schema: FileRecord,
        idempotent: true,
        ...o,
      }),
    /** POST /v2/files/labels?id= {name} → 204 (also when the file already has it). */
    /**
     * PUT /v2/files/context: replaces the repository's context of each named file's units
     * (description, max_length, placeholders…, and the file each is written in).
     */
    putContext: async (
      files: { name: string; units: RepositoryUnitContext[]; append?: boolean }[],
      o: CallExtras = {},
    ): Promise<{ files: number; units: number }> =>
      t.request({
        method: 'PUT',
        path: `${path}/context`,
        json: { files },
        schema: PutFileContextResult,
        // Replacing with the same rows again leaves the same rows.
        idempotent: true,
        ...o,
      }),
    addLabel: async (id: number, name: string, o: CallExtras = {}): Promise<void> => {
      await t.request({
        method: 'POST',
        path: `${path}/labels`,
        query: { id },
        json: { name },
        responseType: 'text',
        // Adding a label twice leaves one label: safe to repeat after a network error.
        idempotent: true,
        ...o,
      });
    },
    /** DELETE /v2/files/labels?id=&name= → 204 (also when the file did not have it). */
    removeLabel: async (id: number, name: string, o: CallExtras = {}): Promise<void> => {
      await t.request({
        method: 'DELETE',
        path: `${path}/labels`,
        query: { id, name },
        responseType: 'text',
        ...o,
      });
    },
  };
}

export type FilesClient = ReturnType<typeof filesClient>;
