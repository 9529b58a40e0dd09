import type { AuthVariant } from './auth.ts';
import type { ApiDocument, JsonSchema, Operation } from './document.ts';
import type { Mode } from './requests.ts';
import { validate } from './validate.ts';

export type FailureKind =
  | 'server-error'
  | 'error-shape'
  | 'response-schema'
  | 'undocumented-status'
  | 'auth-bypass'
  | 'refused-valid'
  | 'wrong-method'
  | 'timeout'
  | 'connection';

/** What came back, as far as the checks need it. */
export interface Answer {
  status: number;
  contentType: string;
  body: Uint8Array;
  /** The Allow header, when there is one. */
  allow?: string;
}

export interface Verdict {
  kind: FailureKind;
  problem: string;
}

/**
 * 400s no schema can foresee, so a request valid under the document may still get them: rules
 * over stored data, over the server's own settings, or between a body and its path. Each is
 * named by its operation and message, with the reason, and each operation's description states
 * it (test/server/openapi-document.test.ts holds them together); anything else a valid request
 * gets a 400 for is the document's schemas to say.
 */
export const BEYOND_SCHEMA: readonly { operation: string; message: RegExp; why: string }[] = [
  {
    operation: 'POST /v2/jobs',
    message: /^languagePairs\.\d+\.memoryId: memory \d+ is \w+ → \w+, not /,
    why: 'the memory named must hold the pair asked for: a stored fact',
  },
  {
    operation: 'POST /v2/jobs',
    message: /^languagePairs\.\d+\.srcLang: \w+ differs from the job's srcLang/,
    why: 'two fields of one body compared',
  },
  {
    operation: 'POST /v2/jobs',
    message: /^languagePairs\.\d+: .* is given twice$/,
    why: 'items of one list compared',
  },
  {
    operation: 'PUT /v2/create/{contentId}',
    message: /^id: -?\d+ is not the path's \d+$/,
    why: 'the body compared with the path',
  },
  {
    operation: 'PUT /v2/files/context',
    message: /^files\.\d+(\.units\.\d+\.id|\.name): repeats the (id|name) of item \d+ /,
    why: 'items of one list compared: a unit or a file named twice in one request',
  },
  {
    operation: 'PUT /v2/files/screenshot',
    message:
      /^file \d+ (\(.*\) )?is (not a REFERENCE file|not a PNG image|a truncated PNG|not a valid PNG|a damaged PNG)/,
    why: "the stored file's category and content",
  },
  {
    operation: 'PUT /v2/files/screenshot',
    message: /^keys\[\d+\]( \(.*\))?: (key .* is listed twice|box .* reaches beyond the \d+×\d+ image)$/,
    why: "items of one list compared, and boxes against the stored image's size",
  },
  {
    operation: 'PUT /v2/files/code-links',
    message: /^units: unit .* (is listed twice|has total \d+ but \d+ links)$/,
    why: 'items of one list compared, and two fields of one item',
  },
  {
    operation: 'POST /v2/api-keys',
    message: /^userId: user \d+ has no grant in this organization$/,
    why: 'stored grants',
  },
  {
    operation: '* /v3/connectors/configuration/webhooks',
    message: /^webhookUrl: host \S+ refused: /,
    why: 'which addresses are refused depends on where the server listens (DESIGN §5, Webhooks)',
  },
];

function beyondSchema(op: Operation, message: string) {
  return BEYOND_SCHEMA.find((rule) => {
    const [method, prefix] = rule.operation.split(' ') as [string, string];
    const matches = method === '*' ? op.path.startsWith(prefix) : op.key === rule.operation;
    return matches && rule.message.test(message);
  });
}

/** The 429 body the spec gives every rate-limited answer. */
const RATE_LIMIT: JsonSchema = {
  type: 'object',
  properties: { error: { const: 'rate_limit_exceeded' }, message: { type: 'string' } },
  required: ['error', 'message'],
};

const mediaType = (contentType: string) => contentType.split(';')[0]!.trim().toLowerCase();
const isJsonType = (type: string) => /^application\/([\w.+-]*\+)?json$/.test(mediaType(type));

function parseJson(body: Uint8Array): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body)) };
  } catch {
    return undefined;
  }
}

/**
 * Judges one answer: no 5xx; credentials that are not the valid key never get a 2xx (and a
 * well-formed request without them gets 401); every 4xx is JSON of the documented error shape
 * (`{message}`, `{error}` on API-key routes, `{error: "rate_limit_exceeded", message}` for 429);
 * every 2xx has a documented status and a body its documented schema accepts; a request the
 * document accepts, sent with the valid key, is not refused with 400 (what the server enforces,
 * the document must say, or generated clients and fuzzers send requests that cannot work).
 */
