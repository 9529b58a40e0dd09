import type { ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import {
  Content,
  ContentIdParams,
  ContentList,
  ContentTerms,
  CreateContentRequest,
  DeletedContent,
  PreferencesUpdate,
  StoredPreferences,
  UpdateContentRequest,
} from '../../src/api/schemas/content.ts';
import type { AuthContext } from '../auth/context.ts';
import type { PlatformServices } from '../compose.ts';
import type { ApiRegistry } from '../http/api-router.ts';
import { openEventStream } from '../http/sse-writer.ts';
import type { ContentGenerator } from '../services/content/generator.ts';
import type { ContentService, Prepared } from '../services/content/service.ts';
import { streamGeneration } from '../services/content/stream.ts';

export interface ContentRouteDeps {
  service: ContentService;
  generator: ContentGenerator;
  log: Logger;
  heartbeatMs: number;
}

const TAG = 'Content generation';
const unsigned = { 403: { description: 'the organization has not signed the content generation terms' } };
const missing = { 404: { description: 'no such content in this organization' } };
const EVENTS =
  'Server-Sent Events: a `message` event `{"text": …}` per piece as it is written, then `data: [DONE]`, ' +
  'then `event: fullcontent` `{"text": <the whole text>}`. A failure after the stream opened ends it with ' +
  '`event: error` `{"message": …}` (the record is then failed). `: keep-alive` comments may appear. ' +
  'The header X-Content-Id names the record; closing the connection stops the generation';
const stream = { description: EVENTS, contentType: 'text/event-stream' };

/** Content generation (spec, Content generation; DESIGN §5): terms, preferences, contents, streams. */
export function contentRoutes(api: ApiRegistry, services: PlatformServices): void {
  const deps: ContentRouteDeps = services.content;
  const { service, generator } = deps;
  // Runs before the inputs are parsed: an organization that has not signed learns that first.
  const signed: RequestHandler = async (_req, res, next) => {
    await service.requireTerms(res.locals.auth as AuthContext);
    next();
  };
  const gated = { middleware: [signed], tag: TAG };
  /** Streams a generation as Server-Sent Events; the record's id is a header, so a client can read it at once. */
  const streamTo = (res: ServerResponse, prepared: Prepared) =>
    streamGeneration(
      deps,
      openEventStream(res, {
        heartbeatMs: deps.heartbeatMs,
        headers: { 'x-content-id': String(prepared.id) },
      }),
      prepared,
    );

  api.add({
    method: 'post',
    path: '/v2/create/terms-and-conditions',
    tag: TAG,
    summary:
      'Sign (or, with false, withdraw) the content generation terms; required before any other content call',
    body: ContentTerms,
    responses: { 200: { description: 'the same data', schema: ContentTerms } },
    handler: ({ auth, body }) => service.signTerms(auth, body),
  });
  for (const method of ['get', 'post'] as const) {
    api.add({
      ...gated,
      method,
      path: '/v2/create/preferences',
      summary: `The stored preferences (tone, styleguide and any content fields kept with them)${method === 'post' ? '; same as GET' : ''}`,
      responses: {
        200: { description: 'stored preferences ({} when none)', schema: StoredPreferences },
        ...unsigned,
      },
      handler: ({ auth }) => service.getPreferences(auth),
    });
  }
  api.add({
    ...gated,
    method: 'put',
    path: '/v2/create/preferences',
    summary:
      'Replace the stored preferences. tone and styleguide (each below 500 characters) apply to every ' +
      'later generation unless its request overrides them',
    body: PreferencesUpdate,
    responses: { 200: { description: 'the stored preferences', schema: StoredPreferences }, ...unsigned },
    handler: ({ auth, body }) => service.putPreferences(auth, body),
  });
  api.add({
    ...gated,
    method: 'post',
    path: '/v2/create',
    summary:
      'Generate content in a language from a template (blog-post, product-description, email, social-post, ' +
      'press-release), its parameters and preferences, streamed as it is written; the record is saved',
    body: CreateContentRequest,
    responses: { 200: stream, ...unsigned },
    handler: async ({ auth, body, res }) => {
      const prepared = await service.prepare(auth, body, generator.name);
      await streamTo(res, prepared);
    },
  });
  api.add({
    ...gated,
    method: 'get',
    path: '/v2/create',
    summary: 'Every generated content of the organization, oldest first',
    responses: { 200: { description: 'contents', schema: ContentList }, ...unsigned },
    handler: async ({ auth }) => ({ contents: await service.list(auth) }),
  });
  api.add({
    ...gated,
    method: 'get',
    path: '/v2/create/{contentId}',
    summary: 'One generated content',
    params: ContentIdParams,
    responses: { 200: { description: 'the content', schema: Content }, ...unsigned, ...missing },
    handler: ({ auth, params }) => service.get(auth, params.contentId),
  });
  api.add({
    ...gated,
    method: 'put',
    path: '/v2/create/{contentId}',
    summary: 'Change a content’s fields (the fields given); GET …/{contentId}/create generates it again',
    params: ContentIdParams,
    body: UpdateContentRequest,
    responses: { 200: { description: 'the updated content', schema: Content }, ...unsigned, ...missing },
    refusals: [{ status: 400, when: "the body's id, when given, is not the path's contentId" }],
    handler: ({ auth, params, body }) => service.update(auth, params.contentId, body),
  });
  api.add({
    ...gated,
    method: 'delete',
    path: '/v2/create/{contentId}',
    summary: 'Delete a generated content',
    params: ContentIdParams,
    responses: { 200: { description: 'deleted', schema: DeletedContent }, ...unsigned, ...missing },
    handler: ({ auth, params }) => service.remove(auth, params.contentId),
  });
  api.add({
    ...gated,
    method: 'get',
    path: '/v2/create/{contentId}/create',
    summary: 'Generate the content again with its current fields, streamed like POST /v2/create',
    params: ContentIdParams,
    responses: { 200: stream, ...unsigned, ...missing },
    refusals: [{ status: 400, when: "the stored content's template is no longer a template" }],
    handler: async ({ auth, params, res }) => {
      const prepared = await service.prepareAgain(auth, params.contentId, generator.name);
      await streamTo(res, prepared);
    },
  });
}
