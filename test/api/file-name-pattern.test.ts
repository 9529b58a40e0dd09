import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FILE_NAME_PATTERN, fileNameProblem } from '../../src/api/schemas/paths.ts';

// The OpenAPI document states the file-name rules as a pattern; the server applies fileNameProblem.
// A pattern that accepts what the server refuses sends generated clients into 400s.
const pattern = new RegExp(FILE_NAME_PATTERN, 'u');

describe('FILE_NAME_PATTERN', () => {
  it('accepts repository paths and refuses each kind of name the server refuses', () => {
    for (const ok of ['locales/en/app.json', 'größe.json', 'a b/c.d', '.github/x.yml', '...', 'a/..b'])
      expect([ok, pattern.test(ok)]).toEqual([ok, true]);
    for (const bad of [
      '',
      '  ',
      '/etc/passwd',
      'C:x',
      'a//b',
      'a/',
      './a',
      'a/../b',
      'a/..',
      'a\\b',
      'a\u0000',
      'a\nb',
    ])
      expect([bad, pattern.test(bad)]).toEqual([bad, false]);
  });

  it('agrees with fileNameProblem on any string', () => {
    const parts = fc.constantFrom('a', '.', '..', '/', '\\', ' ', '\u2028', '\t', 'C:', 'é', '\u0000');
    const names = fc.oneof(
      fc.string({ unit: 'binary' }),
      fc.array(parts, { maxLength: 8 }).map((p) => p.join('')),
    );
    fc.assert(
      fc.property(names, (name) => {
        expect(pattern.test(name)).toBe(fileNameProblem(name) === undefined);
      }),
      { numRuns: 2000 },
    );
  });
});
