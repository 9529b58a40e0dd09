/**
 * Levenshtein distance with an early exit, by Myers' bit-parallel algorithm in its blocked form
 * (G. Myers, "A fast bit-vector algorithm for approximate string matching based on dynamic
 * programming", J. ACM 46(3), 1999; block advance as explained by H. Hyyrö, 2001).
 *
 * The query is the pattern: its match masks are built once per query and reused for every
 * candidate, which is where a TM lookup spends its time.
 */

/** A prepared pattern (the query key). Holds scratch space, so use it from one caller at a time. */
export interface Pattern {
  readonly text: string;
  readonly length: number;
  readonly blocks: number;
  /** Match masks for code units below 128: `ascii[code * blocks + block]`. */
  readonly ascii: Int32Array;
  readonly other: Map<number, Int32Array>;
  readonly pv: Int32Array;
  readonly mv: Int32Array;
  /** Distance at the bottom row of each block, for the current column. */
  readonly bottom: Int32Array;
  /** Masks of a code unit absent from the pattern. */
  readonly none: Int32Array;
}

/** Builds the match masks of `text` for {@link boundedDistance}. */
export function preparePattern(text: string): Pattern {
  const length = text.length;
  const blocks = Math.max(1, Math.ceil(length / 32));
  const ascii = new Int32Array(128 * blocks);
  const other = new Map<number, Int32Array>();
  for (let i = 0; i < length; i++) {
    const code = text.charCodeAt(i);
    const block = i >>> 5;
    const bit = 1 << (i & 31);
    if (code < 128) {
      ascii[code * blocks + block]! |= bit;
    } else {
      let masks = other.get(code);
      if (masks === undefined) {
        masks = new Int32Array(blocks);
        other.set(code, masks);
      }
      masks[block]! |= bit;
    }
  }
  const scratch = () => new Int32Array(blocks);
  return {
    text,
    length,
    blocks,
    ascii,
    other,
    pv: scratch(),
    mv: scratch(),
    bottom: scratch(),
    none: scratch(),
  };
}

/**
 * Levenshtein distance between the pattern and `text` if it is at most `limit`; otherwise some
 * value above `limit` (the computation stops as soon as every cell of a column exceeds it).
 */
export function boundedDistance(pattern: Pattern, text: string, limit: number): number {
  const m = pattern.length;
  const n = text.length;
  if (Math.abs(m - n) > limit) return limit + 1;
  if (m === 0) return n;
  if (n === 0) return m;
  const { blocks, ascii, other, pv, mv, bottom, none } = pattern;
  const last = blocks - 1;
  const lastBit = (m - 1) & 31;
  const lastRows = m - last * 32;
  for (let b = 0; b < blocks; b++) {
    pv[b] = -1;
    mv[b] = 0;
    bottom[b] = b === last ? m : (b + 1) * 32;
  }
  for (let j = 0; j < n; j++) {
    const code = text.charCodeAt(j);
    let masks: Int32Array;
    let base = 0;
    if (code < 128) {
      masks = ascii;
      base = code * blocks;
    } else {
      masks = other.get(code) ?? none;
    }
    // Horizontal deltas entering each block from above, as two bits (+1, −1). The top row is
    // D[0][j] = j, so +1 enters the first block.
    let hp = 1;
    let hm = 0;
    for (let b = 0; b < blocks; b++) {
      const p = pv[b]!;
      const q = mv[b]!;
      const eq = masks[base + b]! | hm;
      const xv = eq | q;
      const xh = (((eq & p) + p) ^ p) | eq;
      let ph = q | ~(xh | p);
      let mh = p & xh;
      const high = b === last ? lastBit : 31;
      const outP = (ph >>> high) & 1;
      const outM = (mh >>> high) & 1;
      ph = (ph << 1) | hp;
      mh = (mh << 1) | hm;
      pv[b] = mh | ~(xv | ph);
      mv[b] = ph & xv;
      bottom[b] = bottom[b]! + outP - outM;
      hp = outP;
      hm = outM;
    }
    // Every path to the last cell crosses this column and never decreases, and neighbouring rows
    // differ by at most one: once no cell of the column can be within the limit, stop. Checked
    // every 8 columns, which is plenty and keeps the loop tight.
    if ((j & 7) === 7) {
      let columnMin = j + 1;
      for (let b = 0; b < last; b++) columnMin = Math.min(columnMin, bottom[b]! - 31);
      columnMin = Math.min(columnMin, bottom[last]! - lastRows + 1);
      if (columnMin > limit) return limit + 1;
    }
  }
  return bottom[last]!;
}
