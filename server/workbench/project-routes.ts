import type { Router } from 'express';
import { type AdvanceResult, completeStage } from '../services/workbench/advance.ts';
import { activeJobs } from '../services/workbench/overview.ts';
import { projectView } from '../services/workbench/project-view.ts';
import type { Db } from '../store/db.ts';
import { sessionOf } from './auth.ts';
import { sendPage } from './layout.ts';
import { notice } from './notices.ts';
import { jobsPage } from './pages/jobs.ts';
import { projectPage } from './pages/project.ts';
import { idParam, sendNotFound } from './params.ts';

/** The notice code (and count) a stage completion ends with. */
function advanceNotice(result: AdvanceResult): { code: string; n?: number } {
  switch (result.outcome) {
    case 'advanced':
      return { code: result.jobDelivered ? 'delivered' : 'advanced' };
    case 'unconfirmed':
      return { code: 'unconfirmed', n: result.remaining };
    case 'not-ready':
      return { code: result.reason };
    default:
      return { code: 'stale' };
  }
}

/** The jobs overview, a project's page, and completing a project's stage. */
export function projectRoutes(router: Router, deps: { db: Db; now: () => number; wake: () => void }): void {
  const { db } = deps;

  router.get('/', async (req, res) => {
    const session = sessionOf(res);
    const jobs = await activeJobs(db, session.organizationId);
    sendPage(res, 200, {
      title: 'Active jobs',
      session,
      main: jobsPage(jobs, notice(req.query.notice, req.query.n)),
    });
  });

  router.get('/projects/:id', async (req, res) => {
    const session = sessionOf(res);
    const id = idParam(req.params.id);
    const view = id === undefined ? undefined : await projectView(db, session.organizationId, id);
    if (!view) return sendNotFound(res, 'project');
    sendPage(res, 200, {
      title: view.project.name,
      session,
      main: projectPage(view, session.csrfToken, notice(req.query.notice, req.query.n)),
    });
  });

  router.post('/projects/:id/complete-stage', async (req, res) => {
    const session = sessionOf(res);
    const id = idParam(req.params.id);
    const expected = Number((req.body as Record<string, unknown>).stage);
    const result =
      id === undefined
        ? ({ outcome: 'not-found' } as const)
        : await completeStage(deps, session.organizationId, id, Number.isInteger(expected) ? expected : -1);
    if (result.outcome === 'not-found') return sendNotFound(res, 'project');
    const { code, n } = advanceNotice(result);
    res.redirect(303, `/workbench/projects/${id}?notice=${code}${n === undefined ? '' : `&n=${n}`}`);
  });
}
