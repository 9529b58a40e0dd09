import type { Response, Router } from 'express';
import type { DocumentRow, OwnedProject } from '../services/workbench/access.ts';
import {
  BANDS,
  type BandId,
  type FindCriteria,
  QA_VALUES,
  type QaValue,
  STATUSES,
  type TextScope,
} from '../services/workbench/find.ts';
import { findInDocument, findInJob } from '../services/workbench/find-results.ts';
import { previewReplace } from '../services/workbench/replace.ts';
import { replacementView, replacer } from '../services/workbench/replacements.ts';
import { isLocked } from '../services/workbench/segment-edit.ts';
import type { Db } from '../store/db.ts';
import type { SegmentStatus } from '../store/schema.ts';
import { sessionOf } from './auth.ts';
import { type Html, html } from './html.ts';
import { sendPage } from './layout.ts';
import { errorPage } from './pages/error.ts';
import { documentFindPage, type FindQuery, findProblemPage, jobFindPage, queryString } from './pages/find.ts';
import { previewPage, replacementPage } from './pages/replace.ts';
import { idParam, sendNotFound } from './params.ts';

type Owned = OwnedProject & { document: DocumentRow };

/** Every value of a field that may repeat (`status=new&status=draft`). */
function list(value: unknown): string[] {
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
}

const one = (value: unknown, fallback = ''): string =>
  typeof value === 'string'
    ? value
    : Array.isArray(value) && typeof value[0] === 'string'
      ? value[0]
      : fallback;

/** The find form's fields from a query string or a posted form. */
export function readQuery(input: Record<string, unknown>): FindQuery {
  return {
    q: one(input.q),
    in: one(input.in, 'both'),
    mode: one(input.mode, 'plain'),
    case: one(input.case) === '1',
    key: one(input.key).trim(),
    status: list(input.status),
    qa: list(input.qa),
    band: list(input.band),
    with: one(input.with),
  };
}

/** The criteria of a query, or what is wrong with it (a value no form offers). */
export function criteriaOf(query: FindQuery): FindCriteria | { problem: string } {
  const unknown = (name: string, allowed: readonly string[], values: string[]) => {
    const bad = values.find((v) => !allowed.includes(v));
    return bad === undefined ? undefined : `Unknown ${name} “${bad}”: use one of ${allowed.join(', ')}.`;
  };
  const problem =
    unknown('status', STATUSES, query.status) ??
    unknown(
      'QA filter',
      QA_VALUES.map((v) => v.id),
      query.qa,
    ) ??
    unknown(
      'TM band',
      BANDS.map((b) => b.id),
      query.band,
    ) ??
    unknown('search scope', ['both', 'source', 'target'], [query.in]) ??
    unknown('search mode', ['plain', 'regex'], [query.mode]);
  if (problem) return { problem };
  return {
    statuses: query.status as SegmentStatus[],
    qa: query.qa as QaValue[],
    bands: query.band as BandId[],
    key: query.key,
    text:
      query.q === ''
        ? undefined
        : {
            pattern: query.q,
            mode: query.mode as 'plain' | 'regex',
            matchCase: query.case,
            scope: query.in as TextScope,
          },
  };
}

/** Messages after a redirect, chosen by a fixed code (never text from the URL). */
function replaceNotice(code: unknown, n: unknown, k: unknown): Html | '' {
  const count = (v: unknown) => {
    const x = Number(v);
    return Number.isSafeInteger(x) && x >= 0 ? x : 0;
  };
  const [a, b] = [count(n), count(k)];
  const segments = (x: number) => `${x} segment${x === 1 ? '' : 's'}`;
  const skipped = b > 0 ? ` ${segments(b)} skipped, each with the reason below.` : '';
  switch (code) {
    case 'applied':
      return html`<p class="notice" role="status">Replaced in ${segments(a)}.${skipped}</p>`;
    case 'undone':
      return html`<p class="notice" role="status">Replace undone: ${segments(a)} restored.${b > 0 ? ` ${segments(b)} left as they are: changed since the replace.` : ''}</p>`;
    case 'already-undone':
      return html`<p class="notice problem" role="alert">This replace was already undone.</p>`;
    case 'locked':
      return html`<p class="notice problem" role="alert">This project is done or its job was delivered: segments can no longer be edited.</p>`;
    default:
      return '';
  }
}

