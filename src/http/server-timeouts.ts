import type { Server } from 'node:http';

/**
 * How long a client may take over a request, so slow clients (slow-loris: headers sent a byte at
 * a time, a body that never ends) cannot hold connections open forever. Node's own defaults are
 * 60 s for headers, 300 s for a whole request, and it only looks every 30 s.
 */
export interface ServerTimeouts {
  /** The request line and every header must arrive within this (Node `headersTimeout`). */
  headersMs: number;
  /** The whole request, body included, must arrive within this (Node `requestTimeout`). */
  requestMs: number;
  /** An idle keep-alive connection is closed after this (Node `keepAliveTimeout`). */
  keepAliveMs: number;
}

const ENV_NAMES: Record<keyof ServerTimeouts, string> = {
  headersMs: 'SVC_HEADERS_TIMEOUT_MS',
  requestMs: 'SVC_REQUEST_TIMEOUT_MS',
  keepAliveMs: 'SVC_KEEP_ALIVE_TIMEOUT_MS',
};

/**
 * The timeouts from SVC_HEADERS_TIMEOUT_MS, SVC_REQUEST_TIMEOUT_MS and SVC_KEEP_ALIVE_TIMEOUT_MS,
 * each falling back to `defaults`. A value that is not a positive whole number, or headers allowed
 * longer than the whole request, is a TypeError naming the variable.
 */
export function timeoutsFromEnv(env: NodeJS.ProcessEnv, defaults: ServerTimeouts): ServerTimeouts {
  const read = (field: keyof ServerTimeouts) => {
    const name = ENV_NAMES[field];
    const raw = env[name];
    if (raw === undefined || raw === '') return defaults[field];
    const value = Number(raw);
    if (!Number.isInteger(value) || value <= 0)
      throw new TypeError(`${name} must be a positive whole number of milliseconds, got "${raw}"`);
    return value;
  };
  const timeouts = {
    headersMs: read('headersMs'),
    requestMs: read('requestMs'),
    keepAliveMs: read('keepAliveMs'),
  };
  if (timeouts.headersMs > timeouts.requestMs) {
    throw new TypeError(
      `${ENV_NAMES.headersMs} (${timeouts.headersMs}) must not exceed ${ENV_NAMES.requestMs} (${timeouts.requestMs})`,
    );
  }
  return timeouts;
}

/**
 * Sets the timeouts on a server that is not listening yet. Node checks the headers and request
 * timeouts only every `connectionsCheckingInterval` (30 s by default, longer than the timeouts
 * themselves), so the check runs at a quarter of the headers timeout, between 100 ms and 5 s.
 */
export function applyTimeouts(server: Server, timeouts: ServerTimeouts): void {
  if (server.listening) throw new TypeError('[http] timeouts must be set before the server listens');
  server.headersTimeout = timeouts.headersMs;
  server.requestTimeout = timeouts.requestMs;
  server.keepAliveTimeout = timeouts.keepAliveMs;
  // Read when the server starts listening (node:_http_server setupConnectionsTracking).
  (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval = Math.min(
    5000,
    Math.max(100, Math.floor(timeouts.headersMs / 4)),
  );
}
