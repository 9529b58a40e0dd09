import { sql } from 'kysely';
import { encodeIds, PostingCollector, type PostingStore } from '../../engine/tm/blocks.ts';
import { type Db, isPostgres } from '../db.ts';

/**
 * The TM's posting lists on PostgreSQL (`tm_postings`, migration 0010): the in-process index's
 * (gram, length bucket) lists, one row per block of 65,536 segment ids, shared by every server
 * process. SQLite keeps its lists in process and has the table empty.
 *
 * Rows are written in the transaction that writes their segments, so a process reading a segment
 * reads its postings too. A removed segment's postings stay until its memory is deleted: the query
 * reads segments by id and skips the missing, and a list's dead share is what was deleted since.
 */

/** Rows per statement (6 parameters each, well under PostgreSQL's 65,535). */
const ROWS = 2_000;

/** Appends blocks (from `PostingCollector.take`, in its order) to a memory's lists. */
export async function appendPostings(
  db: Db,
  memoryId: number,
  blocks: ReturnType<PostingCollector['take']>,
): Promise<void> {
  for (let from = 0; from < blocks.length; from += ROWS) {
    await db
      .insertInto('tm_postings')
      .values(
        blocks.slice(from, from + ROWS).map((b) => ({
          memory_id: memoryId,
          gram: b.gram,
          bucket: b.bucket,
          block: b.block,
          n: b.ids.length,
          ids: encodeIds(b.ids),
        })),
      )
      .onConflict((oc) =>
        oc.columns(['memory_id', 'gram', 'bucket', 'block']).doUpdateSet({
          n: sql`tm_postings.n + excluded.n`,
          ids: sql`tm_postings.ids || excluded.ids`,
        }),
      )
      .execute();
  }
}

/**
 * Postings of segments written through `db` (PostgreSQL only; nothing on SQLite). `add` collects
 * and writes once `flushAt` postings are waiting; `flush` writes the rest. An import adds batch
 * after batch and flushes before it publishes: far fewer, larger appends than one per batch.
 */
export function postingWriter(db: Db, memoryId: number, flushAt = 0) {
  const enabled = isPostgres(db);
  const collector = new PostingCollector();
  const flush = async () => {
    if (collector.size > 0) await appendPostings(db, memoryId, collector.take());
  };
  return {
    async add(segments: readonly { id: number; source: string }[]): Promise<void> {
      if (!enabled) return;
      for (const s of segments) collector.add(s.id, s.source);
      if (collector.size >= flushAt) await flush();
    },
    flush,
  };
}

/** A memory's lists for `blockCandidates`. */
export function postingStore(db: Db, memoryId: number): PostingStore {
  return {
    async sizes(grams, from, to) {
      const rows = await db
        .selectFrom('tm_postings')
        .select(['gram', sql<string>`sum(n)`.as('n')])
        .where('memory_id', '=', memoryId)
        .where(sql<boolean>`gram = ANY(${grams}::int8[])`)
        .where('bucket', '>=', from)
        .where('bucket', '<=', to)
        .groupBy('gram')
        .execute();
      return new Map(rows.map((r) => [Number(r.gram), Number(r.n)]));
    },
    blocks(grams, from, to) {
      return db
        .selectFrom('tm_postings')
        .select(['bucket', 'block', 'ids'])
        .where('memory_id', '=', memoryId)
        .where(sql<boolean>`gram = ANY(${grams}::int8[])`)
        .where('bucket', '>=', from)
        .where('bucket', '<=', to)
        .execute();
    },
  };
}
