import { sql } from 'kysely';
import type { CopyOut } from '../../../src/db/copy-out.ts';
import { sqlInteger, sqlIntegers } from '../../../src/db/sql-literals.ts';
import type { PostingStore } from '../../engine/tm/chunk-candidates.ts';
import { chunkPieces } from '../../engine/tm/posting-chunks.ts';
import { type ListAppend, PostingCollector } from '../../engine/tm/posting-collector.ts';
import { type Db, isPostgres } from '../db.ts';
import { MemoryNotOwned } from '../memories.ts';
import { enqueue } from '../work-items.ts';
import { segmentSourcePages } from './segments.ts';

/**
 * The TM's posting lists on PostgreSQL (migration 0010): the in-process index's (gram, length
 * bucket) lists, shared by every server process. `tm_lists` holds each list's size, `tm_postings`
 * its chunks (`server/engine/tm/posting-chunks.ts`). SQLite keeps its lists in process and both tables
 * empty.
 *
 * Rows are written in the transaction that writes their segments, so a process reading a segment
 * reads its postings too. A removed segment's postings stay in the lists (a query reads segments by
 * id and skips the missing) and are counted in `memories.tm_dead_postings`; once they are a
 * quarter of the lists, `compactPostings` rebuilds them (work `tm-compact`).
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

/**
 * A memory's lists for `chunkCandidates`, read in one statement: the query's list sizes from
 * `tm_lists`, the grams to read chosen from them by `planCandidates`'s rule (rarest first, ties by
 * position in the query, while the running total fits the budget, the first always), and their
 * chunks. It is read as a binary COPY (`CopyOut`): as an ordinary result, node-postgres made a
 * JS string of every chunk (base64 text), which took about a millisecond more per query at a
 * million segments, most of it in garbage collection.
 *
 * With `owner`, the same statement checks that the memory is that organization's: it reads
 * nothing otherwise, and the read fails with `MemoryNotOwned`.
 */
export function postingStore(copyOut: CopyOut, memoryId: number, owner?: number): PostingStore {
  return {
    async read(grams, from, to, budget, take) {
      const memory = sqlInteger(memoryId);
      const buckets = `BETWEEN ${sqlInteger(from)} AND ${sqlInteger(to)}`;
      // A row whose gram is NULL says the memory is the owner's.
      const owned =
        owner === undefined
          ? 'SELECT 1'
          : `SELECT 1 FROM memories WHERE id = ${memory} AND organization_id = ${sqlInteger(owner)}`;
      let isOwned = false;
      const sizes = new Map<number, number>();
      await copyOut(
        `
        WITH owned AS (${owned}), query AS (
          SELECT gram, position FROM unnest(${sqlIntegers(grams, 'int8')}) WITH ORDINALITY AS q(gram, position)
          WHERE EXISTS (SELECT FROM owned)
        ), sizes AS (
          SELECT q.gram, q.position, coalesce(sum(l.n), 0)::int AS n
          FROM query q
          LEFT JOIN tm_lists l ON l.memory_id = ${memory} AND l.gram = q.gram AND l.bucket ${buckets}
          GROUP BY q.gram, q.position
        ), ranked AS (
          SELECT gram, n,
            sum(n) OVER (ORDER BY n, position ROWS UNBOUNDED PRECEDING) AS running,
            row_number() OVER (ORDER BY n, position) AS rank
          FROM sizes
        )
        SELECT NULL::int8 AS gram, NULL::int AS bucket, NULL::int AS n, NULL::bytea AS ids FROM owned
        UNION ALL
        SELECT gram, NULL::int AS bucket, n, NULL::bytea AS ids FROM sizes WHERE n > 0
        UNION ALL
        SELECT p.gram, p.bucket, p.n, p.ids
        FROM ranked r
        JOIN tm_postings p ON p.memory_id = ${memory} AND p.gram = r.gram AND p.bucket ${buckets}
        WHERE r.n > 0 AND (r.running <= ${sqlInteger(budget)} OR r.rank = 1) AND r.rank <= 65535`,
        (rows, t) => {
          // Fields in binary: gram int8 (null on the owner's row), bucket int4 (null on a size), n
          // int4, ids bytea.
          if (rows.isNull(t, 0)) {
            isOwned = true;
            return;
          }
          const gram = rows.int64(t, 0);
          if (rows.isNull(t, 1)) sizes.set(gram, rows.int32(t, 2));
          else take({ gram, bucket: rows.int32(t, 1), n: rows.int32(t, 2), ids: rows.bytes(t, 3)! });
        },
      );
      if (!isOwned) throw new MemoryNotOwned(memoryId);
      return { sizes };
    },
  };
}

