import type { Request } from 'express';
import { type Selectable, sql } from 'kysely';
import type { FileRecord } from '../../src/api/schemas/files.ts';
import { parseLanguageTag } from '../../src/languages/iso639.ts';
import type { AuthContext } from '../auth/context.ts';
import { detectFileLanguage } from '../engine/file-language.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { receiveUpload } from '../http/upload.ts';
import { deleteBlob, readBlob, type StoredBlob } from '../store/blobs.ts';
import { type Db, isPostgres } from '../store/db.ts';
import type { FilesTable } from '../store/schema.ts';
import { enqueue } from '../work/queue.ts';

export type FileRow = Selectable<FilesTable>;

export interface FileServiceDeps {
  db: Db;
  now: () => number;
  maxUploadBytes: number;
  wake: () => void;
}

const iso = (ms: number) => new Date(ms).toISOString();

export async function labelsOf(db: Db, fileIds: number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>(fileIds.map((id) => [id, []]));
  if (fileIds.length === 0) return out;
  const rows = await db
    .selectFrom('file_labels')
    .select(['file_id', 'label'])
    .where('file_id', 'in', fileIds)
    .orderBy('label')
    .execute();
  for (const row of rows) out.get(row.file_id)!.push(row.label);
  return out;
}

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

/** Files of one organization: another organization's file is never found. */
export async function getFile(db: Db, organizationId: number, id: number): Promise<FileRow | undefined> {
  return db
    .selectFrom('files')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .executeTakeFirst();
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
    const file = await tx.insertInto('files').values(values).returningAll().executeTakeFirstOrThrow();
    if (labels.length > 0)
      await tx
        .insertInto('file_labels')
        .values(labels.map((label) => ({ file_id: file.id, label })))
        .execute();
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
    row = await db
      .with('f', (qb) => qb.insertInto('files').values(values).returningAll())
      .with('l', (qb) =>
        qb
          .insertInto('file_labels')
          .columns(['file_id', 'label'])
          .expression((eb) =>
            eb
              .selectFrom(['f', sql<{ label: string }>`unnest(${labels}::text[])`.as('x')])
              .select(['f.id', sql<string>`x`.as('label')]),
          ),
      )
      .selectFrom('f')
      .selectAll()
      .executeTakeFirstOrThrow();
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
      req: Request,
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
        const project = await db
          .selectFrom('projects')
          .select('id')
          .where('organization_id', '=', auth.organizationId)
          .where('id', '=', query.project_id)
          .executeTakeFirst();
        if (!project) throw notFound(`project ${query.project_id}`);
      }
      const blob = await receiveUpload(req, db, auth.organizationId, {
        maxBytes: deps.maxUploadBytes,
        now: now(),
      });
      try {
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
      } catch (err) {
        await deleteBlob(db, blob.id).catch(() => {});
        throw err;
      }
    },

    /** All files, one by id, or those carrying every given label. */
    async list(
      auth: AuthContext,
      query: { id?: number | undefined; labels?: string[] | undefined },
    ): Promise<FileRecord[]> {
      let q = db.selectFrom('files').selectAll().where('organization_id', '=', auth.organizationId);
      if (query.id !== undefined) q = q.where('id', '=', query.id);
      for (const label of new Set(query.labels ?? [])) {
        q = q.where('id', 'in', (eb) =>
          eb.selectFrom('file_labels').select('file_id').where('label', '=', label),
        );
      }
      return presentFiles(db, await q.orderBy('id').execute());
    },

    async remove(auth: AuthContext, id: number): Promise<void> {
      const file = await owned(auth, id);
      const used = await db
        .selectFrom('documents')
        .innerJoin('projects', 'projects.id', 'documents.project_id')
        .innerJoin('jobs', 'jobs.id', 'projects.job_id')
        .select('jobs.id')
        .where('documents.file_id', '=', id)
        .where('jobs.deleted_at', 'is', null)
        .executeTakeFirst();
      if (used) throw new HttpError(409, `file ${id} is a document of job ${used.id}; delete the job first`);
      await db.deleteFrom('files').where('id', '=', id).execute();
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
      await db
        .insertInto('file_labels')
        .values({ file_id: id, label })
        .onConflict((oc) => oc.columns(['file_id', 'label']).doNothing())
        .execute();
      await db.updateTable('files').set({ updated_at: now() }).where('id', '=', id).execute();
    },

    async removeLabel(auth: AuthContext, id: number, label: string): Promise<void> {
      await owned(auth, id);
      await db.deleteFrom('file_labels').where('file_id', '=', id).where('label', '=', label).execute();
      await db.updateTable('files').set({ updated_at: now() }).where('id', '=', id).execute();
    },
  };
}

export type FileService = ReturnType<typeof fileService>;
