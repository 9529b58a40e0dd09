import type { Router } from 'express';
import { clearSessionCookie, requireCsrf, requireSession, safeNext } from './auth.ts';
import { PRE_SESSION_COOKIE, parseCookies, SESSION_COOKIE, serializeCookie } from './cookies.ts';
import { newToken, tokensMatch } from './csrf.ts';
import { sendPage } from './layout.ts';
import { notice } from './notices.ts';
import { errorPage } from './pages/error.ts';
import { loginPage } from './pages/login.ts';
import { ABSOLUTE_MS, type SessionStore } from './sessions.ts';

/** Sign-in (API key form with a double-submit CSRF token bound to a pre-session cookie) and sign-out. */
export function loginRoutes(
  router: Router,
  deps: { sessions: SessionStore; random: (size: number) => Buffer; absoluteMs?: number | undefined },
): void {
  const { sessions } = deps;

  router.get('/login', (req, res) => {
    if (res.locals.session) return res.redirect(303, safeNext(req.query.next));
    let pre = parseCookies(req.get('cookie')).get(PRE_SESSION_COOKIE);
    if (!pre || !/^[\w-]{43}$/.test(pre)) {
      pre = newToken(deps.random);
      res.append(
        'Set-Cookie',
        serializeCookie(PRE_SESSION_COOKIE, pre, { secure: req.secure, maxAge: 3600 }),
      );
    }
    sendPage(res, 200, {
      title: 'Sign in',
      main: loginPage({
        csrf: pre,
        next: safeNext(req.query.next),
        notice: notice(req.query.notice, undefined),
      }),
    });
  });

  router.post('/login', async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const pre = parseCookies(req.get('cookie')).get(PRE_SESSION_COOKIE);
    if (!tokensMatch(body._csrf, pre)) {
      return sendPage(res, 403, {
        title: 'Sign-in refused',
        main: errorPage(
          'Sign-in refused',
          'The sign-in form was not sent from this site or has expired. Open the sign-in page again and retry.',
        ),
      });
    }
    const next = safeNext(body.next);
    const result = await sessions.signIn(typeof body.key === 'string' ? body.key : '');
    if ('problem' in result) {
      return sendPage(res, 401, {
        title: 'Sign in',
        main: loginPage({ csrf: pre!, next, problem: result.problem }),
      });
    }
    const maxAge = (deps.absoluteMs ?? ABSOLUTE_MS) / 1000;
    res.append('Set-Cookie', serializeCookie(SESSION_COOKIE, result.token, { secure: req.secure, maxAge }));
    res.append('Set-Cookie', serializeCookie(PRE_SESSION_COOKIE, '', { secure: req.secure, maxAge: 0 }));
    res.redirect(303, next);
  });

  router.post('/logout', requireSession, requireCsrf, async (req, res) => {
    await sessions.signOut(res.locals.sessionToken as string | undefined);
    clearSessionCookie(req, res);
    res.redirect(303, '/workbench/login?notice=signed-out');
  });
}
