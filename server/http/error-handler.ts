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

/** Shapes every error body; 5xx are logged with the request id and never show internals. */
export function errorHandler(log: Logger): ErrorRequestHandler {
  return (err: unknown, req, res, next) => {
    if (res.headersSent) return next(err);
    const known =
      err instanceof HttpError
        ? err
        : typeof err === 'object' && err !== null && 'type' in err
          ? fromBodyParser(err as BodyParserError)
          : fromRouter(err);
    const requestId = String(res.locals.requestId ?? '');
    const error =
      known ?? new HttpError(500, `internal error; quote request id ${requestId} when reporting it`);
    if (!known) log.error({ err, requestId, method: req.method, path: req.path }, 'request failed');
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
