/** Shared pieces of the generated benchmark inputs (bench/formats/*.ts). */

/** Nouns the generated UI strings are made of. */
export const WORDS = [
  'account',
  'order',
  'invoice',
  'shipping',
  'profile',
  'search',
  'report',
  'payment',
  'team',
  'project',
];

/**
 * `head`, then `piece(0)`, `piece(1)`, … joined by `separator` until the text reaches about
 * `targetBytes` (UTF-8), then `tail`.
 */
export function fillTo(
  targetBytes: number,
  piece: (n: number) => string,
  parts: { head?: string; tail?: string; separator?: string } = {},
): string {
  const { head = '', tail = '', separator = '' } = parts;
  const pieces: string[] = [];
  let size = Buffer.byteLength(head) + Buffer.byteLength(tail);
  for (let n = 0; size < targetBytes; n++) {
    const s = piece(n);
    pieces.push(s);
    size += Buffer.byteLength(s) + separator.length;
  }
  return head + pieces.join(separator) + tail;
}
