/**
 * Scanner for Apple `.strings` files: `"key" = "value";` entries with `/* … *\/` and `//` comments,
 * quoted or unquoted (plist-style) tokens, keeping every token's exact position for render.
 * Entries are kept as flat arrays (an object per token would dominate the cost of big files).
 */
import type { DecodedText } from '../file-text.ts';
import { checkSize, decodeText, TextPositions } from '../file-text.ts';
import { unescapeStrings } from './escape.ts';

export interface StringsFile {
  decoded: DecodedText;
  /** Built on first use: render needs positions only to report errors. */
  positions(): TextPositions;
  /** Unescaped keys, in file order. */
  keys: string[];
  /** Unescaped values (the key again for the short form `"key";`). */
  values: string[];
  /** Where each key and value is written (quotes included); value start -1 for the short form. */
  keyStart: number[];
  keyEnd: number[];
  valueStart: number[];
  valueEnd: number[];
  valueQuoted: boolean[];
  /** The comment directly above each entry (no blank line between), when notes were asked for. */
  comments: (string | undefined)[];
}

export interface ReadOptions {
  fileName?: string;
  maxBytes?: number;
  /** Read the comments above entries (parse needs them as notes; render does not). */
  notes?: boolean;
}

/** Decodes UTF-8 or UTF-16 (with BOM, or little-endian without one as older Xcode writes it). */
function decodeStrings(bytes: Uint8Array, options: { fileName?: string; maxBytes?: number }): DecodedText {
  const bomless16 = bytes.length >= 2 && bytes.length % 2 === 0 && bytes[0] !== 0 && bytes[1] === 0;
  if (bomless16) {
    checkSize(bytes, options);
    return { text: new TextDecoder('utf-16le').decode(bytes), encoding: 'utf-16le', bom: false };
  }
  return decodeText(bytes, options);
}

// Characters of an unquoted plist string: A–Z a–z 0–9 _ $ + / : . -
const UNQUOTED = new Uint8Array(128);
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_$+/:.-')
  UNQUOTED[c.charCodeAt(0)] = 1;

/** Reads a `.strings` file; malformed input is a FormatError with line and column. */
export function readStrings(bytes: Uint8Array, options: ReadOptions): StringsFile {
  const decoded = decodeStrings(bytes, options);
  let built: TextPositions | undefined;
  const positions = () => {
    built ??= new TextPositions(decoded);
    return built;
  };
  const text = decoded.text;
  const length = text.length;
  const withNotes = options.notes !== false;
  const fail = (message: string, at: number) => positions().error(message, at, options.fileName);
  const file: StringsFile = {
    decoded,
    positions,
    keys: [],
    values: [],
    keyStart: [],
    keyEnd: [],
    valueStart: [],
    valueEnd: [],
    valueQuoted: [],
    comments: [],
  };
  let i = 0;
  let sawComment = false;

  /** Skips whitespace and comments (noting whether there was one). */
  const skip = () => {
    for (;;) {
      const c = text.charCodeAt(i);
      if (c === 32 || c === 10 || c === 13 || c === 9 || c === 0xfeff) i++;
      else if (c === 47 && text.charCodeAt(i + 1) === 42) {
        const end = text.indexOf('*/', i + 2);
        if (end < 0) throw fail('unterminated comment', i);
        sawComment = true;
        i = end + 2;
      } else if (c === 47 && text.charCodeAt(i + 1) === 47) {
        const end = text.indexOf('\n', i);
        sawComment = true;
        i = end < 0 ? length : end;
      } else return;
    }
  };

  /** Scans a quoted or unquoted token at `i`; returns its unescaped value. */
  let tokenQuoted = false;
  const token = (what: string): string => {
    const start = i;
    if (text.charCodeAt(i) === 34) {
      let from = i + 1;
      for (;;) {
        const quote = text.indexOf('"', from);
        if (quote < 0) throw fail('unterminated string', start);
        let slashes = 0;
        while (text.charCodeAt(quote - 1 - slashes) === 92) slashes++;
        if (slashes % 2 === 0) {
          i = quote + 1;
          break;
        }
        from = quote + 1;
      }
      tokenQuoted = true;
      const raw = text.slice(start + 1, i - 1);
      if (!raw.includes('\\')) return raw;
      const value = unescapeStrings(raw);
      if (typeof value === 'number') throw fail('invalid escape sequence', start + 1 + (-value - 1));
      return value;
    }
    while (i < length) {
      const c = text.charCodeAt(i);
      if (c >= 128 || UNQUOTED[c] !== 1) break;
      i++;
    }
    if (i === start) throw fail(`expected ${what}`, start);
    tokenQuoted = false;
    return text.slice(start, i);
  };

  let previousEnd = 0;
  for (;;) {
    const blockStart = i;
    sawComment = false;
    skip();
    if (i >= length) break;
    const keyStart = i;
    const key = token('a key');
    const keyEnd = i;
    skip();
    let value = key;
    let valueStart = -1;
    let valueEnd = -1;
    let valueQuoted = false;
    if (text.charCodeAt(i) === 61) {
      i++;
      skip();
      valueStart = i;
      value = token('a value');
      valueEnd = i;
      valueQuoted = tokenQuoted;
      skip();
    }
    if (text.charCodeAt(i) !== 59) throw fail(i >= length ? 'file ends before ";"' : 'expected ";"', i);
    i++;
    file.keys.push(key);
    file.values.push(value);
    file.keyStart.push(keyStart);
    file.keyEnd.push(keyEnd);
    file.valueStart.push(valueStart);
    file.valueEnd.push(valueEnd);
    file.valueQuoted.push(valueQuoted);
    file.comments.push(
      withNotes && sawComment ? commentAbove(text, blockStart, keyStart, previousEnd) : undefined,
    );
    previousEnd = i;
  }
  return file;
}

/**
 * The comment right above a key: the last comment between the previous entry and the key (a run
 * of `//` lines counts as one), on its own line(s) — not trailing the previous entry — and with no
 * blank line before the key.
 */
function commentAbove(text: string, from: number, keyStart: number, previousEnd: number): string | undefined {
  let comment: { text: string; start: number; end: number } | undefined;
  let i = from;
  while (i < keyStart) {
    if (text[i] === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      comment = { text: text.slice(i + 2, end), start: i, end: end + 2 };
      i = end + 2;
    } else if (text[i] === '/' && text[i + 1] === '/') {
      let end = text.indexOf('\n', i);
      if (end < 0 || end > keyStart) end = keyStart;
      const line = text.slice(i + 2, end).replace(/\r$/, '');
      if (comment && /^[ \t]*\r?\n[ \t]*$/.test(text.slice(comment.end, i))) {
        comment = { text: `${comment.text}\n${line}`, start: comment.start, end };
      } else comment = { text: line, start: i, end };
      i = end;
    } else i++;
  }
  if (!comment) return undefined;
  const ownLine = previousEnd === 0 || text.slice(previousEnd, comment.start).includes('\n');
  if (!ownLine || /\n[ \t]*\r?\n/.test(text.slice(comment.end, keyStart))) return undefined;
  return cleanComment(comment.text);
}

/** Comment text without decoration: ` * ` line prefixes and surrounding spaces. */
function cleanComment(raw: string): string {
  return raw
    .split('\n')
    .map((line) => line.replace(/^\s*\*?\s?/, '').trimEnd())
    .join('\n')
    .trim();
}
