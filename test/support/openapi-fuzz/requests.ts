import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { type GenContext, valueArb } from './arbitraries.ts';
import type { Operation, Parameter } from './document.ts';
import { invalidArb } from './invalid.ts';
import { rawBodyArb } from './raw-bodies.ts';
import { HUGE, RAW_URL_TOKENS } from './values.ts';

/** valid: what the document accepts; boundary: at and just past bounds; invalid: one thing broken. */
export type Mode = 'valid' | 'boundary' | 'invalid';

/** One HTTP request, ready to send but for its credentials. */
export interface FuzzRequest {
  method: string;
  /** Path and query string, already percent-encoded. */
  target: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
  /** What was varied on purpose (`body.name: huge string`), for reports. */
  note: string;
}

/** A URL component already encoded (raw tokens stay as they are: `%ZZ` is the point). */
interface Encoded {
  raw: string;
}

type ParamValue = unknown | Encoded;

/** Long string values are cut to this (a URL over 48 KiB is a documented 414, not a finding). */
const MAX_URL_VALUE = 6000;

/**
 * Room for one repeated query parameter: 1,000 ids of ten digits under their name (26 KB) fit,
 * as they must (the server's head limit is 64 KiB; issue 40 found 16 KiB refused them).
 */
const MAX_URL_LIST = 30_000;

/**
 * 1,000 query parameters no operation knows, sent before the real ones: Node's parser kept the
 * first 1,000 and dropped the rest unseen, so a valid request lost its required parameters and
 * an invalid value skipped validation (issue 40).
 */
export const QUERY_PADDING = Array.from({ length: 1000 }, (_, i) => `pad${i}=1`);

const isEncoded = (v: unknown): v is Encoded => typeof v === 'object' && v !== null && 'raw' in v;

function encode(value: unknown): string[] {
  if (isEncoded(value)) return [value.raw];
  if (Array.isArray(value)) return value.flatMap((v) => encode(v));
  const text =
    typeof value === 'string'
      ? value
      : value === null
        ? ''
        : typeof value === 'object'
          ? JSON.stringify(value)
          : String(value);
  // Lone surrogates have no UTF-8 form; the raw tokens send invalid UTF-8 on purpose instead.
  let encoded = encodeURIComponent(text.toWellFormed());
  if (encoded.length > MAX_URL_VALUE) encoded = encoded.slice(0, MAX_URL_VALUE).replace(/%[0-9A-F]?$/, '');
  return [encoded];
}

/** `name=value` pairs of one query parameter; an array repeats it, within the URL's room. */
function queryPairs(name: string, value: unknown): string[] {
  const pairs: string[] = [];
  let length = 0;
  for (const v of encode(value)) {
    const pair = `${encodeURIComponent(name)}=${v}`;
    if (pairs.length > 0 && length + pair.length > MAX_URL_LIST) break;
    pairs.push(pair);
    length += pair.length + 1;
  }
  return pairs;
}

function buildTarget(
  op: Operation,
  values: Map<Parameter, ParamValue>,
  extraQuery: string[],
  padded = false,
): string {
  let path = op.path;
  const query: string[] = padded ? [...QUERY_PADDING] : [];
  for (const [param, value] of values) {
    if (param.in === 'header') continue;
    if (param.in === 'path') path = path.replace(`{${param.name}}`, encode(value).join(','));
    else if (param.exploded && typeof value === 'object' && value !== null && !isEncoded(value)) {
      for (const [name, v] of Object.entries(value)) query.push(...queryPairs(name, v));
    } else query.push(...queryPairs(param.name, value));
  }
  query.push(...extraQuery);
  return query.length > 0 ? `${path}?${query.join('&')}` : path;
}

/**
 * A header's value: JSON text for a JSON parameter (non-ASCII escaped, as header values are
 * bytes), the plain text otherwise, with characters a header cannot carry replaced by `?`; cut
 * where a long string in a URL is, well below the server's 64 KiB limit on a request's head.
 */
function headerText(param: Parameter, value: unknown): string {
  return headerChars(param, value).slice(0, MAX_URL_VALUE);
}

function headerChars(param: Parameter, value: unknown): string {
  if (isEncoded(value)) return value.raw;
  if (param.json || (typeof value === 'object' && value !== null)) {
    return JSON.stringify(value).replace(
      /[^\x20-\x7e]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
  }
  return String(value).replace(/[^\t\x20-\x7e]/g, '?');
}

function headersOf(values: Map<Parameter, ParamValue>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [param, value] of values)
    if (param.in === 'header') headers[param.name.toLowerCase()] = headerText(param, value);
  return headers;
}

