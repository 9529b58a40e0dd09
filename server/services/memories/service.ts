import { MAX_ID } from '../../../src/api/schemas/common.ts';
import type { ImportHeader, Memory, MemoryImport, MemoryMatch } from '../../../src/api/schemas/memories.ts';
import { isLanguageCode } from '../../../src/languages/iso639.ts';
import type { AuthContext } from '../../auth/context.ts';
import { HttpError } from '../../http/errors.ts';
import { deleteBlob, type StoredBlob } from '../../store/blobs.ts';
import type { Db } from '../../store/db.ts';
import { insertImport, listImports } from '../../store/memories/imports.ts';
import { noteDeadPostings, postingsOf } from '../../store/memories/postings.ts';
import { deleteSegment } from '../../store/memories/segments.ts';
import { getTermbaseExport, startTermbaseExport } from '../../store/memories/termbases.ts';
import {
  addProcessing,
  bumpVersion,
  deleteMemory,
  getMemory,
  insertMemory,
  lastImports,
  listMemories,
  MemoryNotOwned,
  type MemoryRow,
  renameMemory,
  resourcesOf,
} from '../../store/memories.ts';
import { enqueue } from '../../store/work-items.ts';
import type { TmCache } from '../tm-cache.ts';
import { lookupMatches, type MatchOptions, queryMemory } from './matches.ts';
import { presentImport, presentMemories } from './present.ts';

export interface MemoryServiceDeps {
  db: Db;
  now: () => number;
  tm: TmCache;
  /** Called after work was enqueued, to start it without waiting for the next poll. */
  wake: () => void;
}

/** 401 for a memory that does not exist or belongs to another organization (spec, Memories). */
export function inaccessible(id: number): HttpError {
  return new HttpError(
    401,
    `memory ${id} is not accessible with this API key; it may need to be shared explicitly`,
  );
}

