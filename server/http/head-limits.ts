import type { Server as HttpServer } from 'node:http';
import type { Server as HttpsServer } from 'node:https';
import type { Duplex } from 'node:stream';
import type { RequestHandler } from 'express';
import { HttpError } from './errors.ts';

/**
 * The most bytes a request's head (request line and headers) may take. Node's default, 16 KiB,
 * is below what the API's own maxima need: 1,000 `translationIds` of up to ten digits make a
 * 26 KB URL (issue 40). 64 KiB leaves room for the other parameters and ordinary headers.
 */
export const MAX_HEAD_BYTES = 64 * 1024;

/**
 * The longest URL (path and query) served: 414 beyond (RFC 9110 §15.5.15), answered by the app
 * so the body has the route's error shape. Below `MAX_HEAD_BYTES`, leaving 16 KiB for headers.
 */
export const MAX_URL_BYTES = 48 * 1024;

/** Refuses a URL longer than `MAX_URL_BYTES` with 414 and the JSON error body. */
export const refuseLongUrls: RequestHandler = (req, _res, next) => {
  // The URL arrives as bytes read as latin1 by Node: its length is its byte count.
  if (req.url.length <= MAX_URL_BYTES) return next();
  throw new HttpError(
    414,
    `the URL is ${req.url.length} bytes, more than the ${MAX_URL_BYTES} served; send fewer or shorter query parameters (fewer ids per request)`,
  );
};

/** What Node answers, by error code, when it cannot read a request (node:_http_server). */
const STATUS_OF: Record<string, { status: number; reason: string; message: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    message: `the request line and headers together exceed ${MAX_HEAD_BYTES} bytes; send a shorter URL (fewer ids per request) or smaller headers`,
  },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: {
    status: 413,
    reason: 'Payload Too Large',
    message: 'chunk extensions of the request body are too large',
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    reason: 'Request Timeout',
    message: 'the request did not arrive in time',
  },
};
const MALFORMED = { status: 400, reason: 'Bad Request', message: 'malformed HTTP request' };

/**
 * Answers requests Node refuses before the app sees them (a head over `MAX_HEAD_BYTES`, a
 * malformed request, a head that came too slowly) with the status Node would give and the JSON
 * error body (`{message}`: no route was reached, so the generic body of DESIGN §5, on every path),
 * instead of Node's bare status line. The connection is closed after, as Node does.
 */
export function answerUnreadableRequests(server: HttpServer | HttpsServer): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    const { bytesWritten } = socket as Duplex & { bytesWritten?: number };
    // A response already begun on this connection cannot be followed by another one.
    if (socket.writable && !bytesWritten) {
      const { status, reason, message } = STATUS_OF[err.code ?? ''] ?? MALFORMED;
      const body = JSON.stringify({ message });
      socket.write(
        `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy(err);
  });
}
