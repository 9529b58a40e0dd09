/**
 * Character trigrams of a normalised key, padded with two NULs on each side so that short keys
 * have grams and the first and last characters weigh as much as the middle ones. A key of length
 * L has L + 2 gram occurrences; one edit destroys at most 3 of them (an insertion at most 2),
 * which is what the count filter of the index relies on (the q-gram lemma; E. Ukkonen,
 * "Approximate string-matching with q-grams and maximal matches", TCS 92, 1992).
 *
 * A gram is coded as the number c0·2³² + c1·2¹⁶ + c2 (exact in a double) and interned into a
 * dense id by an open-addressing table over typed arrays, which is far leaner than a Map.
 */

const TWO_32 = 4294967296;

/** Writes the gram codes of `key` into `out` (grown when too small); returns the array used. */
export function gramCodes(key: string, out: Float64Array): Float64Array {
  const count = key.length + 2;
  const codes = out.length >= count ? out : new Float64Array(Math.max(count, out.length * 2));
  let a = 0;
  let b = 0;
  for (let i = 0; i < count; i++) {
    const c = i < key.length ? key.charCodeAt(i) : 0;
    codes[i] = a * TWO_32 + b * 65536 + c;
    a = b;
    b = c;
  }
  return codes;
}

/** Interns gram codes into dense ids 0, 1, 2, … */
export class GramTable {
  private keys = new Float64Array(1 << 16).fill(-1);
  private ids = new Int32Array(1 << 16);
  private mask = (1 << 16) - 1;
  /** Number of distinct grams interned. */
  size = 0;

  /** The id of a gram, or -1 when it was never interned. */
  get(code: number): number {
    let i = slotOf(code) & this.mask;
    for (;;) {
      const k = this.keys[i]!;
      if (k === code) return this.ids[i]!;
      if (k === -1) return -1;
      i = (i + 1) & this.mask;
    }
  }

  /** The id of a gram, interning it when new. */
  intern(code: number): number {
    let i = slotOf(code) & this.mask;
    for (;;) {
      const k = this.keys[i]!;
      if (k === code) return this.ids[i]!;
      if (k === -1) break;
      i = (i + 1) & this.mask;
    }
    const id = this.size++;
    this.keys[i] = code;
    this.ids[i] = id;
    if (this.size * 2 > this.mask) this.grow();
    return id;
  }

  private grow(): void {
    const oldKeys = this.keys;
    const oldIds = this.ids;
    this.keys = new Float64Array(oldKeys.length * 2).fill(-1);
    this.ids = new Int32Array(oldKeys.length * 2);
    this.mask = this.keys.length - 1;
    for (let j = 0; j < oldKeys.length; j++) {
      const code = oldKeys[j]!;
      if (code === -1) continue;
      let i = slotOf(code) & this.mask;
      while (this.keys[i] !== -1) i = (i + 1) & this.mask;
      this.keys[i] = code;
      this.ids[i] = oldIds[j]!;
    }
  }
}

function slotOf(code: number): number {
  const lo = code >>> 0;
  const hi = (code / TWO_32) | 0;
  let h = Math.imul(lo ^ Math.imul(hi, 0x9e3779b1), 0x85ebca6b);
  h ^= h >>> 15;
  return Math.imul(h, 0xc2b2ae35) ^ (h >>> 13);
}
