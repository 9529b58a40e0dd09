/**
 * Route table types and matching. Paths are written like GitHub's docs: `:name` is one segment,
 * `*name` the rest of the path (refs and file paths contain slashes, which Octokit sends encoded
 * as %2F). Captures are percent-decoded.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Auth, Principal } from './auth.ts';
import type { FakeState, RepoState } from './state.ts';

export interface Ctx {
  fake: FakeState;
  auth: Auth;
  principal: Principal;
  params: Record<string, string>;
  query: URLSearchParams;
  /** The JSON body (an object, or an array for endpoints that take one), else {}. */
  body: Record<string, unknown>;
  headers: IncomingHttpHeaders;
  /** The repository of a `/repos/:owner/:repo/…` route (checked to exist and be reachable). */
  repo: RepoState;
}

export interface Reply {
  status?: number;
  body?: unknown;
  /** Raw bytes answered instead of JSON (e.g. `application/vnd.github.raw`). */
  raw?: Buffer;
  headers?: Record<string, string>;
}

export interface Route {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  /** The docs page GitHub links from this endpoint's errors. */
  doc: string;
  /** Authenticated with the app's JWT rather than a token. */
  jwt?: boolean;
  handler: (ctx: Ctx) => Promise<Reply>;
}

export interface CompiledRoute extends Route {
  regex: RegExp;
  names: string[];
}

export function compile(routes: readonly Route[]): CompiledRoute[] {
  return routes.map((route) => {
    const names: string[] = [];
    const source = route.path
      .split('/')
      .map((segment) => {
        if (segment.startsWith(':')) {
          names.push(segment.slice(1));
          return '([^/]+)';
        }
        if (segment.startsWith('*')) {
          names.push(segment.slice(1));
          return '(.+)';
        }
        return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      })
      .join('/');
    return { ...route, names, regex: new RegExp(`^${source}/?$`) };
  });
}

/** The first route matching method and path, with its decoded parameters. */
export function match(routes: CompiledRoute[], method: string, pathname: string) {
  for (const route of routes) {
    if (route.method !== method) continue;
    const found = route.regex.exec(pathname);
    if (!found) continue;
    const params: Record<string, string> = {};
    route.names.forEach((name, i) => {
      params[name] = safeDecode(found[i + 1] ?? '');
    });
    return { route, params };
  }
  return undefined;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
