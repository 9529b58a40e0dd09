import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ApiError,
  LimitExceededError,
  NetworkError,
  RateLimitError,
  ResponseSchemaError,
  TimeoutError,
} from '../../src/api/errors.ts';
import { createTransport, type Transport, type TransportOptions } from '../../src/api/http.ts';
import { type Listening, listen } from '../support/fake-limited-server.ts';

const KEY = `svc_${'a'.repeat(40)}`;
const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of cleanup.splice(0).reverse()) await close();
});

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A server answering with `reply(n)` for the n-th request (from 1), recording every request. */
async function serve(
  reply: (n: number, req: IncomingMessage, res: ServerResponse) => void | Promise<void>,
): Promise<Listening & { seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = await listen(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
    await reply(seen.length, req, res);
  });
  cleanup.push(server.close);
  return { ...server, seen };
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

function transport(url: string, options: Partial<TransportOptions> = {}): Transport {
  const t = createTransport({ baseUrl: url, apiKey: KEY, retry: { baseMs: 20, maxMs: 200 }, ...options });
  cleanup.push(() => t.close());
  return t;
}

describe('transport: requests and responses', () => {
  it('sends Basic key:key, a request id, JSON and repeated query keys, and returns the validated body', async () => {
    const server = await serve((_n, _req, res) =>
      json(res, 200, { id: 7, name: 'TM' }, { 'x-request-id': 'srv-1' }),
    );
    const t = transport(server.url);
    const result = await t.exchange({
      method: 'POST',
      path: '/v2/memories',
      query: { fileId: [1, 2], labels: 'a,b', skip: undefined },
      json: { name: 'TM' },
      schema: z.object({ id: z.number(), name: z.string() }),
    });
    expect(result).toMatchObject({ status: 200, requestId: 'srv-1', data: { id: 7, name: 'TM' } });
    const [seen] = server.seen;
    expect(seen?.url).toBe('/v2/memories?fileId=1&fileId=2&labels=a%2Cb');
    expect(seen?.headers.authorization).toBe(`Basic ${Buffer.from(`${KEY}:${KEY}`).toString('base64')}`);
    expect(seen?.headers['content-type']).toBe('application/json');
    expect(seen?.headers['x-request-id']).toMatch(/^[\w-]{36}$/);
    expect(JSON.parse(seen?.body ?? '')).toEqual({ name: 'TM' });
  });

  it('names the path and the field of a response that breaks the schema', async () => {
    const server = await serve((_n, _req, res) =>
      json(res, 200, {
        items: [
          { id: 1, name: 'a' },
          { id: '2', name: 'b' },
        ],
      }),
    );
    const error = await transport(server.url)
      .request({
        method: 'GET',
        path: '/v2/things',
        schema: z.object({ items: z.array(z.object({ id: z.number(), name: z.string() })) }),
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseSchemaError);
    expect(error).toMatchObject({ method: 'GET', path: '/v2/things', field: 'items[1].id' });
    expect((error as Error).message).toMatch(
      /^GET \/v2\/things: response field items\[1\]\.id does not match/,
    );
  });

  it('reports a 2xx body that is not JSON as a schema error of the whole body', async () => {
    const server = await serve((_n, _req, res) => {
      res.end('<html>proxy page</html>');
    });
    const error = await transport(server.url)
      .request({ method: 'GET', path: '/v2/languages' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ResponseSchemaError', field: '(root)' });
  });

  it('turns a non-2xx answer into ApiError with status, body, request id, method and path', async () => {
    const server = await serve((_n, _req, res) =>
      json(res, 400, { error: 'name is required' }, { 'x-request-id': 'req-42' }),
    );
    const error = await transport(server.url)
      .request({ method: 'POST', path: '/v2/api-keys', json: {} })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      body: { error: 'name is required' },
      requestId: 'req-42',
      method: 'POST',
      path: '/v2/api-keys',
      message: 'POST /v2/api-keys answered 400: name is required',
    });
  });

  it('fails fast, before anything is sent, when a request weighs more than a whole window of characters', async () => {
    const server = await serve((_n, _req, res) => json(res, 200, {}));
    const t = transport(server.url, { share: 0.5 });
    const error = await t
      .request({ method: 'POST', path: '/v2/translate/file', limited: { chars: 1_300_000 } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LimitExceededError);
    expect(error).toMatchObject({ dimension: 'characters', weight: 1_300_000, capacity: 1_250_000 });
    expect(server.seen).toHaveLength(0);
  });

  it('reports a header value undici refuses as the caller’s error, not a network failure', async () => {
    const server = await serve((_n, _req, res) => json(res, 200, {}));
    const error = await transport(server.url)
      .request({ method: 'GET', path: '/v2/jobs', headers: { 'x-bad': 'a\r\nb' } })
      .catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ code: 'UND_ERR_INVALID_ARG' });
    expect(server.seen).toHaveLength(0);
  });
});

