import fc from 'fast-check';
import { type Field, type GenContext, requiredAlternatives, typesOf, valueArb } from './arbitraries.ts';
import type { JsonSchema } from './document.ts';
import { validate } from './validate.ts';
import { anyString, HUGE, hugeString, NASTY_STRINGS } from './values.ts';

/** A value the schema refuses, with a note saying what was broken (`name: huge string`). */
export interface Broken {
  value: unknown;
  note: string;
}

const OTHER_TYPES: Readonly<Record<string, fc.Arbitrary<unknown>>> = {
  string: fc.oneof(fc.constant(''), anyString(20)),
  integer: fc.oneof(fc.integer(), fc.constantFrom(-1, 0, 2 ** 53, -(2 ** 63), 1e308)),
  number: fc.constantFrom(1.5, -0.000001, 1e308, -1e308),
  boolean: fc.boolean(),
  null: fc.constant(null),
  array: fc.constantFrom([], [1, 'a'], [null], [[[]]]),
  // Parsed, so __proto__ is an own property as it is in a request body.
  object: fc.constantFrom({}, { a: 1 }, JSON.parse('{"__proto__": {"polluted": true}}')),
};

/**
 * Values that break a schema in one place: a wrong type, a string too long (or about 1 MB),
 * unicode the pattern refuses, a number past its bounds (negative ids), a fraction for an
 * integer, a value outside an enum, a missing required property, an unknown property, too many
 * or too few items. Only values the schema really refuses are produced.
 */
