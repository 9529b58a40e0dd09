/**
 * xcodeCompare compares ASCII keys in place; this checks it against the plain definition
 * (lower-cased copies, digit runs by value, code points on ties) on generated keys.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { xcodeCompare } from '../../src/formats/xcstrings/xcode-json.ts';

/** The order of Foundation's `[.numeric, .caseInsensitive, .forcedOrdering]`, written plainly. */
function reference(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  const digit = (c: number) => c >= 48 && c <= 57;
  let i = 0;
  let j = 0;
  while (i < x.length && j < y.length) {
    const c = x.charCodeAt(i);
    const d = y.charCodeAt(j);
    if (digit(c) && digit(d)) {
      let ei = i;
      let ej = j;
      while (ei < x.length && digit(x.charCodeAt(ei))) ei++;
      while (ej < y.length && digit(y.charCodeAt(ej))) ej++;
      const n = BigInt(x.slice(i, ei)) - BigInt(y.slice(j, ej));
      if (n !== 0n) return n < 0n ? -1 : 1;
      i = ei;
      j = ej;
      continue;
    }
    if (c !== d) return c - d;
    i++;
    j++;
  }
  if (x.length - i !== y.length - j) return x.length - i - (y.length - j);
  return a < b ? -1 : a > b ? 1 : 0;
}

const key = fc.oneof(
  fc.string({ unit: fc.constantFrom('a', 'B', 'z', 'Z', '0', '1', '9', '00', '-', '_', '.'), maxLength: 8 }),
  fc.string({ unit: fc.constantFrom('a', 'A', '1', '0', 'é', 'É', 'İ', 'ß', 'Ω', 'ﬀ', '𝐀'), maxLength: 6 }),
  fc.constantFrom('zh-Hans', 'zh-HK', 'en', 'en-GB', 'a2', 'a10', 'a010', 'stringUnit', 'state', 'value'),
  fc.string({ maxLength: 6 }),
);

describe('xcodeCompare', () => {
  it('orders every pair of generated keys as the plain definition does', () => {
    fc.assert(
      fc.property(key, key, (a, b) => {
        expect(xcodeCompare(a, b)).toBe(reference(a, b));
      }),
      { numRuns: 5000 },
    );
  });

  it('compares long digit runs by value, past the range of doubles', () => {
    expect(xcodeCompare('v99999999999999999999', 'v100000000000000000000')).toBeLessThan(0);
    expect(xcodeCompare('v0001', 'v1')).toBe(reference('v0001', 'v1'));
    expect(xcodeCompare('x12345678901234567891', 'x12345678901234567890')).toBeGreaterThan(0);
  });
});
