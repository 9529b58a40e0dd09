import fc from 'fast-check';
import type { JsonSchema, Operation } from './document.ts';
import { type IdPools, poolFor } from './pools.ts';
import { compiled, validate } from './validate.ts';
import { anyString, FUTURE_TIMES, HINTS } from './values.ts';

/** What a value is for: its property or parameter name and where it goes. */
export interface Field {
  name?: string;
  where: 'path' | 'query' | 'header' | 'body';
}

export interface GenContext {
  op: Operation;
  resolve: (schema: JsonSchema) => JsonSchema;
  pools: IdPools;
}

/** `valid`: values the schema accepts; `boundary`: at and just past each bound. */
export type ValueMode = 'valid' | 'boundary';

const INT32 = 2 ** 31 - 1;

/** Requests that remove the resource they name (a rotated key is revoked). */
const destructive = (op: { method: string; path: string }) =>
  op.method === 'delete' || op.path.endsWith('/rotate');

/** The pattern our document puts on every request string: no U+0000. */
export const NO_NUL = '^[^\\u0000]*$';

/**
 * `anyOf: [{required: [a]}, {required: [b]}]` beside `properties`: "at least one of a and b".
 * Their required names, or undefined for any other use of anyOf.
 */
export function requiredAlternatives(s: JsonSchema): string[][] | undefined {
  const alternatives = s.anyOf as JsonSchema[] | undefined;
  if (!Array.isArray(alternatives) || typeof s.properties !== 'object') return undefined;
  const only = alternatives.every((a) => Object.keys(a).length === 1 && Array.isArray(a.required));
  return only ? alternatives.map((a) => a.required as string[]) : undefined;
}

export function typesOf(s: JsonSchema): string[] {
  if (Array.isArray(s.type)) return s.type as string[];
  return typeof s.type === 'string' ? [s.type] : [];
}

/** Values for a schema: valid ones, or (in boundary mode) often values at or just past a bound. */
export function valueArb(
  schema: JsonSchema,
  field: Field,
  ctx: GenContext,
  mode: ValueMode,
): fc.Arbitrary<unknown> {
  const s = ctx.resolve(schema);
  const needed = requiredAlternatives(s);
  if (needed) {
    const { anyOf: _one, ...object } = s;
    const required = (s.required ?? []) as string[];
    return fc.oneof(
      ...needed.map((names) => valueArb({ ...object, required: [...required, ...names] }, field, ctx, mode)),
    );
  }
  const alternatives = (s.anyOf ?? s.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(alternatives)) return fc.oneof(...alternatives.map((a) => valueArb(a, field, ctx, mode)));
  if (Array.isArray(s.allOf) && s.allOf.length > 0)
    return valueArb(s.allOf[0] as JsonSchema, field, ctx, mode);
  const types = typesOf(s);
  if (types.length > 1) return fc.oneof(...types.map((type) => valueArb({ ...s, type }, field, ctx, mode)));
  const base = baseArb(s, types[0], field, ctx);
  const withKnown = known(s, field, ctx, base);
  if (mode === 'valid') return withKnown;
  const edges = boundaryArb(s, types[0], field, ctx);
  return edges ? fc.oneof(withKnown, edges) : withKnown;
}

/** Mixes in existing ids of the caller's resources and plausible values named by the field. */
function known(
  s: JsonSchema,
  field: Field,
  ctx: GenContext,
  base: fc.Arbitrary<unknown>,
): fc.Arbitrary<unknown> {
  const type = typesOf(s)[0];
  const pool = field.name ? poolFor(ctx.op, field.name, field.where) : undefined;
  if (pool && (type === 'integer' || type === 'string')) {
    const fromPool = fc.tuple(fc.nat(), base).map(([n, fallback]) => {
      const id = ctx.pools.pick(pool, n, destructive(ctx.op));
      const value = type === 'string' && typeof id === 'number' ? String(id) : id;
      return value !== undefined && validate(s, value, ctx.resolve).length === 0 ? value : fallback;
    });
    // Mostly existing ids, so valid requests get past "not found" to the code behind it.
    return fc.oneof({ weight: 9, arbitrary: fromPool }, { weight: 1, arbitrary: base });
  }
  const hints = field.name
    ? (HINTS[field.name] ?? []).filter((h) => validate(s, h, ctx.resolve).length === 0)
    : [];
  return hints.length > 0
    ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...hints) }, { weight: 1, arbitrary: base })
    : base;
}

