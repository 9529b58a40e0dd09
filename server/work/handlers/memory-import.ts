import type { Logger } from 'pino';
import { importFile } from '../../engine/importers/index.ts';
import type { TmCache } from '../../services/tm-cache.ts';
import { deleteBlob, readBlob } from '../../store/blobs.ts';
import type { Db } from '../../store/db.ts';
import {
  dropStaged,
  finishImport,
  getImport,
  markImportRunning,
  publishStaged,
} from '../../store/memories/imports.ts';
import { postingWriter } from '../../store/memories/postings.ts';
import { heldPairs, insertSegments, segmentsOfImport } from '../../store/memories/segments.ts';
import { insertTerms } from '../../store/memories/termbases.ts';
import { addProcessing, bumpVersion, getMemoryById, sourceHash } from '../../store/memories.ts';
import type { WorkHandler } from '../worker.ts';
import { PairsSeen } from './pairs-seen.ts';

// Rows per INSERT: fewer round trips, and on PostgreSQL fewer trigger runs (0011's tm_keys);
// 2,000 rows of 10 columns stay under SQLite's 32,766 bound parameters.
const BATCH = 2000;
/** Imports up to this many segments are added to a cached TM index; larger ones rebuild it. */
const MAX_APPLIED = 100_000;
/**
 * Postings an import collects before appending them to the lists (PostgreSQL): about 60,000
 * sentence-length segments, a block of ids, so each list's block is written about once.
 */
const POSTINGS_FLUSH_AT = 4_000_000;

interface ImportOptions {
  sdlxliffFilters?: { conf_name: string; percentage: number; allow_unlocked: boolean }[];
  hasHeaderRow: boolean;
  skipDuplicates: boolean;
}

/**
 * Parses an uploaded memory file and adds its segments or terms. Rows are staged invisible while
 * the file streams in — other requests go on meanwhile — and made visible by one UPDATE at the
 * end, so a file that fails to parse leaves the memory exactly as it was, with the reason on the
 * import. A run interrupted by a crash starts over: its staged rows are dropped first.
 */
