/**
 * The rendered file's bytes, written while the edits are made. A catalog render replaces or
 * inserts a localization in thousands of strings: kept as strings until the end, those
 * replacements (megabytes of them) outlive several young-generation collections, each of which
 * copies them again, and the patched text must then be flattened and measured before encoding.
 * For UTF-8 files (nearly all catalogs), the unchanged byte ranges are copied from the original
 * instead and each replacement is encoded as soon as it is made. Other encodings go through the
 * text.
 */

import { isAscii } from 'node:buffer';
import { patchText } from '../json/patch.ts';
import { type DecodedText, type Edit, encodeText } from '../text.ts';

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
  private readonly edits: Edit[] = [];

  constructor(original: Uint8Array, decoded: DecodedText) {
    this.original = original;
    this.decoded = decoded;
  }

  edit(start: number, end: number, replacement: string): void {
    this.edits.push({ start, end, replacement });
  }

  finish(): Uint8Array {
    if (this.edits.length === 0) return this.original;
    const { text, encoding, bom } = this.decoded;
    return encodeText(patchText(text, this.edits), encoding, bom);
  }
}

class Utf8Sink implements PatchSink {
  private readonly original: Buffer;
  private readonly text: string;
  private readonly ascii: boolean;
  private out: Buffer;
  /** Bytes written so far. */
  private length = 0;
  /** How far the original has been consumed: a text index and the byte offset of the same place. */
  private index = 0;
  private byte: number;
  private edits = 0;

  constructor(original: Uint8Array, decoded: DecodedText) {
    this.original = Buffer.from(original.buffer, original.byteOffset, original.byteLength);
    this.text = decoded.text;
    this.ascii = decoded.ascii === true;
    this.byte = decoded.bom ? 3 : 0;
    // Room for the file and as much again of new text (it grows beyond).
    this.out = Buffer.allocUnsafe(original.byteLength * 2 + 1024);
    if (decoded.bom) this.copy(0, 3);
  }

  edit(start: number, end: number, replacement: string): void {
    if (start < this.index) throw new Error(`edit at index ${start} out of file order`);
    const from = this.byte;
    this.skipTo(start);
    this.copy(from, this.byte);
    this.skipTo(end);
    // At most three bytes per UTF-16 code unit.
    this.reserve(replacement.length * 3);
    this.length += this.out.write(replacement, this.length, 'utf8');
    this.edits++;
  }

  finish(): Uint8Array {
    if (this.edits === 0) return this.original;
    this.copy(this.byte, this.original.byteLength);
    return this.out.subarray(0, this.length);
  }

  /** Moves the read position to text index `index`, keeping its byte offset. */
  private skipTo(index: number): void {
    const chars = index - this.index;
    // All-ASCII bytes (checked natively) are one character each; otherwise measure the text.
    const ascii = this.ascii || isAscii(this.original.subarray(this.byte, this.byte + chars));
    this.byte += ascii ? chars : Buffer.byteLength(this.text.slice(this.index, index), 'utf8');
    this.index = index;
  }

  private copy(from: number, to: number): void {
    this.reserve(to - from);
    this.original.copy(this.out, this.length, from, to);
    this.length += to - from;
  }

  private reserve(bytes: number): void {
    if (this.length + bytes <= this.out.byteLength) return;
    const grown = Buffer.allocUnsafe(Math.max(this.out.byteLength * 2, this.length + bytes));
    this.out.copy(grown, 0, 0, this.length);
    this.out = grown;
  }
}
