/**
 * Locations of units found in file order, computed incrementally: O(total length) for a whole
 * file, where a per-unit lookup from the line start would be quadratic on one-line (minified) files.
 */

import type { DecodedText, Encoding } from '../file-text.ts';
import type { Location } from '../model.ts';

export class Locator {
  private readonly text: string;
  private readonly encoding: Encoding | 'ascii';
  private readonly base: number;
  private index = 0;
  private line = 1;
  private lineStart = 0;
  private offset: number;

  constructor(decoded: DecodedText) {
    this.text = decoded.text;
    const { encoding, bom } = decoded;
    // One native scan saves a byte count per unit in the common all-ASCII file.
    const ascii = decoded.ascii ?? !/[^\x00-\x7f]/.test(decoded.text);
    this.encoding = encoding === 'utf-8' && ascii ? 'ascii' : encoding;
    this.base = bom ? (encoding === 'utf-8' ? 3 : 2) : 0;
    this.offset = this.base;
  }

  /** Location of the text between two string indexes; fastest when called with increasing `start`. */
  location(start: number, end: number): Location {
    if (start < this.index) {
      this.index = 0;
      this.line = 1;
      this.lineStart = 0;
      this.offset = this.base;
    }
    const text = this.text;
    let nl = text.indexOf('\n', this.index);
    while (nl !== -1 && nl < start) {
      this.line++;
      this.lineStart = nl + 1;
      nl = text.indexOf('\n', nl + 1);
    }
    this.offset += this.bytes(this.index, start);
    this.index = start;
    return {
      line: this.line,
      column: start - this.lineStart + 1,
      offset: this.offset,
      length: this.bytes(start, end),
    };
  }

  /** Bytes taken by the text between two indexes in the file's encoding. */
  private bytes(from: number, to: number): number {
    switch (this.encoding) {
      case 'ascii':
      case 'latin1':
        return to - from;
      case 'utf-16le':
      case 'utf-16be':
        return (to - from) * 2;
      case 'utf-8':
        return utf8Length(this.text, from, to);
    }
  }
}

/** UTF-8 length of a range of a string, as TextEncoder writes it (a lone surrogate becomes U+FFFD). */
function utf8Length(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < to) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n += 4;
        i++;
      } else n += 3;
    } else n += 3;
  }
  return n;
}
