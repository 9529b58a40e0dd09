/**
 * A local OpenAI-compatible chat completions server on 127.0.0.1 for tests: it records every
 * request and, by default, "translates" the JSON array of strings in the last user message with
 * `translate` and answers it as a chat completion. `respond` can take over any request to answer
 * an error, something malformed, or nothing at all ('hang').
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** Path and query, e.g. `/v1/chat/completions`. */
  path: string;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body, or undefined when it was not JSON. */
  body: unknown;
  raw: string;
}

/** An answer: JSON (`json`) or raw text (`text`), or 'hang' to never answer. */
export type FakeReply = { status?: number; json?: unknown; text?: string } | 'hang';

export interface FakeOpenAiOptions {
  /** When set, requests must carry `Authorization: Bearer <apiKey>` or get OpenAI's 401. */
  apiKey?: string;
  /** Translation of one string; the default marks it as translated and keeps it otherwise. */
  translate?: (text: string) => string;
  /** Takes over a request when it returns a reply; undefined falls through to the default. */
  respond?: (req: RecordedRequest) => FakeReply | undefined;
}

export interface FakeOpenAi {
  /** The API root to configure, `http://127.0.0.1:PORT/v1`. */
  baseUrl: string;
  requests: RecordedRequest[];
  /** Replaceable at any time, like the option. */
  respond: ((req: RecordedRequest) => FakeReply | undefined) | undefined;
  close(): Promise<void>;
}

/** Chat completion requests: the JSON array of strings in the last user message. */
export function userStrings(req: RecordedRequest): string[] {
  const messages = (req.body as { messages?: { role: string; content: string }[] }).messages ?? [];
  const user = messages.filter((m) => m.role === 'user').at(-1);
  return JSON.parse(user?.content ?? '[]') as string[];
}

/** A chat completion answer whose message content is `content`. */
export function completion(content: string, finishReason = 'stop'): unknown {
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created: 0,
    model: 'fake',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: finishReason }],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  };
}

export async function startFakeOpenAi(options: FakeOpenAiOptions = {}): Promise<FakeOpenAi> {
  const translate = options.translate ?? ((text: string) => `[tr] ${text}`);
  const requests: RecordedRequest[] = [];
  const fake: FakeOpenAi = { baseUrl: '', requests, respond: options.respond, close: async () => {} };
  const server = createServer(async (req, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      body = undefined;
    }
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
      'content-type': reply.text === undefined ? 'application/json' : 'text/plain',
    });
    res.end(reply.text ?? JSON.stringify(reply.json));
  });

  function defaultReply(req: RecordedRequest): FakeReply {
    if (options.apiKey && req.headers.authorization !== `Bearer ${options.apiKey}`) {
      const given = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
      // Like OpenAI, the message names the key that was sent.
      const message = `Incorrect API key provided: ${given}. You can find your API key at https://platform.openai.com/account/api-keys.`;
      return {
        status: 401,
        json: { error: { message, type: 'invalid_request_error', code: 'invalid_api_key' } },
      };
    }
    if (req.method === 'GET' && req.path === '/v1/models')
      return { json: { object: 'list', data: [{ id: 'fake' }] } };
    if (req.method !== 'POST' || req.path !== '/v1/chat/completions') {
      return { status: 404, json: { error: { message: `Unknown request URL: ${req.method} ${req.path}` } } };
    }
    return { json: completion(JSON.stringify(userStrings(req).map(translate))) };
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  fake.close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return fake;
}
