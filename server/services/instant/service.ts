import { countCharacters } from '../../../src/api/helpers/characters.ts';
import type { FileTranslationStatus } from '../../../src/api/schemas/instant.ts';
import type { AuthContext } from '../../auth/context.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { chargeCharacters } from '../../limits/middleware.ts';
import type { RateLimiter } from '../../limits/rate-limiter.ts';
import { readBlob, readBlobBytes } from '../../store/blobs.ts';
import type { Db } from '../../store/db.ts';
import { filesWithSmallContent as fileRowsWithSmallContent, findFileName } from '../../store/files.ts';
import {
  getInstantTranslation,
  type InstantTranslationRow,
  insertInstantTranslations,
  listInstantTranslations,
} from '../../store/instant-translations.ts';
import { getMemory } from '../../store/memories.ts';
import { inaccessible } from '../memories/service.ts';
import { presentStatus } from './present.ts';

type Row = InstantTranslationRow;

/** Content up to this size comes with the file row (one round trip); larger files are read alone. */
const INLINE_CONTENT_BYTES = 64 * 1024;

/**
 * The organization's files among `ids`, each with its content when it is small enough to come in
 * the same query (at most 64 KiB, so a batch of a thousand files stays bounded).
 */
async function filesWithSmallContent(db: Db, organizationId: number, ids: number[]) {
  const rows = await fileRowsWithSmallContent(db, organizationId, ids, INLINE_CONTENT_BYTES);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    blob_id: r.blob_id,
    // An empty blob has no chunk: its content is empty, not unknown.
    content: r.data ? Buffer.from(r.data) : r.size === 0 ? Buffer.alloc(0) : undefined,
  }));
}

export interface InstantServiceDeps {
  db: Db;
  now: () => number;
  limiter: RateLimiter;
  wake: () => void;
}

/** Instant file translation: started for the caller's files, listed, downloaded when ready. */
export function instantService(deps: InstantServiceDeps) {
  const { db, now } = deps;
  return {
    /** One translation per file into the memory's target language; characters charged now. */
    async start(
      auth: AuthContext,
      request: { fileId: number[]; memoryId: number; configId?: number | undefined; withTM: boolean },
    ): Promise<FileTranslationStatus[]> {
      // The memory and the files are independent reads: both at once.
      const [memory, files] = await Promise.all([
        getMemory(db, auth.organizationId, request.memoryId),
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
        auth.organizationId,
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
      const rows = await insertInstantTranslations(db, values, t, work);
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
      // Times are whole milliseconds (bigint columns): PostgreSQL refuses a fraction outright.
      const ms = (seconds: number | undefined) =>
        seconds === undefined ? undefined : Math.ceil(seconds * 1000);
      const rows = await listInstantTranslations(
        db,
        auth.organizationId,
        {
          translationIds: filters.translationIds,
          status: filters.status,
          from: ms(filters.fromTime),
          to: ms(filters.toTime),
        },
        5000,
      );
      return rows.map(presentStatus);
    },

    async download(
      auth: AuthContext,
      id: number,
    ): Promise<{ name: string; chunks: AsyncIterable<Uint8Array> }> {
      const row = await getInstantTranslation(db, auth.organizationId, id);
      if (!row) throw notFound(`translation ${id}`);
      if (row.status === 'Failed')
        throw conflict(`translation ${id} failed: ${row.error_msg ?? 'unknown error'}`);
      if (row.status !== 'ReadyForDownload' || row.result_blob_id === null) {
        throw conflict(`translation ${id} is ${row.status}; download once its status is ReadyForDownload`);
      }
      const name = await findFileName(db, row.file_id);
      return { name: name ?? `translation-${id}`, chunks: readBlob(db, row.result_blob_id) };
    },
  };
}

export type InstantService = ReturnType<typeof instantService>;
