/**
 * Content generation: terms, preferences, contents, and generation streams read as async
 * iterators.
 *
 * ```ts
 * await client.content.terms(true);
 * const stream = await client.content.create({ language: 'de', template: 'blog-post', templateParams: { summary } });
 * for await (const event of stream) if (event.type === 'text') process.stdout.write(event.text);
 * const saved = await client.content.get(stream.contentId);
 * ```
 */
import type { z } from 'zod';
import type { Transport } from '../http.ts';
import {
  Content,
  ContentList,
  ContentStreamError as ContentStreamErrorBody,
  ContentTerms,
  ContentText,
  type CreateContentRequest,
  DeletedContent,
  type PreferencesUpdate,
  StoredPreferences,
  type UpdateContentRequest,
} from '../schemas/content.ts';
import type { SseEvent } from '../sse.ts';
import { type CallExtras, segment } from './common.ts';

/** A piece of text as it is written, the `[DONE]` marker, then the whole text. */
export type ContentEvent =
  | { type: 'text'; text: string }
  | { type: 'done' }
  | { type: 'fullcontent'; text: string };

/** A generation in progress; iterate it once (leaving the loop early stops the generation). */
export interface ContentStream extends AsyncIterable<ContentEvent> {
  /** The record being written (header X-Content-Id): read it with `content.get`. */
  readonly contentId: number;
  readonly requestId: string;
  /** Reads the stream to its end and resolves to the whole text. */
  text(): Promise<string>;
}

/** The generation failed after the stream opened (`event: error`), or the stream broke off. */
export class ContentStreamError extends Error {
  override name = 'ContentStreamError';
  readonly contentId: number;
  readonly requestId: string;
  constructor(message: string, contentId: number, requestId: string) {
    super(message);
    this.contentId = contentId;
    this.requestId = requestId;
  }
}

type Headers = Record<string, string | string[] | undefined>;

/** Wraps the platform's event stream; the events are validated as they come. */
export function contentStream(
  events: AsyncIterable<SseEvent>,
  headers: Headers,
  requestId: string,
): ContentStream {
  const contentId = Number(headers['x-content-id']);
  let started = false;
  async function* read(): AsyncGenerator<ContentEvent, void, undefined> {
    if (started) throw new TypeError('[svc-connector] a content stream can be read only once');
    started = true;
    for await (const event of events) {
      const data = () => JSON.parse(event.data) as unknown;
      if (event.event === 'message') {
        yield event.data === '[DONE]'
          ? { type: 'done' }
          : { type: 'text', text: ContentText.parse(data()).text };
      } else if (event.event === 'fullcontent') {
        yield { type: 'fullcontent', text: ContentText.parse(data()).text };
        return;
      } else if (event.event === 'error') {
        throw new ContentStreamError(ContentStreamErrorBody.parse(data()).message, contentId, requestId);
      }
      // Event types this client does not know are skipped, so the platform may add some.
    }
    throw new ContentStreamError('the stream ended before its fullcontent event', contentId, requestId);
  }
  return {
    contentId,
    requestId,
    [Symbol.asyncIterator]: read,
    async text() {
      for await (const event of read()) if (event.type === 'fullcontent') return event.text;
      throw new ContentStreamError('the stream ended before its fullcontent event', contentId, requestId);
    },
  };
}

/** Content generation (the organization must sign the terms first: `terms(true)`). */
export function contentClient(t: Transport) {
  const base = '/v2/create';
  const one = (id: number, rest = '') => `${base}/${segment(id)}${rest}`;
  const stream = async (call: { method: 'GET' | 'POST'; path: string; json?: unknown }, o: CallExtras) => {
    const response = await t.exchange({ ...call, responseType: 'sse', ...o });
    return contentStream(response.data, response.headers, response.requestId);
  };
  return {
    /** POST …/terms-and-conditions: `false` withdraws the signature. */
    terms: (signedAgreement: boolean, o: CallExtras = {}): Promise<ContentTerms> =>
      t.request({
        method: 'POST',
        path: `${base}/terms-and-conditions`,
        json: { signedAgreement },
        schema: ContentTerms,
        ...o,
      }),
    /** POST /v2/create: resolves once the stream opened (validation and terms errors are ApiErrors). */
    create: (request: z.input<typeof CreateContentRequest>, o: CallExtras = {}): Promise<ContentStream> =>
      stream({ method: 'POST', path: base, json: request }, o),
    /** GET /v2/create: every content of the organization, oldest first. */
    list: async (o: CallExtras = {}): Promise<Content[]> =>
      (await t.request({ method: 'GET', path: base, schema: ContentList, ...o })).contents,
    get: (id: number, o: CallExtras = {}): Promise<Content> =>
      t.request({ method: 'GET', path: one(id), schema: Content, ...o }),
    /** PUT: the fields given change; the text is not regenerated. */
    update: (id: number, patch: z.input<typeof UpdateContentRequest>, o: CallExtras = {}): Promise<Content> =>
      t.request({ method: 'PUT', path: one(id), json: patch, schema: Content, ...o }),
    delete: (id: number, o: CallExtras = {}): Promise<{ id: number }> =>
      t.request({ method: 'DELETE', path: one(id), schema: DeletedContent, ...o }),
    /** GET …/{id}/create: the content written again with its current fields. */
    regenerate: (id: number, o: CallExtras = {}): Promise<ContentStream> =>
      stream({ method: 'GET', path: one(id, '/create') }, o),
    getPreferences: (o: CallExtras = {}): Promise<Record<string, unknown>> =>
      t.request({ method: 'GET', path: `${base}/preferences`, schema: StoredPreferences, ...o }),
    /** PUT: replaces the stored preferences (tone, styleguide, and content fields kept with them). */
    putPreferences: (
      preferences: z.input<typeof PreferencesUpdate>,
      o: CallExtras = {},
    ): Promise<Record<string, unknown>> =>
      t.request({
        method: 'PUT',
        path: `${base}/preferences`,
        json: preferences,
        schema: StoredPreferences,
        ...o,
      }),
  };
}

export type ContentClient = ReturnType<typeof contentClient>;
