import { sql } from 'kysely';
import {
  chunkPieces,
  type ListAppend,
  PostingCollector,
  type PostingStore,
} from '../../engine/tm/chunked-lists.ts';
import { type Db, isPostgres } from '../db.ts';

/**
 * The TM's posting lists on PostgreSQL (migration 0010): the in-process index's (gram, length
 * bucket) lists, shared by every server process. `tm_lists` holds each list's size, `tm_postings`
 * its chunks (`server/engine/tm/chunked-lists.ts`). SQLite keeps its lists in process and both tables
 * empty.
 *
 * Rows are written in the transaction that writes their segments, so a process reading a segment
 * reads its postings too. A removed segment's postings stay until its memory is deleted: the query
 * reads segments by id and skips the missing, and a list's dead share is what was deleted since.
 */

/** Lists per statement (a few parameters each, well under PostgreSQL's 65,535). */
const ROWS = 2_000;

/**
 * Appends lists (from `PostingCollector.take`, in its order) to a memory's. Each list's size is
 * raised first, which locks its `tm_lists` row until the transaction ends: concurrent writers of
 * one list take turns, and each appends at the positions its raise returned.
 */
export async function appendPostings(db: Db, memoryId: number, lists: ListAppend[]): Promise<void> {
  for (let from = 0; from < lists.length; from += ROWS) {
    const slice = lists.slice(from, from + ROWS);
    const sizes = await db
      .insertInto('tm_lists')
      .values(slice.map((l) => ({ memory_id: memoryId, gram: l.gram, bucket: l.bucket, n: l.ids.length })))
      .onConflict((oc) =>
        oc.columns(['memory_id', 'gram', 'bucket']).doUpdateSet({ n: sql`tm_lists.n + excluded.n` }),
      )
      .returning(['gram', 'bucket', 'n'])
      .execute();
    const after = new Map(sizes.map((r) => [`${r.gram}/${r.bucket}`, r.n]));
    const pieces = slice.flatMap((l) => {
      const before = after.get(`${l.gram}/${l.bucket}`)! - l.ids.length;
      return chunkPieces(before, l.ids).map((piece) => ({
        memory_id: memoryId,
        gram: l.gram,
        bucket: l.bucket,
        ...piece,
      }));
    });
    for (let at = 0; at < pieces.length; at += ROWS) {
      await db
        .insertInto('tm_postings')
        .values(pieces.slice(at, at + ROWS))
        .onConflict((oc) =>
          oc
            .columns(['memory_id', 'gram', 'bucket', 'chunk'])
            .doUpdateSet({ n: sql`tm_postings.n + excluded.n`, ids: sql`tm_postings.ids || excluded.ids` }),
        )
        .execute();
    }
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

/** A memory's lists for `chunkCandidates`. */
export function postingStore(db: Db, memoryId: number): PostingStore {
  return {
    async sizes(grams, from, to) {
      const rows = await db
        .selectFrom('tm_lists')
        .select(['gram', sql<string>`sum(n)`.as('n')])
        .where('memory_id', '=', memoryId)
        .where(sql<boolean>`gram = ANY(${grams}::int8[])`)
        .where('bucket', '>=', from)
        .where('bucket', '<=', to)
        .groupBy('gram')
        .execute();
      return new Map(rows.map((r) => [Number(r.gram), Number(r.n)]));
    },
    async chunks(grams, from, to) {
      // As base64 text: node-postgres reads bytea as hex, which took three times as long.
      const rows = await db
        .selectFrom('tm_postings')
        .select(['bucket', 'n', sql<string>`encode(ids, 'base64')`.as('ids')])
        .where('memory_id', '=', memoryId)
        .where(sql<boolean>`gram = ANY(${grams}::int8[])`)
        .where('bucket', '>=', from)
        .where('bucket', '<=', to)
        .execute();
      return rows.map((r) => ({ bucket: r.bucket, n: r.n, ids: Buffer.from(r.ids, 'base64') }));
    },
  };
}
