import { Agent, request } from 'undici';
import { guardedLookup, type Resolver, WebhookAddressRefused } from './guarded-lookup.ts';
import { checkWebhookUrl } from './ssrf-guard.ts';

export interface WebhookTransportOptions {
  resolver: Resolver;
  /** Loopback and private addresses may be reached (the platform itself runs on loopback). */
  allowPrivate: boolean;
  /** Whole attempt: connect, send, answer and excerpt (DESIGN §5: 15 s). */
  timeoutMs: number;
  userAgent: string;
}

/** What one attempt came to. `statusCode` is null when no answer arrived. */
export interface AttemptResult {
  statusCode: number | null;
  durationMs: number;
  /** The first characters of the answer, for the delivery log. */
  excerpt: string | null;
  /** Why the attempt failed; null on a 2xx answer. */
  error: string | null;
}

export interface WebhookTransport {
  send(
    url: string,
    headers: Record<string, string>,
    body: string,
    signal: AbortSignal,
  ): Promise<AttemptResult>;
  close(): Promise<void>;
}

const EXCERPT_BYTES = 1024;
const EXCERPT_CHARS = 500;

async function readExcerpt(body: AsyncIterable<Buffer>): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  // Leaving the loop early destroys the rest of a large answer instead of downloading it.
  for await (const chunk of body) {
    chunks.push(chunk);
    size += chunk.length;
    if (size >= EXCERPT_BYTES) break;
  }
  const text = Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString('utf8');
  return text === '' ? null : text.slice(0, EXCERPT_CHARS);
}

/** A short, loggable reason for an attempt that got no answer. */
function describeFailure(err: unknown, timedOut: boolean, timeoutMs: number): string {
  if (timedOut) return `no answer within ${timeoutMs} ms`;
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    if (e instanceof WebhookAddressRefused) return `refused: ${e.message}`;
  }
  if (err instanceof Error) {
    const code = (err as NodeJS.ErrnoException).code;
    const inner = err.cause instanceof Error ? `: ${err.cause.message}` : '';
    return `${code ? `${code} ` : ''}${err.message}${inner}`.slice(0, 500);
  }
  return String(err).slice(0, 500);
}

/**
 * Sends webhook attempts over one keep-alive agent whose every connection goes to an address the
 * SSRF guard has just checked. Redirects are not followed: the answer to the POST is the outcome.
 */
export function createWebhookTransport(options: WebhookTransportOptions): WebhookTransport {
  const { timeoutMs, allowPrivate } = options;
  const agent = new Agent({
    connect: { lookup: guardedLookup(options.resolver, allowPrivate), timeout: timeoutMs },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });
  return {
    async send(url, headers, body, signal) {
      const started = performance.now();
      const elapsed = () => Math.round(performance.now() - started);
      // Checked again at every attempt: an IP literal never reaches the guarded lookup, and the
      // rules may have changed since the configuration was saved.
      const check = checkWebhookUrl(url, allowPrivate);
      if (!check.ok)
        return { statusCode: null, durationMs: 0, excerpt: null, error: `webhookUrl ${check.problem}` };
      const timeout = AbortSignal.timeout(timeoutMs);
      try {
        const res = await request(check.url, {
          method: 'POST',
          headers: { ...headers, 'user-agent': options.userAgent, 'content-type': 'application/json' },
          body,
          dispatcher: agent,
          signal: AbortSignal.any([signal, timeout]),
        });
        const excerpt = await readExcerpt(res.body);
        const ok = res.statusCode >= 200 && res.statusCode < 300;
        const redirect = res.statusCode >= 300 && res.statusCode < 400 ? ' (redirects are not followed)' : '';
        return {
          statusCode: res.statusCode,
          durationMs: elapsed(),
          excerpt,
          error: ok ? null : `endpoint answered ${res.statusCode}${redirect}`,
        };
      } catch (err) {
        return {
          statusCode: null,
          durationMs: elapsed(),
          excerpt: null,
          error: describeFailure(err, timeout.aborted, timeoutMs),
        };
      }
    },
    close: () => agent.close(),
  };
}
