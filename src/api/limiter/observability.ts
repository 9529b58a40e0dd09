/**
 * What the transport reports: a logger with pino's call shape (`log.info(fields, message)`), so a
 * pino instance can be passed as is, and plain counters a caller can read or export (prom-client).
 */
export interface ClientLogger {
  debug(fields: object, message?: string): void;
  info(fields: object, message?: string): void;
  warn(fields: object, message?: string): void;
}

export const silentLogger: ClientLogger = { debug() {}, info() {}, warn() {} };

/** Running totals of one transport (or several, when they share one object). */
export interface ClientCounters {
  /** Attempts sent to the server, retries included. */
  requests: number;
  /** Attempts that repeated an earlier one (after a 429, a 5xx or a network error). */
  retries: number;
  /** 429 answers received. */
  rateLimited: number;
  /** Calls that had to wait for the limits (quota, budget, in-flight cap or a 429 pause). */
  waits: number;
  /** Total time calls spent waiting for the limits. */
  waitMs: number;
  /** Attempts that hit their time limit. */
  timeouts: number;
}

export function createCounters(): ClientCounters {
  return { requests: 0, retries: 0, rateLimited: 0, waits: 0, waitMs: 0, timeouts: 0 };
}
