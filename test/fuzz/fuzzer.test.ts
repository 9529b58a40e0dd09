import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Field, valueArb } from '../support/openapi-fuzz/arbitraries.ts';
import { type Answer, judge, judgeMethod } from '../support/openapi-fuzz/check.ts';
import {
  type ApiDocument,
  fetchDocument,
  type JsonSchema,
  readDocument,
} from '../support/openapi-fuzz/document.ts';
import { invalidArb } from '../support/openapi-fuzz/invalid.ts';
import { IdPools } from '../support/openapi-fuzz/pools.ts';
import { QUERY_PADDING, requestArb } from '../support/openapi-fuzz/requests.ts';
import { validate } from '../support/openapi-fuzz/validate.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';

// The fuzz pass asserts zero failures; these tests show the checks behind it do fail when they should.

const doc = readDocument({
  openapi: '3.1.0',
  paths: {
    '/v2/things/{id}': {
      get: {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } }],
        responses: {
          '200': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } },
          '404': { content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } } },
          default: {
            content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
          },
        },
      },
    },
    '/v2/api-keys': {
      get: {
        responses: {
          '200': { content: { 'application/json': { schema: { type: 'array' } } } },
          default: {
            content: { 'application/json': { schema: { $ref: '#/components/schemas/KeyErrorBody' } } },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      Thing: {
        type: 'object',
        properties: {
          id: { type: 'integer' },
          due: { anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }] },
          tag: { type: 'string', pattern: '^[a-z]{2}$' },
        },
        required: ['id', 'due'],
        additionalProperties: false,
      },
      ErrorBody: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
      KeyErrorBody: { type: 'object', properties: { error: { type: 'string' } }, required: ['error'] },
    },
  },
});
const thing = doc.operations.find((o) => o.key === 'GET /v2/things/{id}')!;
const keys = doc.operations.find((o) => o.key === 'GET /v2/api-keys')!;
const answer = (status: number, body: unknown, contentType = 'application/json'): Answer => ({
  status,
  contentType,
  body: new TextEncoder().encode(typeof body === 'string' ? body : JSON.stringify(body)),
});

describe('validate', () => {
  const schema = { $ref: '#/components/schemas/Thing' };
  it('accepts a value of the schema, with a null where anyOf allows one', () => {
    expect(validate(schema, { id: 1, due: null, tag: 'de' }, doc.resolve)).toEqual([]);
    expect(validate(schema, { id: 1, due: '2024-02-29T10:00:00.5+01:00' }, doc.resolve)).toEqual([]);
  });
  it('names each problem with where it is', () => {
    expect(validate(schema, { id: 1.5, due: '2023-02-29T00:00:00Z', tag: 'DEU', x: 1 }, doc.resolve)).toEqual(
      [
        '$.id: expected integer, got number 1.5',
        expect.stringContaining(
          '$.due: matches none of 2 alternatives ($.due: "2023-02-29T00:00:00Z" is not an RFC 3339',
        ),
        '$.tag: "DEU" does not match ^[a-z]{2}$',
        '$: unknown property x',
      ],
    );
    expect(validate(schema, [], doc.resolve)).toEqual(['$: expected object, got array']);
    expect(validate(schema, { due: null }, doc.resolve)).toEqual(['$: missing required property id']);
  });
});

