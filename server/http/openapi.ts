import { z } from 'zod';
import { ErrorBody, KeyErrorBody, RateLimitBody } from '../../src/api/schemas/errors.ts';
import type { HeaderDef, Refusal, RouteDef } from './api-router.ts';
import { errorStyleFor } from './error-handler.ts';
import { MAX_HEAD_BYTES, MAX_URL_BYTES } from './head-limits.ts';

type JsonSchema = Record<string, unknown>;

/** Named schemas (zod `.meta({id})`), hoisted into components.schemas. */
let components: Record<string, JsonSchema> = {};

/**
 * A schema whose wire form zod cannot derive (a parser of comma-separated ids, say) carries the
 * JSON Schema it accepts as `meta({ jsonSchema })`: that replaces what zod would write.
 */
function replaceWithMeta(ctx: { zodSchema: unknown; jsonSchema: JsonSchema }): void {
  const meta = z.globalRegistry.get(ctx.zodSchema as z.ZodType) as { jsonSchema?: JsonSchema } | undefined;
  if (!meta?.jsonSchema) return;
  for (const key of Object.keys(ctx.jsonSchema)) delete ctx.jsonSchema[key];
  Object.assign(ctx.jsonSchema, structuredClone(meta.jsonSchema));
}

/**
 * Text in a request never holds U+0000: validate.ts refuses it everywhere (PostgreSQL cannot store
 * it), so every request string and property name says so.
 */
const NO_NUL = '^[^\\u0000]*$';

function withoutNul(node: JsonSchema): void {
  const free = ['pattern', 'enum', 'const', 'format'].every((k) => node[k] === undefined);
  if (node.type === 'string' && free) node.pattern = NO_NUL;
  if (node.type === 'object' && node.propertyNames === undefined) node.propertyNames = { pattern: NO_NUL };
}

/** JSON Schema of a zod schema; named sub-schemas become `#/components/schemas/<id>` references. */
function toSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    override: (ctx) => {
      replaceWithMeta(ctx as { zodSchema: unknown; jsonSchema: JsonSchema });
      if (io === 'input') withoutNul(ctx.jsonSchema as JsonSchema);
    },
  }) as JsonSchema;
  const { $schema: _ignored, $defs, ...rest } = json as JsonSchema & { $defs?: Record<string, JsonSchema> };
  const relink = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(relink);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value).map(([k, v]) => [
          k,
          k === '$ref' && typeof v === 'string' ? v.replace('#/$defs/', '#/components/schemas/') : relink(v),
        ]),
      );
    }
    return value;
  };
  for (const [id, def] of Object.entries($defs ?? {})) {
    // Input and output shapes of one schema can differ (defaults); the output one is kept.
    if (!(id in components) || io === 'output') components[id] = relink(def) as JsonSchema;
  }
  return relink(rest) as JsonSchema;
}

/** Follows a `$ref` into components.schemas (to read the properties of a parameters object). */
function deref(schema: JsonSchema): JsonSchema {
  const ref = schema.$ref;
  return typeof ref === 'string' ? (components[ref.replace('#/components/schemas/', '')] ?? schema) : schema;
}

function parameters(schema: z.ZodType | undefined, where: 'path' | 'query') {
  if (!schema) return [];
  const json = deref(toSchema(schema, 'input')) as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  // Parameters that are only valid together (at least one of several filters) are one object
  // parameter, exploded into its properties (OpenAPI 3.1 §4.8.12.4, style form): how a document
  // can say what the object's schema says.
  const grouped = (z.globalRegistry.get(schema) as { parameterGroup?: string } | undefined)?.parameterGroup;
  if (grouped) {
    const { propertyNames: _names, parameterGroup: _group, ...object } = json as JsonSchema;
    return [{ name: grouped, in: where, required: true, style: 'form', explode: true, schema: object }];
  }
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (json.required ?? []).includes(name),
    ...(typeof property.description === 'string' ? { description: property.description } : {}),
    schema: property,
  }));
}

function headerParameter(header: HeaderDef) {
  const { name, description, required = false } = header;
  if (header.json) {
    return {
      name,
      in: 'header',
      required,
      description,
      content: { 'application/json': { schema: toSchema(header.json, 'input') } },
    };
  }
  return {
    name,
    in: 'header',
    required,
    description,
    schema: header.schema ? toSchema(header.schema, 'input') : { type: 'string', pattern: NO_NUL },
  };
}

/**
 * The description of an operation refused by rules no schema expresses, one line each with its
 * status: `Refused beyond the schema:` then `- 400: when …`.
 */