function baseArb(
  s: JsonSchema,
  type: string | undefined,
  field: Field,
  ctx: GenContext,
): fc.Arbitrary<unknown> {
  if (Array.isArray(s.enum) && s.enum.length > 0) return fc.constantFrom(...s.enum);
  if ('const' in s) return fc.constant(s.const);
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer(intRange(s));
    case 'number': {
      const { min, max } = intRange(s);
      return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    }
    case 'string':
      return stringArb(s, field);
    case 'array': {
      const minLength = typeof s.minItems === 'number' ? s.minItems : 0;
      const maxLength = Math.min(typeof s.maxItems === 'number' ? s.maxItems : 4, minLength + 4);
      if (Array.isArray(s.prefixItems)) {
        return fc.tuple(
          ...(s.prefixItems as JsonSchema[]).map((item) => valueArb(item, field, ctx, 'valid')),
        );
      }
      const items = valueArb((s.items as JsonSchema | undefined) ?? {}, field, ctx, 'valid');
      const some = fc.array(items, { minLength, maxLength });
      // A query list as long as its maxItems (1,000 fileId values): Node's parser kept only the
      // first 1,000 parameters, so what came after the list was lost (issue 40).
      if (field.where !== 'query' || typeof s.maxItems !== 'number' || s.maxItems < 100) return some;
      const full = fc.array(items, { minLength: s.maxItems, maxLength: s.maxItems });
      return fc.oneof({ weight: 3, arbitrary: some }, { weight: 1, arbitrary: full });
    }
    case 'object':
      return objectArb(s, field, ctx, 'valid');
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** An object with its required properties, some optional ones and, when it is open, a stray one. */
export function objectArb(
  s: JsonSchema,
  field: Field,
  ctx: GenContext,
  mode: ValueMode,
): fc.Arbitrary<unknown> {
  const properties = (s.properties ?? {}) as Record<string, JsonSchema>;
  const required = ((s.required ?? []) as string[]).filter((name) => name in properties);
  const record = fc.record(
    Object.fromEntries(
      Object.entries(properties).map(([name, prop]) => [
        name,
        valueArb(prop, { name, where: field.where }, ctx, mode),
      ]),
    ),
    { requiredKeys: required },
  );
  const extra = s.additionalProperties;
  const names = s.propertyNames
    ? valueArb({ type: 'string', ...(s.propertyNames as JsonSchema) }, field, ctx, 'valid')
    : fc.string();
  if (extra && typeof extra === 'object') {
    const keys = names;
    const values = valueArb(extra as JsonSchema, field, ctx, mode);
    return fc
      .tuple(record, fc.dictionary(keys as fc.Arbitrary<string>, values, { maxKeys: 3 }))
      .map(([a, b]) => ({ ...b, ...a }));
  }
  if (extra === false) return record;
  // Open objects ignore fields they do not know; send one now and then to see that they do.
  return fc
    .tuple(
      record,
      fc.option(
        fc.tuple(
          fc.oneof(fc.constantFrom('unknownField', 'x-extra', '$meta'), names as fc.Arbitrary<string>),
          fc.jsonValue(),
        ),
      ),
    )
    .map(([value, stray]) => (stray ? { ...value, [stray[0]]: stray[1] } : value));
}

function stringArb(s: JsonSchema, field?: Field): fc.Arbitrary<string> {
  const minLength = typeof s.minLength === 'number' ? s.minLength : 0;
  const maxLength = typeof s.maxLength === 'number' ? s.maxLength : undefined;
  const fits = (v: string) => {
    const n = [...v].length;
    return n >= minLength && (maxLength === undefined || n <= maxLength);
  };
  if (s.format === 'date-time')
    return field?.name && FUTURE_TIMES.has(field.name) ? futureTime() : dateTime();
  const pattern = typeof s.pattern === 'string' ? compiled(s.pattern) : undefined;
  if (pattern && s.pattern !== NO_NUL) {
    try {
      return fc.stringMatching(pattern).filter(fits);
    } catch {
      // fast-check cannot build strings for lookaheads (the file-name pattern): strings of every
      // kind are drawn and those the pattern accepts kept.
    }
  }
  const allowed = (v: string) => fits(v) && (pattern === undefined || pattern.test(v));
  const max = Math.min(maxLength ?? minLength + 40, minLength + 40);
  return fc.oneof(
    { weight: 4, arbitrary: fc.string({ minLength, maxLength: max }).filter(allowed) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength, maxLength: max }).filter(allowed) },
    { weight: 1, arbitrary: anyString(max).filter(allowed) },
  );
}