export function judge(
  doc: ApiDocument,
  op: Operation,
  mode: Mode,
  auth: AuthVariant,
  answer: Answer,
): Verdict | undefined {
  const { status } = answer;
  if (status >= 500) return { kind: 'server-error', problem: `answered ${status}` };
  if (!op.public && auth !== 'valid') {
    if (status < 300) return { kind: 'auth-bypass', problem: `${auth} credentials got ${status}` };
    if (mode === 'valid' && status !== 401) {
      return {
        kind: 'auth-bypass',
        problem: `${auth} credentials on a well-formed request got ${status}, not 401`,
      };
    }
  }
  if (status === 400 && mode === 'valid' && auth === 'valid') {
    const parsed = parseJson(answer.body)?.value as Record<string, unknown> | undefined;
    const said = parsed?.message ?? parsed?.error;
    const rule = typeof said === 'string' ? beyondSchema(op, said) : undefined;
    if (rule) return checkError(doc, op, answer);
    return {
      kind: 'refused-valid',
      problem: `a request valid under the document got 400${typeof said === 'string' ? `: ${said}` : ''}`,
    };
  }
  if (status >= 400) return checkError(doc, op, answer);
  if (status >= 200 && status < 300) return checkSuccess(doc, op, answer);
  return { kind: 'undocumented-status', problem: `answered ${status}` };
}

function checkError(doc: ApiDocument, op: Operation, answer: Answer): Verdict | undefined {
  const parsed = parseJson(answer.body);
  if (!parsed) return { kind: 'error-shape', problem: `${answer.status} body is not JSON` };
  const schemas: JsonSchema[] = [];
  if (answer.status === 429) schemas.push(RATE_LIMIT);
  else {
    const fallback = op.responses.default?.content['application/json'];
    if (fallback) schemas.push(fallback);
  }
  const own = op.responses[String(answer.status)]?.content['application/json'];
  if (own) schemas.push(own);
  for (const schema of schemas) {
    const problems = validate(schema, parsed.value, doc.resolve);
    if (problems.length > 0) {
      return { kind: 'error-shape', problem: `${answer.status} body: ${problems.slice(0, 3).join('; ')}` };
    }
  }
  return undefined;
}

function checkSuccess(doc: ApiDocument, op: Operation, answer: Answer): Verdict | undefined {
  const documented = op.responses[String(answer.status)];
  if (!documented) {
    const listed = Object.keys(op.responses).filter((s) => s.startsWith('2'));
    return {
      kind: 'undocumented-status',
      problem: `answered ${answer.status}; documented: ${listed.join(', ')}`,
    };
  }
  const types = Object.keys(documented.content);
  if (answer.status === 204 || types.length === 0) {
    return answer.status === 204 && answer.body.length > 0
      ? { kind: 'response-schema', problem: `204 with a body of ${answer.body.length} bytes` }
      : undefined;
  }
  const type = types.find((t) => mediaType(t) === mediaType(answer.contentType));
  if (type === undefined) {
    return {
      kind: 'response-schema',
      problem: `Content-Type ${answer.contentType || '(none)'}; documented: ${types.join(', ')}`,
    };
  }
  const schema = documented.content[type];
  if (!schema || !isJsonType(type)) return undefined;
  const parsed = parseJson(answer.body);
  if (!parsed) return { kind: 'response-schema', problem: 'body is not JSON' };
  const problems = validate(schema, parsed.value, doc.resolve);
  return problems.length > 0
    ? {
        kind: 'response-schema',
        problem:
          problems.slice(0, 3).join('; ') + (problems.length > 3 ? ` (+${problems.length - 3} more)` : ''),
      }
    : undefined;
}

/**
 * Judges the answer to a method the path a URL reaches does not serve (RFC 9110): 405 with
 * `Allow` naming exactly the path's methods (HEAD with GET) and the route's error body, or, to
 * OPTIONS, 204 with the same `Allow` plus OPTIONS. `methods` are the path's, in upper case.
 */
export function judgeMethod(
  doc: ApiDocument,
  reached: Operation,
  method: string,
  methods: readonly string[],
  answer: Answer,
): Verdict | undefined {
  const expected = new Set(methods);
  if (expected.has('GET')) expected.add('HEAD');
  if (method === 'OPTIONS') expected.add('OPTIONS');
  const status = method === 'OPTIONS' ? 204 : 405;
  if (answer.status !== status) {
    return {
      kind: 'wrong-method',
      problem: `${method} on a path serving ${methods.join(', ')} answered ${answer.status}, not ${status}`,
    };
  }
  const allow = new Set(
    (answer.allow ?? '')
      .split(',')
      .map((m) => m.trim())
      .filter(Boolean),
  );
  const same = allow.size === expected.size && [...allow].every((m) => expected.has(m));
  if (!same) {
    return {
      kind: 'wrong-method',
      problem: `Allow: ${answer.allow ?? '(none)'}; the path serves ${[...expected].join(', ')}`,
    };
  }
  return status === 405 ? checkError(doc, reached, answer) : undefined;
}

/** The parsed JSON of a 2xx answer, for learning ids; undefined for other answers. */
export function successJson(answer: Answer): unknown {
  if (answer.status < 200 || answer.status >= 300 || !isJsonType(answer.contentType)) return undefined;
  return parseJson(answer.body)?.value;
}