/**
 * What a document cannot say about a request is made true here, in valid mode only: a
 * `file_hash` is the MD5 of the body it comes with.
 */
function derived(target: string, body: FuzzRequest['body']): string {
  if (!/[?&]file_hash=/.test(target) || body === undefined) return target;
  const md5 = createHash('md5').update(body).digest('hex');
  return target.replace(/([?&]file_hash=)[^&]*/, `$1${md5}`);
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}

/** Values for every path parameter, the required query parameters and some optional ones. */
function paramsArb(
  op: Operation,
  ctx: GenContext,
  mode: 'valid' | 'boundary',
): fc.Arbitrary<Map<Parameter, ParamValue>> {
  const entries = op.parameters.map((p) => {
    const value = valueArb(p.schema, { name: p.name, where: p.in }, ctx, mode);
    return p.required ? value : fc.option(value, { nil: undefined, freq: 2 });
  });
  return fc.tuple(...entries).map((values) => {
    const map = new Map<Parameter, ParamValue>();
    op.parameters.forEach((p, i) => {
      if (values[i] !== undefined) map.set(p, values[i]);
    });
    return map;
  });
}

function jsonBody(value: unknown): Pick<FuzzRequest, 'headers' | 'body'> {
  return { headers: { 'content-type': 'application/json' }, body: JSON.stringify(value) };
}

const MALFORMED_JSON = [
  '{',
  '{"a":',
  '[1,]',
  "{'a': 1}",
  'NaN',
  '{"a":1}}',
  '\u0000',
  '',
  '{"a":"\\ud800"',
  '\ufeff{}',
];
const WRONG_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/json; charset=utf-16',
  'application/json; charset=koi8-r',
];

/** A JSON body broken in one way: by schema, by syntax, by content type, by size or by depth. */
function brokenJsonArb(
  op: Operation,
  ctx: GenContext,
): fc.Arbitrary<Pick<FuzzRequest, 'headers' | 'body' | 'note'>> {
  const schema = op.body!.schema;
  const valid = valueArb(schema, { where: 'body' }, ctx, 'valid');
  return fc.oneof(
    {
      weight: 6,
      arbitrary: invalidArb(schema, { where: 'body' }, ctx).map((b) => ({
        ...jsonBody(b.value),
        note: `body ${b.note}`,
      })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...MALFORMED_JSON).map((text) => ({
        headers: { 'content-type': 'application/json' },
        body: text,
        note: `malformed JSON ${JSON.stringify(text)}`,
      })),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(valid, fc.constantFrom(...WRONG_TYPES, undefined)).map(([value, type]) => ({
        // A Uint8Array body, so fetch adds no Content-Type of its own when there is none.
        headers: (type ? { 'content-type': type } : {}) as Record<string, string>,
        body: new TextEncoder().encode(JSON.stringify(value)),
        note: `JSON sent as ${type ?? 'no content type'}`,
      })),
    },
    {
      weight: 1,
      arbitrary: valid.map((value) => ({
        ...jsonBody(
          typeof value === 'object' && value !== null
            ? { ...value, padding: 'x'.repeat(HUGE + 16) }
            : 'x'.repeat(HUGE + 16),
        ),
        note: 'body over 1 MB',
      })),
    },
    {
      weight: 1,
      arbitrary: fc.integer({ min: 1000, max: 20000 }).map((depth) => ({
        headers: { 'content-type': 'application/json' },
        body: `{"name":${'['.repeat(depth)}${']'.repeat(depth)}}`,
        note: `arrays nested ${depth} deep`,
      })),
    },
  );
}

/** A broken value for one parameter: refused by its schema, a raw URL token, or missing when required. */
function brokenParamArb(
  p: Parameter,
  ctx: GenContext,
): fc.Arbitrary<{ value: ParamValue | undefined; note: string }> {
  const choices: fc.Arbitrary<{ value: ParamValue | undefined; note: string }>[] = [
    invalidArb(p.schema, { name: p.name, where: p.in }, ctx).map((b) => ({
      value: b.value,
      note: `${p.in} ${b.note}`,
    })),
    p.in === 'header'
      ? fc
          .constantFrom('{', '[]', 'null', '"x"', '')
          .map((raw) => ({ value: { raw }, note: `header ${p.name}: raw ${JSON.stringify(raw)}` }))
      : fc
          .constantFrom(...RAW_URL_TOKENS)
          .map((raw) => ({ value: { raw }, note: `${p.in} ${p.name}: raw ${raw}` })),
  ];
  if (p.required && p.in !== 'path')
    choices.push(fc.constant({ value: undefined, note: `${p.in} ${p.name}: missing` }));
  if (p.in === 'path')
    choices.push(fc.constant({ value: { raw: '' }, note: `path ${p.name}: empty segment` }));
  return fc.oneof(...choices);
}

