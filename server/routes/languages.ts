import { createHash } from 'node:crypto';
import { LanguagesResult } from '../../src/api/schemas/languages.ts';
import type { ApiRegistry } from '../http/api-router.ts';
import { languagesBody } from '../languages/catalogue.ts';

export function languageRoutes(api: ApiRegistry): void {
  let etag: string | undefined;
  api.add({
    method: 'get',
    path: '/v2/languages',
    tag: 'Languages',
    summary: 'Every ISO 639-1 code with its English name, and the supported language pairs',
    responses: { 200: { description: 'the catalogue', schema: LanguagesResult } },
    handler: ({ req, res }) => {
      const body = languagesBody();
      etag ??= `"${createHash('sha1').update(body).digest('base64url')}"`;
      res.set({ ETag: etag, 'Cache-Control': 'private, max-age=3600' });
      if (req.get('if-none-match') === etag) return void res.status(304).end();
      res.type('application/json').send(body);
    },
  });
}
