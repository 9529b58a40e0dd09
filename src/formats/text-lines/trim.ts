/**
 * Line trimming without allocating: how many characters String#trim would take off each end.
 * Plain-text parse and render trim every line of large files, and trimStart/trimEnd would make
 * two strings per line just to measure them.
 */

/** The characters String#trim removes: ECMAScript WhiteSpace and LineTerminator. */
export function isTrimmed(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  if (c < 0xa0) return false;
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/** Length of the whitespace String#trimStart removes from `line`. */
export function leadingSpace(line: string): number {
  let i = 0;
  while (i < line.length && isTrimmed(line.charCodeAt(i))) i++;
  return i;
}

/** Index where the whitespace String#trimEnd removes from `line` begins (not before `from`). */
export function trailingSpaceStart(line: string, from: number): number {
  let end = line.length;
  while (end > from && isTrimmed(line.charCodeAt(end - 1))) end--;
  return end;
}
