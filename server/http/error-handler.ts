import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { HttpError } from './errors.ts';

/** API-key endpoints answer `{error}`; everything else `{message}` (spec, Errors). */
export function errorStyleFor(path: string): 'error' | 'message' {
  return path.startsWith('/v2/api-keys') ? 'error' : 'message';
}

interface BodyParserError {
  type?: string;
  status?: number;
  limit?: number;
  message: string;
}

function fromBodyParser(err: BodyParserError): HttpError | undefined {
  switch (err.type) {
    case 'entity.too.large':
      return new HttpError(413, `request body is larger than the limit of ${err.limit} bytes`);
    case 'entity.parse.failed':
      return new HttpError(400, `malformed JSON body: ${err.message}`);
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new HttpError(415, err.message);
    case 'request.aborted':
      return new HttpError(400, 'request aborted while its body was being read');
    default:
      return undefined;
  }
}

/**
 * The router decodes path parameters with decodeURIComponent and throws a URIError (status 400)
 * on a malformed escape such as `%ZZ` or invalid UTF-8 (`%C0%AF`): the caller's mistake, not ours.
 */
function fromRouter(err: unknown): HttpError | undefined {
  if (!(err instanceof URIError) || (err as URIError & { status?: number }).status !== 400) return undefined;
  return new HttpError(400, `malformed percent-encoding in the path: ${err.message}`);
}

/**
 * A foreign key refused a write: PostgreSQL's 23503, SQLite's SQLITE_CONSTRAINT_FOREIGNKEY (787).
 * Routes check that what a request names exists before they write, so this means another request
 * deleted it (or started using it) in between — a race the fuzz pass hit on PostgreSQL when a
 * file was deleted while a label was being added to it. The caller may retry: 409, not 500.
 */
function fromDatabase(err: unknown): HttpError | undefined {
  const e = err as { code?: unknown; errcode?: unknown };
  if (e?.code !== '23503' && !(e?.code === 'ERR_SQLITE_ERROR' && e.errcode === 787)) return undefined;
  return new HttpError(
    409,
    'a resource this request refers to was deleted, or came into use, by a request made at the same time; retry',
    { cause: err },
  );
}

/** Expected conditions are logged by their message; a stack trace only for a 5xx nobody foresaw. */
const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Shapes every error body; 5xx are logged with the request id and never show internals. */
export function errorHandler(log: Logger): ErrorRequestHandler {
  return (err: unknown, req, res, next) => {
    if (res.headersSent) return next(err);
    const requestId = String(res.locals.requestId ?? '');
    if (res.destroyed) {
      // The caller left before its answer (a disconnect aborts machine translation, and the
      // abort surfaces here as whatever the provider throws): nothing to answer, nothing failed.
      log.info(
        { error: messageOf(err), requestId, method: req.method, path: req.path },
        'client left before the answer',
      );
      return;
    }
    const race = fromDatabase(err);
    const known =
      err instanceof HttpError
        ? err
        : ((typeof err === 'object' && err !== null && 'type' in err
            ? fromBodyParser(err as BodyParserError)
            : undefined) ??
          fromRouter(err) ??
          race);
    const error =
      known ?? new HttpError(500, `internal error; quote request id ${requestId} when reporting it`);
    if (!known) log.error({ err, requestId, method: req.method, path: req.path }, 'request failed');
    // Logged still: a route that forgot to check what it writes would look the same.
    else if (race)
      log.warn(
        { error: messageOf(err), requestId, method: req.method, path: req.path },
        'write raced a change',
      );
    res.status(error.status).set(error.headers);
    // A body with its own `error` code (429: rate_limit_exceeded) carries the message beside it on
    // every route, the API-key routes included, whose other errors put the message in `error`.
    res.json(
      'error' in error.fields
        ? { ...error.fields, message: error.message }
        : { [errorStyleFor(req.path)]: error.message, ...error.fields },
    );
  };
}

export const notFoundHandler: RequestHandler = (req) => {
  throw new HttpError(404, `no route for ${req.method} ${req.path}`);
};
