import type { Router } from 'express';
import type { PluralForms } from '../../src/formats/model.ts';
import { ownedDocument } from '../services/workbench/access.ts';
import { documentView, pageOfSegment } from '../services/workbench/document-view.ts';
import type { GlossarySource } from '../services/workbench/glossary.ts';
import { type SegmentEditor, type TargetEdit, targetCategories } from '../services/workbench/segment-edit.ts';
import { NAVIGATIONS, type Navigation, navigate } from '../services/workbench/segment-navigation.ts';
import { addSegmentNote } from '../services/workbench/segment-notes.ts';
import type { SuggestionSource } from '../services/workbench/suggestions.ts';
import type { Db } from '../store/db.ts';
import { sessionOf } from './auth.ts';
import { sendPage } from './layout.ts';
import { notice } from './notices.ts';
import { segmentConflictPage } from './pages/conflict.ts';
import { documentPage } from './pages/document.ts';
import { errorPage } from './pages/error.ts';
import { idParam, sendNotFound } from './params.ts';

const tag = (lang: string, locale: string | null) => (locale ? `${lang}-${locale}` : lang);

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

/**
 * A "Use"/"Copy source" button's fill (JSON: field name → text) laid over the posted fields, so
 * the buttons work without JavaScript too: they save the filled text as a draft.
 */
function withFill(body: Record<string, unknown>): Record<string, unknown> | undefined {
  if (typeof body.fill !== 'string') return body;
  let fill: unknown;
  try {
    fill = JSON.parse(body.fill);
  } catch {
    return undefined;
  }
  if (typeof fill !== 'object' || fill === null || Array.isArray(fill)) return undefined;
  const fields = Object.entries(fill).filter(
    ([k, v]) => (k === 'target' || k.startsWith('plural_')) && typeof v === 'string',
  );
  return { ...body, ...Object.fromEntries(fields) };
}

/** The editor of a document, saving or confirming one segment, and confirming all. */
export function editorRoutes(
  router: Router,
  deps: {
    db: Db;
    now: () => number;
    suggest: SuggestionSource;
    editor: SegmentEditor;
    glossary?: GlossarySource;
  },
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
        seenAt: deps.now(),
        focusId: idParam(req.query.focus),
        notice: notice(req.query.notice, req.query.n),
      }),
    });
  });

  /** "Next untranslated", "next with QA issues", previous and next segment: links that work without JavaScript. */
  router.get('/documents/:id/go', async (req, res) => {
    const session = sessionOf(res);
    const documentId = idParam(req.params.id);
    const to = NAVIGATIONS.find((n) => n === req.query.to) as Navigation | undefined;
    const from = req.query.from === '0' ? 0 : idParam(req.query.from);
    if (documentId === undefined) return sendNotFound(res, 'document');
    if (to === undefined || from === undefined) {
      return sendPage(res, 400, {
        title: 'Bad link',
        session,
        main: errorPage(
          'Bad link',
          `A "go to" link needs to= (one of ${NAVIGATIONS.join(', ')}) and from= (a segment id, or 0).`,
        ),
      });
    }
    const filter = req.query.filter === 'unconfirmed';
    const target = await navigate(db, session.organizationId, documentId, {
      from,
      to,
      unconfirmedOnly: filter,
    });
    if (target === undefined) return sendNotFound(res, 'document');
    const query = new URLSearchParams();
    if (target === 'none') {
      if (filter) query.set('filter', 'unconfirmed');
      if (from > 0) {
        const page = await pageOfSegment(db, session.organizationId, documentId, from, filter);
        if (page > 1) query.set('page', String(page));
        query.set('focus', String(from));
      }
      query.set('notice', `none-${to}`);
    } else {
      if (target.unconfirmedOnly) query.set('filter', 'unconfirmed');
      if (target.page > 1) query.set('page', String(target.page));
      query.set('focus', String(target.segmentId));
    }
    res.redirect(303, `/workbench/documents/${documentId}?${query}`);
  });

  router.post('/documents/:id/segments/:segmentId', async (req, res) => {
    const session = sessionOf(res);
    const documentId = idParam(req.params.id);
    const segmentId = idParam(req.params.segmentId);
    if (documentId === undefined || segmentId === undefined) return sendNotFound(res, 'segment');
    const body = withFill((req.body ?? {}) as Record<string, unknown>);
    if (!body) {
      return sendPage(res, 400, {
        title: 'Not saved',
        session,
        main: errorPage('Not saved', 'The button’s fill was not a JSON object of field names and texts.'),
      });
    }
    const confirm = body.action === 'confirm';
    const filter = body.filter === 'unconfirmed';
    // The revision the form was rendered with: a segment saved by someone else since is a conflict.
    const revision =
      typeof body.revision === 'string' && /^\d{1,15}$/.test(body.revision)
        ? Number(body.revision)
        : undefined;
    const edit = editFromForm(body);
    const result = await editor.save(session, documentId, segmentId, edit, confirm, { revision });
    if (!result.ok) {
      if (result.reason === 'not-found') return sendNotFound(res, 'segment');
      if (result.reason === 'conflict') {
        const owned = await ownedDocument(db, session.organizationId, documentId);
        if (!owned) return sendNotFound(res, 'segment');
        const { project } = owned;
        return sendPage(res, 409, {
          title: 'Conflict',
          session,
          main: segmentConflictPage({
            documentId,
            documentName: owned.document.name,
            csrf: session.csrfToken,
            srclang: tag(project.srclang, project.srclocale),
            trglang: tag(project.trglang, project.trglocale),
            targetCategories: targetCategories(project),
            current: result.current,
            yours: edit,
            action: confirm ? 'confirm' : 'save',
            unconfirmedOnly: filter,
            keepTheirs: await backToEditor(session.organizationId, documentId, {
              segmentId,
              filter,
              notice: 'kept-theirs',
            }),
          }),
        });
      }
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
    const body = (req.body ?? {}) as Record<string, unknown>;
    // When the page was rendered: segments changed after it are left for the user to see.
    const seenAt =
      typeof body.seen === 'string' && /^\d{1,15}$/.test(body.seen) ? Number(body.seen) : undefined;
    const result =
      documentId === undefined ? undefined : await editor.confirmAll(session, documentId, { seenAt });
    if (result === undefined || documentId === undefined) return sendNotFound(res, 'document');
    if (result === 'locked')
      return res.redirect(
        303,
        await backToEditor(session.organizationId, documentId, { filter: false, notice: 'locked' }),
      );
    const code =
      result.changed > 0 ? 'changed-since' : result.confirmed === 0 ? 'nothing-to-confirm' : 'confirmed-all';
    res.redirect(
      303,
      await backToEditor(session.organizationId, documentId, {
        filter: result.changed > 0,
        notice: code,
        n: result.changed > 0 ? result.changed : result.confirmed,
      }),
    );
  });
}