/** Search within a document or across a job, search and replace with preview, apply and undo. */
export function findRoutes(router: Router, deps: { db: Db; now: () => number }): void {
  const { db } = deps;
  const replace = replacer(deps);

  function badRequest(res: Response, problem: string): void {
    sendPage(res, 400, {
      title: 'Not understood',
      session: sessionOf(res),
      main: errorPage('Not understood', problem),
    });
  }

  router.get('/documents/:id/find', async (req, res) => {
    const session = sessionOf(res);
    const id = idParam(req.params.id);
    if (id === undefined) return sendNotFound(res, 'document');
    const query = readQuery(req.query);
    const criteria = criteriaOf(query);
    if ('problem' in criteria) return badRequest(res, criteria.problem);
    const view = await findInDocument(db, session.organizationId, id, criteria, {
      page: Number(req.query.page ?? 1),
    });
    if (!view) return sendNotFound(res, 'document');
    if ('problem' in view) return sendFindProblem(res, view.owned, query, view.problem);
    sendPage(res, 200, {
      title: `Find in ${view.document.name}`,
      session,
      main: documentFindPage(view, query, replaceNotice(req.query.notice, req.query.n, req.query.k)),
    });
  });

  /** The find form again, with what is wrong with the search (422: nothing was run or changed). */
  function sendFindProblem(res: Response, owned: Owned, query: FindQuery, problem: string) {
    const { document, job } = owned;
    const crumbs = html`<nav aria-label="Breadcrumb"><a href="/workbench">Jobs</a> › ${job.name} ›
<a href="/workbench/documents/${document.id}">${document.name}</a> › Find and replace</nav>`;
    sendPage(res, 422, {
      title: 'Search not run',
      session: sessionOf(res),
      main: findProblemPage(
        `Find and replace in ${document.name}`,
        crumbs,
        `/workbench/documents/${document.id}/find`,
        query,
        problem,
        { action: `/workbench/documents/${document.id}/replace`, locked: isLocked(owned) },
      ),
    });
  }

  router.get('/jobs/:id/find', async (req, res) => {
    const session = sessionOf(res);
    const id = idParam(req.params.id);
    if (id === undefined) return sendNotFound(res, 'job');
    const query = readQuery(req.query);
    const criteria = criteriaOf(query);
    if ('problem' in criteria) return badRequest(res, criteria.problem);
    const view = await findInJob(db, session.organizationId, id, criteria);
    if (!view) return sendNotFound(res, 'job');
    if ('problem' in view) {
      const crumbs = html`<nav aria-label="Breadcrumb"><a href="/workbench">Jobs</a> › ${view.job.name} › Find</nav>`;
      return sendPage(res, 422, {
        title: 'Search not run',
        session,
        main: findProblemPage(
          `Find in job ${view.job.name}`,
          crumbs,
          `/workbench/jobs/${id}/find`,
          query,
          view.problem,
          undefined,
        ),
      });
    }
    sendPage(res, 200, { title: `Find in ${view.job.name}`, session, main: jobFindPage(view, query) });
  });

  router.get('/documents/:id/replace', async (req, res) => {
    const session = sessionOf(res);
    const id = idParam(req.params.id);
    if (id === undefined) return sendNotFound(res, 'document');
    const query = readQuery(req.query);
    const criteria = criteriaOf(query);
    if ('problem' in criteria) return badRequest(res, criteria.problem);
    const preview = await previewReplace(db, session.organizationId, id, criteria, query.with);
    if (!preview) return sendNotFound(res, 'document');
    if ('problem' in preview) return sendFindProblem(res, preview.owned, query, preview.problem);
    sendPage(res, 200, {
      title: `Replace preview · ${preview.document.name}`,
      session,
      main: previewPage(preview, query, session.csrfToken),
    });
  });

  router.post('/documents/:id/replace', async (req, res) => {
    const session = sessionOf(res);
    const id = idParam(req.params.id);
    if (id === undefined) return sendNotFound(res, 'document');
    const body = (req.body ?? {}) as Record<string, unknown>;
    const query = readQuery(body);
    const criteria = criteriaOf(query);
    if ('problem' in criteria) return badRequest(res, criteria.problem);
    const versions = new Map<number, string>();
    for (const pair of one(body.versions).split(' ')) {
      const [segment, version] = pair.split(':');
      const segmentId = idParam(segment);
      if (segmentId !== undefined && version) versions.set(segmentId, version);
    }
    const chosen = new Map<number, string>();
    for (const value of list(body.apply)) {
      const segmentId = idParam(value);
      const version = segmentId === undefined ? undefined : versions.get(segmentId);
      if (segmentId !== undefined && version !== undefined) chosen.set(segmentId, version);
    }
    const result = await replace.apply(session, id, criteria, query.with, chosen);
    if (result.outcome === 'not-found') return sendNotFound(res, 'document');
    if (result.outcome === 'problem') return sendFindProblem(res, result.owned, query, result.problem);
    if (result.outcome === 'locked')
      return res.redirect(303, `/workbench/documents/${id}/find?${queryString(query, { notice: 'locked' })}`);
    res.redirect(
      303,
      `/workbench/documents/${id}/replacements/${result.replacementId}?notice=applied&n=${result.applied}&k=${result.skipped.length}`,
    );
  });

  router.get('/documents/:id/replacements/:replacementId', async (req, res) => {
    const session = sessionOf(res);
    const id = idParam(req.params.id);
    const replacementId = idParam(req.params.replacementId);
    const view =
      id === undefined || replacementId === undefined
        ? undefined
        : await replacementView(db, session.organizationId, id, replacementId);
    if (!view) return sendNotFound(res, 'replace');
    sendPage(res, 200, {
      title: `Replace ${view.record.id} · ${view.owned.document.name}`,
      session,
      main: replacementPage(
        view,
        session.csrfToken,
        replaceNotice(req.query.notice, req.query.n, req.query.k),
      ),
    });
  });

  router.post('/documents/:id/replacements/:replacementId/undo', async (req, res) => {
    const session = sessionOf(res);
    const id = idParam(req.params.id);
    const replacementId = idParam(req.params.replacementId);
    if (id === undefined || replacementId === undefined) return sendNotFound(res, 'replace');
    const result = await replace.undo(session, id, replacementId);
    if (result.outcome === 'not-found') return sendNotFound(res, 'replace');
    const page = `/workbench/documents/${id}/replacements/${replacementId}`;
    if (result.outcome !== 'undone') return res.redirect(303, `${page}?notice=${result.outcome}`);
    res.redirect(303, `${page}?notice=undone&n=${result.restored}&k=${result.skipped.length}`);
  });
}
