/** Integers written into SQL text (src/db/sql-literals.ts): only safe integers get through. */
import { describe, expect, it } from 'vitest';
import { sqlInteger, sqlIntegers } from '../../src/db/sql-literals.ts';

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
