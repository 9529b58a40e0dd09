import { z } from 'zod';

/** A query-string boolean: `true`/`false` (also `1`/`0`), as real clients send them. */
export const queryBoolean = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

/**
 * The largest id: ids are 32-bit `integer` columns. A larger one names nothing, and PostgreSQL
 * refuses to compare it with such a column at all (a 500 the fuzz pass found), so it is a 400.
 */
export const MAX_ID = 2 ** 31 - 1;

/** A positive integer id given in a query string or a path. */
export const queryId = z.coerce.number<string>().int().min(1).max(MAX_ID);

/** A positive integer id in a JSON body. */
export const resourceId = z.int().min(1).max(MAX_ID);

/** An ISO 639-1 code, lowercase two letters (checked against the catalogue by the server). */
export const languageCode = z
  .string()
  .regex(/^[a-zA-Z]{2}$/, 'must be an ISO 639-1 code like "de"')
  .transform((s) => s.toLowerCase());

/** A region: ISO 3166-1 alpha-2 (`AT`), or UN M.49 digits (`419`); null or empty for none. */
export const regionCode = z
  .string()
  .regex(/^([a-zA-Z]{2}|\d{3})?$/, 'must be an ISO 3166-1 region like "AT"')
  .transform((s) => (s === '' ? null : s.toUpperCase()))
  .nullable();
