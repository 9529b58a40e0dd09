/**
 * A document segment's versions: every write of its target or status, with who and when. All
 * writers (the workbench editor, pretranslation, a document's import) record through
 * `recordVersions`, in the same transaction as the write where they have one.
 */
import type { Selectable } from 'kysely';
import type { Db } from '../db.ts';
import type { SegmentStatus, SegmentVersionsTable, VersionAction } from '../schema.ts';

export type SegmentVersionRow = Selectable<SegmentVersionsTable>;

/** A segment's state after a write. */
export interface WrittenSegment {
  id: number;
  target: string | null;
  target_plural: string | null;
  status: SegmentStatus;
}

/** Versions written per statement (8 parameters each: well below both engines' limits). */
const BATCH = 500;

/**
 * Records the state `segments` were just written to: one version each, by `author` (a person's
 * email, or `tm`, `mt`, `import`) through `action`, at `now`.
 */
export async function recordVersions(
  db: Db,
  segments: readonly WrittenSegment[],
  by: { author: string; action: VersionAction },
  now: number,
): Promise<void> {
  for (let i = 0; i < segments.length; i += BATCH) {
    await db
      .insertInto('segment_versions')
      .values(
        segments.slice(i, i + BATCH).map((s) => ({
          segment_id: s.id,
          target: s.target,
          target_plural: s.target_plural,
          status: s.status,
          author: by.author,
          action: by.action,
          created_at: now,
        })),
      )
      .execute();
  }
}

/** The segments' versions, newest first within each segment (at most `perSegment` each when given). */
export async function versionsOf(
  db: Db,
  segmentIds: readonly number[],
  perSegment?: number,
): Promise<SegmentVersionRow[]> {
  if (segmentIds.length === 0) return [];
  const ids = [...segmentIds];
  if (perSegment === undefined)
    return db
      .selectFrom('segment_versions')
      .selectAll()
      .where('segment_id', 'in', ids)
      .orderBy('segment_id')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  // One indexed, limited read per segment in a single statement: only the newest leave the
  // database however long a history grows (a window over all versions read every row).
  const newest = (segmentId: number) =>
    db
      .selectFrom((qb) =>
        qb
          .selectFrom('segment_versions')
          .selectAll()
          .where('segment_id', '=', segmentId)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(perSegment)
          .as('v'),
      )
      .selectAll();
  const rows: SegmentVersionRow[] = [];
  // 2 parameters a segment: 200 segments a statement stays far below both engines' limits.
  for (let i = 0; i < ids.length; i += 200) {
    const [first, ...rest] = ids.slice(i, i + 200);
    let query = newest(first!);
    for (const id of rest) query = query.unionAll(newest(id));
    rows.push(...(await query.execute()));
  }
  return rows.sort((a, b) => a.segment_id - b.segment_id || b.created_at - a.created_at || b.id - a.id);
}

/** How many versions each segment has. */
export async function versionCounts(db: Db, segmentIds: readonly number[]): Promise<Map<number, number>> {
  if (segmentIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('segment_versions')
    .select((eb) => ['segment_id', eb.fn.countAll<number>().as('n')])
    .where('segment_id', 'in', [...segmentIds])
    .groupBy('segment_id')
    .execute();
  return new Map(rows.map((r) => [r.segment_id, Number(r.n)]));
}

/** One version of one segment (undefined when the id is another segment's). */
export async function findVersion(
  db: Db,
  segmentId: number,
  id: number,
): Promise<SegmentVersionRow | undefined> {
  return db
    .selectFrom('segment_versions')
    .selectAll()
    .where('id', '=', id)
    .where('segment_id', '=', segmentId)
    .executeTakeFirst();
}
