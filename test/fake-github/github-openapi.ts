/**
 * GitHub's own REST description (`@octokit/openapi`, the api.github.com document in its OpenAPI
 * 3.0 flavour) turned into ajv validators for response bodies, for the fake-GitHub conformance
 * test. Only the referenced-schema file is read (13 MB; `index.js` would load every flavour, some
 * 400 MB); its `$ref`s become ajv references into one definitions schema.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

type Json = Record<string, unknown>;

interface Operation {
  operationId: string;
  responses: Record<string, Json>;
}

interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Json>; responses: Record<string, Json> };
}

const DEFINITIONS = 'github-components';
const require = createRequire(import.meta.url);
// ajv-formats is CommonJS whose default export is the function itself.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

/**
 * OpenAPI 3.0 schema → JSON Schema as ajv reads it: `nullable: true` becomes a `null` type (and a
 * `null` enum member), `$ref`s point into the definitions schema, `oneOf` is read as `anyOf`, and
 * the keywords JSON Schema does not have (`example`, `discriminator`, `x-…`) are dropped.
 */
export function toJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map((item) => toJsonSchema(item));
  if (!node || typeof node !== 'object') return node;
  const schema = node as Json;
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.replace('#/components/schemas/', '');
    return { $ref: `${DEFINITIONS}#/definitions/${name}` };
  }
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'nullable' || key === 'example' || key === 'discriminator' || key.startsWith('x-')) continue;
    if (key === 'properties' && value && typeof value === 'object') {
      out.properties = Object.fromEntries(
        Object.entries(value as Json).map(([name, sub]) => [name, toJsonSchema(sub)]),
      );
    } else if (key === 'oneOf') {
      // GitHub's alternatives overlap (its error schemas have only optional properties, so an
      // error body matches both `validation-error` and `repository-rule-violation-error`): read
      // as "at least one", which is what its generated clients check.
      out.anyOf = toJsonSchema(value);
    } else if (['items', 'additionalProperties', 'not', 'allOf', 'anyOf'].includes(key)) {
      out[key] = typeof value === 'object' ? toJsonSchema(value) : value;
    } else {
      out[key] = value;
    }
  }
  if (schema.nullable !== true) return out;
  if (typeof out.type === 'string') {
    out.type = [out.type, 'null'];
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
    return out;
  }
  // A nullable composition (allOf/anyOf/oneOf without its own type): null, or the rest.
  return { anyOf: [{ type: 'null' }, out] };
}

export interface ResponseSpec {
  operationId: string;
  /** Statuses GitHub documents for the operation. */
  statuses: string[];
  /** The JSON schema of a status's `application/json` body; null when documented without one. */
  validator(status: number): ValidateFunction | null | undefined;
}

export class GitHubDescription {
  private readonly doc: Document;
  private readonly ajv: Ajv;
  private readonly cache = new Map<string, ValidateFunction>();

  constructor() {
    const file = require.resolve('@octokit/openapi/generated/api.github.com.json');
    this.doc = JSON.parse(readFileSync(file, 'utf8')) as Document;
    // strict off: GitHub's schemas carry `title`/`description` beside `$ref` and unknown formats.
    this.ajv = new Ajv({ strict: false, allErrors: true, inlineRefs: false });
    addFormats(this.ajv);
    // Every component at once: ajv compiles only those a response schema reaches.
    const definitions = Object.fromEntries(
      Object.entries(this.doc.components.schemas).map(([name, schema]) => [name, toJsonSchema(schema)]),
    );
    this.ajv.addSchema({ $id: DEFINITIONS, definitions }, undefined, undefined, false);
  }

  /** The operation at a path template written GitHub's way (`/repos/{owner}/{repo}`). */
  operation(method: string, path: string): Operation | undefined {
    return this.doc.paths[path]?.[method.toLowerCase()];
  }

  /** Path templates with parameter names blanked, for matching templates written differently. */
  findPath(shape: string): string | undefined {
    const blank = (p: string) => p.replace(/\{[^}]+\}/g, '{}');
    return Object.keys(this.doc.paths).find((p) => blank(p) === shape);
  }

  /** The schema of a named component (`basic-error`, `validation-error`). */
  component(name: string): ValidateFunction {
    return this.compile({ $ref: `#/components/schemas/${name}` }, `component ${name}`);
  }

  /**
   * The validator for one documented answer: undefined when the status is not documented, null
   * when it is documented without a JSON body (204, or only other media types).
   */
  response(method: string, path: string, status: number): ValidateFunction | null | undefined {
    const op = this.operation(method, path);
    let answer = op?.responses[String(status)];
    if (!op || !answer) return undefined;
    if (typeof answer.$ref === 'string') {
      answer = this.doc.components.responses[answer.$ref.replace('#/components/responses/', '')] as Json;
    }
    const json = (answer.content as Record<string, Json> | undefined)?.['application/json'];
    if (!json?.schema) return null;
    return this.compile(json.schema, `${method} ${path} ${status}`);
  }

  private compile(schema: unknown, key: string): ValidateFunction {
    const cached = this.cache.get(key);
    if (cached) return cached;
    const validate = this.ajv.compile(toJsonSchema(schema) as Json);
    this.cache.set(key, validate);
    return validate;
  }
}
