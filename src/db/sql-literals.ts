/**
 * Values written into SQL text, for statements that take no parameters (a binary COPY) or whose
 * values are better planned as constants (a list of ids to test with `= ANY(…)`). Only safe
 * integers pass: anything else is a TypeError, so nothing but digits reaches the statement.
 */

/** An integer as an SQL literal; anything else is a TypeError. */
export function sqlInteger(value: number): string {
  if (!Number.isSafeInteger(value)) throw new TypeError(`[db] not an integer for SQL: ${String(value)}`);
  return String(value);
}

/** Integers as an SQL array literal of `type` (e.g. `int8`). */
export function sqlIntegers(values: readonly number[], type: 'int4' | 'int8'): string {
  return `ARRAY[${values.map(sqlInteger).join(',')}]::${type}[]`;
}

/**
 * A string as an SQL literal in escape syntax (`E'…'`, the same whatever
 * `standard_conforming_strings` says): quotes and backslashes doubled. PostgreSQL's text cannot
 * hold NUL: a string with one is a TypeError.
 */
export function sqlText(value: string): string {
  if (typeof value !== 'string' || value.includes('\0')) {
    throw new TypeError(`[db] not a text for SQL: ${JSON.stringify(value)}`);
  }
  return `E'${value.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
}
