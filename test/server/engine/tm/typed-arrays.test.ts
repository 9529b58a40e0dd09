/** `grown`: the engine's typed arrays grow by copying into a larger one of the same type. */
import { describe, expect, it } from 'vitest';
import { grown } from '../../../../server/engine/tm/typed-arrays.ts';

describe('grown', () => {
  it('keeps the type and every element, and the new room is zero', () => {
    const ids = Int32Array.from([-5, 7, 2 ** 31 - 1]);
    const more = grown(ids, 5);
    expect(more).toBeInstanceOf(Int32Array);
    expect([...more]).toEqual([-5, 7, 2 ** 31 - 1, 0, 0]);
    expect(more).not.toBe(ids);
    const codes = grown(Float64Array.from([2 ** 48 - 1, 0.5]), 3);
    expect(codes).toBeInstanceOf(Float64Array);
    expect([...codes]).toEqual([2 ** 48 - 1, 0.5, 0]);
    expect([...grown(Uint8Array.from([255]), 2)]).toEqual([255, 0]);
  });
});
