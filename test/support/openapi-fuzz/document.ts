/** A JSON Schema node as it appears in the served OpenAPI 3.1 document. */
export type JsonSchema = { [keyword: string]: unknown };

export type Method = 'get' | 'post' | 'put' | 'delete';

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: JsonSchema;
  /** The value is sent as JSON text (`content: application/json`, the SVC-API header). */
  json?: boolean;
  /** An object whose properties are sent as query parameters of their own (style form, explode). */
  exploded?: boolean;
}

interface RawParameter {
  name: string;
  in: Parameter['in'];
  required?: boolean;
  schema?: JsonSchema;
  content?: Record<string, { schema?: JsonSchema }>;
  style?: string;
  explode?: boolean;
}

export interface DocumentedResponse {
  /** Schemas by content type; an entry without a schema documents only the content type. */
  content: Record<string, JsonSchema | undefined>;
}

export interface Operation {
  method: Method;
  /** The path template, `/v2/jobs/{id}`. */
  path: string;
  /** `GET /v2/jobs/{id}`: how reports and coverage name the operation. */
  key: string;
  parameters: Parameter[];
  /** The request body's content type and schema (`format: binary` for raw uploads). */
  body?: { contentType: string; schema: JsonSchema };
  responses: Record<string, DocumentedResponse>;
  /** Served without credentials (`security: []`). */
  public: boolean;
  /**
   * For a path parameter, the literal segments other paths have in its place
   * (`contentId: ['preferences', 'terms-and-conditions']`): URLs a router must not hand to this
   * operation (issue 40).
   */
  literals?: Record<string, string[]>;
}

export interface ApiDocument {
  operations: Operation[];
  /**
   * The operation a request reaches, matched as express matches routes (a parameter is one
   * non-empty segment, a trailing slash is ignored): `/v2/jobs/` reaches `GET /v2/jobs`, not
   * `GET /v2/jobs/{id}`. Undefined when no operation matches.
   */
  route(method: string, target: string): Operation | undefined;
  /**
   * What a request no operation matches is judged by: public (no route, so no authentication),
   * with the error body of the operations under the same two first segments (`/v2/api-keys/…`),
   * else the error body most operations document.
   */
  unrouted(method: string, path: string): Operation;
  /**
   * The methods (upper case) of the path a URL reaches, literal segments winning over
   * parameters: `/v2/create/preferences` reaches its own path, never `/v2/create/{contentId}`.
   * Undefined when no path matches.
   */
  methodsAt(path: string): string[] | undefined;
  /** Follows `#/components/schemas/…` references (and only those: the document uses no others). */
  resolve(schema: JsonSchema): JsonSchema;
}

interface RawOperation {
  parameters?: RawParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
  security?: unknown[];
}

