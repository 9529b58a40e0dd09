import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ISO_639_1_CODES, parseLanguageTag } from '../../src/languages/iso639.ts';
import { basic, startPlatform, type TestPlatform } from '../support/platform.ts';

let p: TestPlatform;
beforeAll(async () => {
  p = await startPlatform();
});
afterAll(() => p.close());

describe('GET /v2/languages', () => {
  it('names every ISO 639-1 code (184) in English and supports every pair', async () => {
    const res = await p.call('/v2/languages');
    expect(res.status).toBe(200);
    const body = await res.json();
    const codes = Object.keys(body.code_to_name);
    expect(codes).toHaveLength(184);
    expect(new Set(codes)).toEqual(new Set(ISO_639_1_CODES));
    expect(body.code_to_name).toMatchObject({
      de: 'German',
      en: 'English',
      fr: 'French',
      ja: 'Japanese',
      zh: 'Chinese',
    });
    for (const code of codes) expect(body.code_to_name[code]).not.toBe(code);
    expect(Object.keys(body.source_to_target)).toHaveLength(184);
    expect(body.source_to_target.en.de).toBe(true);
    expect(body.source_to_target.en.en).toBeUndefined();
    expect(Object.keys(body.source_to_target.de)).toHaveLength(183);
  });

  it('sends the catalogue gzipped to a client that accepts gzip, and plain to one that does not', async () => {
    const get = (encoding: string) =>
      new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        const req = httpGet(
          `${p.url}/v2/languages`,
          { headers: { authorization: basic(p.key), 'accept-encoding': encoding } },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          },
        );
        req.on('error', reject);
      });
    const zipped = await get('br;q=1, gzip;q=0.8');
    const plain = await get('identity');
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gunzipSync(zipped.body).equals(plain.body)).toBe(true);
    expect(zipped.body.length).toBeLessThan(plain.body.length / 5);
    expect(zipped.headers.etag).toBe(plain.headers.etag);
  });

  it('answers a repeated request with 304 by ETag', async () => {
    const first = await p.call('/v2/languages');
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    const again = await p.call('/v2/languages', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it('parses language tags into a code and a region', () => {
    expect(parseLanguageTag('pt-BR')).toEqual({ lang: 'pt', locale: 'BR' });
    expect(parseLanguageTag('de_at')).toEqual({ lang: 'de', locale: 'AT' });
    expect(parseLanguageTag('fr')).toEqual({ lang: 'fr' });
    expect(parseLanguageTag('xx')).toBeUndefined();
    expect(parseLanguageTag('english')).toBeUndefined();
  });
});

describe('GET /openapi.json', () => {
  it('is served without a key and documents every route with its errors', async () => {
    const res = await p.call('/openapi.json', { key: null });
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc.openapi).toBe('3.1.0');
    const schema = (s: { $ref?: string }) => (s.$ref ? doc.components.schemas[s.$ref.split('/').pop()!] : s);
    const create = doc.paths['/v2/api-keys'].post;
    const request = schema(create.requestBody.content['application/json'].schema);
    expect(request.properties.name).toMatchObject({ type: 'string', maxLength: 255 });
    expect(request.additionalProperties).toBe(false);
    expect(Object.keys(create.responses)).toEqual(
      expect.arrayContaining(['201', '400', '401', '403', '429']),
    );
    expect(schema(create.responses['201'].content['application/json'].schema).required).toContain('key');
    expect(schema(create.responses['400'].content['application/json'].schema).properties).toHaveProperty(
      'error',
    );
    const pre = doc.paths['/v2/documents/pretranslate'].post;
    expect(pre.responses['429'].headers).toHaveProperty('X-RateLimit-Reset');
    expect(schema(pre.responses['401'].content['application/json'].schema).properties).toHaveProperty(
      'message',
    );
    const refs = JSON.stringify(doc).match(/#\/components\/schemas\/\w+/g) ?? [];
    for (const ref of refs) expect(doc.components.schemas).toHaveProperty([ref.split('/').pop()!]);
    expect(doc.paths['/v2/api-keys/{id}'].delete.parameters[0]).toMatchObject({
      name: 'id',
      in: 'path',
      required: true,
    });
    for (const path of ['/v2/languages', '/v2/api-keys/{id}/rotate', '/healthz'])
      expect(doc.paths).toHaveProperty([path]);
  });

  it('documents the three ways a key is sent, and each of them works', async () => {
    const doc = await (await p.call('/openapi.json', { key: null })).json();
    expect(doc.components.securitySchemes).toMatchObject({
      basic: { type: 'http', scheme: 'basic' },
      headerKey: { type: 'apiKey', in: 'header', name: 'key' },
      queryKey: { type: 'apiKey', in: 'query', name: 'key' },
    });
    expect(doc.security).toEqual([{ basic: [] }, { headerKey: [] }, { queryKey: [] }]);
    for (const init of [{}, { key: null, headers: { key: p.key } }] as const)
      expect((await p.call('/v2/jobs', init)).status).toBe(200);
    expect((await p.call(`/v2/jobs?key=${encodeURIComponent(p.key)}`, { key: null })).status).toBe(200);
    expect((await p.call('/v2/jobs', { key: null, headers: { key: 'svc_wrong' } })).status).toBe(401);
  });

  it('documents memory_id of segment translation as required, with its bounds (a preprocess hid both)', async () => {
    const doc = await (await p.call('/openapi.json', { key: null })).json();
    const request = doc.components.schemas.TranslateRequest;
    expect(request.required).toEqual(['source', 'memory_id']);
    // The integer they are, bounds included (digits in a query string carry it too).
    expect(request.properties.memory_id).toEqual({ type: 'integer', minimum: 1, maximum: 2147483647 });
    expect(request.properties.n).toMatchObject({ type: 'integer', minimum: 1, maximum: 100 });
  });

  it('lists 400 and 415 for routes taking a file body, and 415 for JSON bodies (fuzz finding)', async () => {
    const doc = await (await p.call('/openapi.json', { key: null })).json();
    for (const [path, method] of [
      ['/v2/memories/import', 'post'],
      ['/v2/documents/files', 'post'],
      ['/v2/files', 'post'],
      ['/v2/api-keys', 'post'],
    ] as const) {
      expect(Object.keys(doc.paths[path][method].responses), `${method} ${path}`).toEqual(
        expect.arrayContaining(['400', '413', '415']),
      );
    }
    expect(doc.paths['/v2/files'].post.responses['404'].description).toMatch(/project_id/);
  });

  it('gives errors listed by description only the route’s error body', async () => {
    const doc = await (await p.call('/openapi.json', { key: null })).json();
    const body = (path: string, method: string, status: string) =>
      doc.paths[path][method].responses[status].content['application/json'].schema.$ref;
    expect(body('/v2/files', 'post', '404')).toBe('#/components/schemas/ErrorBody');
    expect(body('/v2/memories', 'get', '401')).toBe('#/components/schemas/ErrorBody');
    expect(body('/v2/jobs/{id}/deliver', 'post', '409')).toBe('#/components/schemas/ErrorBody');
    expect(body('/v2/api-keys/{id}', 'get', '404')).toBe('#/components/schemas/KeyErrorBody');
  });

  it('names both content types a document download answers with (the file, or XLIFF with is_xliff)', async () => {
    const doc = await (await p.call('/openapi.json', { key: null })).json();
    expect(Object.keys(doc.paths['/v2/documents/files'].get.responses['200'].content)).toEqual([
      'application/octet-stream',
      'application/x-xliff+xml',
    ]);
  });
});
