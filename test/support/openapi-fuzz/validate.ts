import type { JsonSchema } from './document.ts';

/**
 * Validates a JSON value against the JSON Schema subset our OpenAPI document uses (type, enum,
 * const, properties, required, min/maxProperties, additionalProperties, propertyNames, items, prefixItems,
 * min/maxItems, min/maxLength, minimum/maximum and their exclusive forms, pattern, format
 * date-time, anyOf/oneOf/allOf, $ref). Returns the problems, each naming where it is
 * (`$.items[0].due: …`); an empty list means the value is valid.
 */
export function validate(
  schema: JsonSchema,
  value: unknown,
  resolve: (schema: JsonSchema) => JsonSchema,
  at = '$',
): string[] {
  const s = resolve(schema);
  const problems: string[] = [];
  const fail = (message: string) => problems.push(`${at}: ${message}`);

  if (s.type !== undefined) {
    const types = Array.isArray(s.type) ? (s.type as string[]) : [s.type as string];
    if (!types.some((t) => hasType(value, t))) {
      fail(`expected ${types.join(' or ')}, got ${describe(value)}`);
      return problems;
    }
  }
  if (Array.isArray(s.enum) && !s.enum.some((e) => deepEqual(e, value))) {
    fail(`expected one of ${JSON.stringify(s.enum)}, got ${describe(value)}`);
  }
  if ('const' in s && !deepEqual(s.const, value)) fail(`expected ${JSON.stringify(s.const)}`);

  if (typeof value === 'string') checkString(s, value, fail);
  if (typeof value === 'number') checkNumber(s, value, fail);
  if (Array.isArray(value)) {
    if (typeof s.minItems === 'number' && value.length < s.minItems) fail(`fewer than ${s.minItems} items`);
    if (typeof s.maxItems === 'number' && value.length > s.maxItems) fail(`more than ${s.maxItems} items`);
    const prefix = Array.isArray(s.prefixItems) ? (s.prefixItems as JsonSchema[]) : [];
    value.forEach((item, i) => {
      const itemSchema = prefix[i] ?? (s.items as JsonSchema | undefined);
      if (itemSchema) problems.push(...validate(itemSchema, item, resolve, `${at}[${i}]`));
    });
  }
  if (isObject(value)) {
    const count = Object.keys(value).length;
    if (typeof s.minProperties === 'number' && count < s.minProperties)
      fail(`fewer than ${s.minProperties} properties`);
    if (typeof s.maxProperties === 'number' && count > s.maxProperties)
      fail(`more than ${s.maxProperties} properties`);
    const properties = (s.properties ?? {}) as Record<string, JsonSchema>;
    for (const name of (s.required ?? []) as string[]) {
      if (!(name in value)) fail(`missing required property ${name}`);
    }
    for (const [name, item] of Object.entries(value)) {
      const where = `${at}.${name}`;
      const own = properties[name];
      if (own) problems.push(...validate(own, item, resolve, where));
      else if (s.additionalProperties === false) fail(`unknown property ${name}`);
      else if (isObject(s.additionalProperties))
        problems.push(...validate(s.additionalProperties, item, resolve, where));
      if (isObject(s.propertyNames)) {
        problems.push(...validate(s.propertyNames, name, resolve, `${where} (name)`));
      }
    }
  }

  if (Array.isArray(s.allOf)) {
    for (const part of s.allOf as JsonSchema[]) problems.push(...validate(part, value, resolve, at));
  }
  const alternatives = (s.anyOf ?? s.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(alternatives)) {
    const results = alternatives.map((alt) => validate(alt, value, resolve, at));
    const passing = results.filter((r) => r.length === 0).length;
    if (passing === 0) {
      // The closest alternative's problems say most about what is wrong.
      const closest = results.reduce((a, b) => (b.length < a.length ? b : a));
      fail(`matches none of ${alternatives.length} alternatives (${closest.join('; ')})`);
    } else if (s.oneOf && passing > 1) fail(`matches ${passing} alternatives of a oneOf`);
  }
  return problems;
}

function checkString(s: JsonSchema, value: string, fail: (m: string) => void): void {
  // JSON Schema counts code points, not UTF-16 units.
  const length = [...value].length;
  if (typeof s.minLength === 'number' && length < s.minLength) fail(`shorter than ${s.minLength}`);
  if (typeof s.maxLength === 'number' && length > s.maxLength) fail(`longer than ${s.maxLength}`);
  if (typeof s.pattern === 'string' && !compiled(s.pattern).test(value)) {
    fail(`${JSON.stringify(value.slice(0, 60))} does not match ${s.pattern}`);
  }
  if (s.format === 'date-time' && !isDateTime(value))
    fail(`${JSON.stringify(value)} is not an RFC 3339 date-time`);
}

function checkNumber(s: JsonSchema, value: number, fail: (m: string) => void): void {
  if (typeof s.minimum === 'number' && value < s.minimum) fail(`${value} is below ${s.minimum}`);
  if (typeof s.maximum === 'number' && value > s.maximum) fail(`${value} is above ${s.maximum}`);
  if (typeof s.exclusiveMinimum === 'number' && value <= s.exclusiveMinimum)
    fail(`${value} is not above ${s.exclusiveMinimum}`);
  if (typeof s.exclusiveMaximum === 'number' && value >= s.exclusiveMaximum)
    fail(`${value} is not below ${s.exclusiveMaximum}`);
}

const patterns = new Map<string, RegExp>();

/** JSON Schema patterns are ECMA-262 expressions, read in Unicode mode where they allow it. */
export function compiled(pattern: string): RegExp {
  let regex = patterns.get(pattern);
  if (!regex) {
    try {
      regex = new RegExp(pattern, 'u');
    } catch {
      regex = new RegExp(pattern);
    }
    patterns.set(pattern, regex);
  }
  return regex;
}

/** RFC 3339 §5.6 date-time with a real calendar date (Date.parse alone accepts far more). */
export function isDateTime(value: string): boolean {
  const m = /^(\d{4})-(\d\d)-(\d\d)[Tt](\d\d):(\d\d):(\d\d)(\.\d+)?([Zz]|[+-]\d\d:\d\d)$/.exec(value);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as number[];
  const date = new Date(Date.UTC(year!, month! - 1, day!));
  return (
    date.getUTCMonth() === month! - 1 &&
    date.getUTCDate() === day! &&
    hour! < 24 &&
    minute! < 60 &&
    second! < 61
  );
}

function hasType(value: unknown, type: string): boolean {
  switch (type) {
    case 'null':
      return value === null;
    case 'boolean':
      return typeof value === 'boolean';
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isObject(value);
    default:
      return false;
  }
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'string') return `string ${JSON.stringify(value.slice(0, 40))}`;
  if (typeof value === 'number') return `${Number.isInteger(value) ? 'integer' : 'number'} ${value}`;
  return typeof value;
}

function deepEqual(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
