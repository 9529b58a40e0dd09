/**
 * A local LibreTranslate server on 127.0.0.1 for tests: `POST /translate` with `q` as a string or
 * an array (JSON or form body) answers `{translatedText}` through `translate`; errors come as
 * LibreTranslate sends them, `{error}`. Every request is recorded; `respond` can take over any
 * request to answer an error, something malformed, or nothing at all ('hang').
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FakeReply, RecordedRequest } from './fake-openai.ts';

export type { FakeReply, RecordedRequest } from './fake-openai.ts';

export interface FakeLibreTranslateOptions {
  /** When set, requests must carry this `api_key` or get LibreTranslate's 403. */
  apiKey?: string;
  /** Translation of one string; `format` is the request's ("text" or "html"). */
  translate?: (text: string, request: { source: string; target: string; format: string }) => string;
  respond?: (req: RecordedRequest) => FakeReply | undefined;
}

export interface FakeLibreTranslate {
  /** The server root to configure, `http://127.0.0.1:PORT`. */
  url: string;
  requests: RecordedRequest[];
  respond: ((req: RecordedRequest) => FakeReply | undefined) | undefined;
  close(): Promise<void>;
}

const LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'ja', 'pt', 'zh'];

export async function startFakeLibreTranslate(
  options: FakeLibreTranslateOptions = {},
): Promise<FakeLibreTranslate> {
  const translate = options.translate ?? ((text, r) => `[${r.target}] ${text}`);
  const requests: RecordedRequest[] = [];
  const fake: FakeLibreTranslate = { url: '', requests, respond: options.respond, close: async () => {} };
  const server = createServer(async (req, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const body = parseBody(raw, String(req.headers['content-type'] ?? ''));
    const recorded: RecordedRequest = {
      method: req.method ?? '',
      path: req.url ?? '',
      headers: req.headers,
      body,
      raw,
    };
    requests.push(recorded);
    const reply = fake.respond?.(recorded) ?? defaultReply(recorded);
    if (reply === 'hang') return;
    res.writeHead(reply.status ?? 200, {
      'content-type': reply.text === undefined ? 'application/json' : 'text/html',
    });
    res.end(reply.text ?? JSON.stringify(reply.json));
  });

  function defaultReply(req: RecordedRequest): FakeReply {
    if (req.method === 'GET' && req.path === '/languages') {
      return { json: LANGUAGES.map((code) => ({ code, name: code, targets: LANGUAGES })) };
    }
    if (req.method !== 'POST' || req.path !== '/translate')
      return { status: 404, json: { error: 'Not Found' } };
    const b = (req.body ?? {}) as {
      q?: unknown;
      source?: unknown;
      target?: unknown;
      format?: unknown;
      api_key?: unknown;
    };
    if (options.apiKey && b.api_key !== options.apiKey) {
      return { status: 403, json: { error: 'Invalid API key' } };
    }
    if (b.q === undefined) return { status: 400, json: { error: 'Invalid request: missing q parameter' } };
    for (const field of ['source', 'target'] as const) {
      if (!LANGUAGES.includes(String(b[field]))) {
        return { status: 400, json: { error: `${String(b[field])} is not supported` } };
      }
    }
    const request = {
      source: String(b.source),
      target: String(b.target),
      format: String(b.format ?? 'text'),
    };
    if (Array.isArray(b.q))
      return { json: { translatedText: b.q.map((q) => translate(String(q), request)) } };
    return { json: { translatedText: translate(String(b.q), request) } };
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return fake;
}

function parseBody(raw: string, contentType: string): unknown {
  if (contentType.includes('application/x-www-form-urlencoded')) {
    const params = new URLSearchParams(raw);
    const out: Record<string, unknown> = Object.fromEntries(params);
    if (params.getAll('q').length > 1) out.q = params.getAll('q');
    return out;
  }
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}
