import type { Router } from 'express';
import type { PluralForms } from '../../src/formats/model.ts';
import { documentView, pageOfSegment } from '../services/workbench/document-view.ts';
import type { SegmentEditor, TargetEdit } from '../services/workbench/segment-edit.ts';
import { addSegmentNote } from '../services/workbench/segment-notes.ts';
import type { SuggestionSource } from '../services/workbench/suggestions.ts';
import type { Db } from '../store/db.ts';
import { sessionOf } from './auth.ts';
import { sendPage } from './layout.ts';
import { notice } from './notices.ts';
import { documentPage } from './pages/document.ts';
import { errorPage } from './pages/error.ts';
import { idParam, sendNotFound } from './params.ts';

/** The posted translation: `target`, or `plural_<category>` fields for a plural unit. */
function editFromForm(body: Record<string, unknown>): TargetEdit {
  const plural = Object.entries(body).filter(([k]) => k.startsWith('plural_'));
  if (plural.length > 0) {
    return {
      targetPlural: Object.fromEntries(
        plural.map(([k, v]) => [k.slice('plural_'.length), typeof v === 'string' ? v : '']),
      ) as PluralForms,
    };
  }
  return { target: typeof body.target === 'string' ? body.target : '' };
}

/** The editor of a document, saving or confirming one segment, and confirming all. */
export function editorRoutes(
  router: Router,
  deps: { db: Db; suggest: SuggestionSource; editor: SegmentEditor; now: () => number },
): void {
  const { db, editor } = deps;

  /** Back to the editor, on the page holding `segmentId`, with the focus and notice given. */
  async function backToEditor(
    organizationId: number,
    documentId: number,
    options: { segmentId?: number | undefined; filter: boolean; notice: string; n?: number },
  ): Promise<string> {
    const query = new URLSearchParams();
    if (options.filter) query.set('filter', 'unconfirmed');
    if (options.segmentId !== undefined) {
      const page = await pageOfSegment(db, organizationId, documentId, options.segmentId, options.filter);
      if (page > 1) query.set('page', String(page));
      query.set('focus', String(options.segmentId));
    }
    query.set('notice', options.notice);
    if (options.n !== undefined) query.set('n', String(options.n));
    // No #fragment: browsers skip `autofocus` when the URL targets an element (HTML, "flush
    // autofocus candidates"), and autofocus already scrolls the field into view.
    return `/workbench/documents/${documentId}?${query}`;
  }

  router.get('/documents/:id', async (req, res) => {
    const session = sessionOf(res);
    const id = idParam(req.params.id);
    const view =
      id === undefined
        ? undefined
        : await documentView(deps, session.organizationId, id, {
            page: Number(req.query.page ?? 1),
            unconfirmedOnly: req.query.filter === 'unconfirmed',
          });
    if (!view) return sendNotFound(res, 'document');
    sendPage(res, 200, {
      title: view.document.name,
      session,
      main: documentPage(view, {
        csrf: session.csrfToken,
        focusId: idParam(req.query.focus),
        notice: notice(req.query.notice, req.query.n),
      }),
    });
  });

  router.post('/documents/:id/segments/:segmentId', async (req, res) => {
    const session = sessionOf(res);
    const documentId = idParam(req.params.id);
    const segmentId = idParam(req.params.segmentId);
    if (documentId === undefined || segmentId === undefined) return sendNotFound(res, 'segment');
    const body = (req.body ?? {}) as Record<string, unknown>;
    const confirm = body.action === 'confirm';
    const filter = body.filter === 'unconfirmed';
    const result = await editor.save(session, documentId, segmentId, editFromForm(body), confirm);
    if (!result.ok) {
      if (result.reason === 'not-found') return sendNotFound(res, 'segment');
      if (result.reason === 'invalid') {
        return sendPage(res, 400, {
          title: 'Not saved',
          session,
          main: errorPage(
            'Not saved',
            'The form did not match this segment (plural forms of a plain text, or the reverse). Reload the editor.',
          ),
        });
      }
      return res.redirect(
        303,
        await backToEditor(session.organizationId, documentId, { segmentId, filter, notice: result.reason }),
      );
    }
    if (!confirm)
      return res.redirect(
        303,
        await backToEditor(session.organizationId, documentId, { segmentId, filter, notice: 'saved' }),
      );
    const next = result.nextId;
    res.redirect(
      303,
      await backToEditor(session.organizationId, documentId, {
        segmentId: next,
        filter,
        notice: next === undefined ? 'all-done' : 'confirmed',
      }),
    );
  });

  router.post('/documents/:id/segments/:segmentId/notes', async (req, res) => {
    const session = sessionOf(res);
    const documentId = idParam(req.params.id);
    const segmentId = idParam(req.params.segmentId);
    if (documentId === undefined || segmentId === undefined) return sendNotFound(res, 'segment');
    const body = (req.body ?? {}) as Record<string, unknown>;
    const text = typeof body.note === 'string' ? body.note : '';
    const result = await addSegmentNote(deps, session, documentId, segmentId, text);
    if (result === 'not-found') return sendNotFound(res, 'segment');
    res.redirect(
      303,
      await backToEditor(session.organizationId, documentId, {
        segmentId,
        filter: body.filter === 'unconfirmed',
        notice: result === 'added' ? 'note-added' : `note-${result}`,
      }),
    );
  });

  router.post('/documents/:id/confirm-all', async (req, res) => {
    const session = sessionOf(res);
    const documentId = idParam(req.params.id);
    const result = documentId === undefined ? undefined : await editor.confirmAll(session, documentId);
    if (result === undefined || documentId === undefined) return sendNotFound(res, 'document');
    if (result === 'locked')
      return res.redirect(
        303,
        await backToEditor(session.organizationId, documentId, { filter: false, notice: 'locked' }),
      );
    const code = result.confirmed === 0 ? 'nothing-to-confirm' : 'confirmed-all';
    res.redirect(
      303,
      await backToEditor(session.organizationId, documentId, {
        filter: false,
        notice: code,
        n: result.confirmed,
      }),
    );
  });
}