/** RFC 3339 date-times from a day ahead to 2100. */
function futureTime(): fc.Arbitrary<string> {
  const min = new Date(Date.now() + 86_400_000);
  return fc
    .date({ min, max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true })
    .map((d) => d.toISOString());
}

/** RFC 3339 date-times between 1970 and 2100, in UTC or with an offset. */
export function dateTime(): fc.Arbitrary<string> {
  const date = fc.date({ min: new Date(0), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true });
  return fc.oneof(
    date.map((d) => d.toISOString()),
    date.map((d) => `${d.toISOString().slice(0, 19)}+02:00`),
  );
}

export function intRange(s: JsonSchema): { min: number; max: number } {
  let min = typeof s.minimum === 'number' ? s.minimum : -INT32 - 1;
  let max = typeof s.maximum === 'number' ? s.maximum : INT32;
  if (typeof s.exclusiveMinimum === 'number') min = s.exclusiveMinimum + 1;
  if (typeof s.exclusiveMaximum === 'number') max = s.exclusiveMaximum - 1;
  // fc.integer takes 32-bit bounds; the exact extremes are the boundary mode's business.
  return { min: Math.max(min, -INT32 - 1), max: Math.min(max, INT32) };
}

/** Values at each bound and one step past it; undefined when the schema has no bound to probe. */
function boundaryArb(
  s: JsonSchema,
  type: string | undefined,
  field: Field,
  ctx: GenContext,
): fc.Arbitrary<unknown> | undefined {
  const edges: unknown[] = [];
  const around = (lo: unknown, hi: unknown, step: number) => {
    if (typeof lo === 'number') edges.push(lo, lo - step);
    if (typeof hi === 'number') edges.push(hi, hi + step);
  };
  if (Array.isArray(s.enum)) {
    for (const e of s.enum)
      if (typeof e === 'string') edges.push(e.toUpperCase(), e.toLowerCase(), ` ${e}`, `${e}\u0000`);
  } else if (type === 'integer' || type === 'number') {
    around(s.minimum ?? s.exclusiveMinimum, s.maximum ?? s.exclusiveMaximum, type === 'integer' ? 1 : 1e-9);
    edges.push(0, -1);
  } else if (type === 'string' && s.format === 'date-time') {
    edges.push(
      '2024-02-29T00:00:00Z',
      '2023-02-29T00:00:00Z',
      '1970-01-01T00:00:00Z',
      '9999-12-31T23:59:59.999Z',
    );
    edges.push('2030-01-01T00:00:00+14:00', '2030-01-01T24:00:00Z', '2030-01-01 10:00:00Z', '2030-01-01');
  } else if (type === 'string') {
    const lengths = new Set<number>([0, 1]);
    if (typeof s.minLength === 'number') lengths.add(s.minLength).add(s.minLength - 1);
    if (typeof s.maxLength === 'number') lengths.add(s.maxLength).add(s.maxLength + 1);
    for (const n of lengths) if (n >= 0) edges.push('x'.repeat(n), '€'.repeat(n));
    if (typeof s.pattern === 'string') {
      return fc.oneof(
        fc.constantFrom(...edges),
        stringArb(s).chain((v) =>
          fc.constantFrom(v.slice(1), `${v}${v.slice(-1)}`, v.toUpperCase(), ` ${v}`),
        ),
      );
    }
  } else if (type === 'array') {
    const item = valueArb((s.items as JsonSchema | undefined) ?? {}, field, ctx, 'valid');
    const counts = [s.minItems, typeof s.minItems === 'number' ? s.minItems - 1 : undefined, s.maxItems];
    if (typeof s.maxItems === 'number') counts.push(s.maxItems + 1);
    const sizes = counts.filter((n): n is number => typeof n === 'number' && n >= 0 && n <= 1001);
    if (sizes.length === 0) return undefined;
    return fc.constantFrom(...sizes).chain((n) => fc.array(item, { minLength: n, maxLength: n }));
  } else if (type === 'object') {
    return objectArb(s, field, ctx, 'boundary');
  }
  return edges.length > 0 ? fc.constantFrom(...edges) : undefined;
}
