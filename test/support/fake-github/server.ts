/**
 * The HTTP side: reads the request, authenticates, counts the rate limit, finds the route and
 * the repository, runs writes to one repository one at a time, and answers with GitHub's
 * headers and error bodies. Every request is recorded in `calls`.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Auth, Principal } from './auth.ts';
import { HttpError } from './http-error.ts';
import type { RateLimits } from './rate-limit.ts';
import { type CompiledRoute, type Ctx, match, type Reply } from './router.ts';
import { type FakeState, findRepo, serialize } from './state.ts';

/** Larger bodies are refused; GitHub's own limits are far above what tests send. */
const MAX_BODY_BYTES = 16 * 1024 * 1024;

export interface Call {
  method: string;
  /** The decoded path without the query, e.g. `/repos/acme/app/git/refs/heads/main`. */
  path: string;
  query: string;
  status: number;
  /**
   * How the request authenticated (undefined: it did not): a personal `token`, an `installation`
   * token or the `app`'s JWT, with the token itself, so a test can tell which credential pushed.
   */
  auth?: { kind: Principal['kind']; token: string } | undefined;
}

/**
 * One answer as the client received it, with the route template that produced it (undefined when
 * no route matched or `intercept` answered instead of the fake).
 */
export interface Answer {
  method: string;
  route: string | undefined;
  intercepted: boolean;
  status: number;
  /** The Content-Type sent, undefined for an empty body. */
  contentType: string | undefined;
  /** The JSON value sent, the raw bytes, or undefined for an empty body. */
  body: unknown;
}

/** Answers the request instead of the fake when it returns a reply (to inject failures). */
export type Intercept = (call: { method: string; path: string; body: unknown }) => Reply | undefined;

export interface ServerDeps {
  state: FakeState;
  auth: Auth;
  limits: RateLimits;
  routes: CompiledRoute[];
  calls: Call[];
  intercept: () => Intercept | undefined;
  /** Sees every answer (the GitHub schema conformance test records them). */
  onAnswer?: ((answer: Answer) => void) | undefined;
}

export function createHandler(deps: ServerDeps) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const method = (req.method ?? 'GET').toUpperCase();
    const headers: Record<string, string> = {
      date: new Date(deps.state.now()).toUTCString(),
      'x-github-request-id': `${randomBytes(2).toString('hex').toUpperCase()}:${randomBytes(4).toString('hex').toUpperCase()}`,
      'x-github-media-type': 'github.v3; format=json',
      'x-github-api-version-selected': '2022-11-28',
    };
    let reply: Reply;
    let doc: string | undefined;
    let route: string | undefined;
    let intercepted = false;
    let principal: Principal | undefined;
    try {
      const raw = await readBody(req);
      const found = match(deps.routes, method, url.pathname);
      route = found?.route.path;
      principal = deps.auth.authenticate(req.headers.authorization);
      // Credential errors link the REST overview; the others link the endpoint's page.
      doc = found?.route.doc;
      const who = principal;
      Object.assign(
        headers,
        deps.limits.take(who.credential, describe(who), url.pathname === '/graphql' ? 'graphql' : 'core'),
      );
      const body = parseBody(raw);
      const injected = deps.intercept()?.({ method, path: url.pathname, body });
      if (injected) {
        intercepted = true;
        route = undefined;
        reply = injected;
      } else {
        if (!found) throw new HttpError(404, 'Not Found');
        reply = await dispatch(deps, found.route, found.params, who, url, body, req);
      }
    } catch (error) {
      if (!(error instanceof HttpError)) {
        // A defect in the fake or in git: visible in the test output, answered as GitHub's 500.
        console.error('[fake-github]', error);
      }
      const http = error instanceof HttpError ? error : new HttpError(500, 'Server Error');
      Object.assign(headers, (error as { headers?: Record<string, string> }).headers ?? {});
      reply = { status: http.status, body: http.body(doc) };
    }
    const status = reply.status ?? 200;
    deps.calls.push({
      method,
      path: safeDecode(url.pathname),
      query: url.search.slice(1),
      status,
      auth: principal && { kind: principal.kind, token: principal.credential },
    });
    Object.assign(headers, reply.headers ?? {});
    let contentType: string | undefined;
    let sent: unknown;
    if (reply.raw) {
      contentType = 'application/vnd.github.raw; charset=utf-8';
      sent = reply.raw;
      res.writeHead(status, { ...headers, 'content-type': contentType });
      res.end(reply.raw);
    } else if (status === 204 || reply.body === undefined) {
      res.writeHead(status, headers);
      res.end();
    } else {
      contentType = 'application/json; charset=utf-8';
      const text = JSON.stringify(reply.body);
      // What the client parses, not the object the handler built (undefined fields drop out).
      sent = deps.onAnswer ? JSON.parse(text) : undefined;
      res.writeHead(status, { ...headers, 'content-type': contentType });
      res.end(text);
    }
    deps.onAnswer?.({ method, route, intercepted, status, contentType, body: sent });
  };
}

async function dispatch(
  deps: ServerDeps,
  route: CompiledRoute,
  params: Record<string, string>,
  principal: Principal,
  url: URL,
  body: Record<string, unknown>,
  req: IncomingMessage,
): Promise<Reply> {
  if (route.jwt && principal.kind !== 'app')
    throw new HttpError(401, 'A JSON web token could not be decoded');
  if (!route.jwt && principal.kind === 'app')
    throw new HttpError(403, 'Resource not accessible by integration');
  const ctx = {
    fake: deps.state,
    auth: deps.auth,
    principal,
    params,
    query: url.searchParams,
    body,
    headers: req.headers,
  } as Ctx;
  if (!route.path.startsWith('/repos/:owner/:repo')) return route.handler(ctx);
  ctx.repo = findRepo(deps.state, params.owner ?? '', params.repo ?? '');
  // An installation token narrowed to some repositories does not see the others.
  if (principal.repositories && !principal.repositories.has(ctx.repo.name.toLowerCase()))
    throw new HttpError(404, 'Not Found');
  return route.method === 'GET' ? route.handler(ctx) : serialize(ctx.repo, () => route.handler(ctx));
}

function describe(p: Principal): string {
  return p.kind === 'token' ? `user ID ${p.actor.id}` : `installation ID ${p.credential.slice(0, 8)}`;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, 'Payload Too Large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function parseBody(raw: Buffer): Record<string, unknown> {
  if (raw.length === 0) return {};
  try {
    const value: unknown = JSON.parse(raw.toString('utf8'));
    if (value && typeof value === 'object') return value as Record<string, unknown>;
  } catch {
    // Falls through to GitHub's answer for any body that is not a JSON object or array.
  }
  throw new HttpError(400, 'Problems parsing JSON');
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
