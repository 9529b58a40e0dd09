import type { Request } from 'express';
import { TranslateRequest, TranslateResult } from '../../src/api/schemas/translate.ts';
import type { AuthContext } from '../auth/context.ts';
import type { ApiRegistry } from '../http/api-router.ts';

type Translate = (
  auth: AuthContext,
  request: TranslateRequest,
  signal?: AbortSignal,
) => Promise<TranslateResult>;

/** Aborted when the caller goes away, so a slow MT provider is not waited for in vain. */
function disconnectSignal(req: Request): AbortSignal {
  const controller = new AbortController();
  req.socket.once('close', () => controller.abort(new Error('client disconnected')));
  return controller.signal;
}

export function translateRoutes(api: ApiRegistry, translate: Translate): void {
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
    handler: ({ auth, body, req }) => translate(auth, body, disconnectSignal(req)),
  });
  api.add({
    method: 'get',
    path: '/v2/translate',
    tag: 'Segment translation',
    summary: `${summary}; the same fields as query parameters`,
    query: TranslateRequest,
    responses,
    handler: ({ auth, query, req }) => translate(auth, query, disconnectSignal(req)),
  });
}
