import type { Db } from '../../store/db.ts';
import {
  type CommentState,
  commentCounts,
  commentsOfJob,
  commentsOfSegments,
  findComment,
  insertComment,
  type JobCommentRow,
  type SegmentCommentRow,
  setCommentResolved,
} from '../../store/jobs/segment-comments.ts';
import { findDocumentSegment } from '../../store/jobs/segments.ts';
import { type JobRow, ownedDocument, ownedJob } from './access.ts';
import type { Editor } from './segment-edit.ts';

export type { CommentState };

/** The longest comment, in characters: a note to colleagues, not a document. */
export const COMMENT_MAX_LENGTH = 2000;

/** Comments listed per page of a job's comments. */
export const COMMENTS_PAGE_SIZE = 100;

export interface CommentView {
  id: number;
  segmentId: number;
  documentId: number;
  jobId: number;
  author: string;
  body: string;
  createdAt: number;
  resolvedAt: number | null;
  resolvedBy: string | null;
}

export function commentView(row: SegmentCommentRow): CommentView {
  return {
    id: row.id,
    segmentId: row.segment_id,
    documentId: row.document_id,
    jobId: row.job_id,
    author: row.author,
    body: row.body,
    createdAt: row.created_at,
    resolvedAt: row.resolved_at,
    resolvedBy: row.resolved_by,
  };
}

/** Why a comment was refused, in words the person can act on. */
export type CommentProblem = 'empty' | 'too-long' | 'control-characters';

export const COMMENT_PROBLEMS: Record<CommentProblem, string> = {
  empty: 'The comment is empty: write something before adding it.',
  'too-long': `The comment is too long: at most ${COMMENT_MAX_LENGTH} characters.`,
  'control-characters':
    'The comment contains control characters; only text, line breaks and tabs are accepted.',
};

/** The comment as stored (trimmed, line breaks as LF), or why it cannot be. */
export function checkComment(text: string): { body: string } | { problem: CommentProblem } {
  const body = text.replace(/\r\n?/g, '\n').trim();
  if (body === '') return { problem: 'empty' };
  // Characters as people count them (code points), not UTF-16 units.
  if ([...body].length > COMMENT_MAX_LENGTH) return { problem: 'too-long' };
  if (/[\u0000-\u0008\u000b-\u001f\u007f]/.test(body)) return { problem: 'control-characters' };
  return { body };
}

/** Each segment's comments, oldest first (segments without any are absent). */
export async function commentsBySegment(
  db: Db,
  segmentIds: readonly number[],
): Promise<Map<number, CommentView[]>> {
  const out = new Map<number, CommentView[]>();
  for (const row of await commentsOfSegments(db, segmentIds)) {
    const list = out.get(row.segment_id) ?? [];
    list.push(commentView(row));
    out.set(row.segment_id, list);
  }
  return out;
}

export type AddCommentResult =
  | { ok: true; comment: CommentView }
  | { ok: false; reason: 'not-found' }
  | { ok: false; reason: 'invalid'; problem: CommentProblem };

/**
 * Adds a comment to a segment of a document of the person's organization. Anyone who may open the
 * document may comment, at every stage and after delivery (a question outlives the stage).
 */
export async function addComment(
  deps: { db: Db; now: () => number },
  author: Editor,
  documentId: number,
  segmentId: number,
  text: string,
): Promise<AddCommentResult> {
  const { db } = deps;
  const owned = await ownedDocument(db, author.organizationId, documentId);
  const segment = owned && (await findDocumentSegment(db, documentId, segmentId));
  if (!owned || !segment) return { ok: false, reason: 'not-found' };
  const checked = checkComment(text);
  if ('problem' in checked) return { ok: false, reason: 'invalid', problem: checked.problem };
  const row = await insertComment(db, {
    organization_id: author.organizationId,
    job_id: owned.job.id,
    document_id: documentId,
    segment_id: segmentId,
    author: author.email,
    body: checked.body,
    resolved_at: null,
    resolved_by: null,
    created_at: deps.now(),
  });
  return { ok: true, comment: commentView(row) };
}

/**
 * Resolves a comment or opens it again; undefined when it is not the organization's (or its job
 * was deleted). Resolving a resolved comment keeps who resolved it first.
 */
export async function resolveComment(
  deps: { db: Db; now: () => number },
  person: Editor,
  commentId: number,
  resolved: boolean,
): Promise<CommentView | undefined> {
  const { db } = deps;
  const row = await findComment(db, person.organizationId, commentId);
  if (!row || !(await ownedDocument(db, person.organizationId, row.document_id))) return undefined;
  if (resolved !== (row.resolved_at !== null)) {
    const state = resolved ? { at: deps.now(), by: person.email } : null;
    await setCommentResolved(db, commentId, state);
    return commentView({ ...row, resolved_at: state?.at ?? null, resolved_by: state?.by ?? null });
  }
  return commentView(row);
}

export interface JobComment extends CommentView {
  documentName: string;
  trglang: string;
  /** 1-based, as the editor numbers segments. */
  segmentNumber: number;
  unitId: string;
  source: string;
}

export interface JobCommentsView {
  job: JobRow;
  state: CommentState;
  counts: { open: number; resolved: number };
  comments: JobComment[];
  page: number;
  pages: number;
}

function jobComment(row: JobCommentRow): JobComment {
  return {
    ...commentView(row),
    documentName: row.document_name,
    trglang: row.trglocale ? `${row.trglang}-${row.trglocale}` : row.trglang,
    segmentNumber: row.position + 1,
    unitId: row.unit_id,
    source: row.source,
  };
}

/** A job's comments in one state, newest first, with the counts of each state; undefined when not the organization's. */
export async function jobComments(
  db: Db,
  organizationId: number,
  jobId: number,
  options: { state: CommentState; page: number },
): Promise<JobCommentsView | undefined> {
  const job = await ownedJob(db, organizationId, jobId);
  if (!job) return undefined;
  const counts = await commentCounts(db, jobId);
  const total =
    options.state === 'open'
      ? counts.open
      : options.state === 'resolved'
        ? counts.resolved
        : counts.open + counts.resolved;
  const pages = Math.max(1, Math.ceil(total / COMMENTS_PAGE_SIZE));
  const page = Math.min(Math.max(1, Math.floor(options.page) || 1), pages);
  const rows = await commentsOfJob(db, jobId, options.state, {
    limit: COMMENTS_PAGE_SIZE,
    offset: (page - 1) * COMMENTS_PAGE_SIZE,
  });
  return { job, state: options.state, counts, comments: rows.map(jobComment), page, pages };
}