/** Postings collected before they are written while a memory's lists are built. */
const BUILD_FLUSH_AT = 4_000_000;

/** Writes the lists of every segment of a memory stored in `db` (staged ones too), from none. */
export async function buildPostings(db: Db, memoryId: number): Promise<void> {
  const collector = new PostingCollector();
  for await (const rows of segmentSourcePages(db, { memoryId })) {
    for (const row of rows) collector.add(row.id, row.source);
    if (collector.size >= BUILD_FLUSH_AT) await appendPostings(db, memoryId, collector.take());
  }
  await appendPostings(db, memoryId, collector.take());
}

/** The postings that segments with these sources have (or had) in their memory's lists. */
export function postingsOf(sources: Iterable<string>): number {
  const collector = new PostingCollector();
  for (const source of sources) collector.add(1, source);
  return collector.size;
}

/** Dead postings a memory may keep before a compaction is considered (about 2,000 segments' worth). */
export const COMPACT_MIN_DEAD = 100_000;
/** The work that compacts a memory's lists (`server/work/handlers/tm-compact.ts`). */
export const COMPACT_WORK = 'tm-compact';

/**
 * Counts `n` postings of a memory's lists as dead (their segments were deleted or replaced, or an
 * import that wrote them failed) and queues a compaction once the dead are at least `minDead` and a
 * quarter of all, as seen each time they pass a multiple of `minDead`. PostgreSQL only.
 */
export async function noteDeadPostings(
  db: Db,
  memoryId: number,
  n: number,
  now: number,
  minDead = COMPACT_MIN_DEAD,
): Promise<void> {
  if (n <= 0 || !isPostgres(db)) return;
  const row = await db
    .updateTable('memories')
    .set({ tm_dead_postings: sql<number>`tm_dead_postings + ${n}` })
    .where('id', '=', memoryId)
    .returning('tm_dead_postings')
    .executeTakeFirst();
  const dead = Number(row?.tm_dead_postings ?? 0);
  // The lists' total is summed once per `minDead` dead postings, not by every deletion.
  if (Math.floor(dead / minDead) === Math.floor((dead - n) / minDead)) return;
  const { rows } = await sql<{ total: number | null }>`
    SELECT sum(n) AS total FROM tm_lists WHERE memory_id = ${memoryId}`.execute(db);
  if (dead * 4 < Number(rows[0]?.total ?? 0)) return;
  const payload = JSON.stringify({ memoryId });
  const pending = await db
    .selectFrom('work_items')
    .select('id')
    .where('kind', '=', COMPACT_WORK)
    .where('payload', '=', payload)
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirst();
  if (!pending) await enqueue(db, now, COMPACT_WORK, { memoryId });
}

/**
 * Rebuilds a memory's lists from its segments, without the postings of segments gone since, in one
 * transaction: queries read the old lists until it commits. It locks the memory's row first. A
 * writer of the lists inserts its segments in its own transaction first, which holds a key-share
 * lock on that row: the compaction waits for it to commit, and a writer coming later waits for the
 * compaction, before it has written anything. `busy` when an import or export of the memory runs
 * (an import writes its segments first and their postings later, from its process): try again
 * later. PostgreSQL only.
 */
export async function compactPostings(db: Db, memoryId: number): Promise<'compacted' | 'busy' | 'gone'> {
  return db.transaction().execute(async (tx) => {
    const memory = await tx
      .selectFrom('memories')
      .select('processing')
      .where('id', '=', memoryId)
      .forUpdate()
      .executeTakeFirst();
    if (!memory) return 'gone';
    if (memory.processing > 0) return 'busy';
    await tx.deleteFrom('tm_postings').where('memory_id', '=', memoryId).execute();
    await tx.deleteFrom('tm_lists').where('memory_id', '=', memoryId).execute();
    await buildPostings(tx, memoryId);
    await tx.updateTable('memories').set({ tm_dead_postings: 0 }).where('id', '=', memoryId).execute();
    return 'compacted';
  });
}
