/**
 * The transport's wire format: query strings, request bodies, and decoding of response bodies
 * (JSON validated against a zod schema, text, bytes, streams, Server-Sent Events) and headers.
 */
import { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import type { z } from 'zod';
import { type CallSite, type RateLimitHeaders, ResponseSchemaError, schemaIssues } from '../errors.ts';
import { parseSse } from '../sse.ts';

export type BodySource = string | Uint8Array | Readable | AsyncIterable<Uint8Array>;
export type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number>;
export type ResponseType = 'json' | 'text' | 'bytes' | 'stream' | 'sse';
type Headers = Record<string, string | string[] | undefined>;

const ERROR_BODY_LIMIT = 64 * 1024;

/** The body of a 2xx response as the call asked for it. */
export async function decode(
  response: Dispatcher.ResponseData,
  responseType: ResponseType,
  call: { schema?: z.ZodType | undefined; stopAtDone?: boolean | undefined },
  site: CallSite,
): Promise<unknown> {
  const { body } = response;
  switch (responseType) {
    case 'stream':
      return body;
    case 'sse':
      return parseSse(body, { stopAtDone: call.stopAtDone ?? false });
    case 'bytes':
      return new Uint8Array(await body.arrayBuffer());
    case 'text':
      return body.text();
    case 'json': {
      const text = await body.text();
      let value: unknown;
      if (text.length > 0) {
        try {
          value = JSON.parse(text);
        } catch (error) {
          throw new ResponseSchemaError(site, [{ field: '(root)', message: 'the body is not JSON' }], {
            cause: error,
          });
        }
      }
      if (!call.schema) return value;
      const parsed = call.schema.safeParse(value);
      if (!parsed.success) throw new ResponseSchemaError(site, schemaIssues(parsed.error.issues));
      return parsed.data;
    }
  }
}

/** Reads an error body, at most 64 KiB of it: parsed JSON when it is JSON, else text. */
export async function readErrorBody(body: Dispatcher.ResponseData['body']): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    chunks.push(chunk);
    size += chunk.length;
    if (size >= ERROR_BODY_LIMIT) {
      body.destroy();
      break;
    }
  }
  const text = Buffer.concat(chunks).subarray(0, ERROR_BODY_LIMIT).toString('utf8');
  try {
    return text.length > 0 ? JSON.parse(text) : undefined;
  } catch {
    return text;
  }
}

/** The body to send: JSON text, bytes, or a stream read as it is sent (a function is called per attempt). */
export function requestBody(call: {
  json?: unknown;
  body?: BodySource | (() => BodySource) | undefined;
}): string | Uint8Array | Readable | null {
  if (call.json !== undefined) return JSON.stringify(call.json);
  const source = typeof call.body === 'function' ? call.body() : call.body;
  if (source === undefined) return null;
  if (typeof source === 'string' || source instanceof Uint8Array || source instanceof Readable) return source;
  return Readable.from(source, { objectMode: false });
}

/** `?a=1&b=x&b=y`: arrays repeat the key; null and undefined are left out. */
export function queryString(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) params.append(name, String(item));
    else params.append(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function header(headers: Headers, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** X-RateLimit-Limit, -Remaining and -Reset (spec, Limits), with Retry-After as a fallback for the reset. */
export function rateLimitHeaders(headers: Headers): RateLimitHeaders {
  const read = (name: string) => {
    const value = Number(header(headers, name));
    return Number.isFinite(value) && value >= 0 ? value : undefined;
  };
  return {
    limit: read('x-ratelimit-limit'),
    remaining: read('x-ratelimit-remaining'),
    // Retry-After says the same in the standard header; used when the platform's is missing.
    resetSeconds: read('x-ratelimit-reset') ?? read('retry-after'),
  };
}

export const isAsyncIterable = (value: unknown): value is AsyncIterable<Uint8Array> =>
  typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
