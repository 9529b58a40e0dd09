import type { Response } from 'express';
import { type Selectable, sql } from 'kysely';
import { countCharacters } from '../../src/api/helpers/characters.ts';
import type { FileTranslationStatus } from '../../src/api/schemas/instant.ts';
import type { AuthContext } from '../auth/context.ts';
import { conflict, notFound } from '../http/errors.ts';
import { chargeCharacters } from '../limits/middleware.ts';
import type { RateLimiter } from '../limits/rate-limiter.ts';
import { readBlob, readBlobBytes } from '../store/blobs.ts';
import { type Db, isPostgres } from '../store/db.ts';
import type { InstantTranslationsTable } from '../store/schema.ts';
import { enqueue, enqueueEach } from '../work/queue.ts';
import { inaccessible } from './memories.ts';

type Row = Selectable<InstantTranslationsTable>;

export function presentStatus(row: Row): FileTranslationStatus {
  return {
    id: row.id,
    fileId: String(row.file_id),
    status: row.status,
    createdAt: Math.floor(row.created_at / 1000),
    memoryId: row.memory_id,
    trgLang: row.trglang,
    trgLocale: row.trglocale,
    ...(row.error_msg ? { errorMsg: row.error_msg } : {}),
  };
}

/** Content up to this size comes with the file row (one round trip); larger files are read alone. */
const INLINE_CONTENT_BYTES = 64 * 1024;

/**
 * The organization's files among `ids`, each with its content when it is small enough to come in
 * the same query (at most 64 KiB, so a batch of a thousand files stays bounded).
 */
async function filesWithSmallContent(db: Db, organizationId: number, ids: number[]) {
  const rows = await db
    .selectFrom('files as f')
    .innerJoin('blobs as b', 'b.id', 'f.blob_id')
    .leftJoin('blob_chunks as c', (join) =>
      join.onRef('c.blob_id', '=', 'f.blob_id').on('c.seq', '=', 0).on('b.size', '<=', INLINE_CONTENT_BYTES),
    )
    .select(['f.id', 'f.name', 'f.blob_id', 'b.size', 'c.data'])
    .where('f.organization_id', '=', organizationId)
    .where('f.id', 'in', ids)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    blob_id: r.blob_id,
    // An empty blob has no chunk: its content is empty, not unknown.
    content: r.data ? Buffer.from(r.data) : r.size === 0 ? Buffer.alloc(0) : undefined,
  }));
}

export function instantService(deps: { db: Db; now: () => number; limiter: RateLimiter; wake: () => void }) {
  const { db, now } = deps;
  return {
    /** One translation per file into the memory's target language; characters charged now. */
    async start(
      auth: AuthContext,
      res: Response,
      request: { fileId: number[]; memoryId: number; configId?: number | undefined; withTM: boolean },
    ): Promise<FileTranslationStatus[]> {
      // The memory and the files are independent reads: both at once.
      const [memory, files] = await Promise.all([
        db
          .selectFrom('memories')
          .selectAll()
          .where('organization_id', '=', auth.organizationId)
          .where('id', '=', request.memoryId)
          .executeTakeFirst(),
        filesWithSmallContent(db, auth.organizationId, request.fileId),
      ]);
      if (!memory) throw inaccessible(request.memoryId);
      const missing = request.fileId.filter((id) => !files.some((f) => f.id === id));
      if (missing.length > 0) throw notFound(`file ${missing.join(', ')}`);
      const characters = new Map<number, number>();
      for (const file of files)
        characters.set(
          file.id,
          countCharacters(file.name, file.content ?? (await readBlobBytes(db, file.blob_id))),
        );
      await chargeCharacters(
        deps.limiter,
        res,
        [...characters.values()].reduce((a, b) => a + b, 0),
      );
      const t = now();
      const values = request.fileId.map((fileId) => ({
        organization_id: auth.organizationId,
        file_id: fileId,
        memory_id: memory.id,
        status: 'InProgress' as const,
        error_msg: null,
        result_blob_id: null,
        with_tm: request.withTM ? 1 : 0,
        config_id: request.configId ?? null,
        trglang: memory.trglang,
        trglocale: memory.trglocale,
        characters: characters.get(fileId) ?? 0,
        created_at: t,
        updated_at: t,
      }));
      const work = { organizationId: auth.organizationId, maxAttempts: 3 };
      const rows = isPostgres(db)
        ? // The translations and their work items in one statement: one round trip instead of four.
          await db
            .with('t', (qb) => qb.insertInto('instant_translations').values(values).returningAll())
            .with('w', (qb) =>
              enqueueEach(
                qb,
                t,
                'instant-translate',
                work,
                't',
                sql`json_build_object('translationId', t.id)::text`,
              ),
            )
            .selectFrom('t')
            .selectAll()
            .orderBy('id')
            .execute()
        : await db.transaction().execute(async (tx) => {
            const out: Row[] = [];
            for (const row of values) {
              const inserted = await tx
                .insertInto('instant_translations')
                .values(row)
                .returningAll()
                .executeTakeFirstOrThrow();
              await enqueue(tx, t, 'instant-translate', { translationId: inserted.id }, work);
              out.push(inserted);
            }
            return out;
          });
      deps.wake();
      return rows.map(presentStatus);
    },

    async list(
      auth: AuthContext,
      filters: {
        translationIds?: number[] | undefined;
        status?: Row['status'] | undefined;
        fromTime?: number | undefined;
        toTime?: number | undefined;
      },
    ): Promise<FileTranslationStatus[]> {
      let q = db
        .selectFrom('instant_translations')
        .selectAll()
        .where('organization_id', '=', auth.organizationId);
      if (filters.translationIds) q = q.where('id', 'in', filters.translationIds);
      if (filters.status) q = q.where('status', '=', filters.status);
      // Times are whole milliseconds (bigint columns): PostgreSQL refuses a fraction outright.
      if (filters.fromTime !== undefined) q = q.where('created_at', '>=', Math.ceil(filters.fromTime * 1000));
      if (filters.toTime !== undefined) q = q.where('created_at', '<', Math.ceil(filters.toTime * 1000));
      return (await q.orderBy('id').limit(5000).execute()).map(presentStatus);
    },

    async download(
      auth: AuthContext,
      id: number,
    ): Promise<{ name: string; chunks: AsyncIterable<Uint8Array> }> {
      const row = await db
        .selectFrom('instant_translations')
        .selectAll()
        .where('organization_id', '=', auth.organizationId)
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) throw notFound(`translation ${id}`);
      if (row.status === 'Failed')
        throw conflict(`translation ${id} failed: ${row.error_msg ?? 'unknown error'}`);
      if (row.status !== 'ReadyForDownload' || row.result_blob_id === null) {
        throw conflict(`translation ${id} is ${row.status}; download once its status is ReadyForDownload`);
      }
      const file = await db
        .selectFrom('files')
        .select('name')
        .where('id', '=', row.file_id)
        .executeTakeFirst();
      return { name: file?.name ?? `translation-${id}`, chunks: readBlob(db, row.result_blob_id) };
    },
  };
}

export type InstantService = ReturnType<typeof instantService>;
