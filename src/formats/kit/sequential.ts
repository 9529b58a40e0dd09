/**
 * Helpers for formats whose units and edits come in file order (PO, .strings, CSV,
 * Markdown): locations found in one forward pass, and edits applied without sorting. On files
 * with one unit per line these per-unit costs dominate parse and render.
 */

import type { DecodedText, Edit } from '../file-text.ts';
import { applyEdits } from '../file-text.ts';
import type { Location } from '../model.ts';

export class LineLocator {
  private readonly text: string;
  private readonly bytes: (s: string) => number;
  private line = 1;
  private lineStart = 0;
  private lineStartByte: number;

  constructor(decoded: DecodedText) {
    this.text = decoded.text;
    const { encoding, bom } = decoded;
    this.bytes =
      encoding === 'utf-8'
        ? (s) => Buffer.byteLength(s, 'utf8')
        : encoding === 'latin1'
          ? (s) => s.length
          : (s) => s.length * 2;
    this.lineStartByte = bom ? (encoding === 'utf-8' ? 3 : 2) : 0;
  }

  /** Location of `[start, end)`; `start` must not be before the previous call's start. */
  location(start: number, end: number): Location {
    const text = this.text;
    for (
      let lf = text.indexOf('\n', this.lineStart);
      lf >= 0 && lf < start;
      lf = text.indexOf('\n', this.lineStart)
    ) {
      this.lineStartByte += this.bytes(text.slice(this.lineStart, lf + 1));
      this.lineStart = lf + 1;
      this.line++;
    }
    return {
      line: this.line,
      column: start - this.lineStart + 1,
      offset: this.lineStartByte + this.bytes(text.slice(this.lineStart, start)),
      length: this.bytes(text.slice(start, end)),
    };
  }
}

/** Applies edits that are already in file order in one pass (falls back to applyEdits otherwise). */
export function applyOrderedEdits(text: string, edits: readonly Edit[]): string {
  const parts: string[] = [];
  let at = 0;
  for (const edit of edits) {
    if (edit.start < at) return applyEdits(text, edits);
    parts.push(text.slice(at, edit.start), edit.replacement);
    at = edit.end;
  }
  parts.push(text.slice(at));
  return parts.join('');
}
