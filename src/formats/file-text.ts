/**
 * A string file's text: its bytes decoded (UTF-8 or UTF-16 by their BOM, Latin-1 when allowed) and
 * encoded back, line/column positions in it, and edits applied to it. (The text format is text-lines/.)
 */
import { isAscii } from 'node:buffer';
import { FormatError } from './errors.ts';
import type { FormatWarning, Location } from './model.ts';
import { DEFAULT_MAX_BYTES } from './model.ts';

export type Encoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'latin1';

export interface DecodedText {
  /** The text without its byte-order mark. */
  text: string;
  encoding: Encoding;
  /** Whether the file started with a byte-order mark (kept when encoding back). */
  bom: boolean;
  /**
   * True when the text is known to be all ASCII (then string indexes and UTF-8 byte offsets
   * coincide); decodeText sets it for UTF-8 from a native check of the bytes.
   */
  ascii?: boolean;
}

export interface DecodeOptions {
  fileName?: string | undefined;
  maxBytes?: number | undefined;
  /** Encoding to assume when there is no BOM and the bytes are not valid UTF-8 (e.g. `latin1` for .properties). */
  fallback?: Encoding;
}

/** Refuses inputs over the size limit before any parsing work. */
export function checkSize(
  bytes: Uint8Array,
  options: { fileName?: string | undefined; maxBytes?: number | undefined },
) {
  const max = options.maxBytes ?? DEFAULT_MAX_BYTES;
  if (bytes.byteLength > max) {
    throw new FormatError(`file is ${bytes.byteLength} bytes, over the limit of ${max}`, {
      file: options.fileName,
    });
  }
}

/**
 * Decodes a file's bytes losslessly: UTF-8 (with or without BOM), UTF-16 with BOM, or the fallback.
 * Invalid UTF-8 without a fallback is a FormatError naming the first bad byte.
 */
export function decodeText(bytes: Uint8Array, options: DecodeOptions = {}): DecodedText {
  checkSize(bytes, options);
  if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    return {
      text: new TextDecoder('utf-16le', { ignoreBOM: true }).decode(bytes.subarray(2)),
      encoding: 'utf-16le',
      bom: true,
    };
  }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    return {
      text: new TextDecoder('utf-16be', { ignoreBOM: true }).decode(bytes.subarray(2)),
      encoding: 'utf-16be',
      bom: true,
    };
  }
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const body = bom ? bytes.subarray(3) : bytes;
  try {
    const ascii = isAscii(body);
    return { text: decodeUtf8(body, ascii), encoding: 'utf-8', bom, ascii };
  } catch (cause) {
    if (!bom && options.fallback === 'latin1') {
      return { text: Buffer.from(body).toString('latin1'), encoding: 'latin1', bom: false };
    }
    const at = firstInvalidUtf8(body);
    const { line, column } = lineColumnOfBytes(body, at);
    throw new FormatError(
      `invalid UTF-8 at byte ${at + (bom ? 3 : 0)}`,
      { file: options.fileName, line, column },
      { cause },
    );
  }
}

/**
 * Size of the pieces a large non-ASCII UTF-8 file is decoded in. Node decodes a buffer over about
 * a megabyte into an external string, two-byte as soon as one character is not ASCII; V8 reads
 * characters of external strings through runtime calls, and writes two-byte strings back to UTF-8
 * several times slower than Latin-1 ones. Pieces this small are decoded into sequential heap
 * strings, one-byte when their characters allow it, and joining them keeps that representation.
 */
const PIECE = 1 << 18;

/** Decodes UTF-8 (throwing on invalid bytes) into a sequential heap string. */
function decodeUtf8(body: Uint8Array, ascii: boolean): string {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  if (body.length <= PIECE) return decoder.decode(body);
  if (ascii) {
    // One-byte already: joining two halves copies the external string into the heap.
    const text = decoder.decode(body);
    const half = text.length >> 1;
    return [text.slice(0, half), text.slice(half)].join('');
  }
  const pieces: string[] = [];
  for (let start = 0; start < body.length; ) {
    let end = Math.min(start + PIECE, body.length);
    // End a piece before the character the cut falls into (continuation bytes are 10xxxxxx);
    // bytes that are not UTF-8 fail to decode wherever the cut falls.
    for (let lead = end; lead > end - 4 && lead > start; lead--) {
      if ((body[lead]! & 0xc0) !== 0x80) {
        end = lead;
        break;
      }
    }
    pieces.push(decoder.decode(body.subarray(start, end)));
    start = end;
  }
  return pieces.join('');
}

