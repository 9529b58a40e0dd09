import type { Router } from 'express';
import {
  addComment,
  COMMENT_PROBLEMS,
  type CommentState,
  jobComments,
  resolveComment,
} from '../services/workbench/comments.ts';
import { pageOfSegment } from '../services/workbench/document-view.ts';
import { restoreVersion, segmentHistory } from '../services/workbench/history.ts';
import type { SegmentEditor } from '../services/workbench/segment-edit.ts';
import type { Db } from '../store/db.ts';
import { sessionOf } from './auth.ts';
import { sendPage } from './layout.ts';
import { notice } from './notices.ts';
import type { CommentBack } from './pages/comments.ts';
import { jobCommentsPage } from './pages/comments.ts';
import { historyPage } from './pages/history.ts';
import { idParam, sendNotFound } from './params.ts';

const STATES: readonly CommentState[] = ['open', 'resolved', 'all'];

/** The comment state from a query or form (open unless one of the others is named). */
function stateOf(value: unknown): CommentState {
  return STATES.includes(value as CommentState) ? (value as CommentState) : 'open';
}

function backOf(value: unknown): CommentBack {
  return value === 'history' || value === 'job' ? value : 'editor';
}

/**
 * A segment's history (every version, restoring one, the memory's entries for its source), its
 * comments (add, resolve, reopen), and a job's comments. Each answers 404 for what is not the
 * session's organization's, exactly as for what does not exist.
 */
export function historyRoutes(
  router: Router,
  deps: { db: Db; now: () => number; editor: SegmentEditor },
): void {
  const { db } = deps;

  /** Where a form on a segment sends the person back: the editor at the segment (panel unfolded) or its history page. */
  async function backTo(
    back: CommentBack,
    organizationId: number,
    at: { documentId: number; segmentId: number; panel: 'history' | 'comments'; notice: string },
  ): Promise<string> {
    if (back === 'history')
      return `/workbench/documents/${at.documentId}/segments/${at.segmentId}/history?notice=${at.notice}#${at.panel}-${at.segmentId}`;
    const page = await pageOfSegment(db, organizationId, at.documentId, at.segmentId, false);
    const query = new URLSearchParams();
    if (page > 1) query.set('page', String(page));
    query.set('focus', String(at.segmentId));
    query.set('notice', at.notice);
    return `/workbench/documents/${at.documentId}?${query}#${at.panel}-${at.segmentId}`;
  }

  router.get('/documents/:id/segments/:segmentId/history', async (req, res) => {
    const session = sessionOf(res);
    const documentId = idParam(req.params.id);
    const segmentId = idParam(req.params.segmentId);
    const view =
      documentId === undefined || segmentId === undefined
        ? undefined
        : await segmentHistory(db, session.organizationId, documentId, segmentId);
    if (!view) return sendNotFound(res, 'segment');
    sendPage(res, 200, {
      title: `Segment ${view.segment.position + 1} history`,
      session,
      main: historyPage(view, { csrf: session.csrfToken, notice: notice(req.query.notice, req.query.n) }),
    });
  });

  router.post('/documents/:id/segments/:segmentId/restore', async (req, res) => {
    const session = sessionOf(res);
    const documentId = idParam(req.params.id);
    const segmentId = idParam(req.params.segmentId);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const versionId = idParam(body.version);
    if (documentId === undefined || segmentId === undefined || versionId === undefined)
      return sendNotFound(res, 'version');
    const result = await restoreVersion(deps, session, documentId, segmentId, versionId);
    if (!result.ok && (result.reason === 'not-found' || result.reason === 'invalid'))
      return sendNotFound(res, 'version');
    res.redirect(
      303,
      await backTo(backOf(body.back), session.organizationId, {
        documentId,
        segmentId,
        panel: 'history',
        notice: result.ok ? 'restored' : result.reason,
      }),
    );
  });

  router.post('/documents/:id/segments/:segmentId/comments', async (req, res) => {
    const session = sessionOf(res);
    const documentId = idParam(req.params.id);
    const segmentId = idParam(req.params.segmentId);
    if (documentId === undefined || segmentId === undefined) return sendNotFound(res, 'segment');
    const body = (req.body ?? {}) as Record<string, unknown>;
    const text = typeof body.body === 'string' ? body.body : '';
    const result = await addComment(deps, session, documentId, segmentId, text);
    if (!result.ok && result.reason === 'not-found') return sendNotFound(res, 'segment');
    if (!result.ok) {
      // Refused: the segment's page again with the text kept and the reason beside the field.
      const view = await segmentHistory(db, session.organizationId, documentId, segmentId);
      if (!view) return sendNotFound(res, 'segment');
      return sendPage(res, 400, {
        title: 'Comment not added',
        session,
        main: historyPage(view, {
          csrf: session.csrfToken,
          notice: '',
          draft: text,
          problem: COMMENT_PROBLEMS[result.problem],
        }),
      });
    }
    res.redirect(
      303,
      await backTo(backOf(body.back), session.organizationId, {
        documentId,
        segmentId,
        panel: 'comments',
        notice: 'comment-added',
      }),
    );
  });

  for (const action of ['resolve', 'reopen'] as const) {
    router.post(`/comments/:id/${action}`, async (req, res) => {
      const session = sessionOf(res);
      const id = idParam(req.params.id);
      const body = (req.body ?? {}) as Record<string, unknown>;
      const comment =
        id === undefined ? undefined : await resolveComment(deps, session, id, action === 'resolve');
      if (!comment) return sendNotFound(res, 'comment');
      const code = action === 'resolve' ? 'comment-resolved' : 'comment-reopened';
      const back = backOf(body.back);
      if (back === 'job')
        return res.redirect(
          303,
          `/workbench/jobs/${comment.jobId}/comments?state=${stateOf(body.state)}&notice=${code}`,
        );
      res.redirect(
        303,
        await backTo(back, session.organizationId, {
          documentId: comment.documentId,
          segmentId: comment.segmentId,
          panel: 'comments',
          notice: code,
        }),
      );
    });
  }

  router.get('/jobs/:id/comments', async (req, res) => {
    const session = sessionOf(res);
    const id = idParam(req.params.id);
    const view =
      id === undefined
        ? undefined
        : await jobComments(db, session.organizationId, id, {
            state: stateOf(req.query.state),
            page: Number(req.query.page ?? 1),
          });
    if (!view) return sendNotFound(res, 'job');
    sendPage(res, 200, {
      title: `Comments on ${view.job.name}`,
      session,
      main: jobCommentsPage(view, { csrf: session.csrfToken, notice: notice(req.query.notice, req.query.n) }),
    });
  });
}
