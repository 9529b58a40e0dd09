/** The served OpenAPI document is a valid OpenAPI 3.1 document, checked by an outside validator. */
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