/** Encodes text back into the encoding (and BOM) it was decoded from. */
export function encodeText(text: string, encoding: Encoding, bom: boolean): Uint8Array {
  switch (encoding) {
    case 'utf-8': {
      const body = Buffer.from(text, 'utf8');
      return bom ? Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), body]) : body;
    }
    case 'utf-16le': {
      const body = Buffer.from(text, 'utf16le');
      return bom ? Buffer.concat([Buffer.from([0xff, 0xfe]), body]) : body;
    }
    case 'utf-16be': {
      const body = Buffer.from(text, 'utf16le').swap16();
      return bom ? Buffer.concat([Buffer.from([0xfe, 0xff]), body]) : body;
    }
    case 'latin1':
      return Buffer.from(text, 'latin1');
  }
}

function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    const need =
      b < 0x80 ? 0 : b >= 0xc2 && b < 0xe0 ? 1 : b >= 0xe0 && b < 0xf0 ? 2 : b >= 0xf0 && b < 0xf5 ? 3 : -1;
    if (need < 0) return i;
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) return i;
    }
    i += need + 1;
  }
  return i;
}

function lineColumnOfBytes(bytes: Uint8Array, at: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < at; i++) {
    if (bytes[i] === 0x0a) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: at - lineStart + 1 };
}

/**
 * Maps string indexes of a decoded text to line, column and byte offsets in the original file.
 * Built once in O(n); each lookup is a binary search plus the length of one line.
 */
export class TextPositions {
  private readonly lineStarts: number[] = [0];
  /** Byte offset of each line start; only kept when characters take varying numbers of bytes. */
  private readonly lineStartBytes: number[] | undefined;
  private readonly text: string;
  /** Bytes per UTF-16 unit, or 0 for UTF-8 text that is not all ASCII. */
  private readonly width: number;
  private readonly base: number;

  constructor(decoded: DecodedText) {
    const text = decoded.text;
    this.text = text;
    const { encoding, bom } = decoded;
    this.width = encoding === 'utf-8' ? (decoded.ascii ? 1 : 0) : encoding === 'latin1' ? 1 : 2;
    this.base = bom ? (encoding === 'utf-8' ? 3 : 2) : 0;
    for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', nl + 1)) this.lineStarts.push(nl + 1);
    if (this.width === 0) {
      const starts = this.lineStarts;
      const bytes: number[] = new Array(starts.length);
      let offset = this.base;
      for (let l = 0; l < starts.length; l++) {
        bytes[l] = offset;
        offset += Buffer.byteLength(text.slice(starts[l], starts[l + 1] ?? text.length), 'utf8');
      }
      this.lineStartBytes = bytes;
    }
  }

  /** Bytes the text between two string indexes takes in the file. */
  private bytes(from: number, to: number): number {
    return this.width > 0 ? (to - from) * this.width : Buffer.byteLength(this.text.slice(from, to), 'utf8');
  }

  /** Line (1-based), column (1-based, UTF-16 units) and byte offset of a string index. */
  at(index: number): { line: number; column: number; offset: number } {
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid]! <= index) lo = mid;
      else hi = mid - 1;
    }
    const start = this.lineStarts[lo]!;
    const offset = this.lineStartBytes
      ? this.lineStartBytes[lo]! + this.bytes(start, index)
      : this.base + index * this.width;
    return { line: lo + 1, column: index - start + 1, offset };
  }

  /** Location of the text between two string indexes. */
  location(start: number, end: number): Location {
    const { line, column, offset } = this.at(start);
    return { line, column, offset, length: this.bytes(start, end) };
  }

  /** A FormatError pointing at a string index. */
  error(message: string, index: number, file?: string): FormatError {
    const { line, column } = this.at(index);
    return new FormatError(message, { file, line, column });
  }

  /** A warning pointing at a string index. */
  warning(message: string, index: number): FormatWarning {
    const { line, column } = this.at(index);
    return { line, column, message };
  }
}

export interface Edit {
  /** String index where the replaced text starts. */
  start: number;
  /** String index just after the replaced text. */
  end: number;
  replacement: string;
}

/** Applies non-overlapping edits to a text; everything outside them is kept as it was. */
export function applyEdits(text: string, edits: readonly Edit[]): string {
  if (edits.length === 0) return text;
  // An insertion at the start of a removal goes first: it is not inside what is removed.
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  const parts: string[] = [];
  let at = 0;
  for (const edit of sorted) {
    if (edit.start < at) throw new Error(`overlapping edits at index ${edit.start}`);
    parts.push(text.slice(at, edit.start), edit.replacement);
    at = edit.end;
  }
  parts.push(text.slice(at));
  return parts.join('');
}
