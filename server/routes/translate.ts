import type { Response } from 'express';
import { TranslateRequest, TranslateResult } from '../../src/api/schemas/translate.ts';
import type { AuthContext } from '../auth/context.ts';
import type { PlatformServices } from '../compose.ts';
import type { ApiRegistry } from '../http/api-router.ts';

type Translate = (
  auth: AuthContext,
  request: TranslateRequest,
  signal?: AbortSignal,
) => Promise<TranslateResult>;

/**
 * Aborted when the caller goes away, so a slow MT provider is not waited for in vain. Listens on
 * the response, which closes once per request: a listener on the socket would stay there for
 * every request a keep-alive connection carries (11 of them made Node warn of a leak in the fuzz
 * pass). A response that closes before it finished means the caller left.
 */
export function disconnectSignal(res: Response): AbortSignal {
  const controller = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) controller.abort(new Error('client disconnected'));
  });
  return controller.signal;
}

export function translateRoutes(api: ApiRegistry, services: PlatformServices): void {
  const translate: Translate = services.translate;
  const responses = {
    200: { description: 'TM matches (score ≥ 75) first, then machine translation', schema: TranslateResult },
    401: { description: 'not authenticated, or no permission on the memory' },
    502: { description: 'the machine translation provider failed' },
  };
  const summary = 'Translate one segment (source at most 5,000 characters) with TM and MT';
  api.add({
    method: 'post',
    path: '/v2/translate',
    tag: 'Segment translation',
    summary,
    body: TranslateRequest,
    responses,
    handler: ({ auth, body, res }) => translate(auth, body, disconnectSignal(res)),
  });
  api.add({
    method: 'get',
    path: '/v2/translate',
    tag: 'Segment translation',
    summary: `${summary}; the same fields as query parameters`,
    query: TranslateRequest,
    responses,
    handler: ({ auth, query, res }) => translate(auth, query, disconnectSignal(res)),
  });
}
