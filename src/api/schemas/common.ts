import { z } from 'zod';
import { ISO_639_1_CODES } from './language-codes.ts';

/** A query-string boolean: `true`/`false` (also `1`/`0`), as real clients send them. */
export const queryBoolean = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

/**
 * The largest id: ids are 32-bit `integer` columns. A larger one names nothing, and PostgreSQL
 * refuses to compare it with such a column at all (a 500 the fuzz pass found), so it is a 400.
 */
export const MAX_ID = 2 ** 31 - 1;

/** A minus sign is read, so `-1` is told its bound ("0 or more") rather than its spelling. */
const DIGITS = /^-?\d+$/;

/** `{type: integer}` with the bounds of a zod int check, for the document. */
export function integerSchema(check: z.ZodInt): Record<string, unknown> {
  const { minValue, maxValue } = check;
  return {
    type: 'integer',
    ...(minValue !== null && Number.isFinite(minValue) ? { minimum: minValue } : {}),
    ...(maxValue !== null && Number.isFinite(maxValue) ? { maximum: maxValue } : {}),
  };
}

/**
 * A whole number as a query string, a path segment or a header carries it: decimal digits only
 * (and a minus sign). `Number()` alone would also take `0x10`, ` 1`,
 * `1e3` and `` (0), none of which a client means as an id. Documented as the `integer` it is, with
 * `check`'s bounds, so generated clients send plain digits.
 */
export function wholeNumber(check: z.ZodInt = z.int()) {
  return z
    .string()
    .refine((s) => DIGITS.test(s), 'must be a whole number written in decimal digits')
    .transform(Number)
    .pipe(check)
    .meta({ jsonSchema: integerSchema(check) });
}

/**
 * A number of seconds since the Unix epoch in a query string, written as a JSON number (`1700000000`,
 * `1.5`, `5e-324`): `Number()` alone would also take `0x10` and ` 1`.
 */
export function epochSecondsParam(max = 8.64e12) {
  return z
    .string()
    .refine(
      (s) => /^\d+(\.\d+)?([eE][-+]?\d+)?$/.test(s),
      'must be a time in epoch seconds, written as a decimal number',
    )
    .transform(Number)
    .pipe(z.number().min(0).max(max, 'must be a time in epoch seconds'))
    .meta({ jsonSchema: { type: 'number', minimum: 0, maximum: max } });
}

/** A positive integer id given in a query string or a path: decimal digits only. */
export const queryId = wholeNumber(z.int().min(1).max(MAX_ID));

/**
 * Ids given repeated (`x=1&x=2`, how OpenAPI's default form style sends an array),
 * comma-separated (`x=1,2`, as the spec shows), or both: at most `max`, each decimal digits in
 * 1…MAX_ID; the same id twice counts once. The document says exactly that (issue 40: a pattern
 * `^\d+(,\d+)*$` let 0 through that the server refused).
 */
export function idListParam(max: number) {
  return z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(',')).filter((s) => s !== ''))
    .pipe(
      z
        .array(
          z
            .string()
            .regex(/^\d{1,10}$/, 'ids must be positive integers written in decimal digits')
            .refine((id) => Number(id) >= 1, 'ids must be 1 or more')
            .refine((id) => Number(id) <= MAX_ID, `ids must be at most ${MAX_ID}`),
        )
        .min(1, 'give at least one id')
        .max(max, `at most ${max} ids`),
    )
    .transform((ids) => [...new Set(ids.map(Number))])
    .meta({
      jsonSchema: {
        type: 'array',
        items: { type: 'integer', minimum: 1, maximum: MAX_ID },
        minItems: 1,
        maxItems: max,
        description: 'ids, repeated (`x=1&x=2`) or comma-separated (`x=1,2`)',
      },
    });
}

/** A positive integer id in a JSON body. */
export const resourceId = z.int().min(1).max(MAX_ID);

/**
 * A positive integer id in a header: a JSON number in the SVC-API header's object, or the digits of
 * a separate header.
 */
export const headerId = z.union([resourceId, queryId]);

const CODES = new Set(ISO_639_1_CODES);

/**
 * An ISO 639-1 code of the catalogue (GET /v2/languages), documented as the list it is; the
 * server also takes it in capitals (`DE`).
 */
export const languageCode = z
  .string()
  .regex(/^[a-zA-Z]{2}$/, 'must be an ISO 639-1 code like "de"')
  .transform((s) => s.toLowerCase())
  .refine((code) => CODES.has(code), {
    error: (issue) => `unknown language code ${JSON.stringify(issue.input)}; see GET /v2/languages`,
  })
  .meta({ jsonSchema: { type: 'string', enum: [...ISO_639_1_CODES] } });

/** A region: ISO 3166-1 alpha-2 (`AT`), or UN M.49 digits (`419`); null or empty for none. */
export const regionCode = z
  .string()
  .regex(/^([a-zA-Z]{2}|\d{3})?$/, 'must be an ISO 3166-1 region like "AT"')
  .transform((s) => (s === '' ? null : s.toUpperCase()))
  .nullable();