/** Memories of the caller's organization: CRUD, queries, imports, termbase exports (spec, Memories). */
export function memoryService(deps: MemoryServiceDeps) {
  const { db, now, tm } = deps;

  async function accessible(auth: AuthContext, id: number): Promise<MemoryRow> {
    const row = await getMemory(db, auth.organizationId, id);
    if (!row) throw inaccessible(id);
    return row;
  }

  async function present(rows: MemoryRow[]): Promise<Memory[]> {
    const ids = rows.map((r) => r.id);
    const [resources, imports] = await Promise.all([resourcesOf(db, ids), lastImports(db, ids)]);
    return presentMemories(rows, resources, imports);
  }

  function checkLanguages(pair: { srclang: string; trglang: string }) {
    for (const field of ['srclang', 'trglang'] as const) {
      if (!isLanguageCode(pair[field])) {
        throw new HttpError(400, `${field}: unknown language code "${pair[field]}"; see GET /v2/languages`);
      }
    }
  }

  return {
    accessible,

    async list(auth: AuthContext, id?: number): Promise<Memory[]> {
      if (id !== undefined) return present([await accessible(auth, id)]);
      return present(await listMemories(db, auth.organizationId));
    },

    async create(
      auth: AuthContext,
      request: {
        name: string;
        srclang: string;
        trglang: string;
        srclocale?: string | null;
        trglocale?: string | null;
      },
    ): Promise<Memory> {
      checkLanguages(request);
      const t = now();
      const row = await insertMemory(db, {
        organization_id: auth.organizationId,
        name: request.name,
        srclang: request.srclang,
        srclocale: request.srclocale ?? null,
        trglang: request.trglang,
        trglocale: request.trglocale ?? null,
        version: 0,
        processing: 0,
        created_at: t,
        updated_at: t,
      });
      return (await present([row]))[0]!;
    },

    async rename(auth: AuthContext, id: number, name: string): Promise<Memory> {
      await accessible(auth, id);
      await renameMemory(db, id, name, now());
      return (await present([await accessible(auth, id)]))[0]!;
    },

    async remove(auth: AuthContext, id: number): Promise<{ id: number; deleted: boolean }> {
      await accessible(auth, id);
      for (const blobId of await deleteMemory(db, id)) await deleteBlob(db, blobId);
      tm.forget(id);
      return { id, deleted: true };
    },

    /** Fuzzy matches from the memory's segments: best first, below 75 discarded (spec, Limits). */
    async query(auth: AuthContext, id: number, text: string, options: MatchOptions): Promise<MemoryMatch[]> {
      if (tm.owned === undefined) return queryMemory(db, tm, await accessible(auth, id), text, options);
      // The database checks access in the lookup's first statement: no round trip of its own.
      try {
        return await lookupMatches(db, tm.owned(auth.organizationId, id), text, options);
      } catch (error) {
        throw error instanceof MemoryNotOwned ? inaccessible(id) : error;
      }
    },

    /** Records an import of an uploaded file and queues it; the file is parsed in the background. */
    async startImport(
      auth: AuthContext,
      header: ImportHeader,
      blob: StoredBlob,
    ): Promise<{ id: number; isProcessing: number }> {
      const memory = await getMemory(db, auth.organizationId, header.memory_id);
      if (!memory) {
        await deleteBlob(db, blob.id);
        throw inaccessible(header.memory_id);
      }
      const t = now();
      const options = {
        sdlxliffFilters: header.sdlxliff_filters,
        hasHeaderRow: header.has_header_row ?? false,
        skipDuplicates: header.skip_duplicates ?? false,
      };
      await db.transaction().execute(async (tx) => {
        const importId = await insertImport(tx, {
          memory_id: memory.id,
          kind: 'unknown',
          name: header.name,
          blob_id: blob.id,
          options: JSON.stringify(options),
          status: 'queued',
          error: null,
          added: 0,
          skipped: 0,
          created_at: t,
          finished_at: null,
        });
        await addProcessing(tx, memory.id, 1, t);
        await enqueue(
          tx,
          t,
          'memory-import',
          { importId },
          { organizationId: auth.organizationId, maxAttempts: 3 },
        );
      });
      deps.wake();
      return { id: memory.id, isProcessing: 1 };
    },

    async imports(auth: AuthContext, id: number): Promise<MemoryImport[]> {
      await accessible(auth, id);
      return (await listImports(db, id)).map(presentImport);
    },

    async startTermbaseExport(auth: AuthContext, id: number): Promise<{ id: number; is_processing: number }> {
      await accessible(auth, id);
      const t = now();
      await db.transaction().execute(async (tx) => {
        await startTermbaseExport(tx, id, t);
        await addProcessing(tx, id, 1, t);
        await enqueue(tx, t, 'termbase-export', { memoryId: id }, { organizationId: auth.organizationId });
      });
      deps.wake();
      return { id, is_processing: 1 };
    },

    async termbaseCsv(auth: AuthContext, id: number): Promise<string> {
      await accessible(auth, id);
      const row = await getTermbaseExport(db, id);
      if (!row)
        throw new HttpError(
          409,
          `no termbase export of memory ${id}: start one with POST /v2/memories/termbase/export?id=${id}`,
        );
      if (row.status !== 'ready' || row.csv === null) {
        throw new HttpError(
          409,
          `the termbase export of memory ${id} is still running; try again when is_processing is false`,
        );
      }
      return row.csv;
    },

    async deleteSegment(auth: AuthContext, id: number, segmentId: number): Promise<{ success: boolean }> {
      await accessible(auth, id);
      // The spec types segment_id int64; ours are 32-bit, so a larger one names no segment (and
      // PostgreSQL would refuse to compare it).
      if (segmentId > MAX_ID) return { success: false };
      const version = await db.transaction().execute(async (tx) => {
        const source = await deleteSegment(tx, id, segmentId);
        if (source === undefined) return undefined;
        const bumped = await bumpVersion(tx, id, now());
        await noteDeadPostings(tx, id, postingsOf([source]), now());
        return bumped;
      });
      if (version !== undefined) tm.apply({ memoryId: id, version, removed: [segmentId], added: [] });
      return { success: version !== undefined };
    },
  };
}

export type MemoryService = ReturnType<typeof memoryService>;
