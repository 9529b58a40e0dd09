/** Storing an upload as a file: shared by the files and the documents services. */
import { parseLanguageTag } from '../../../src/languages/iso639.ts';
import type { AuthContext } from '../../auth/context.ts';
import { detectFileLanguage } from '../../engine/file-language.ts';
import { HttpError } from '../../http/errors.ts';
import { receiveBody, type UploadBody } from '../../http/upload.ts';
import { deleteBlob, type StoredBlob, writeBlob } from '../../store/blobs.ts';
import type { Db } from '../../store/db.ts';
import { type FileRow, insertFileWithLabels } from '../../store/files.ts';

export interface FileServiceDeps {
  db: Db;
  now: () => number;
  maxUploadBytes: number;
  wake: () => void;
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
  const detectLater = lang ? undefined : { now: t, organizationId: auth.organizationId };
  const row = await insertFileWithLabels(db, values, labels, detectLater);
  if (!lang) deps.wake();
  return row;
}
