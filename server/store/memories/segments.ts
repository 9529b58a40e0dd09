import type { Insertable } from 'kysely';
import type { CopyOut, CopyRows } from '../../../src/db/copy-out.ts';
import { sqlInteger, sqlIntegers, sqlText } from '../../../src/db/sql-literals.ts';
import type { Db } from '../db.ts';
import type { SegmentsTable } from '../schema.ts';
import { postingWriter } from './postings.ts';

/** The part of a segment the fuzzy matcher reads. */
export interface SegmentText {
  id: number;
  source: string;
  target: string;
}

/** Visible segments of a memory after id `after`, in id order: a page of an index build. */
export async function segmentPage(
  db: Db,
  memoryId: number,
  after: number,
  limit: number,
): Promise<SegmentText[]> {
  return db
    .selectFrom('segments')
    .select(['id', 'source', 'target'])
    .where('memory_id', '=', memoryId)
    .where('visible', '=', 1)
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * The ids and sources of a memory's segments (staged ones too), or of the segments an import
 * staged, a page at a time in id order.
 */
export async function* segmentSourcePages(
  db: Db,
  of: { memoryId: number } | { stagedBy: number },
  page = 20_000,
): AsyncGenerator<{ id: number; source: string }[]> {
  for (let after = 0; ; ) {
    let query = db.selectFrom('segments').select(['id', 'source']).where('id', '>', after);
    query =
      'memoryId' in of
        ? query.where('memory_id', '=', of.memoryId)
        : query.where('import_id', '=', of.stagedBy).where('visible', '=', 0);
    const rows = await query.orderBy('id').limit(page).execute();
    yield rows;
    if (rows.length < page) return;
    after = rows[rows.length - 1]!.id;
  }
}

/** The visible segments an import added, at most `limit`. */
export async function segmentsOfImport(db: Db, importId: number, limit: number): Promise<SegmentText[]> {
  return db
    .selectFrom('segments')
    .select(['id', 'source', 'target'])
    .where('import_id', '=', importId)
    .where('visible', '=', 1)
    .limit(limit)
    .execute();
}

/** What a TM match shows beside its text. */
export interface SegmentMetadata {
  id: number;
  resource_name: string | null;
  user_email: string | null;
  created_at: number;
  notes: string | null;
}

export async function segmentMetadata(db: Db, ids: number[]): Promise<SegmentMetadata[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('segments')
    .select(['id', 'resource_name', 'user_email', 'created_at', 'notes'])
    .where('id', 'in', ids)
    .execute();
}

/**
 * Inserts segments and returns what the fuzzy matcher needs of them. Their postings are for the
 * caller to write (`postingWriter`): an import collects them over many batches.
 */
export async function insertSegments(db: Db, rows: Insertable<SegmentsTable>[]): Promise<SegmentText[]> {
  if (rows.length === 0) return [];
  return db.insertInto('segments').values(rows).returning(['id', 'source', 'target']).execute();
}

/** Inserts one memory's segments with their postings (on PostgreSQL), in the caller's transaction. */
export async function insertSegmentsReturning(
  db: Db,
  memoryId: number,
  rows: Omit<Insertable<SegmentsTable>, 'memory_id'>[],
): Promise<SegmentText[]> {
  const inserted = await insertSegments(
    db,
    rows.map((row) => ({ ...row, memory_id: memoryId })),
  );
  const postings = postingWriter(db, memoryId);
  await postings.add(inserted);
  await postings.flush();
  return inserted;
}

/**
 * Deletes the segments written directly (not imported) from one resource for these sources;
 * returns their ids and sources. `hashes` are the sources' `sourceHash`es (the indexed column).
 */
export async function deleteFedSegments(
  db: Db,
  memoryId: number,
  resourceName: string,
  sources: string[],
  hashes: string[],
): Promise<{ id: number; source: string }[]> {
  return db
    .deleteFrom('segments')
    .where('memory_id', '=', memoryId)
    .where('source_hash', 'in', hashes)
    .where('source', 'in', sources)
    .where('resource_name', '=', resourceName)
    .where('import_id', 'is', null)
    .returning(['id', 'source'])
    .execute();
}

/** Deletes one visible segment; returns its source, or undefined when the memory holds no such segment. */
export async function deleteSegment(
  db: Db,
  memoryId: number,
  segmentId: number,
): Promise<string | undefined> {
  const row = await db
    .deleteFrom('segments')
    .where('memory_id', '=', memoryId)
    .where('id', '=', segmentId)
    .where('visible', '=', 1)
    .returning('source')
    .executeTakeFirst();
  return row?.source;
}

/**
 * The visible segments of the memory whose source hash is one of `hashes`: their hash, target and
 * notes, so an import can tell the pairs the memory already holds (one query for a batch).
 */
export async function heldPairs(
  db: Db,
  memoryId: number,
  hashes: readonly string[],
): Promise<{ source_hash: string; target: string; notes: string | null }[]> {
  if (hashes.length === 0) return [];
  return db
    .selectFrom('segments')
    .select(['source_hash', 'target', 'notes'])
    .where('memory_id', '=', memoryId)
    .where('source_hash', 'in', [...new Set(hashes)])
    .where('visible', '=', 1)
    .execute();
}

/**
 * A segment as a database-backed TM query reads it: its id and source at once, its target and the
 * metadata a match shows only when asked for (most candidates are scored and dropped, and never
 * are). A view of the COPY that read it.
 */
export class SegmentToScore {
  readonly id: number;
  readonly source: string;
  private readonly rows: CopyRows;
  private readonly tuple: number;

  constructor(rows: CopyRows, tuple: number) {
    this.rows = rows;
    this.tuple = tuple;
    this.id = rows.int32(tuple, 0);
    this.source = rows.text(tuple, 1);
  }

  get target(): string {
    return this.rows.text(this.tuple, 2);
  }

  metadata(): SegmentMetadata {
    const { rows, tuple } = this;
    const text = (column: number) => (rows.isNull(tuple, column) ? null : rows.text(tuple, column));
    return {
      id: this.id,
      resource_name: text(3),
      user_email: text(4),
      created_at: rows.int64(tuple, 5),
      notes: text(6),
    };
  }
}

/**
 * The visible segments of a memory among `ids` (PostgreSQL), with the newest `exact.limit` whose
 * source is exactly `exact.hash`'s: what a database-backed TM query scores, read with the
 * metadata its matches show (from the same pages, rather than in another round trip). Read as a
 * binary COPY, so that a candidate costs one string (its source) until it is a match. The ids are
 * sent as an array literal and tested with `id = ANY(…)`: one index scan over the sorted ids,
 * about a quarter quicker than joining them as a list. An exact match that is among `ids` comes
 * twice (UNION ALL: PostgreSQL neither sorts nor hashes the texts). Each goes to `onRow` as soon
 * as it is read, while the others are still coming.
 */
export async function segmentsToScore(
  copyOut: CopyOut,
  memoryId: number,
  ids: readonly number[],
  exact: { hash: string; limit: number },
  onRow: (row: SegmentToScore) => void = () => {},
): Promise<SegmentToScore[]> {
  const memory = sqlInteger(memoryId);
  const columns = 's.id, s.source, s.target, s.resource_name, s.user_email, s.created_at, s.notes';
  const byId = `
    SELECT ${columns} FROM segments s
    WHERE s.id = ANY(${sqlIntegers(ids, 'int4')}) AND s.memory_id = ${memory} AND s.visible = 1`;
  const segments: SegmentToScore[] = [];
  await copyOut(
    exact.limit === 0
      ? byId
      : `(SELECT ${columns} FROM segments s
          WHERE s.memory_id = ${memory} AND s.source_hash = ${sqlText(exact.hash)} AND s.visible = 1
          ORDER BY s.id DESC LIMIT ${sqlInteger(exact.limit)})
         UNION ALL ${byId}`,
    (rows, tuple) => {
      const segment = new SegmentToScore(rows, tuple);
      segments.push(segment);
      onRow(segment);
    },
  );
  return segments;
}
