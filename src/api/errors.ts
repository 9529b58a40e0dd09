/**
 * Typed errors of the platform client. Every error that comes from one HTTP exchange names the
 * method and path (never the query: it may carry a development `key`) and, once the server has
 * answered, the request id it logged, so a failure can be found in the platform's logs.
 */

/** Where an error happened: one call of the transport. */
export interface CallSite {
  method: string;
  path: string;
  /** The `x-request-id` the server answered with, or the one the client sent. */
  requestId?: string | undefined;
}

/** The server answered with a status outside 2xx. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  /** The parsed JSON body when it was JSON, else its text (cut to a few kilobytes). */
  readonly body: unknown;
  readonly method: string;
  readonly path: string;
  readonly requestId: string | undefined;

  constructor(site: CallSite, status: number, body: unknown, options?: ErrorOptions) {
    super(`${site.method} ${site.path} answered ${status}: ${describeBody(body)}`, options);
    this.status = status;
    this.body = body;
    this.method = site.method;
    this.path = site.path;
    this.requestId = site.requestId;
  }
}

/** The X-RateLimit-* headers (spec, Limits), each absent when the server did not send it. */
export interface RateLimitHeaders {
  limit?: number | undefined;
  remaining?: number | undefined;
  resetSeconds?: number | undefined;
}

/** A 429 the client gave up on: retries were exhausted or not allowed. */
export class RateLimitError extends ApiError {
  override name = 'RateLimitError';
  /** X-RateLimit-Limit: the allowance of the limit that was hit. */
  readonly limit: number | undefined;
  /** X-RateLimit-Remaining. */
  readonly remaining: number | undefined;
  /** X-RateLimit-Reset: seconds until the window resets. */
  readonly resetSeconds: number | undefined;
  /** When the client received the 429 (its clock): the reset counts from here. */
  readonly receivedAt: number;

  constructor(site: CallSite, body: unknown, headers: RateLimitHeaders, receivedAt: number) {
    super(site, 429, body);
    this.limit = headers.limit;
    this.remaining = headers.remaining;
    this.resetSeconds = headers.resetSeconds;
    this.receivedAt = receivedAt;
  }
}

/** The call did not finish within its time limit (a call's timeoutMs, or a poll's). */
export class TimeoutError extends Error {
  override name = 'TimeoutError';
  readonly method: string;
  readonly path: string;
  readonly timeoutMs: number;

  constructor(site: CallSite, timeoutMs: number, options?: ErrorOptions) {
    super(`${site.method} ${site.path} timed out after ${timeoutMs} ms`, options);
    this.method = site.method;
    this.path = site.path;
    this.timeoutMs = timeoutMs;
  }
}

/** One field of a response that broke the schema. */
export interface SchemaIssue {
  /** The field's path in the body, e.g. `items[2].name` (`(root)` for the body itself). */
  field: string;
  message: string;
}

/** A 2xx response whose body does not match the schema the caller gave. */
export class ResponseSchemaError extends Error {
  override name = 'ResponseSchemaError';
  readonly method: string;
  readonly path: string;
  readonly requestId: string | undefined;
  readonly issues: SchemaIssue[];
  /** The first offending field, for messages and quick checks. */
  readonly field: string;

  constructor(site: CallSite, issues: SchemaIssue[], options?: ErrorOptions) {
    const first = issues[0] ?? { field: '(root)', message: 'invalid' };
    const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : '';
    super(
      `${site.method} ${site.path}: response field ${first.field} does not match the schema: ${first.message}${more}`,
      options,
    );
    this.method = site.method;
    this.path = site.path;
    this.requestId = site.requestId;
    this.issues = issues;
    this.field = first.field;
  }
}

/** The connection failed (refused, reset, DNS) and retries, where allowed, did not help. */
export class NetworkError extends Error {
  override name = 'NetworkError';
  readonly method: string;
  readonly path: string;

  constructor(site: CallSite, cause: unknown) {
    super(`${site.method} ${site.path} failed: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
    this.method = site.method;
    this.path = site.path;
  }
}

/**
 * A request weighs more than a whole window's budget of this process, so it could never be sent
 * within the limits: the caller must split it (fewer files or documents per request).
 */
export class LimitExceededError extends Error {
  override name = 'LimitExceededError';
  readonly dimension: string;
  readonly weight: number;
  readonly capacity: number;

  constructor(dimension: string, weight: number, capacity: number) {
    super(
      `this request needs ${weight} ${dimension} but this client may use only ${capacity} per window: ` +
        'split it into smaller requests',
    );
    this.dimension = dimension;
    this.weight = weight;
    this.capacity = capacity;
  }
}

/** A zip archive that is unsafe to extract (zip-slip, zip bomb) or broken. */
export class ZipError extends Error {
  override name = 'ZipError';
  /** The entry's name as stored in the archive, when the problem is one entry. */
  readonly entry: string | undefined;

  constructor(message: string, entry?: string, options?: ErrorOptions) {
    super(entry === undefined ? message : `${message}: ${JSON.stringify(entry)}`, options);
    this.entry = entry;
  }
}

/** The server's own words: `message` (most endpoints) or `error` (API key endpoints). */
function describeBody(body: unknown): string {
  if (body && typeof body === 'object') {
    const { message, error } = body as { message?: unknown; error?: unknown };
    if (typeof message === 'string') return message;
    if (typeof error === 'string') return error;
  }
  if (typeof body === 'string' && body.length > 0) return body.length > 200 ? `${body.slice(0, 200)}…` : body;
  return '(no message)';
}

/** Turns zod issues into field paths a person can read: `items[2].name`. */
export function schemaIssues(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
): SchemaIssue[] {
  return issues.map((issue) => ({ field: fieldPath(issue.path), message: issue.message }));
}

function fieldPath(path: ReadonlyArray<PropertyKey>): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else if (typeof key === 'string' && /^[A-Za-z_$][\w$]*$/.test(key)) out += out === '' ? key : `.${key}`;
    else out += `[${JSON.stringify(String(key))}]`;
  }
  return out === '' ? '(root)' : out;
}
