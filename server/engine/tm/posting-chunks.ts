/**
 * The in-process index's (gram, length bucket) posting lists, laid out for a database: a list is
 * stored in chunks of CHUNK postings by position (posting p of a list is in chunk p / CHUNK). A
 * list of a rare gram is one row however large the memory, which is what a query reads, and
 * appending rewrites only a list's last chunk.
 *
 * A chunk is a run of pieces, one per append, each self-contained so that appending needs nothing
 * of what is stored: the number of ids, then each id as its difference from the one before (the
 * first from 0), zigzag-coded, all as LEB128 varints. Ids an import appends ascend, so most
 * postings take one or two bytes where a plain id takes four: a query reads less than half.
 */
export const CHUNK = 2048;

/**
 * The chunk rows that append `ids` to a list that held `before` postings: the ids split where
 * their positions cross a multiple of CHUNK, each piece as stored.
 */
export function chunkPieces(
  before: number,
  ids: readonly number[],
): { chunk: number; n: number; ids: Buffer }[] {
  const pieces: { chunk: number; n: number; ids: Buffer }[] = [];
  for (let from = 0; from < ids.length; ) {
    const position = before + from;
    const chunk = Math.floor(position / CHUNK);
    const to = Math.min(ids.length, from + (CHUNK - (position % CHUNK)));
    pieces.push({ chunk, n: to - from, ids: encodePiece(ids, from, to) });
    from = to;
  }
  return pieces;
}

/** `ids[from..to)` as one piece (see the layout above). */
export function encodePiece(ids: readonly number[], from: number, to: number): Buffer {
  const out = Buffer.alloc(5 + (to - from) * 5);
  let at = writeVarint(out, 0, to - from);
  let previous = 0;
  for (let i = from; i < to; i++) {
    const d = ids[i]! - previous;
    previous = ids[i]!;
    at = writeVarint(out, at, d >= 0 ? d * 2 : -d * 2 - 1);
  }
  return out.subarray(0, at);
}

function writeVarint(out: Buffer, at: number, value: number): number {
  let v = value;
  while (v >= 0x80) {
    out[at++] = (v % 0x80) | 0x80;
    v = Math.floor(v / 0x80);
  }
  out[at++] = v;
  return at;
}

/**
 * Decodes stored chunks (pieces one after another) into `out` from `at`; returns the new end.
 * `out` must have room for every id (a chunk holds at most CHUNK postings, plus what concurrent
 * appends added to a last chunk).
 */
export function decodeChunk(bytes: Uint8Array, out: Int32Array, at: number): number {
  let n = at;
  let i = 0;
  const end = bytes.length;
  while (i < end) {
    const count = readVarint(bytes, i);
    i = varintEnd;
    let previous = 0;
    for (let k = 0; k < count; k++) {
      // Most deltas fit one or two bytes: read those inline, longer ones through readVarint.
      let z = bytes[i++]!;
      if (z >= 0x80) {
        const b = bytes[i]!;
        if (b < 0x80) {
          z = (z & 0x7f) | (b << 7);
          i++;
        } else {
          // Beyond 31 bits: decoded in doubles (the ids themselves stay below 2³¹).
          z = readVarint(bytes, i - 1);
          i = varintEnd;
          previous += (z & 1) === 0 ? z / 2 : -(z + 1) / 2;
          out[n++] = previous;
          continue;
        }
      }
      // Zig-zag decoded without branching: z is under 2¹⁴ here.
      previous = (previous + ((z >>> 1) ^ -(z & 1))) | 0;
      out[n++] = previous;
    }
  }
  return n;
}

/** Where the last `readVarint` stopped. */
let varintEnd = 0;

/** A LEB128 varint of up to 35 bits at `from` (values reach 2³², beyond 32-bit arithmetic). */
function readVarint(bytes: Uint8Array, from: number): number {
  let value = 0;
  let scale = 1;
  let i = from;
  for (let b = bytes[i++]!; ; b = bytes[i++]!) {
    value += (b & 0x7f) * scale;
    if (b < 0x80) break;
    scale *= 0x80;
  }
  varintEnd = i;
  return value;
}