describe('judge', () => {
  it('lets a documented answer pass', () => {
    expect(judge(doc, thing, 'valid', 'valid', answer(200, { id: 3, due: null }))).toBeUndefined();
    expect(
      judge(doc, thing, 'invalid', 'valid', answer(404, { message: 'thing 3 not found' })),
    ).toBeUndefined();
    expect(judge(doc, keys, 'invalid', 'valid', answer(400, { error: 'name: too long' }))).toBeUndefined();
  });
  it('fails a 5xx, whatever its body', () => {
    expect(judge(doc, thing, 'valid', 'valid', answer(500, { message: 'internal error' }))?.kind).toBe(
      'server-error',
    );
  });
  it('fails a 4xx that is not JSON, or not the route’s error shape', () => {
    expect(judge(doc, thing, 'invalid', 'valid', answer(400, 'Bad Request', 'text/html'))?.kind).toBe(
      'error-shape',
    );
    expect(judge(doc, thing, 'invalid', 'valid', answer(400, { error: 'x' }))?.problem).toMatch(
      /missing required property message/,
    );
    expect(judge(doc, keys, 'invalid', 'valid', answer(400, { message: 'x' }))?.kind).toBe('error-shape');
  });
  it('fails a 429 without the rate-limit body, on either error style', () => {
    const limited = { error: 'rate_limit_exceeded', message: 'retry in 60 s' };
    expect(judge(doc, keys, 'valid', 'valid', answer(429, limited))).toBeUndefined();
    expect(judge(doc, keys, 'valid', 'valid', answer(429, { error: 'rate_limit_exceeded' }))?.kind).toBe(
      'error-shape',
    );
    expect(judge(doc, thing, 'valid', 'valid', answer(429, { message: 'slow down' }))?.kind).toBe(
      'error-shape',
    );
  });
  it('fails a 2xx its schema refuses, of another content type or of an undocumented status', () => {
    expect(judge(doc, thing, 'valid', 'valid', answer(200, { id: '3', due: null }))?.kind).toBe(
      'response-schema',
    );
    expect(judge(doc, thing, 'valid', 'valid', answer(200, 'id=3', 'text/plain'))?.kind).toBe(
      'response-schema',
    );
    expect(judge(doc, thing, 'valid', 'valid', answer(201, { id: 3, due: null }))?.kind).toBe(
      'undocumented-status',
    );
  });
  it('fails a 400 to a request valid under the document, sent with the valid key', () => {
    const refused = answer(400, { message: 'srclang: unknown language code "qq"' });
    expect(judge(doc, thing, 'valid', 'valid', refused)).toEqual({
      kind: 'refused-valid',
      problem: 'a request valid under the document got 400: srclang: unknown language code "qq"',
    });
    // Boundary values step past bounds on purpose, invalid ones break a rule, and other
    // credentials are judged for the 401 first: a 400 there is no finding.
    expect(judge(doc, thing, 'boundary', 'valid', refused)).toBeUndefined();
    expect(judge(doc, thing, 'invalid', 'valid', refused)).toBeUndefined();
    expect(judge(doc, keys, 'valid', 'valid', answer(400, { error: 'x' }))?.kind).toBe('refused-valid');
    // A rule over stored data or between body and path is listed with its reason, and only there.
    const update = {
      ...thing,
      method: 'put' as const,
      path: '/v2/create/{contentId}',
      key: 'PUT /v2/create/{contentId}',
    };
    const mismatch = answer(400, { message: "id: 4 is not the path's 3" });
    expect(judge(doc, update, 'valid', 'valid', mismatch)).toBeUndefined();
    expect(judge(doc, thing, 'valid', 'valid', mismatch)?.kind).toBe('refused-valid');
    expect(
      judge(doc, update, 'valid', 'valid', answer(400, { message: 'id: must be a whole number' }))?.kind,
    ).toBe('refused-valid');
    // A 404 or 409 to a valid request is the server's state speaking, not the schema's.
    expect(
      judge(doc, thing, 'valid', 'valid', answer(404, { message: 'thing 3 not found' })),
    ).toBeUndefined();
  });

  it('fails any 2xx to credentials other than the valid key, and a non-401 to a well-formed request', () => {
    expect(judge(doc, thing, 'invalid', 'revoked', answer(200, { id: 3, due: null }))?.kind).toBe(
      'auth-bypass',
    );
    expect(judge(doc, thing, 'valid', 'none', answer(404, { message: 'x' }))?.kind).toBe('auth-bypass');
    expect(
      judge(doc, thing, 'valid', 'unknown', answer(401, { message: 'invalid API key' })),
    ).toBeUndefined();
    expect(
      judge(doc, thing, 'invalid', 'malformed', answer(400, { message: 'malformed JSON' })),
    ).toBeUndefined();
  });
  it('judges by the operation a URL reaches: /v2/things/ is no route, a public 404', () => {
    expect(doc.route('GET', '/v2/things/7')).toBe(thing);
    expect(doc.route('GET', '/v2/things/')).toBeUndefined();
    const none = doc.unrouted('GET', '/v2/api-keys/x/y');
    expect(judge(doc, none, 'invalid', 'none', answer(404, { error: 'no route' }))).toBeUndefined();
    expect(judge(doc, none, 'invalid', 'none', answer(404, { message: 'no route' }))?.kind).toBe(
      'error-shape',
    );
  });
});

// The two generators issue 40 added, and the check behind the second.
const created = readDocument({
  openapi: '3.1.0',
  paths: {
    '/v2/create/{contentId}': {
      get: {
        parameters: [
          { name: 'contentId', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } },
        ],
        responses: { '200': {} },
      },
      delete: {
        parameters: [
          { name: 'contentId', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } },
        ],
        responses: { '200': {} },
      },
    },
    '/v2/create/preferences': { get: { responses: { '200': {} } }, put: { responses: { '200': {} } } },
    '/v2/translate/file': {
      post: {
        parameters: [
          {
            name: 'fileId',
            in: 'query',
            required: true,
            schema: {
              type: 'array',
              items: { type: 'integer', minimum: 1, maximum: 9 },
              minItems: 1,
              maxItems: 1000,
            },
          },
          {
            name: 'memoryId',
            in: 'query',
            required: true,
            schema: { type: 'integer', minimum: 1, maximum: 9 },
          },
        ],
        responses: { '200': {} },
      },
    },
  },
});
const opAt = (key: string) => created.operations.find((o) => o.key === key)!;
const sample = (key: string, mode: 'valid' | 'invalid', n = 200) => {
  const op = opAt(key);
  return fc.sample(requestArb(op, mode, { op, resolve: created.resolve, pools: new IdPools() }), {
    numRuns: n,
    seed: 3,
  });
};

