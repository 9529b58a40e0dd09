/**
 * Applying edits to a large text. Same contract as text.ts's applyEdits, tuned for the common
 * case of tens of thousands of edits that already come in file order: no copy or sort then, and
 * the output is built as one string concatenation (V8 ropes) flattened once when encoded.
 */
import { type DecodedText, type Edit, encodeText } from '../file-text.ts';

/**
 * What a render changes in a text (JSON, CSV, .strings, .properties…): values replaced in file order, kept as
 * parallel lists (a large file has a replacement per unit, and an object per replacement is a
 * measurable share of render time), plus the few other edits in any order.
 */
export class TextPatch {
  private starts: Int32Array;
  private ends: Int32Array;
  private readonly texts: string[] = [];
  private count = 0;
  /** Edits outside the file-order list (plural members, insertions, removals, headers). */
  readonly edits: Edit[] = [];

  /** A patch with room for `capacity` replacements (it grows beyond). */
  constructor(capacity = 16) {
    this.starts = new Int32Array(Math.max(capacity, 16));
    this.ends = new Int32Array(this.starts.length);
  }

  /** Whether nothing changes. */
  get empty(): boolean {
    return this.count === 0 && this.edits.length === 0;
  }

  /** Replaces the text between two string indexes; calls must come in file order. */
  replace(start: number, end: number, replacement: string): void {
    const n = this.count;
    if (n > 0 && start < this.ends[n - 1]!)
      throw new Error(`replacement at index ${start} out of file order`);
    if (n === this.starts.length) {
      const starts = new Int32Array(n * 2);
      starts.set(this.starts);
      this.starts = starts;
      const ends = new Int32Array(n * 2);
      ends.set(this.ends);
      this.ends = ends;
    }
    this.starts[n] = start;
    this.ends[n] = end;
    this.texts.push(replacement);
    this.count = n + 1;
  }

  /** The file's bytes with all edits applied, in the encoding and BOM it was read with; `original` itself when nothing changes. */
  encode(original: Uint8Array, decoded: DecodedText): Uint8Array {
    if (this.empty) return original;
    return encodeText(this.apply(decoded.text), decoded.encoding, decoded.bom);
  }

  /** The text with all edits applied, as text.ts's applyEdits would give it (one rope, flattened once when encoded). */
  apply(text: string): string {
    const { starts, ends, texts, count } = this;
    // Array.prototype.sort is stable: an insertion keeps its place before a removal at the same index.
    const extra = this.edits.length > 1 ? [...this.edits].sort((a, b) => a.start - b.start) : this.edits;
    let out = '';
    let at = 0;
    let x = 0;
    for (let i = 0; i <= count; i++) {
      const start = i < count ? starts[i]! : text.length;
      for (; x < extra.length && extra[x]!.start < start; x++) {
        const edit = extra[x]!;
        if (edit.start < at) throw new Error(`overlapping edits at index ${edit.start}`);
        out += text.slice(at, edit.start) + edit.replacement;
        at = edit.end;
      }
      if (i === count) break;
      if (start < at) throw new Error(`overlapping edits at index ${start}`);
      out += text.slice(at, start) + texts[i]!;
      at = ends[i]!;
    }
    return out + text.slice(at);
  }
}
