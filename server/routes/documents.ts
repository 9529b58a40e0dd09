import { PretranslateRequest, PretranslateResult } from '../../src/api/schemas/documents.ts';
import type { ApiRegistry } from '../http/api-router.ts';
import { notFound } from '../http/errors.ts';
import { limitedEndpoint } from '../limits/middleware.ts';
import type { RateLimiter } from '../limits/rate-limiter.ts';

/**
 * Document routes. Documents arrive with jobs (files → projects → documents); until then no
 * document exists, so pretranslation answers 404 for every id — but it is already rate limited
 * like the real endpoint.
 */
export function documentRoutes(api: ApiRegistry, limiter: RateLimiter): void {
  api.add({
    method: 'post',
    path: '/v2/documents/pretranslate',
    tag: 'Documents',
    summary: 'Pretranslate documents from TM (and MT); rate limited per organization',
    limited: true,
    middleware: [limitedEndpoint(limiter)],
    body: PretranslateRequest,
    responses: { 202: { description: 'pretranslation started', schema: PretranslateResult } },
    handler: ({ body }) => {
      throw notFound(`document ${body.id[0]}`);
    },
  });
}