/** Requests for one operation in one mode. */
export function requestArb(op: Operation, mode: Mode, ctx: GenContext): fc.Arbitrary<FuzzRequest> {
  const params = paramsArb(op, ctx, mode === 'boundary' ? 'boundary' : 'valid');
  const raw = op.body && !op.body.contentType.includes('json');
  const goodBody: fc.Arbitrary<Pick<FuzzRequest, 'headers' | 'body' | 'note'>> = !op.body
    ? fc.constant({ headers: {}, note: '' })
    : raw
      ? rawBodyArb(op.body.contentType, op.path, ctx, true, op.body.schema)
      : valueArb(op.body.schema, { where: 'body' }, ctx, mode === 'boundary' ? 'boundary' : 'valid').map(
          (v) => ({ ...jsonBody(v), note: '' }),
        );
  const assemble = (
    values: Map<Parameter, ParamValue>,
    body: Pick<FuzzRequest, 'headers' | 'body' | 'note'>,
    extraQuery: string[] = [],
    padded = false,
  ): FuzzRequest => ({
    method: op.method.toUpperCase(),
    target: buildTarget(op, values, extraQuery, padded),
    headers: { ...headersOf(values), ...body.headers },
    ...(body.body !== undefined ? { body: body.body } : {}),
    note: padded ? [body.note, '1,000 unknown query parameters first'].filter(Boolean).join('; ') : body.note,
  });
  // One request in eight comes after 1,000 query parameters it does not know.
  const padding = fc.integer({ min: 0, max: 7 }).map((n) => n === 0);
  if (mode !== 'invalid') {
    return fc.tuple(params, goodBody, padding).map(([values, body, padded]) => {
      const request = assemble(values, body, [], padded);
      return mode === 'valid' ? { ...request, target: derived(request.target, request.body) } : request;
    });
  }

  const targets: fc.Arbitrary<FuzzRequest>[] = [];
  if (op.body) {
    const badBody = raw ? rawBodyArb(op.body.contentType, op.path, ctx, false) : brokenJsonArb(op, ctx);
    targets.push(fc.tuple(params, badBody).map(([values, body]) => assemble(values, body)));
  }
  for (const p of op.parameters) {
    targets.push(
      fc.tuple(params, goodBody, brokenParamArb(p, ctx), padding).map(([values, body, bad, padded]) => {
        const changed = new Map(values);
        if (bad.value === undefined) changed.delete(p);
        else changed.set(p, bad.value);
        const request = assemble(changed, body, [], padded);
        return { ...request, note: padded ? `${bad.note}; ${request.note}` : bad.note };
      }),
    );
  }
  // A literal sub-path next to this parameter path (`/v2/create/preferences` beside
  // `/v2/create/{contentId}`), asked with this operation's method or OPTIONS: the literal path
  // answers for itself, 405 or 204 with its own Allow (issue 40). Judged in pass.ts.
  for (const [name, literals] of Object.entries(op.literals ?? {})) {
    targets.push(
      fc
        .tuple(
          params,
          goodBody,
          fc.constantFrom(...literals),
          fc.constantFrom(op.method.toUpperCase(), 'OPTIONS'),
        )
        .map(([values, body, literal, method]) => {
          const request = assemble(values, body);
          const [path, query] = splitOnce(request.target, '?');
          const at = op.path.split('/').indexOf(`{${name}}`);
          const segments = path.split('/');
          segments[at] = literal;
          const target = segments.join('/') + (query === undefined ? '' : `?${query}`);
          return { ...request, method, target, note: `literal sub-path ${literal} in place of {${name}}` };
        }),
    );
  }
  // Every operation takes junk it does not know in its query string.
  targets.push(
    fc
      .tuple(
        params,
        goodBody,
        fc.constantFrom('x=%ZZ', '%=%', 'a[b]=1&a[c]=2', '__proto__[x]=1', '=&&=', 'id=1&id=2&id=3'),
      )
      .map(([values, body, junk]) => ({ ...assemble(values, body, [junk]), note: `query junk ${junk}` })),
  );
  return fc.oneof(...targets);
}
