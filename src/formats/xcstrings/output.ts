/**
 * The rendered file's bytes, written while the edits are made. A catalog render replaces or
 * inserts a localization in thousands of strings: kept as strings until the end, those
 * replacements (megabytes of them) outlive several young-generation collections, each of which
 * copies them again, and the patched text must then be flattened and measured before encoding.
 * For UTF-8 files (nearly all catalogs), the output is encoded piece by piece instead, each
 * replacement as soon as it is made. Other encodings go through the patched text.
 */

import type { DecodedText } from '../file-text.ts';
import { TextPatch } from '../kit/text-patch.ts';

/** Takes edits in file order (non-overlapping) and gives the patched file. */
export interface PatchSink {
  edit(start: number, end: number, replacement: string): void;
  /** The patched bytes, or `original` itself when nothing changed. */
  finish(): Uint8Array;
}

/** A sink for a file read from `original` into `decoded`. */
export function patchSink(original: Uint8Array, decoded: DecodedText): PatchSink {
  return decoded.encoding === 'utf-8' ? new Utf8Sink(original, decoded) : new TextSink(original, decoded);
}

class TextSink implements PatchSink {
  private readonly original: Uint8Array;
  private readonly decoded: DecodedText;
  private readonly patch = new TextPatch();

  constructor(original: Uint8Array, decoded: DecodedText) {
    this.original = original;
    this.decoded = decoded;
  }

  edit(start: number, end: number, replacement: string): void {
    this.patch.replace(start, end, replacement);
  }

  finish(): Uint8Array {
    return this.patch.encode(this.original, this.decoded);
  }
}

class Utf8Sink implements PatchSink {
  private readonly original: Uint8Array;
  private readonly text: string;
  private out: Buffer;
  /** Bytes written so far. */
  private length = 0;
  /** The text index up to which the file has been written. */
  private index = 0;
  private edits = 0;

  constructor(original: Uint8Array, decoded: DecodedText) {
    this.original = original;
    this.text = decoded.text;
    // Room for the file and as much again of new text (it grows beyond).
    this.out = Buffer.allocUnsafe(original.byteLength * 2 + 1024);
    if (decoded.bom) this.length = this.out.write('\ufeff', 0, 'utf8');
  }

  edit(start: number, end: number, replacement: string): void {
    if (start < this.index) throw new Error(`edit at index ${start} out of file order`);
    // The unchanged text is encoded from the decoded text rather than copied from the original
    // bytes: that needs no byte offsets, and encoding (natively) costs about what copying does.
    this.write(this.text.slice(this.index, start));
    this.write(replacement);
    this.index = end;
    this.edits++;
  }

  finish(): Uint8Array {
    if (this.edits === 0) return this.original;
    this.write(this.text.slice(this.index));
    // A copy of the exact size, so that the caller does not hold on to the spare room.
    return Buffer.from(this.out.subarray(0, this.length));
  }

  private write(text: string): void {
    // At most three bytes per UTF-16 code unit; measured only when that might not fit.
    if (this.length + text.length * 3 > this.out.byteLength) {
      const room = Buffer.byteLength(text, 'utf8');
      if (this.length + room <= this.out.byteLength) {
        this.length += this.out.write(text, this.length, 'utf8');
        return;
      }
      const grown = Buffer.allocUnsafe(Math.max(this.out.byteLength * 2, this.length + room));
      this.out.copy(grown, 0, 0, this.length);
      this.out = grown;
    }
    this.length += this.out.write(text, this.length, 'utf8');
  }
}
