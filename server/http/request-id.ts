import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { SAFE_REQUEST_ID, withRequestId } from '../../src/tracing/request-context.ts';

/**
 * Gives every request an id (the caller's `x-request-id` when it is a safe token) that the
 * response carries and everything the request causes names (request-context.ts); logs one line
 * per request at debug.
 */
export function requestId(log: Logger, now: () => number): RequestHandler {
  return (req, res, next) => {
    const incoming = req.get('x-request-id');
    const id = incoming && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.locals.requestId = id;
    res.setHeader('x-request-id', id);
    if (log.isLevelEnabled('debug')) {
      const started = now();
      // req.path, not req.url: the query may carry a development `key`.
      res.on('finish', () =>
        log.debug({
          requestId: id,
          method: req.method,
          path: req.path,
          status: res.statusCode,
          ms: now() - started,
        }),
      );
    }
    // Everything the request causes (work items, webhook messages, log lines) carries the id.
    withRequestId(id, next);
  };
}