export function memoryImportHandler(deps: {
  db: Db;
  now: () => number;
  log: Logger;
  maxBytes: number;
  tm: TmCache;
}): WorkHandler {
  const { db, now, tm } = deps;

  /**
   * Brings this process's TM index of the memory up to the import's version without a rebuild:
   * a termbase leaves it as it is; a TM adds the import's segments (read back once committed),
   * unless there are so many that building from scratch costs about the same.
   */
  async function updateIndex(
    kind: string,
    importId: number,
    memoryId: number,
    version: number,
  ): Promise<void> {
    if (kind !== 'tm') return tm.apply({ memoryId, version, removed: [], added: [] });
    if (!tm.isNext(memoryId, version)) return;
    try {
      const added = await segmentsOfImport(db, importId, MAX_APPLIED + 1);
      if (added.length <= MAX_APPLIED) tm.apply({ memoryId, version, removed: [], added });
    } catch (err) {
      // The index then rebuilds at the new version on its next use.
      deps.log.warn({ err, memoryId }, 'could not add the imported segments to the TM index');
    }
  }

  return async (payload) => {
    const { importId } = payload as { importId: number };
    const job = await getImport(db, importId);
    if (!job || job.status === 'succeeded' || job.status === 'failed') return;
    const memory = await getMemoryById(db, job.memory_id);
    if (!memory) return;
    await dropStaged(db, importId, memory.id, now());
    await markImportRunning(db, importId);
    const options = JSON.parse(job.options) as ImportOptions;
    let added = 0;
    let skipped = 0;
    /** Pairs left out because the memory held them already or the file repeated them. */
    let duplicates = 0;
    let kind = 'unknown';
    let version: number | undefined;
    try {
      if (job.blob_id === null) throw new Error('the uploaded file is gone');
      const blobId = job.blob_id;
      const parsed = importFile({
        name: job.name,
        chunks: () => readBlob(db, blobId),
        pair: {
          srclang: memory.srclang,
          trglang: memory.trglang,
          ...(memory.srclocale ? { srclocale: memory.srclocale } : {}),
          ...(memory.trglocale ? { trglocale: memory.trglocale } : {}),
        },
        ...(options.sdlxliffFilters ? { sdlxliffFilters: options.sdlxliffFilters } : {}),
        hasHeaderRow: options.hasHeaderRow,
        maxBytes: deps.maxBytes,
      });
      kind = parsed.kind;
      const t = now();
      if (parsed.kind === 'tm') {
        const seen = new PairsSeen();
        type Row = Parameters<typeof insertSegments>[1][number];
        let batch: Row[] = [];
        const postings = postingWriter(db, memory.id, POSTINGS_FLUSH_AT);
        const flush = async () => {
          if (options.skipDuplicates) {
            // One query per batch for the pairs the memory holds already (see PairsSeen).
            const held = new PairsSeen();
            for (const row of await heldPairs(
              db,
              memory.id,
              batch.map((r) => r.source_hash),
            ))
              held.add(row.source_hash, row.target, row.notes);
            const fresh = batch.filter((r) => !held.holds(r.source_hash, r.target, r.notes));
            duplicates += batch.length - fresh.length;
            batch = fresh;
          }
          await postings.add(await insertSegments(db, batch));
          added += batch.length;
          batch = [];
        };
        for await (const segment of parsed.segments) {
          if (segment.source.trim() === '' || segment.target.trim() === '') {
            skipped++;
            continue;
          }
          const hash = sourceHash(segment.source);
          if (options.skipDuplicates) {
            if (seen.holds(hash, segment.target, segment.notes)) {
              duplicates++;
              continue;
            }
            seen.add(hash, segment.target, segment.notes);
          }
          batch.push({
            memory_id: memory.id,
            source: segment.source,
            target: segment.target,
            source_hash: hash,
            notes: segment.notes ?? null,
            resource_name: job.name,
            user_email: segment.userEmail ?? null,
            import_id: importId,
            visible: 0,
            created_at: segment.createdAt ?? t,
          });
          if (batch.length >= BATCH) await flush();
        }
        await flush();
        await postings.flush();
      } else {
        const seen = new Set<string>();
        let batch: {
          memory_id: number;
          source: string;
          target: string;
          notes: string | null;
          import_id: number;
          visible: number;
          created_at: number;
        }[] = [];
        for await (const term of parsed.terms) {
          const key = `${term.source}\u0000${term.target}`;
          if (options.skipDuplicates && seen.has(key)) {
            duplicates++;
            continue;
          }
          seen.add(key);
          batch.push({
            memory_id: memory.id,
            source: term.source,
            target: term.target,
            notes: term.notes ?? null,
            import_id: importId,
            visible: 0,
            created_at: t,
          });
          if (batch.length >= BATCH) {
            await insertTerms(db, batch);
            added += batch.length;
            batch = [];
          }
        }
        await insertTerms(db, batch);
        added += batch.length;
      }
      skipped += duplicates;
      // A file whose every pair the memory holds already imported fine: it had nothing to add.
      if (added === 0 && duplicates === 0)
        throw new Error(
          `${job.name} holds no ${kind === 'tm' ? 'translation units' : 'terms'} for ${pairName(memory)}`,
        );
      version = await db.transaction().execute(async (tx) => {
        const table = kind === 'tm' ? 'segments' : 'terms';
        await publishStaged(tx, table, importId);
        await finishImport(tx, importId, { status: 'succeeded', kind, added, skipped, finishedAt: now() });
        const bumped = await bumpVersion(tx, memory.id, now());
        await addProcessing(tx, memory.id, -1, now());
        return bumped;
      });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      deps.log.info({ importId, memoryId: memory.id, reason: message }, 'memory import failed');
      await dropStaged(db, importId, memory.id, now());
      await db.transaction().execute(async (tx) => {
        await finishImport(tx, importId, {
          status: 'failed',
          kind,
          error: message.slice(0, 1000),
          added: 0,
          skipped,
          finishedAt: now(),
        });
        await addProcessing(tx, memory.id, -1, now());
      });
    }
    if (version !== undefined) await updateIndex(kind, importId, memory.id, version);
    if (job.blob_id !== null) await deleteBlob(db, job.blob_id);
  };
}

function pairName(m: {
  srclang: string;
  srclocale: string | null;
  trglang: string;
  trglocale: string | null;
}) {
  const tag = (lang: string, locale: string | null) => (locale ? `${lang}-${locale}` : lang);
  return `${tag(m.srclang, m.srclocale)} → ${tag(m.trglang, m.trglocale)}`;
}
