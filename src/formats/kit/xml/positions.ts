import type { FormatError } from '../../errors.ts';
import { type DecodedText, TextPositions } from '../../file-text.ts';
import type { FormatWarning, Location } from '../../model.ts';

const UNLOCATED: Location = Object.freeze({ line: 0, column: 0, offset: 0, length: 0 });

/**
 * Locations for units read in document order, without indexing the whole file first: a cursor
 * walks forward from the last location asked for, counting lines and UTF-8 bytes as it goes, so a
 * scan that asks in order pays one pass over the text in total. (A request
 * behind the cursor, or a non-UTF-8 file, falls back to the shared TextPositions index.)
 */
export class ForwardPositions {
  private readonly decoded: DecodedText;
  private readonly text: string;
  private index = 0;
  private line = 1;
  private lineStart = 0;
  private offset: number;
  private index_: TextPositions | undefined;
  private readonly locate: boolean;

  /** With `locate: false` (a render, which reads units but never shows them) every location is a placeholder. */
  constructor(decoded: DecodedText, options: { locate?: boolean } = {}) {
    this.decoded = decoded;
    this.text = decoded.text;
    this.offset = decoded.bom ? 3 : 0;
    this.locate = options.locate ?? true;
  }

  /** Location of the text between two string indexes (start at or after the previous one's start). */
  location(start: number, end: number): Location {
    if (!this.locate) return UNLOCATED;
    if (this.decoded.encoding !== 'utf-8' || start < this.index) return this.indexed().location(start, end);
    this.advance(start);
    const { line, offset } = this;
    const column = start - this.lineStart + 1;
    this.advance(end);
    const location = { line, column, offset, length: this.offset - offset };
    return location;
  }

  /** A FormatError pointing at a string index. */
  error(message: string, index: number, file?: string): FormatError {
    return this.indexed().error(message, index, file);
  }

  /** A warning pointing at a string index. */
  warning(message: string, index: number): FormatWarning {
    return this.indexed().warning(message, index);
  }

  private indexed(): TextPositions {
    this.index_ ??= new TextPositions(this.decoded);
    return this.index_;
  }

  private advance(to: number): void {
    if (to <= this.index) return;
    const text = this.text;
    for (let nl = text.indexOf('\n', this.index); nl >= 0 && nl < to; nl = text.indexOf('\n', nl + 1)) {
      this.line++;
      this.lineStart = nl + 1;
    }
    // Native byte counting beats a charCodeAt loop by about three times (a lone surrogate counts
    // as the 3 bytes of U+FFFD, as the encoder writes it).
    this.offset += Buffer.byteLength(text.slice(this.index, to), 'utf8');
    this.index = to;
  }
}
