/** The served OpenAPI document is a valid OpenAPI 3.1 document, checked by an outside validator. */
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BEYOND_SCHEMA } from '../support/openapi-fuzz/check.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';

let p: TestPlatform;
let doc: Record<string, unknown>;
beforeAll(async () => {
  p = await startPlatform();
  doc = await (await p.call('/openapi.json', { key: null })).json();
});
afterAll(() => p.close());

/** Every value under `key` anywhere in the document, with where it is. */
function collect(value: unknown, key: string, at = '$'): [string, unknown][] {
  if (Array.isArray(value)) return value.flatMap((v, i) => collect(v, key, `${at}[${i}]`));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([k, v]) => [
    ...(k === key ? ([[at, v]] as [string, unknown][]) : []),
    ...collect(v, key, `${at}.${k}`),
  ]);
}

describe('GET /openapi.json', () => {
  it('is valid under the OpenAPI 3.1 schema (@seriousme/openapi-schema-validator)', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    // Every $ref resolves.
    expect(() => validator.resolveRefs()).not.toThrow();
  });

  it('the validator refuses a broken copy (the check can fail)', async () => {
    const broken = structuredClone(doc) as { paths: Record<string, Record<string, Record<string, unknown>>> };
    delete broken.paths['/v2/jobs']!.get!.responses;
    broken.paths['/v2/jobs']!.get!.parameters = [{ name: 'x', in: 'cookie-jar' }];
    const result = await new Validator().validate(broken);
    expect(result.valid).toBe(false);
  });

  it('holds only Schema Objects a strict JSON Schema 2020-12 validator compiles (ajv strict: no unknown keyword)', () => {
    // The OpenAPI schema leaves Schema Objects to the dialect; OpenAPI 3.1's dialect is 2020-12
    // plus `discriminator`, `xml`, `externalDocs` and `example`, none of which we write.
    const ajv = new Ajv2020({ strict: true, strictRequired: false, validateFormats: false });
    ajv.addFormat('binary', true).addFormat('uri', true).addFormat('date-time', true);
    const components = (doc.components as { schemas: Record<string, unknown> }).schemas;
    const relinked = (schema: unknown) =>
      JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', '"urn:svc:components#/$defs/'));
    ajv.addSchema({ $id: 'urn:svc:components', $defs: relinked(components) });
    const inline = [
      ...collect(doc.paths, 'schema'),
      ...Object.entries(components).map(([name, s]) => [`components.${name}`, s] as [string, unknown]),
    ];
    expect(inline.length).toBeGreaterThan(300);
    for (const [at, schema] of inline) {
      expect(ajv.validateSchema(relinked(schema) as object), `${at}: ${ajv.errorsText()}`).toBe(true);
      expect(() => ajv.compile(relinked(schema) as object), at).not.toThrow();
    }
  });

  it('writes every pattern as an ECMA-262 regular expression in Unicode mode (JSON Schema 2020-12 §6.3.3)', () => {
    const patterns = collect(doc, 'pattern').filter(([, v]) => typeof v === 'string');
    expect(patterns.length).toBeGreaterThan(50);
    for (const [at, pattern] of patterns) expect(() => new RegExp(pattern as string, 'u'), at).not.toThrow();
  });

  it('gives every operation a unique operationId', () => {
    const ids = collect(doc.paths, 'operationId').map(([, id]) => id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('the document says what the server enforces', () => {
  type Node = Record<string, unknown>;
  const schemas = () => (doc.components as { schemas: Record<string, Node> }).schemas;
  const operation = (path: string, method: string) =>
    (doc.paths as Record<string, Record<string, Node>>)[path]![method]!;
  const parameter = (path: string, method: string, name: string) =>
    (operation(path, method).parameters as Node[]).find((p) => p.name === name)!;

  it('no request string or property name may hold NUL', () => {
    expect(schemas().CreateMemoryRequest!.properties).toMatchObject({ name: { pattern: '^[^\\u0000]*$' } });
    expect(schemas().CreateMemoryRequest!.propertyNames).toEqual({ pattern: '^[^\\u0000]*$' });
  });

  it('language codes are the catalogue’s', () => {
    const srclang = (schemas().CreateMemoryRequest!.properties as Record<string, Node>).srclang!;
    expect(srclang.enum).toHaveLength(184);
    expect(srclang.enum).toContain('de');
    expect(srclang.enum).not.toContain('qq');
  });

  it('n is 1 to 100, ids are integers, the fileId list an array of them', () => {
    expect(parameter('/v2/translate', 'get', 'n').schema).toMatchObject({
      type: 'integer',
      minimum: 1,
      maximum: 100,
    });
    expect(parameter('/v2/memories', 'get', 'id').schema).toEqual({
      type: 'integer',
      minimum: 1,
      maximum: 2147483647,
    });
    expect(parameter('/v2/translate/file', 'post', 'fileId').schema).toMatchObject({
      type: 'array',
      items: { type: 'integer', minimum: 1, maximum: 2147483647 },
      minItems: 1,
    });
  });

  it('the memory import declares SVC-API (JSON) and the separate headers', () => {
    const params = operation('/v2/memories/import', 'post').parameters as Node[];
    expect(params.map((p) => [p.name, p.in, p.required])).toEqual([
      ['SVC-API', 'header', true],
      ['memory_id', 'header', false],
      ['name', 'header', false],
      ['sdlxliff_filters', 'header', false],
      ['has_header_row', 'header', false],
      ['skip_duplicates', 'header', false],
    ]);
    expect(params[0]!.content).toEqual({
      'application/json': { schema: { $ref: '#/components/schemas/ImportHeader' } },
    });
  });

  it('the document upload lists its multipart parts', () => {
    expect(schemas().DocumentUploadForm).toMatchObject({
      properties: { file: { type: 'string', format: 'binary' }, project_id: { type: 'integer' } },
      required: ['file', 'project_id'],
    });
  });

  it('webhookUrl is an http(s) uri; a job update needs a field; the translation list a filter', () => {
    expect((schemas().CreateWebhookRequest!.properties as Record<string, Node>).webhookUrl).toMatchObject({
      format: 'uri',
    });
    expect(schemas().UpdateJobRequest!.anyOf).toEqual([{ required: ['name'] }, { required: ['due'] }]);
    expect(parameter('/v2/translate/file', 'get', 'filters')).toMatchObject({
      in: 'query',
      required: true,
      style: 'form',
      explode: true,
      schema: {
        anyOf: [
          { required: ['translationIds'] },
          { required: ['status'] },
          { required: ['fromTime'] },
          { required: ['toTime'] },
        ],
      },
    });
  });

  describe('states every rule the server enforces (issue 40)', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    const accepts = (schema: Node, value: unknown) => ajv.compile(schema)(value);

    it('label names hold no comma, in the body, the query and the list of labels', () => {
      const name = parameter('/v2/files/labels', 'delete', 'name').schema as Node;
      expect(accepts(name, 'a')).toBe(true);
      expect(accepts(name, 'a,b')).toBe(false);
      expect(accepts(name, 'a\u0000')).toBe(false);
      const labels = parameter('/v2/files', 'get', 'labels').schema as Node;
      expect(accepts(labels, 'repo:acme/app,ref:main')).toBe(true);
      expect(accepts(labels, Array.from({ length: 51 }, (_, i) => `l${i}`).join(','))).toBe(false);
      expect(accepts(labels, 'x'.repeat(201))).toBe(false);
    });

    it('project ids are 1 or more: GET /v2/projects?id=0 is refused by the document too', () => {
      const id = parameter('/v2/projects', 'get', 'id').schema as Node;
      expect(id).toMatchObject({ type: 'array', items: { type: 'integer', minimum: 1 }, maxItems: 500 });
    });

    it('every upload body is at least one byte', () => {
      for (const path of ['/v2/files', '/v2/memories/import']) {
        const body = operation(path, 'post').requestBody as { content: Record<string, { schema: Node }> };
        expect(body.content['application/octet-stream']!.schema, path).toEqual({
          type: 'string',
          format: 'binary',
          minLength: 1,
        });
      }
      expect((schemas().DocumentUploadForm!.properties as Record<string, Node>).file).toMatchObject({
        format: 'binary',
        minLength: 1,
      });
    });

    it('rules no schema can express are in the description, with their status, and listed', () => {
      const keys = operation('/v2/api-keys', 'post');
      expect(keys.description).toContain('- 400: userId names a user with no grant in this organization');
      expect(keys.description).toContain('- 400: expiresAt is not in the future');
      const rotate = operation('/v2/api-keys/{id}/rotate', 'post');
      expect(rotate.description).toContain('- 409: the key is revoked or has expired');
      expect(Object.keys(rotate.responses as Node)).toContain('409');
      expect(operation('/v2/create/{contentId}', 'put').description).toContain(
        "- 400: the body's id, when given, is not the path's contentId",
      );
      expect(operation('/v2/jobs', 'post').description).toMatch(
        /- 400: a language pair's memory does not hold/,
      );
    });

    it('every 400 the fuzzer lets a valid request get is stated by that operation', () => {
      const paths = doc.paths as Record<string, Record<string, Node>>;
      for (const rule of BEYOND_SCHEMA) {
        const [method, prefix] = rule.operation.split(' ') as [string, string];
        const ops = Object.entries(paths).flatMap(([path, item]) =>
          Object.entries(item)
            .filter(([m]) =>
              method === '*' ? path.startsWith(prefix) : `${m.toUpperCase()} ${path}` === rule.operation,
            )
            .filter(([, op]) => method !== '*' || op.requestBody !== undefined)
            .map(([m, op]) => [`${m} ${path}`, op] as const),
        );
        expect(ops.length, rule.operation).toBeGreaterThan(0);
        for (const [key, op] of ops) expect(op.description, key).toMatch(/^- 400: /m);
      }
    });

    it('every operation lists 414 and 431 with a JSON error body', () => {
      for (const item of Object.values(doc.paths as Record<string, Record<string, Node>>)) {
        for (const op of Object.values(item)) {
          const responses = op.responses as Record<string, Node>;
          expect(responses['414']).toBeDefined();
          expect(responses['431']).toMatchObject({
            content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
          });
        }
      }
    });
  });
});