interface RawDocument {
  openapi?: string;
  paths?: Record<string, Record<string, RawOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

const METHODS: readonly Method[] = ['get', 'post', 'put', 'delete'];

function readParameter(p: RawParameter): Parameter {
  const json = p.content?.['application/json'];
  const schema = json?.schema ?? p.schema ?? {};
  return {
    name: p.name,
    in: p.in,
    required: p.required ?? false,
    schema,
    ...(json ? { json: true } : {}),
    // Form style explodes by default (OpenAPI 3.1 §4.8.12.4); a reference is not followed here,
    // the document writes grouped parameters inline.
    ...(p.in === 'query' && schema.type === 'object' && (p.style ?? 'form') === 'form' && p.explode !== false
      ? { exploded: true }
      : {}),
  };
}

/** Reads the operations of an OpenAPI 3.1 document into the shape the fuzzer works with. */
export function readDocument(raw: unknown): ApiDocument {
  const doc = raw as RawDocument;
  if (typeof doc?.openapi !== 'string' || !doc.openapi.startsWith('3.') || !doc.paths) {
    throw new TypeError('[openapi-fuzz] not an OpenAPI 3 document');
  }
  const schemas = doc.components?.schemas ?? {};
  const resolve = (schema: JsonSchema): JsonSchema => {
    let current = schema;
    for (let hops = 0; typeof current.$ref === 'string'; hops++) {
      const name = current.$ref.replace('#/components/schemas/', '');
      const target = schemas[name];
      if (!target || hops > 32) throw new TypeError(`[openapi-fuzz] unresolvable $ref ${current.$ref}`);
      // Keywords beside a $ref (a description) do not change what validates; the target decides.
      current = target;
    }
    return current;
  };
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const bodyEntry = Object.entries(op.requestBody?.content ?? {})[0];
      operations.push({
        method,
        path,
        key: `${method.toUpperCase()} ${path}`,
        parameters: (op.parameters ?? []).map(readParameter),
        ...(bodyEntry ? { body: { contentType: bodyEntry[0], schema: bodyEntry[1].schema ?? {} } } : {}),
        responses: Object.fromEntries(
          Object.entries(op.responses ?? {}).map(([status, response]) => [
            status,
            {
              content: Object.fromEntries(
                Object.entries(response.content ?? {}).map(([type, media]) => [type, media.schema]),
              ),
            },
          ]),
        ),
        public: Array.isArray(op.security) && op.security.length === 0,
      });
    }
  }
  const paths = Object.keys(doc.paths).sort(literalsFirst);
  for (const op of operations) {
    const segments = op.path.split('/');
    const literals: Record<string, string[]> = {};
    segments.forEach((segment, i) => {
      if (!segment.startsWith('{')) return;
      const found = paths
        .map((other) => other.split('/'))
        .filter((other) => other.length > i && other.slice(0, i).join('/') === segments.slice(0, i).join('/'))
        .map((other) => other[i]!)
        .filter((s) => !s.startsWith('{'));
      if (found.length > 0) literals[segment.slice(1, -1)] = [...new Set(found)];
    });
    if (Object.keys(literals).length > 0) op.literals = literals;
  }
  const matchers = paths.map((path) => ({
    path,
    regex: new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+')}/?$`, 'i'),
  }));
  const pathOf = (target: string) => {
    const path = target.split('?')[0]!;
    return matchers.find((m) => m.regex.test(path))?.path;
  };
  const route = (method: string, target: string) => {
    const path = pathOf(target);
    return operations.find((op) => op.path === path && op.method === method.toLowerCase());
  };
  const methodsAt = (target: string) => {
    const path = pathOf(target);
    if (path === undefined) return undefined;
    return operations.filter((op) => op.path === path).map((op) => op.method.toUpperCase());
  };
  const defaultOf = (ops: Operation[]) => {
    const counts = new Map<string, { n: number; response: DocumentedResponse }>();
    for (const op of ops) {
      const response = op.responses.default;
      if (!response) continue;
      const key = JSON.stringify(response);
      counts.set(key, { n: (counts.get(key)?.n ?? 0) + 1, response });
    }
    return [...counts.values()].sort((a, b) => b.n - a.n)[0]?.response;
  };
  const unrouted = (method: string, path: string): Operation => {
    const head = path.split('/').slice(0, 3).join('/');
    const near = operations.filter((op) => op.path === head || op.path.startsWith(`${head}/`));
    const fallback = defaultOf(near) ?? defaultOf(operations);
    return {
      method: method.toLowerCase() as Method,
      path,
      key: `${method.toUpperCase()} ${path} (no route)`,
      parameters: [],
      responses: fallback ? { default: fallback } : {},
      public: true,
    };
  };
  return { operations, resolve, route, unrouted, methodsAt };
}

/** At the first segment where two paths differ, a literal before a parameter (as express is told). */
function literalsFirst(a: string, b: string): number {
  const as = a.split('/');
  const bs = b.split('/');
  for (let i = 0; i < Math.min(as.length, bs.length); i++) {
    if (as[i] === bs[i]) continue;
    const [pa, pb] = [as[i]!.startsWith('{'), bs[i]!.startsWith('{')];
    if (pa !== pb) return pa ? 1 : -1;
    return as[i]! < bs[i]! ? -1 : 1;
  }
  return as.length - bs.length;
}

/** Fetches and reads the document a server serves at `/openapi.json`. */
export async function fetchDocument(baseUrl: string): Promise<ApiDocument> {
  const response = await fetch(new URL('/openapi.json', baseUrl));
  if (!response.ok) throw new Error(`[openapi-fuzz] GET /openapi.json answered ${response.status}`);
  return readDocument(await response.json());
}