export function invalidArb(
  schema: JsonSchema,
  field: Field,
  ctx: GenContext,
  depth = 0,
): fc.Arbitrary<Broken> {
  const s = ctx.resolve(schema);
  const where = field.name ?? field.where;
  const needed = requiredAlternatives(s);
  // "At least one of" alternatives are the object's own rule, broken by leaving all of them out.
  const alternatives = needed ? undefined : ((s.anyOf ?? s.oneOf) as JsonSchema[] | undefined);
  const types = Array.isArray(alternatives)
    ? [...new Set(alternatives.flatMap((a) => typesOf(ctx.resolve(a))))]
    : typesOf(s);
  const choices: fc.Arbitrary<Broken>[] = [];
  const wrong = Object.entries(OTHER_TYPES)
    .filter(([type]) => !types.includes(type) && !(type === 'integer' && types.includes('number')))
    .map(([type, arb]) =>
      arb.map((value) => ({ value, note: `${where}: ${type} instead of ${types.join('|') || 'any'}` })),
    );
  if (types.length > 0 && wrong.length > 0) choices.push(fc.oneof(...wrong));

  if (types.includes('string') && !Array.isArray(s.enum)) {
    if (typeof s.maxLength === 'number') {
      const max = s.maxLength;
      choices.push(
        fc
          .integer({ min: 1, max: 1000 })
          .map((extra) => ({ value: 'x'.repeat(max + extra), note: `${where}: longer than ${max}` })),
      );
      if (max < HUGE) choices.push(hugeString().map((value) => ({ value, note: `${where}: huge string` })));
    }
    if (typeof s.minLength === 'number' && s.minLength > 0)
      choices.push(fc.constant({ value: '', note: `${where}: empty` }));
    if (typeof s.pattern === 'string' || s.format) {
      choices.push(
        fc
          .constantFrom(...NASTY_STRINGS)
          .map((value) => ({ value, note: `${where}: ${JSON.stringify(value.slice(0, 20))}` })),
      );
    }
  }
  if (Array.isArray(s.enum)) {
    choices.push(
      anyString(12).map((value) => ({ value, note: `${where}: ${JSON.stringify(value)} outside the enum` })),
    );
  }
  if (types.includes('integer') || types.includes('number')) {
    const lo = typeof s.minimum === 'number' ? s.minimum : undefined;
    const hi = typeof s.maximum === 'number' ? s.maximum : undefined;
    if (lo !== undefined)
      choices.push(
        fc
          .integer({ min: 1, max: 2 ** 31 - 1 })
          .map((d) => ({ value: lo - d, note: `${where}: below ${lo}` })),
      );
    if (hi !== undefined)
      choices.push(
        fc.constantFrom(1, 2 ** 31, 2 ** 53).map((d) => ({ value: hi + d, note: `${where}: above ${hi}` })),
      );
    if (types.includes('integer'))
      choices.push(fc.constantFrom(0.5, 1.25, -3.75).map((value) => ({ value, note: `${where}: fraction` })));
  }
  if (!alternatives && types.includes('array') && depth < 4) {
    const items = (s.items as JsonSchema | undefined) ?? {};
    const valid = valueArb(s, field, ctx, 'valid') as fc.Arbitrary<unknown[]>;
    choices.push(
      fc
        .tuple(valid, invalidArb(items, field, ctx, depth + 1))
        .map(([list, bad]) => ({ value: [...list, bad.value], note: `${bad.note} (in an array)` })),
    );
    if (typeof s.minItems === 'number' && s.minItems > 0)
      choices.push(fc.constant({ value: [], note: `${where}: no items` }));
    if (typeof s.maxItems === 'number') {
      const max = s.maxItems;
      choices.push(
        valid.map((list) => ({
          value: Array.from({ length: max + 1 }, (_, i) => list[i % Math.max(list.length, 1)] ?? 1),
          note: `${where}: ${max + 1} items`,
        })),
      );
    }
  }
  if (Array.isArray(alternatives)) {
    // Broken in one alternative's own way, kept when no other alternative accepts it either.
    for (const alt of alternatives)
      if (typesOf(ctx.resolve(alt)).some((t) => t !== 'null'))
        choices.push(invalidArb(alt, field, ctx, depth + 1));
  } else if (types.includes('object') && depth < 4) choices.push(...objectMutations(s, field, ctx, depth));
  if (needed) {
    const names = new Set(needed.flat());
    choices.push(
      (valueArb(s, field, ctx, 'valid') as fc.Arbitrary<Record<string, unknown>>).map((value) => ({
        value: Object.fromEntries(Object.entries(value).filter(([name]) => !names.has(name))),
        note: `${where}: none of ${[...names].join(', ')}`,
      })),
    );
  }
  if (choices.length === 0) {
    // An unconstrained schema ({}) refuses nothing: send what most code gets wrong anyway.
    return fc.constantFrom(...NASTY_STRINGS).map((value) => ({ value, note: `${where}: nasty string` }));
  }
  return fc.oneof(...choices).filter((b) => validate(s, b.value, ctx.resolve).length > 0);
}

function objectMutations(
  s: JsonSchema,
  field: Field,
  ctx: GenContext,
  depth: number,
): fc.Arbitrary<Broken>[] {
  const properties = (s.properties ?? {}) as Record<string, JsonSchema>;
  const required = ((s.required ?? []) as string[]).filter((name) => name in properties);
  const valid = valueArb(s, field, ctx, 'valid') as fc.Arbitrary<Record<string, unknown>>;
  const out: fc.Arbitrary<Broken>[] = [];
  if (required.length > 0) {
    out.push(
      fc.tuple(valid, fc.constantFrom(...required)).map(([value, name]) => {
        const { [name]: _dropped, ...rest } = value;
        return { value: rest, note: `${name}: missing` };
      }),
    );
  }
  if (s.additionalProperties === false) {
    out.push(
      fc
        .tuple(valid, fc.constantFrom('unknown', 'ID', 'name ', '__proto__x'))
        .map(([value, name]) => ({ value: { ...value, [name]: 1 }, note: `${name}: unknown property` })),
    );
  }
  const names = Object.keys(properties);
  if (names.length > 0) {
    out.push(
      fc.tuple(valid, fc.constantFrom(...names)).chain(([value, name]) =>
        invalidArb(properties[name]!, { name, where: field.where }, ctx, depth + 1).map((bad) => ({
          value: { ...value, [name]: bad.value },
          note: bad.note,
        })),
      ),
    );
  }
  return out;
}
