import type { FileRecord } from '../../src/api/schemas/files.ts';
import { parseLanguageTag } from '../../src/languages/iso639.ts';
import type { AuthContext } from '../auth/context.ts';
import { detectFileLanguage } from '../engine/file-language.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { receiveBody, type UploadBody } from '../http/upload.ts';
import { deleteBlob, readBlob, type StoredBlob, writeBlob } from '../store/blobs.ts';
import { type Db, isPostgres } from '../store/db.ts';
import {
  addFileLabel,
  deleteFile,
  type FileRow,
  getFile,
  insertFile,
  insertFileLabels,
  insertFileWithLabelsPg,
  labelsOf,
  listFiles,
  removeFileLabel,
  updateFile,
} from '../store/files.ts';
import { liveJobIdUsingFile } from '../store/jobs/documents.ts';
import { projectExists } from '../store/jobs/projects.ts';
import { enqueue } from '../store/work-items.ts';

export type { FileRow };

export interface FileServiceDeps {
  db: Db;
  now: () => number;
  maxUploadBytes: number;
  wake: () => void;
}

const iso = (ms: number) => new Date(ms).toISOString();

export async function presentFiles(db: Db, rows: FileRow[]): Promise<FileRecord[]> {
  const labels = await labelsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => presentFile(r, labels.get(r.id) ?? []));
}

/** A file as the API shows it, with its labels in the order labelsOf gives them. */
export function presentFile(r: FileRow, labels: string[]): FileRecord {
  return {
    id: r.id,
    name: r.name,
    file_hash: r.file_hash,
    detected_lang: r.detected_lang,
    detected_lang_confidence: r.detected_lang_confidence,
    category: r.category,
    labels,
    size: r.size,
    project_id: r.project_id,
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}

/** An upload's bytes as services take them: a raw body, or the stream of a multipart file part. */
export type UploadSource = { raw: UploadBody } | { part: AsyncIterable<Uint8Array> };

/** Stores an upload's bytes as a blob of the organization (413 over the limit, 400 when cut short). */
export async function storeUpload(
  deps: Pick<FileServiceDeps, 'db' | 'now' | 'maxUploadBytes'>,
  organizationId: number,
  source: UploadSource,
): Promise<StoredBlob> {
  const options = { maxBytes: deps.maxUploadBytes, now: deps.now() };
  if ('raw' in source) return receiveBody(deps.db, organizationId, source.raw, options);
  return writeBlob(deps.db, organizationId, source.part, options).catch((err: unknown) => {
    throw err instanceof HttpError
      ? err
      : new HttpError(400, `the file part could not be read: ${(err as Error).message}`);
  });
}

/** Runs `use` on a blob just stored; when it fails the blob is deleted, since nothing refers to it. */
export async function usingNewBlob<T>(db: Db, blob: StoredBlob, use: () => Promise<T>): Promise<T> {
  try {
    return await use();
  } catch (err) {
    await deleteBlob(db, blob.id).catch(() => {});
    throw err;
  }
}

/** Files up to this size have their language detected as they are stored; larger ones in the background. */
const DETECT_INLINE_BYTES = 256 * 1024;

/**
 * Stores an uploaded blob as a file record with labels. Its language is the one given, else
 * detected at once for a small file whose bytes are at hand, else in the background.
 */
export async function createFile(
  deps: FileServiceDeps,
  auth: AuthContext,
  blob: StoredBlob,
  meta: {
    name: string;
    category: 'API' | 'REFERENCE';
    labels: string[];
    lang?: string | undefined;
    projectId?: number | undefined;
  },
): Promise<FileRow> {
  const { db, now } = deps;
  const t = now();
  const given = meta.lang ? parseLanguageTag(meta.lang) : undefined;
  if (meta.lang && !given) throw new HttpError(400, `langId: unknown language "${meta.lang}"`);
  const detected =
    !given && blob.bytes && blob.size <= DETECT_INLINE_BYTES
      ? detectFileLanguage(meta.name, blob.bytes)
      : undefined;
  const lang = given ? { lang: given.lang, confidence: 1 } : detected;
  const values = {
    organization_id: auth.organizationId,
    name: meta.name,
    blob_id: blob.id,
    size: blob.size,
    file_hash: blob.md5,
    detected_lang: lang?.lang ?? 'zxx',
    detected_lang_confidence: lang?.confidence ?? 0,
    category: meta.category,
    project_id: meta.projectId ?? null,
    created_at: t,
    updated_at: t,
  };
  const labels = [...new Set(meta.labels)];
  const store = async (tx: Db) => {
    const file = await insertFile(tx, values);
    if (labels.length > 0) await insertFileLabels(tx, file.id, labels);
    if (!lang)
      await enqueue(
        tx,
        t,
        'file-detect-language',
        { fileId: file.id },
        { organizationId: auth.organizationId },
      );
    return file;
  };
  let row: FileRow;
  if (labels.length === 0 && lang)
    row = await store(db); // one statement needs no transaction
  else if (lang && isPostgres(db)) {
    // The file and its labels in one statement: one round trip instead of four.
    row = await insertFileWithLabelsPg(db, values, labels);
  } else row = await db.transaction().execute(store);
  if (!lang) deps.wake();
  return row;
}

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
        return labels.length <= 1 ? presentFile(row, labels) : (await presentFiles(db, [row]))[0]!;
      });
    },

    /** All files, one by id, or those carrying every given label. */
    async list(
      auth: AuthContext,
      query: { id?: number | undefined; labels?: string[] | undefined },
    ): Promise<FileRecord[]> {
      return presentFiles(db, await listFiles(db, auth.organizationId, query));
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
