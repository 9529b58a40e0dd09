import type { NextFunction, Request, RequestHandler, Response, Router } from 'express';
import type { z } from 'zod';
import type { AuthContext } from '../auth/context.ts';
import { HttpError } from './errors.ts';
import { parseInput } from './validate.ts';

export interface ResponseSpec {
  description: string;
  schema?: z.ZodType;
  /** Defaults to application/json; several when the answer's type depends on the request. */
  contentType?: string | readonly string[];
}

export interface RouteContext<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  /** Present on every route that is not public. */
  auth: AuthContext;
  req: Request;
  res: Response;
}

export interface RouteDef<P = unknown, Q = unknown, B = unknown> {
  method: 'get' | 'post' | 'put' | 'delete';
  /** OpenAPI-style path: `/v2/api-keys/{id}`. */
  path: string;
  summary: string;
  tag: string;
  /** Served without an API key (OpenAPI document, health). */
  public?: boolean;
  /** One of the per-organization limited endpoints (documented with its 429). */
  limited?: boolean;
  params?: z.ZodType<P>;
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
  /** The body is not JSON (files): documented with this content type and left to `middleware`. */
  rawBody?: string;
  /**
   * The fields of a `multipart/form-data` body (`rawBody`), for the document: a property whose
   * JSON Schema is `format: binary` is a file part. The handler reads the parts itself.
   */
  multipart?: z.ZodType;
  /** Request headers the handler reads itself, for the document. */
  headers?: readonly HeaderDef[];
  responses: Record<number, ResponseSpec>;
  /**
   * Rules no schema can express (over stored data, the server's settings, or between a body and
   * its path), each with the status it gets: written into the operation's description, so a
   * request the document accepts is refused only by a rule the document states.
   */
  refusals?: readonly Refusal[];
  /** Runs after authentication and the general quota, before the inputs are parsed. */
  middleware?: RequestHandler[];
  /**
   * Returns the body of the first 2xx response, or a `reply()`; a handler that wrote the response
   * itself (streams, files) returns undefined.
   */
  handler(ctx: RouteContext<P, Q, B>): unknown;
}

export interface Refusal {
  status: number;
  /** When it applies: `the memory named does not hold the pair asked for`. */
  when: string;
}

export interface HeaderDef {
  name: string;
  description: string;
  required?: boolean;
  /** The header's value as a plain value (`memory_id: 12`). */
  schema?: z.ZodType;
  /** The header holds a JSON object of this schema (the SVC-API header). */
  json?: z.ZodType;
}

const REPLY = Symbol('reply');

export interface Reply {
  [REPLY]: true;
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A response with a status other than the route's first 2xx, or with headers. */
export function reply(status: number, body?: unknown, headers?: Record<string, string>): Reply {
  return { [REPLY]: true, status, body, headers };
}

function isReply(value: unknown): value is Reply {
  return typeof value === 'object' && value !== null && REPLY in value;
}

/** Collects route definitions so the same list serves express and the OpenAPI document. */
export class ApiRegistry {
  readonly routes: RouteDef[] = [];

  add<P, Q, B>(def: RouteDef<P, Q, B>): void {
    this.routes.push(def as RouteDef);
  }

