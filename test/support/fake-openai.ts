/**
 * A local OpenAI-compatible chat completions server on 127.0.0.1 for tests: it records every
 * request and, by default, "translates" the JSON array of strings in the last user message with
 * `translate` and answers it as a chat completion. `respond` can take over any request to answer
 * an error, something malformed, or nothing at all ('hang'). A request with `stream: true` is
 * answered as the streaming protocol does (`chat.completion.chunk` events, then `data: [DONE]`);
 * a `FakeStream` reply streams chosen pieces, slowly, and may end in a failure instead.
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';

export interface RecordedRequest {
  method: string;
  /** Path and query, e.g. `/v1/chat/completions`. */
  path: string;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body, or undefined when it was not JSON. */
  body: unknown;
  raw: string;
  /** The client closed the connection before the answer ended (recorded by the OpenAI fake). */
  aborted?: boolean;
  /** Stream pieces written so far (streamed answers of the OpenAI fake). */
  sent?: number;
}

/**
 * A streamed answer: `stream` pieces as `chat.completion.chunk` events, `delayMs` apart, then
 * `end`: `done` (default: a stop chunk and `data: [DONE]`), `drop` (the connection is destroyed),
 * `silent` (the stream ends without [DONE]), `hang` (nothing more, the connection stays open) or
 * `{error}` (an error object in the stream, as OpenAI sends one mid-stream).
 */
export interface FakeStream {
  stream: string[];
  delayMs?: number;
  end?: 'done' | 'drop' | 'silent' | 'hang' | { error: string };
}

/** An answer: JSON (`json`) or raw text (`text`), or 'hang' to never answer. */
export type FakeReply = { status?: number; json?: unknown; text?: string } | 'hang';

/** What the OpenAI fake may answer: a FakeReply or a stream. */
export type FakeOpenAiReply = FakeReply | FakeStream;

export interface FakeOpenAiOptions {
  /** When set, requests must carry `Authorization: Bearer <apiKey>` or get OpenAI's 401. */
  apiKey?: string;
  /** Translation of one string; the default marks it as translated and keeps it otherwise. */
  translate?: (text: string) => string;
  /** Takes over a request when it returns a reply; undefined falls through to the default. */
  respond?: (req: RecordedRequest) => FakeOpenAiReply | undefined;
}

export interface FakeOpenAi {
  /** The API root to configure, `http://127.0.0.1:PORT/v1`. */
  baseUrl: string;
  requests: RecordedRequest[];
  /** Replaceable at any time, like the option. */
  respond: ((req: RecordedRequest) => FakeOpenAiReply | undefined) | undefined;
  close(): Promise<void>;
}

/**
 * Chat completion requests: the strings of the JSON array in the last user message (each item's
 * `text` where the items carry context as objects).
 */
export function userStrings(req: RecordedRequest): string[] {
  return userItems(req).map((item) => (typeof item === 'string' ? item : item.text));
}

/** The items of the JSON array in the last user message, as sent: strings, or objects with context. */
export function userItems(req: RecordedRequest): (string | { text: string; [key: string]: unknown })[] {
  const messages = (req.body as { messages?: { role: string; content: string }[] }).messages ?? [];
  const user = messages.filter((m) => m.role === 'user').at(-1);
  return JSON.parse(user?.content ?? '[]') as (string | { text: string })[];
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

/** One `chat.completion.chunk` event carrying `delta`. */
export function chunkEvent(delta: Record<string, unknown>, finishReason: string | null = null): string {
  const chunk = {
    id: 'chatcmpl-fake',
    object: 'chat.completion.chunk',
    created: 0,
    model: 'fake',
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  };
  return `data: ${JSON.stringify(chunk)}\n\n`;
}

/** What a streamed default answer says: the last user message, echoed in pieces of one word. */
export function streamedPieces(req: RecordedRequest): string[] {
  const messages = (req.body as { messages?: { role: string; content: string }[] }).messages ?? [];
  const user = messages.filter((m) => m.role === 'user').at(-1)?.content ?? '';
  return `Fake content. ${user}`.split(/(?<=\s)/);
}

async function writeStream(res: ServerResponse, recorded: RecordedRequest, reply: FakeStream) {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  res.write(chunkEvent({ role: 'assistant', content: '' }));
  for (const piece of reply.stream) {
    if (reply.delayMs) await delay(reply.delayMs);
    if (res.destroyed || recorded.aborted) return;
    res.write(chunkEvent({ content: piece }));
    recorded.sent = (recorded.sent ?? 0) + 1;
  }
  const end = reply.end ?? 'done';
  if (end === 'hang') return;
  if (end === 'drop') {
    // Let the pieces reach the client first: the break must come after them, as on a real network.
    await delay(20);
    res.destroy();
    return;
  }
  if (typeof end === 'object') {
    res.end(`data: ${JSON.stringify({ error: { message: end.error, type: 'server_error' } })}\n\n`);
    return;
  }
  if (end === 'done') res.write(`${chunkEvent({}, 'stop')}data: [DONE]\n\n`);
  res.end();
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
      aborted: false,
      sent: 0,
    };
    requests.push(recorded);
    res.on('close', () => {
      if (!res.writableFinished) recorded.aborted = true;
    });
    const reply = fake.respond?.(recorded) ?? defaultReply(recorded);
    if (reply === 'hang') return;
    if ('stream' in reply) return writeStream(res, recorded, reply);
    res.writeHead(reply.status ?? 200, {
      'content-type': reply.text === undefined ? 'application/json' : 'text/plain',
    });
    res.end(reply.text ?? JSON.stringify(reply.json));
  });

  function defaultReply(req: RecordedRequest): FakeOpenAiReply {
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
    if ((req.body as { stream?: unknown } | undefined)?.stream === true)
      return { stream: streamedPieces(req) };
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
