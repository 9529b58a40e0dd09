import type { Router } from 'express';
import type { TmCache } from '../services/tm-cache.ts';
import { concordance, parseConcordance } from '../services/workbench/concordance.ts';
import type { Db } from '../store/db.ts';
import { sessionOf } from './auth.ts';
import { sendPage } from './layout.ts';
import { concordancePage } from './pages/concordance.ts';
import { idParam, sendNotFound } from './params.ts';

/** Concordance search in the memory of a document's project. */
export function concordanceRoutes(router: Router, deps: { db: Db; tm: TmCache }): void {
  router.get('/documents/:id/concordance', async (req, res) => {
    const session = sessionOf(res);
    const id = idParam(req.params.id);
    const parsed = parseConcordance(req.query as Record<string, unknown>);
    const request = parsed.ok ? parsed.request : { ...parsed.request, fragment: '' };
    const view = id === undefined ? undefined : await concordance(deps, session.organizationId, id, request);
    if (!view) return sendNotFound(res, 'document');
    sendPage(res, parsed.ok ? 200 : 400, {
      title: `Concordance · ${view.document.name}`,
      session,
      main: concordancePage(
        parsed.ok ? view : { ...view, request: parsed.request },
        parsed.ok ? undefined : parsed.problem,
      ),
    });
  });
}