describe('literal sub-paths next to parameter paths', () => {
  it('the document routes a literal path to itself, never to the parameter path beside it', () => {
    expect(opAt('GET /v2/create/{contentId}').literals).toEqual({ contentId: ['preferences'] });
    expect(created.route('DELETE', '/v2/create/preferences')).toBeUndefined();
    expect(created.route('GET', '/v2/create/preferences')?.key).toBe('GET /v2/create/preferences');
    expect(created.route('DELETE', '/v2/create/7')?.key).toBe('DELETE /v2/create/{contentId}');
    expect(created.methodsAt('/v2/create/preferences')).toEqual(['GET', 'PUT']);
    expect(created.methodsAt('/v2/nothing')).toBeUndefined();
  });

  it('invalid mode sends the parameter operation’s method, and OPTIONS, to the literal sub-path', () => {
    const sent = sample('DELETE /v2/create/{contentId}', 'invalid')
      .filter((r) => r.target.startsWith('/v2/create/preferences'))
      .map((r) => r.method);
    expect(sent).toContain('DELETE');
    expect(sent).toContain('OPTIONS');
  });

  it('judges: 405 with the literal path’s own Allow passes; the parameter route’s 400, or its Allow, fails', () => {
    const none = created.unrouted('DELETE', '/v2/create/preferences');
    const at = (status: number, allow?: string, body: unknown = { message: 'x' }): Answer => ({
      ...answer(status, body),
      ...(allow ? { allow } : {}),
    });
    const methods = ['GET', 'PUT'];
    expect(judgeMethod(created, none, 'DELETE', methods, at(405, 'GET, HEAD, PUT'))).toBeUndefined();
    expect(judgeMethod(created, none, 'DELETE', methods, at(400, undefined))?.problem).toBe(
      'DELETE on a path serving GET, PUT answered 400, not 405',
    );
    expect(judgeMethod(created, none, 'DELETE', methods, at(405, 'DELETE, GET, HEAD, PUT'))?.kind).toBe(
      'wrong-method',
    );
    expect(
      judgeMethod(created, none, 'OPTIONS', methods, at(204, 'GET, HEAD, PUT, OPTIONS', '')),
    ).toBeUndefined();
    expect(
      judgeMethod(created, none, 'OPTIONS', methods, at(200, 'DELETE, GET, HEAD, POST, PUT', ''))?.kind,
    ).toBe('wrong-method');
  });
});

describe('1,000-value array parameters', () => {
  const pairs = (target: string) => target.slice(target.indexOf('?') + 1).split('&');

  it('valid mode sends a list as long as its maxItems, with the parameters after it', () => {
    const full = sample('POST /v2/translate/file', 'valid').find(
      (r) => pairs(r.target).filter((p) => p.startsWith('fileId=')).length === 1000,
    );
    expect(full).toBeDefined();
    expect(pairs(full!.target).at(-1)).toMatch(/^memoryId=\d$/);
  });

  it('valid and invalid requests come after 1,000 unknown query parameters too', () => {
    for (const mode of ['valid', 'invalid'] as const) {
      const padded = sample('POST /v2/translate/file', mode).filter((r) =>
        r.target.startsWith(`/v2/translate/file?${QUERY_PADDING.join('&')}&`),
      );
      expect(padded.length, mode).toBeGreaterThan(5);
    }
  });
});

describe('generated values against the served document', () => {
  let p: TestPlatform;
  let served: ApiDocument;
  beforeAll(async () => {
    p = await startPlatform();
    served = await fetchDocument(p.url);
  });
  afterAll(() => p.close());

  it('valid-mode bodies and parameters are accepted by their schemas; invalid-mode ones refused', () => {
    const pools = new IdPools();
    let checked = 0;
    for (const op of served.operations) {
      const ctx = { op, resolve: served.resolve, pools };
      const fields: { schema: JsonSchema; field: Field }[] = [
        ...op.parameters.map((p) => ({ schema: p.schema, field: { name: p.name, where: p.in } })),
        ...(op.body?.contentType === 'application/json'
          ? [{ schema: op.body.schema, field: { where: 'body' as const } }]
          : []),
      ];
      for (const { schema, field } of fields) {
        const where = `${op.key} ${field.name ?? 'body'}`;
        for (const value of fc.sample(valueArb(schema, field, ctx, 'valid'), { numRuns: 20, seed: 7 })) {
          expect(validate(schema, value, served.resolve), where).toEqual([]);
        }
        if (Object.keys(served.resolve(schema)).length === 0) continue;
        for (const broken of fc.sample(invalidArb(schema, field, ctx), { numRuns: 20, seed: 7 })) {
          expect(
            validate(schema, broken.value, served.resolve).length,
            `${where}: ${broken.note}`,
          ).toBeGreaterThan(0);
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(50);
  });
});