describe('transport: retries', () => {
  it('retries a GET after 5xx with growing full-jitter backoff and succeeds on the third attempt', async () => {
    const server = await serve((n, _req, res) =>
      n <= 2 ? json(res, 503, { message: 'busy' }) : json(res, 200, [1]),
    );
    const events: Array<{ event?: string; delayMs?: number }> = [];
    const log = { debug() {}, info: (fields: object) => events.push(fields), warn() {} };
    const t = transport(server.url, { log, random: () => 0.5, retry: { baseMs: 40, maxMs: 1000 } });
    expect(await t.request({ method: 'GET', path: '/v2/jobs' })).toEqual([1]);
    expect(server.seen).toHaveLength(3);
    expect(t.counters).toMatchObject({ requests: 3, retries: 2 });
    // Half of the ceiling: 40 ms, then 80 ms.
    expect(events.filter((e) => e.event === 'retry').map((e) => e.delayMs)).toEqual([20, 40]);
  });

  it('gives up after the bounded number of attempts with the last ApiError', async () => {
    const server = await serve((_n, _req, res) => json(res, 502, { message: 'bad gateway' }));
    const t = transport(server.url, { retry: { attempts: 3, baseMs: 5 } });
    const error = await t.request({ method: 'DELETE', path: '/v2/files', query: { id: 1 } }).catch((e) => e);
    expect(error).toMatchObject({ name: 'ApiError', status: 502 });
    expect(server.seen).toHaveLength(3);
  });

  it('never repeats a POST after a 5xx unless the caller marks it idempotent', async () => {
    const server = await serve((n, _req, res) =>
      n <= 2 ? json(res, 500, { message: 'oops' }) : json(res, 201, {}),
    );
    const t = transport(server.url);
    const error = await t.request({ method: 'POST', path: '/v2/jobs', json: { name: 'x' } }).catch((e) => e);
    expect(error).toMatchObject({ name: 'ApiError', status: 500 });
    expect(server.seen).toHaveLength(1);
    await t.request({ method: 'POST', path: '/v2/jobs/export', idempotent: true });
    expect(server.seen).toHaveLength(3);
  });

  it('does not retry 4xx answers', async () => {
    const server = await serve((_n, _req, res) => json(res, 404, { message: 'no such job' }));
    const error = await transport(server.url)
      .request({ method: 'GET', path: '/v2/jobs/9' })
      .catch((e) => e);
    expect(error).toMatchObject({ status: 404, message: 'GET /v2/jobs/9 answered 404: no such job' });
    expect(server.seen).toHaveLength(1);
  });

  it('retries a refused connection for a GET and reports NetworkError, but tries a POST once', async () => {
    const server = await listen(() => undefined);
    await server.close(); // nothing listens on this port any more
    const t = transport(server.url, { retry: { attempts: 3, baseMs: 5 } });
    const get = await t.request({ method: 'GET', path: '/v2/jobs' }).catch((e) => e);
    expect(get).toBeInstanceOf(NetworkError);
    expect((get as NetworkError).cause).toMatchObject({ code: 'ECONNREFUSED' });
    expect(t.counters.requests).toBe(3);
    await t.request({ method: 'POST', path: '/v2/jobs' }).catch((e) => e);
    expect(t.counters.requests).toBe(4);
  });

  it('after a 429 waits for X-RateLimit-Reset, then retries the same call', async () => {
    const server = await serve((n, _req, res) =>
      n === 1
        ? json(
            res,
            429,
            { error: 'rate_limit_exceeded', message: 'slow down' },
            { 'x-ratelimit-limit': '300', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '1' },
          )
        : json(res, 202, { id: [1] }),
    );
    const t = transport(server.url, { retry: { jitterMs: 50 } });
    const started = Date.now();
    await t.request({ method: 'POST', path: '/v2/documents/pretranslate', json: { id: [1] } });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(server.seen).toHaveLength(2);
    expect(t.counters).toMatchObject({ rateLimited: 1, retries: 1 });
  });

  it('gives up with RateLimitError carrying the headers when 429 retries run out', async () => {
    const server = await serve((_n, _req, res) =>
      json(
        res,
        429,
        { error: 'rate_limit_exceeded', message: 'slow down' },
        { 'x-ratelimit-limit': '300', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '1' },
      ),
    );
    const t = transport(server.url, { retry: { rateLimitRetries: 0 } });
    const error = await t.request({ method: 'POST', path: '/v2/translate/file' }).catch((e) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ status: 429, limit: 300, remaining: 0, resetSeconds: 1 });
  });
});

