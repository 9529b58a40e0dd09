import type { Request, RequestHandler, Response } from 'express';
import { parseCookies, SESSION_COOKIE, serializeCookie } from './cookies.ts';
import { tokensMatch } from './csrf.ts';
import { sendPage } from './layout.ts';
import { errorPage } from './pages/error.ts';
import type { SessionStore, WorkbenchSession } from './sessions.ts';

/** The signed-in session of a request (set by `loadSession`; `requireSession` guarantees it). */
export function sessionOf(res: Response): WorkbenchSession {
  const session = res.locals.session as WorkbenchSession | undefined;
  if (!session) throw new TypeError('[workbench] route reached without a session');
  return session;
}

/** Where to go after sign-in: only a path inside the workbench, never another site (open redirect). */
export function safeNext(value: unknown): string {
  if (typeof value !== 'string') return '/workbench';
  return /^\/workbench(\/[\w\-./]*)?(\?[\w\-.=&%]*)?$/.test(value) && !value.includes('..')
    ? value
    : '/workbench';
}

/** Deletes the session cookie in the browser. */
export function clearSessionCookie(req: Request, res: Response): void {
  res.append('Set-Cookie', serializeCookie(SESSION_COOKIE, '', { secure: req.secure, maxAge: 0 }));
}

/** Reads the session cookie into `res.locals.session` (undefined when signed out or expired). */
export function loadSession(sessions: SessionStore): RequestHandler {
  return async (req, res, next) => {
    const token = parseCookies(req.get('cookie')).get(SESSION_COOKIE);
    res.locals.sessionToken = token;
    res.locals.session = await sessions.resolve(token);
    next();
  };
}

/**
 * Lets only signed-in requests through. Anything else is sent to the sign-in page before any
 * content is read, so a signed-out request never sees a segment; a dead session's cookie is cleared.
 */
export const requireSession: RequestHandler = (req, res, next) => {
  if (res.locals.session) return next();
  const hadCookie = res.locals.sessionToken !== undefined;
  if (hadCookie) clearSessionCookie(req, res);
  const query = new URLSearchParams();
  if (req.method === 'GET') query.set('next', safeNext(req.originalUrl));
  if (hadCookie) query.set('notice', 'expired');
  res.redirect(303, `/workbench/login?${query}`);
};

/** Refuses a POST whose `_csrf` is not the session's token (403), before it changes anything. */
export const requireCsrf: RequestHandler = (req, res, next) => {
  if (req.method !== 'POST') return next();
  const body = (req.body ?? {}) as Record<string, unknown>;
  if (tokensMatch(body._csrf, sessionOf(res).csrfToken)) return next();
  sendPage(res, 403, {
    title: 'Request refused',
    session: sessionOf(res),
    main: errorPage(
      'Request refused',
      'This form was not sent from a workbench page of your session (its security token is missing or wrong). Nothing was changed. Reload the page and try again.',
    ),
  });
};
