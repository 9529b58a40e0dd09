/** An error with an HTTP status whose message is safe to show to the caller. */
export class HttpError extends Error {
  readonly status: number;
  readonly headers: Record<string, string>;
  /** Extra fields for the body (e.g. `error: "rate_limit_exceeded"`). */
  readonly fields: Record<string, unknown>;

  constructor(
    status: number,
    message: string,
    options: { headers?: Record<string, string>; fields?: Record<string, unknown>; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'HttpError';
    this.status = status;
    this.headers = options.headers ?? {};
    this.fields = options.fields ?? {};
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'authentication required: send the API key as HTTP Basic key:key') =>
  new HttpError(401, message, { headers: { 'WWW-Authenticate': 'Basic realm="svc"' } });
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (what: string) => new HttpError(404, `${what} not found`);
export const conflict = (message: string) => new HttpError(409, message);
export const payloadTooLarge = (message: string) => new HttpError(413, message);