describe('transport: time limits and cancellation', () => {
  it('ends an attempt that outlives timeoutMs with TimeoutError and does not repeat it', async () => {
    const server = await serve(() => undefined); // never answers
    const t = transport(server.url);
    const error = await t.request({ method: 'GET', path: '/v2/jobs', timeoutMs: 100 }).catch((e) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ method: 'GET', path: '/v2/jobs', timeoutMs: 100 });
    expect(t.counters).toMatchObject({ requests: 1, timeouts: 1, retries: 0 });
  });

  it('aborts a call in flight with the signal’s reason', async () => {
    const server = await serve(() => undefined);
    const controller = new AbortController();
    const call = transport(server.url).request({
      method: 'GET',
      path: '/v2/jobs',
      signal: controller.signal,
    });
    while (server.seen.length === 0) await new Promise((r) => setTimeout(r, 5));
    controller.abort(new Error('user pressed ctrl-c'));
    await expect(call).rejects.toThrow('user pressed ctrl-c');
  });

  it('a call aborted while queued is never sent and gives its slot and characters back', async () => {
    let release: () => void = () => {};
    const server = await serve(
      (n, _req, res) =>
        new Promise<void>((resolve) => {
          if (n > 1) return resolve(json(res, 200, { n }));
          release = () => resolve(json(res, 200, { n }));
        }),
    );
    // One request in flight at a time; 100 characters per (long) window.
    const t = transport(server.url, { maxInFlight: 1, limits: { characters: 100, windowMs: 60_000 } });
    const slow = t.request({ method: 'GET', path: '/slow' });
    while (server.seen.length === 0) await new Promise((r) => setTimeout(r, 5));
    const controller = new AbortController();
    const aborted = t.request({
      method: 'POST',
      path: '/v2/translate/file',
      limited: { chars: 60 },
      signal: controller.signal,
    });
    const waiting = t.request({
      method: 'POST',
      path: '/v2/translate/file',
      limited: { chars: 60 },
      signal: undefined,
    });
    controller.abort(new DOMException('gave up', 'AbortError'));
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
    release();
    await slow;
    // 60 + 60 characters would not fit in 100: the second only goes because the first gave its back.
    expect(await waiting).toEqual({ n: 2 });
    expect(server.seen.map((s) => s.url)).toEqual(['/slow', '/v2/translate/file']);
    expect(t.limiter.state).toMatchObject({ inFlight: 0, waiting: 0 });
  });

  it('rejects at once for a signal that is already aborted', async () => {
    const server = await serve((_n, _req, res) => json(res, 200, {}));
    const error = await transport(server.url)
      .request({ method: 'GET', path: '/v2/jobs', signal: AbortSignal.abort() })
      .catch((e) => e);
    expect(error).toMatchObject({ name: 'AbortError' });
    expect(server.seen).toHaveLength(0);
  });
});
