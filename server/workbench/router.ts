import { randomBytes } from 'node:crypto';
import express, { type ErrorRequestHandler, type Router } from 'express';
import pino, { type Logger } from 'pino';
import type { MtProvider } from '../engine/mt/index.ts';
import type { TmCache } from '../services/tm-cache.ts';
import { segmentEditor } from '../services/workbench/segment-edit.ts';
import { suggestionSource } from '../services/workbench/suggestions.ts';
import type { Db } from '../store/db.ts';
import { loadSession, requireCsrf, requireSession } from './auth.ts';
import { editorRoutes } from './editor-routes.ts';
import { securityHeaders } from './headers.ts';
import { sendPage } from './layout.ts';
import { loginRoutes } from './login-routes.ts';
import { errorPage } from './pages/error.ts';
import { sendNotFound } from './params.ts';
import { projectRoutes } from './project-routes.ts';
import { type SessionStoreDeps, sessionStore } from './sessions.ts';

export interface WorkbenchDeps {
  db: Db;
  now: () => number;
  random?: (size: number) => Buffer;
  tm: TmCache;
  mt: MtProvider;
  log?: Logger;
  /** Starts queued work (webhook deliveries after a stage moved) without waiting for the next poll. */
  wake: () => void;
  /** Session lifetimes (defaults: 8 h idle, 24 h absolute). */
  sessions?: Pick<SessionStoreDeps, 'idleMs' | 'absoluteMs' | 'touchEveryMs'>;
  /** Largest form body, in bytes (default 1 MiB). */
  formLimit?: number;
}

/**
 * The translator workbench, mounted at /workbench: server-rendered pages (sign-in, active jobs,
 * a project, the segment editor) with their own form parser, security headers, session and CSRF
 * checks, and HTML error pages. No external assets and no client build.
 */
export function workbenchRouter(deps: WorkbenchDeps): Router {
  const { db, now } = deps;
  const random = deps.random ?? randomBytes;
  const log = deps.log ?? pino({ level: 'silent' });
  const sessions = sessionStore({ db, now, random, ...deps.sessions });
  const router = express.Router();
  router.use(securityHeaders(random));
  router.use(
    express.urlencoded({ extended: false, limit: deps.formLimit ?? 1024 * 1024, parameterLimit: 1000 }),
  );
  router.use(loadSession(sessions));
  loginRoutes(router, { sessions, random, absoluteMs: deps.sessions?.absoluteMs });
  router.use(requireSession, requireCsrf);
  projectRoutes(router, { db, now, wake: deps.wake });
  editorRoutes(router, {
    db,
    suggest: suggestionSource({ db, now, tm: deps.tm, mt: deps.mt }),
    editor: segmentEditor({ db, now, tm: deps.tm }),
    now,
  });
  router.use((_req, res) => sendNotFound(res, 'page'));
  const onError: ErrorRequestHandler = (err: unknown, req, res, next) => {
    if (res.headersSent) return next(err);
    const status =
      typeof err === 'object' && err !== null && 'status' in err && typeof err.status === 'number'
        ? err.status
        : 500;
    if (status >= 500)
      log.error({ err, requestId: res.locals.requestId, path: req.path }, 'workbench request failed');
    const message =
      status === 413
        ? 'The form was larger than the workbench accepts.'
        : status < 500
          ? 'The request could not be read.'
          : `Something went wrong on our side. Quote request id ${String(res.locals.requestId ?? '')} when reporting it.`;
    sendPage(res, status < 400 || status > 599 ? 500 : status, {
      title: 'Error',
      session: res.locals.session,
      main: errorPage(status >= 500 ? 'Something went wrong' : 'Request refused', message),
    });
  };
  router.use(onError);
  return router;
}
