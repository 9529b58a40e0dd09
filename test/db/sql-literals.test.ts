/**
 * Values written into SQL text (src/db/sql-literals.ts): only safe integers get through, and a
 * string's quotes and backslashes are escaped (its round trip through PostgreSQL is in
 * copy-out.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { sqlInteger, sqlIntegers, sqlText } from '../../src/db/sql-literals.ts';

describe('SQL integer literals', () => {
  it('takes only integers', () => {
    expect(sqlInteger(-42)).toBe('-42');
    expect(sqlIntegers([1, 2 ** 47], 'int8')).toBe('ARRAY[1,140737488355328]::int8[]');
    expect(sqlIntegers([], 'int4')).toBe('ARRAY[]::int4[]');
    for (const bad of [1.5, Number.NaN, 2 ** 53, Number('1; DROP TABLE x')]) {
      expect(() => sqlInteger(bad)).toThrow(/not an integer for SQL/);
    }
    expect(() => sqlIntegers([1, 2.5], 'int4')).toThrow(/not an integer for SQL: 2.5/);
  });
});

describe('SQL text literals', () => {
  it('escapes quotes and backslashes, and refuses NUL', () => {
    expect(sqlText('plain')).toBe("E'plain'");
    expect(sqlText("it's \\ here")).toBe("E'it''s \\\\ here'");
    expect(sqlText("'; DROP TABLE x; --")).toBe("E'''; DROP TABLE x; --'");
    expect(() => sqlText('a\0b')).toThrow(/not a text for SQL: "a\\u0000b"/);
    expect(() => sqlText(5 as unknown as string)).toThrow(/not a text for SQL: 5/);
  });
});
