import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { LanguagesResult } from '../../src/api/schemas/languages.ts';
import type { ApiRegistry } from '../http/api-router.ts';
import { languagesBody } from '../languages/catalogue.ts';

export function languageRoutes(api: ApiRegistry): void {
  // The catalogue never changes while the server runs: its tag and its gzip form (about a tenth
  // of its 350 KB; fetch and most HTTP clients ask for gzip) are made once.
  let catalogue: { etag: string; plain: Buffer; gzip: Buffer } | undefined;
  api.add({
    method: 'get',
    path: '/v2/languages',
    tag: 'Languages',
    summary: 'Every ISO 639-1 code with its English name, and the supported language pairs',
    responses: { 200: { description: 'the catalogue', schema: LanguagesResult } },
    handler: ({ req, res }) => {
      if (!catalogue) {
        const plain = languagesBody();
        const etag = `"${createHash('sha1').update(plain).digest('base64url')}"`;
        catalogue = { etag, plain, gzip: gzipSync(plain, { level: 9 }) };
      }
      res.set({ ETag: catalogue.etag, 'Cache-Control': 'private, max-age=3600', Vary: 'Accept-Encoding' });
      if (req.get('if-none-match') === catalogue.etag) return void res.status(304).end();
      res.type('application/json');
      if (req.acceptsEncodings('gzip', 'identity') === 'gzip') {
        res.set('Content-Encoding', 'gzip').send(catalogue.gzip);
      } else res.send(catalogue.plain);
    },
  });
}
