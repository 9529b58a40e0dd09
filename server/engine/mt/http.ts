/**
 * One JSON request to a provider with a deadline, turning every failure into an MtError whose
 * message is safe to show: the provider's own message when it gives one, never a credential.
 */

import { clipMessage, fetchFailureReason } from '../../providers/errors.ts';
import { MtError } from './types.ts';

export interface JsonRequest {
  provider: string;
  url: string;
  headers?: Record<string, string>;
  body: unknown;
  /** Deadline for the whole exchange, answer body included. */
  timeoutMs: number;
  /** The caller's cancellation: its reason is rethrown as is, since the caller asked for it. */
  signal?: AbortSignal | undefined;
  fetch: typeof fetch;
  /** Values that must never appear in an error message (API keys), even if the provider echoes them. */
  secrets?: readonly string[];
  /** The provider's error message in an error body, if it has one. */
  errorMessage(body: unknown): string | undefined;
}

/** Longest provider message kept in an MtError: enough to act on, not a whole HTML error page. */
const MAX_MESSAGE = 500;

/** POSTs `body` as JSON and returns the parsed JSON answer of a 2xx response. */
export async function postJson(req: JsonRequest): Promise<unknown> {
  const deadline = new AbortController();
  const timer = setTimeout(
    () => deadline.abort(new Error(`no answer within ${req.timeoutMs} ms`)),
    req.timeoutMs,
  );
  const signal = req.signal ? AbortSignal.any([req.signal, deadline.signal]) : deadline.signal;
  const where = describe(req.url);
  const fail = (message: string, options: { status?: number; cause?: unknown } = {}) =>
    new MtError(req.provider, redact(message, req.secrets), options);
  try {
    let text: string;
    let status: number;
    try {
      const response = await req.fetch(req.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...req.headers },
        body: JSON.stringify(req.body),
        signal,
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      if (req.signal?.aborted) throw req.signal.reason;
      if (deadline.signal.aborted) throw fail(`${where}: no answer within ${req.timeoutMs} ms`);
      throw fail(`cannot reach ${where}: ${fetchFailureReason(error)}`, { cause: error });
    }
    const body = parseJson(text);
    if (status < 200 || status >= 300) {
      const message = (body === undefined ? undefined : req.errorMessage(body)) ?? text.trim();
      const shown = clipMessage(message || 'no error message', MAX_MESSAGE);
      throw fail(`${where} answered HTTP ${status}: ${shown}`, { status });
    }
    if (body === undefined)
      throw fail(`${where} answered with malformed JSON: ${clipMessage(text, MAX_MESSAGE)}`, { status });
    return body;
  } finally {
    clearTimeout(timer);
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Origin and path only: a query string may carry a key. */
function describe(url: string): string {
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname}`;
  } catch {
    return 'the provider';
  }
}

function redact(message: string, secrets: readonly string[] | undefined): string {
  let out = message;
  for (const secret of secrets ?? []) if (secret.length > 0) out = out.split(secret).join('[redacted]');
  return out;
}
