/**
 * Java .properties syntax, as java.util.Properties.load reads it
 * (https://docs.oracle.com/en/java/javase/21/docs/api/java.base/java/util/Properties.html#load(java.io.Reader)):
 * natural lines end with \n, \r or \r\n; a line ending in an odd number of backslashes continues
 * on the next, whose leading whitespace is skipped; `#` and `!` start comment lines; the key ends at
 * the first unescaped `=`, `:` or whitespace; whitespace around one `=` or `:` is the separator.
 */
import type { FormatError } from '../errors.ts';

export interface PropertyEntry {
  /** The key, unescaped. */
  key: string;
  keyStart: number;
  keyEnd: number;
  /** String index where the value's text starts (after the separator) and ends (before the line end). */
  valueStart: number;
  valueEnd: number;
  /** Whether the value's text has a backslash (an escape or a continuation). */
  valueEscaped: boolean;
  /** Comment lines right above the key (no blank line between), without their `#`/`!` marker. */
  comments: string[];
}

export interface PropertiesFile {
  entries: PropertyEntry[];
  /** The separator text of the first entry that has one (`=`, ` = `, `: `), for values written anew. */
  separator: string;
}

type Fail = (message: string, index: number) => FormatError;

/** Shared by entries without comments (most of them): never mutated. */
const NO_COMMENTS: string[] = [];

const isBlank = (c: number) => c === 32 || c === 9 || c === 12;
const isEol = (c: number) => c === 10 || c === 13;

/**
 * Reads the entries of a properties text. `fail(message, index)` builds the error for malformed
 * `\uXXXX` escapes, the one thing Properties.load refuses.
 */
export function scanProperties(text: string, fail: Fail): PropertiesFile {
  return new Scanner(text, fail).run();
}

class Scanner {
  private readonly text: string;
  private readonly len: number;
  private readonly fail: Fail;
  /** Whether any line ends with a lone \r (then line ends are searched character by character). */
  private readonly hasReturn: boolean;
  private nextBackslash = -1;

  constructor(text: string, fail: Fail) {
    this.text = text;
    this.len = text.length;
    this.fail = fail;
    this.hasReturn = text.includes('\r');
  }

  run(): PropertiesFile {
    const { text, len } = this;
    const entries: PropertyEntry[] = [];
    let separator = '';
    let comments = NO_COMMENTS;
    let i = 0;
    while (i < len) {
      // Start of a natural line: skip its indentation.
      while (isBlank(text.charCodeAt(i))) i++;
      const c = text.charCodeAt(i);
      if (i >= len || isEol(c)) {
        comments = NO_COMMENTS;
        i = this.skipEol(i);
        continue;
      }
      if (c === 35 || c === 33) {
        // Comment lines never continue, even when they end with a backslash.
        const end = this.lineEnd(i);
        if (comments === NO_COMMENTS) comments = [];
        comments.push(text.slice(i + 1, end).replace(/^[ \t\f]/, ''));
        i = this.skipEol(end);
        continue;
      }
      const keyStart = i;
      let keyEscaped = false;
      for (;;) {
        const k = text.charCodeAt(i);
        if (i >= len || isEol(k) || isBlank(k) || k === 61 || k === 58) break;
        if (k === 92) {
          keyEscaped = true;
          i = this.atLineEnd(i + 1) ? this.continueAt(i) : i + 2;
        } else i++;
      }
      const keyEnd = i;
      i = this.skipBlanks(i);
      const s = text.charCodeAt(i);
      if (s === 61 || s === 58) i = this.skipBlanks(i + 1);
      if (!separator && i > keyEnd) separator = text.slice(keyEnd, i);
      const valueStart = i;
      const { end: valueEnd, escaped } = this.valueEnd(i);
      const key = keyEscaped ? this.unescape(keyStart, keyEnd) : text.slice(keyStart, keyEnd);
      entries.push({ key, keyStart, keyEnd, valueStart, valueEnd, valueEscaped: escaped, comments });
      comments = NO_COMMENTS;
      i = this.skipEol(valueEnd);
    }
    return { entries, separator };
  }

  private atLineEnd(i: number): boolean {
    return i >= this.len || isEol(this.text.charCodeAt(i));
  }

  private lineEnd(from: number): number {
    const text = this.text;
    if (!this.hasReturn) {
      const nl = text.indexOf('\n', from);
      return nl < 0 ? this.len : nl;
    }
    let i = from;
    while (i < this.len && !isEol(text.charCodeAt(i))) i++;
    return i;
  }

  private skipEol(i: number): number {
    const c = this.text.charCodeAt(i);
    if (c === 13) return this.text.charCodeAt(i + 1) === 10 ? i + 2 : i + 1;
    return c === 10 ? i + 1 : i;
  }

  /** Index after a continuation whose backslash is at `at`: past the line end and the next line's indentation. */
  private continueAt(at: number): number {
    let i = this.skipEol(at + 1);
    while (isBlank(this.text.charCodeAt(i))) i++;
    return i;
  }

  /** Skips whitespace, including continuations. */
  private skipBlanks(from: number): number {
    let i = from;
    for (;;) {
      const c = this.text.charCodeAt(i);
      if (isBlank(c)) i++;
      else if (c === 92 && this.atLineEnd(i + 1)) i = this.continueAt(i);
      else return i;
    }
  }

  /** End of a value: the line end that follows no continuation backslash. */
  private valueEnd(from: number): { end: number; escaped: boolean } {
    let i = from;
    let eol = this.lineEnd(i);
    let escaped = false;
    for (;;) {
      // The next backslash is cached: most lines have none, and searching again would rescan the file.
      if (this.nextBackslash < i) {
        const at = this.text.indexOf('\\', i);
        this.nextBackslash = at < 0 ? this.len : at;
      }
      const next = this.nextBackslash;
      if (next >= eol) return { end: eol, escaped };
      escaped = true;
      if (next + 1 < eol) i = next + 2;
      else if (eol >= this.len) return { end: eol, escaped };
      else {
        i = this.continueAt(next);
        eol = this.lineEnd(i);
      }
    }
  }

  /** The text between two indexes with escapes and continuations resolved. */
  unescape(start: number, end: number): string {
    return unescapeProperties(this.text, start, end, this.fail);
  }
}

const SIMPLE: Record<string, string> = { t: '\t', n: '\n', r: '\r', f: '\f' };

/** The text between two indexes with escapes and continuations resolved, as Properties.load does. */
export function unescapeProperties(text: string, start: number, end: number, fail: Fail): string {
  let out = '';
  let run = start;
  let i = start;
  while (i < end) {
    if (text.charCodeAt(i) !== 92) {
      i++;
      continue;
    }
    out += text.slice(run, i);
    const e = text[i + 1];
    if (i + 1 >= end) {
      // A trailing backslash continues onto nothing (end of file): Properties.load drops it.
      i = end;
    } else if (e === '\n' || e === '\r') {
      i = i + 2 + (e === '\r' && text[i + 2] === '\n' ? 1 : 0);
      while (i < end && (text[i] === ' ' || text[i] === '\t' || text[i] === '\f')) i++;
    } else if (e === 'u') {
      const hex = text.slice(i + 2, i + 6);
      if (i + 6 > end || !/^[0-9a-fA-F]{4}$/.test(hex)) throw fail('malformed \\uXXXX escape', i);
      out += String.fromCharCode(Number.parseInt(hex, 16));
      i += 6;
    } else {
      out += SIMPLE[e!] ?? e;
      i += 2;
    }
    run = i;
  }
  return out + text.slice(run, end);
}
