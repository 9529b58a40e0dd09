import fc from 'fast-check';
import { distance } from 'fastest-levenshtein';
import { describe, expect, it } from 'vitest';
import { boundedDistance, preparePattern } from '../../../../server/engine/tm/distance.ts';

// Short alphabets make near-equal strings likely; lengths past 64 exercise several 32-row blocks.
const text = fc.string({ unit: fc.constantFrom('a', 'b', 'c', ' ', 'é', '€', '\u0005'), maxLength: 140 });

describe('boundedDistance', () => {
  it('equals the Levenshtein distance when no limit applies', () => {
    fc.assert(
      fc.property(text, text, (a, b) => {
        expect(boundedDistance(preparePattern(a), b, Number.POSITIVE_INFINITY)).toBe(distance(a, b));
      }),
      { numRuns: 500 },
    );
  });

  it('is exact within the limit and above the limit otherwise', () => {
    fc.assert(
      fc.property(text, text, fc.nat(60), (a, b, limit) => {
        const d = distance(a, b);
        const bounded = boundedDistance(preparePattern(a), b, limit);
        if (d <= limit) expect(bounded).toBe(d);
        else expect(bounded).toBeGreaterThan(limit);
      }),
      { numRuns: 500 },
    );
  });

  it('reuses one prepared pattern for many texts', () => {
    const p = preparePattern('kitten');
    expect(boundedDistance(p, 'sitting', 10)).toBe(3);
    expect(boundedDistance(p, 'kitten', 10)).toBe(0);
    expect(boundedDistance(p, '', 10)).toBe(6);
  });

  it('handles an empty pattern and long texts across block boundaries', () => {
    expect(boundedDistance(preparePattern(''), 'abc', 5)).toBe(3);
    const long = 'x'.repeat(100);
    expect(boundedDistance(preparePattern(long), long.slice(0, 50) + 'y' + long.slice(51), 3)).toBe(1);
  });
});
