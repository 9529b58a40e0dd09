/** Comments people leave on document segments, open until someone resolves them. */
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../db.ts';
import type { SegmentCommentsTable } from '../schema.ts';

export type SegmentCommentRow = Selectable<SegmentCommentsTable>;

/** Which comments a list shows. */
export type CommentState = 'open' | 'resolved' | 'all';

export async function insertComment(
  db: Db,
  row: Insertable<SegmentCommentsTable>,
): Promise<SegmentCommentRow> {
  return db.insertInto('segment_comments').values(row).returningAll().executeTakeFirstOrThrow();
}

/** A comment of the organization; another organization's is never returned. */
export async function findComment(
  db: Db,
  organizationId: number,
  id: number,
): Promise<SegmentCommentRow | undefined> {
  return db
    .selectFrom('segment_comments')
    .selectAll()
    .where('id', '=', id)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
}

/** Resolves a comment (`resolved` given) or opens it again (null). */
export async function setCommentResolved(
  db: Db,
  id: number,
  resolved: { at: number; by: string } | null,
): Promise<void> {
  await db
    .updateTable('segment_comments')
    .set({ resolved_at: resolved?.at ?? null, resolved_by: resolved?.by ?? null })
    .where('id', '=', id)
    .execute();
}

/** The segments' comments, oldest first. */
export async function commentsOfSegments(
  db: Db,
  segmentIds: readonly number[],
): Promise<SegmentCommentRow[]> {
  if (segmentIds.length === 0) return [];
  return db
    .selectFrom('segment_comments')
    .selectAll()
    .where('segment_id', 'in', [...segmentIds])
    .orderBy('id')
    .execute();
}

/** A comment of a job with where it sits: document, language, segment position and source. */
export interface JobCommentRow extends SegmentCommentRow {
  document_name: string;
  trglang: string;
  trglocale: string | null;
  position: number;
  unit_id: string;
  source: string;
}

/** One page of a job's comments in the state asked for, newest first. */
export async function commentsOfJob(
  db: Db,
  jobId: number,
  state: CommentState,
  page: { limit: number; offset: number },
): Promise<JobCommentRow[]> {
  let q = db
    .selectFrom('segment_comments as c')
    .innerJoin('documents as d', 'd.id', 'c.document_id')
    .innerJoin('projects as p', 'p.id', 'd.project_id')
    .innerJoin('document_segments as s', 's.id', 'c.segment_id')
    .selectAll('c')
    .select(['d.name as document_name', 'p.trglang', 'p.trglocale', 's.position', 's.unit_id', 's.source'])
    .where('c.job_id', '=', jobId);
  if (state === 'open') q = q.where('c.resolved_at', 'is', null);
  if (state === 'resolved') q = q.where('c.resolved_at', 'is not', null);
  return q.orderBy('c.id', 'desc').limit(page.limit).offset(page.offset).execute();
}

/** How many of a job's comments are open and resolved. */
export async function commentCounts(db: Db, jobId: number): Promise<{ open: number; resolved: number }> {
  const rows = await db
    .selectFrom('segment_comments')
    .select((eb) => [
      eb.case().when('resolved_at', 'is', null).then(1).else(0).end().as('open'),
      eb.fn.countAll<number>().as('n'),
    ])
    .where('job_id', '=', jobId)
    .groupBy('open')
    .execute();
  const count = (open: number) => Number(rows.find((r) => Number(r.open) === open)?.n ?? 0);
  return { open: count(1), resolved: count(0) };
}