export function describeRefusals(refusals: readonly Refusal[]): string | undefined {
  if (refusals.length === 0) return undefined;
  return ['Refused beyond the schema:', ...refusals.map((r) => `- ${r.status}: ${r.when}`)].join('\n');
}

/** The OpenAPI 3.1 document of every registered route, generated from the same zod schemas. */
export function buildOpenApi(routes: readonly RouteDef[], info: { version: string }) {
  components = {};
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const errorBody = errorStyleFor(route.path) === 'error' ? KeyErrorBody : ErrorBody;
    const responses: Record<string, unknown> = {};
    for (const [status, spec] of Object.entries(route.responses)) {
      const types = spec.contentType === undefined ? [] : [spec.contentType].flat();
      // An error listed with a description only still answers with the route's error body.
      const schema = spec.schema ?? (Number(status) >= 400 && types.length === 0 ? errorBody : undefined);
      const media = schema ? { schema: toSchema(schema, 'output') } : {};
      if (schema && types.length === 0) types.push('application/json');
      responses[status] = {
        description: spec.description,
        ...(types.length > 0 ? { content: Object.fromEntries(types.map((type) => [type, media])) } : {}),
      };
    }
    const generic = (description: string) => ({
      description,
      content: { 'application/json': { schema: toSchema(errorBody, 'output') } },
    });
    if (route.body || route.rawBody || route.params || route.query)
      responses['400'] ??= generic('invalid input');
    if (!route.public) responses['401'] ??= generic('not authenticated');
    if (!route.public) {
      responses['429'] = {
        description: route.limited
          ? 'per-organization request rate or character throughput exceeded, or the general quota'
          : 'general quota exceeded',
        headers: Object.fromEntries(
          ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'].map((h) => [
            h,
            { schema: { type: 'integer' } },
          ]),
        ),
        content: { 'application/json': { schema: toSchema(RateLimitBody, 'output') } },
      };
    }
    if (route.body || route.rawBody) {
      responses['413'] ??= generic('request body too large');
      responses['415'] ??= generic('unsupported charset or Content-Encoding');
    }
    // Answered before any route: 414 by the app (route's error body), 431 by Node's parser.
    responses['414'] ??= generic(`the URL is longer than ${MAX_URL_BYTES} bytes`);
    responses['431'] = {
      description: `the request line and headers together exceed ${MAX_HEAD_BYTES} bytes (answered before routing, with {message} on every path)`,
      content: { 'application/json': { schema: toSchema(ErrorBody, 'output') } },
    };
    for (const { status, when } of route.refusals ?? []) responses[String(status)] ??= generic(when);
    responses.default = generic('unexpected error');
    const description = describeRefusals(route.refusals ?? []);
    const operation: Record<string, unknown> = {
      summary: route.summary,
      ...(description ? { description } : {}),
      tags: [route.tag],
      operationId: `${route.method}${route.path.replace(/\{(\w+)\}/g, 'By_$1').replace(/[^a-zA-Z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
      parameters: [
        ...parameters(route.params, 'path'),
        ...parameters(route.query, 'query'),
        ...(route.headers ?? []).map(headerParameter),
      ],
      responses,
      ...(route.public ? { security: [] } : {}),
    };
    if (route.body) {
      operation.requestBody = {
        required: true,
        content: { 'application/json': { schema: toSchema(route.body, 'input') } },
      };
    } else if (route.rawBody) {
      operation.requestBody = {
        required: true,
        content: {
          [route.rawBody]: {
            // Every upload refuses an empty body (upload.ts): the document says so.
            schema: route.multipart
              ? toSchema(route.multipart, 'input')
              : { type: 'string', format: 'binary', minLength: 1 },
          },
        },
      };
    }
    paths[route.path] ??= {};
    paths[route.path]![route.method] = operation;
  }
  return {
    openapi: '3.1.0',
    info: { title: 'svc translation platform', version: info.version },
    servers: [{ url: '/' }],
    components: {
      schemas: components,
      securitySchemes: {
        basic: { type: 'http', scheme: 'basic', description: 'the API key as both user name and password' },
        headerKey: {
          type: 'apiKey',
          in: 'header',
          name: 'key',
          description: 'the API key in a `key` header (as generated clients of GET /v3/domains send it)',
        },
        queryKey: { type: 'apiKey', in: 'query', name: 'key', description: 'development only' },
      },
    },
    security: [{ basic: [] }, { headerKey: [] }, { queryKey: [] }],
    paths,
  };
}
