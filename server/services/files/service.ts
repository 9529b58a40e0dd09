import type { z } from 'zod';
import type { CodeLinksBody, ScreenshotBody } from '../../../src/api/schemas/file-context.ts';
import type { FileRecord } from '../../../src/api/schemas/files.ts';
import type { AuthContext } from '../../auth/context.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import type { UploadBody } from '../../http/upload.ts';
import { deleteBlob, readBlob } from '../../store/blobs.ts';
import { screenshotsOf } from '../../store/file-context.ts';
import {
  addFileLabel,
  deleteFile,
  type FileRow,
  getFile,
  labelsOf,
  listFiles,
  removeFileLabel,
  updateFile,
} from '../../store/files.ts';
import { liveJobIdUsingFile } from '../../store/jobs/documents.ts';
import { projectExists } from '../../store/jobs/projects.ts';
import { storeCodeLinks, storeScreenshot } from './context.ts';
import { createFile, type FileServiceDeps, storeUpload, usingNewBlob } from './create.ts';
import { presentFile, presentFiles } from './present.ts';

export type { FileRow, FileServiceDeps };

export function fileService(deps: FileServiceDeps) {
  const { db, now } = deps;

  async function owned(auth: AuthContext, id: number): Promise<FileRow> {
    const row = await getFile(db, auth.organizationId, id);
    if (!row) throw notFound(`file ${id}`);
    return row;
  }

  return {
    owned,

    async upload(
      auth: AuthContext,
      upload: UploadBody,
      query: {
        name: string;
        file_hash?: string | undefined;
        category: 'API' | 'REFERENCE';
        labels?: string[] | undefined;
        langId?: string | undefined;
        project_id?: number | undefined;
      },
    ): Promise<FileRecord> {
      if (query.project_id !== undefined) {
        if (!(await projectExists(db, auth.organizationId, query.project_id)))
          throw notFound(`project ${query.project_id}`);
      }
      const blob = await storeUpload(deps, auth.organizationId, { raw: upload });
      return usingNewBlob(db, blob, async () => {
        if (query.file_hash && query.file_hash.toLowerCase() !== blob.md5) {
          throw new HttpError(
            400,
            `file_hash ${query.file_hash} does not match the MD5 of the body (${blob.md5}); the upload was corrupted or the hash is wrong`,
          );
        }
        const row = await createFile(deps, auth, blob, {
          name: query.name,
          category: query.category,
          labels: query.labels ?? [],
          lang: query.langId,
          projectId: query.project_id,
        });
        // The labels just stored; their order is the database's, so more than one are read back.
        const labels = [...new Set(query.labels ?? [])];
        if (labels.length <= 1) return presentFile(row, labels);
        return presentFile(row, (await labelsOf(db, [row.id])).get(row.id) ?? []);
      });
    },

    /** All files, one by id, or those carrying every given label. */
    async list(
      auth: AuthContext,
      query: { id?: number | undefined; labels?: string[] | undefined },
    ): Promise<FileRecord[]> {
      const rows = await listFiles(db, auth.organizationId, query);
      const ids = rows.map((r) => r.id);
      return presentFiles(rows, await labelsOf(db, ids), await screenshotsOf(db, ids));
    },

    async remove(auth: AuthContext, id: number): Promise<void> {
      const file = await owned(auth, id);
      const jobId = await liveJobIdUsingFile(db, id);
      if (jobId !== undefined)
        throw new HttpError(409, `file ${id} is a document of job ${jobId}; delete the job first`);
      await deleteFile(db, id);
      await deleteBlob(db, file.blob_id);
    },

    async content(
      auth: AuthContext,
      id: number,
    ): Promise<{ file: FileRow; chunks: AsyncIterable<Uint8Array> }> {
      const file = await owned(auth, id);
      return { file, chunks: readBlob(db, file.blob_id) };
    },

    /** Where the file's unit keys are used in code (PUT /v2/files/code-links). */
    async setCodeLinks(auth: AuthContext, id: number, body: z.infer<typeof CodeLinksBody>): Promise<void> {
      await storeCodeLinks(db, await owned(auth, id), body);
    },

    /** Marks a REFERENCE PNG as a screenshot of keys (PUT /v2/files/screenshot). */
    async setScreenshot(
      auth: AuthContext,
      id: number,
      body: z.infer<typeof ScreenshotBody>,
    ): Promise<FileRecord> {
      const file = await owned(auth, id);
      const size = await storeScreenshot(db, file, body);
      const t = now();
      await updateFile(db, id, { updated_at: t });
      const labels = (await labelsOf(db, [id])).get(id) ?? [];
      // In the order a listing gives them.
      const keys = [...body.keys].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      return presentFile({ ...file, updated_at: t }, labels, { ...size, keys });
    },

    async addLabel(auth: AuthContext, id: number, label: string): Promise<void> {
      await owned(auth, id);
      await addFileLabel(db, id, label);
      await updateFile(db, id, { updated_at: now() });
    },

    async removeLabel(auth: AuthContext, id: number, label: string): Promise<void> {
      await owned(auth, id);
      await removeFileLabel(db, id, label);
      await updateFile(db, id, { updated_at: now() });
    },
  };
}

export type FileService = ReturnType<typeof fileService>;