  /**
   * Mounts every route on `router`; `guard` authenticates and applies the general quota. Each
   * path is mounted whole — its methods, then one handler for every other method — before any
   * path that could shadow it: literal segments win over parameters (`/v2/create/preferences`
   * before `/v2/create/{contentId}`), so a method the literal path lacks answers 405, not the
   * parameter route's 400. A known path asked with a method it does not serve answers 405 with
   * `Allow` (RFC 9110 §15.5.6), not 404: the path exists, so "not found" would send a client
   * looking for a typo. OPTIONS answers 204 with the same `Allow` (RFC 9110 §9.3.7), naming only
   * what this path serves.
   */
  mount(router: Router, guard: RequestHandler[]): void {
    const byPath = new Map<string, RouteDef[]>();
    for (const def of this.routes) byPath.set(def.path, [...(byPath.get(def.path) ?? []), def]);
    for (const path of matchingOrder(byPath.keys())) {
      const defs = byPath.get(path)!;
      const pattern = path.replace(/\{(\w+)\}/g, ':$1');
      for (const def of defs) {
        const chain = [...(def.public ? [] : guard), ...(def.middleware ?? []), toHandler(def)];
        router[def.method](pattern, ...chain);
      }
      const allow = allowedMethods(defs).join(', ');
      router.all(pattern, (req, res) => {
        if (req.method === 'OPTIONS') {
          res.set('Allow', `${allow}, OPTIONS`).status(204).end();
          return;
        }
        throw new HttpError(405, `${req.method} is not allowed on ${req.path}; allowed: ${allow}`, {
          headers: { Allow: allow },
        });
      });
    }
  }
}

/** The methods one path serves, in the order its routes were added; express answers HEAD with GET. */
export function allowedMethods(defs: readonly RouteDef[]): string[] {
  const methods = new Set<string>();
  for (const def of defs) {
    methods.add(def.method.toUpperCase());
    if (def.method === 'get') methods.add('HEAD');
  }
  return [...methods];
}

/**
 * The paths in the order to mount them: as added, except that a path goes before the first one
 * that would take some of its URLs — two paths of one length that differ first where this one has
 * a literal and the other a parameter (`/v2/create/preferences` before `/v2/create/{contentId}`).
 * Keeping the order of addition keeps the routes families listed first (the hot ones) first.
 */
export function matchingOrder(paths: Iterable<string>): string[] {
  const ordered: string[] = [];
  for (const path of paths) {
    const at = ordered.findIndex((other) => goesBefore(path, other));
    if (at < 0) ordered.push(path);
    else ordered.splice(at, 0, path);
  }
  return ordered;
}

/** Whether some URL matches both paths and `a`, literal where `b` has a parameter, must win. */
function goesBefore(a: string, b: string): boolean {
  const as = a.split('/');
  const bs = b.split('/');
  if (as.length !== bs.length) return false;
  let first: boolean | undefined;
  for (let i = 0; i < as.length; i++) {
    const [sa, sb] = [as[i]!, bs[i]!];
    const [pa, pb] = [sa.startsWith('{'), sb.startsWith('{')];
    if (!pa && !pb && sa !== sb) return false; // two literals apart: no URL matches both
    if (first === undefined && pa !== pb) first = !pa;
  }
  return first === true;
}

/**
 * The first query parameter whose percent-encoding is not UTF-8 (`name=%FF`), or undefined. The
 * query parser would put U+FFFD in its place and the name would be stored garbled; a `%` not
 * followed by two hex digits stays the literal text the parser makes of it.
 */
export function nonUtf8QueryParameter(url: string): string | undefined {
  const query = url.indexOf('?') < 0 ? '' : url.slice(url.indexOf('?') + 1);
  // Bytes below 0x80 are UTF-8 whatever they spell: only an escaped byte above can make a
  // parameter's bytes something else (an unescaped character was UTF-8-encoded to arrive).
  if (!HIGH_ESCAPE.test(query)) return undefined;
  for (const pair of query.split('&')) {
    const [name = '', value = ''] = splitOnce(pair, '=');
    for (const part of [name, value]) {
      if (HIGH_ESCAPE.test(part) && !isUtf8(percentDecode(part.replaceAll('+', ' '))))
        return decodeLoosely(name);
    }
  }
  return undefined;
}

const HIGH_ESCAPE = /%[89a-f][0-9a-f]/i;
const HEX_PAIR = /^[0-9a-f]{2}$/i;

function splitOnce(text: string, separator: string): [string, string] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, ''] : [text.slice(0, at), text.slice(at + 1)];
}

function percentDecode(text: string): Uint8Array {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const hex = code === 0x25 ? text.slice(i + 1, i + 3) : '';
    if (HEX_PAIR.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else if (code < 0x80) {
      bytes.push(code);
    } else {
      bytes.push(...Buffer.from(text[i]!, 'utf8'));
    }
  }
  return Uint8Array.from(bytes);
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

function isUtf8(bytes: Uint8Array): boolean {
  try {
    strictUtf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

function decodeLoosely(name: string): string {
  return new TextDecoder().decode(percentDecode(name.replaceAll('+', ' ')));
}

function toHandler(def: RouteDef): RequestHandler {
  const success = Number(Object.keys(def.responses).find((s) => s.startsWith('2')) ?? 200);
  return async (req: Request, res: Response, _next: NextFunction) => {
    const garbled = nonUtf8QueryParameter(req.originalUrl);
    if (garbled !== undefined) {
      throw new HttpError(
        400,
        `${garbled}: the query parameter's percent-encoding is not valid UTF-8; encode text as UTF-8 bytes`,
      );
    }
    if (def.body && req.body === undefined) {
      throw new HttpError(400, 'request body must be JSON sent with Content-Type: application/json');
    }
    const ctx: RouteContext<unknown, unknown, unknown> = {
      params: def.params ? parseInput(def.params, req.params, 'path') : req.params,
      query: def.query ? parseInput(def.query, req.query, 'query') : req.query,
      body: def.body ? parseInput(def.body, req.body, 'body') : req.body,
      auth: res.locals.auth as AuthContext,
      req,
      res,
    };
    const result = await def.handler(ctx);
    if (res.headersSent) return;
    const { status, body, headers } = isReply(result)
      ? result
      : { status: success, body: result, headers: undefined };
    if (headers) res.set(headers);
    if (status === 204 || body === undefined) res.status(status).end();
    else res.status(status).json(body);
  };
}
