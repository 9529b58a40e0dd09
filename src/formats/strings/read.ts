/**
 * Scanner for Apple `.strings` files: `"key" = "value";` entries with `/* … *\/` and `//` comments,
 * quoted or unquoted (plist-style) tokens, keeping every token's exact position for render.
 */
import type { DecodedText } from '../text.ts';
import { checkSize, decodeText, TextPositions } from '../text.ts';
import { unescapeStrings } from './escape.ts';

export interface StringsToken {
  /** Start and end of the token as written (quotes included). */
  start: number;
  end: number;
  quoted: boolean;
  value: string;
}

export interface StringsEntry {
  key: StringsToken;
  /** Absent for the short form `"key";` (the value is the key). */
  value: StringsToken | undefined;
  /** Index of the terminating `;`. */
  semicolon: number;
  /** The comment directly above the entry (no blank line between), without its markers. */
  comment: string | undefined;
}

export interface StringsFile {
  decoded: DecodedText;
  /** Built on first use: render needs positions only to report errors. */
  positions(): TextPositions;
  entries: StringsEntry[];
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

const UNQUOTED_CHAR = /[A-Za-z0-9_$+/:.-]/;

// The common entry in one match: whitespace and block comments, then `key = value;` with quoted or
// unquoted tokens and plain whitespace between. Lengths of the groups give every position.
const ENTRY =
  /((?:[ \t\r\n\ufeff]|\/\*[^*]*\*+(?:[^/*][^*]*\*+)*\/)*)(?:"([^"\\]*(?:\\[\s\S][^"\\]*)*)"|([A-Za-z0-9_$+/:.-]+))([ \t\r\n]*)=([ \t\r\n]*)(?:"([^"\\]*(?:\\[\s\S][^"\\]*)*)"|([A-Za-z0-9_$+/:.-]+))([ \t\r\n]*);/y;

export interface ReadOptions {
  fileName?: string;
  maxBytes?: number;
  /** Read the comments above entries (parse needs them as notes; render does not). */
  notes?: boolean;
}

export function readStrings(bytes: Uint8Array, options: ReadOptions): StringsFile {
  const decoded = decodeStrings(bytes, options);
  let built: TextPositions | undefined;
  const positions = () => {
    built ??= new TextPositions(decoded);
    return built;
  };
  const text = decoded.text;
  const withNotes = options.notes !== false;
  const fail = (message: string, at: number) => positions().error(message, at, options.fileName);
  const entries: StringsEntry[] = [];
  let i = 0;
  let entryEnd = 0;

  const unescaped = (raw: string, at: number): string => {
    const value = unescapeStrings(raw);
    if (typeof value === 'number') throw fail('invalid escape sequence', at + (-value - 1));
    return value;
  };

  /** Skips whitespace and comments. */
  const skip = () => {
    for (;;) {
      const c = text[i];
      if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\ufeff') i++;
      else if (c === '/' && text[i + 1] === '*') {
        const end = text.indexOf('*/', i + 2);
        if (end < 0) throw fail('unterminated comment', i);
        i = end + 2;
      } else if (c === '/' && text[i + 1] === '/') {
        const end = text.indexOf('\n', i);
        i = end < 0 ? text.length : end;
      } else return;
    }
  };

  const token = (what: string): StringsToken => {
    const start = i;
    if (text[i] === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      if (j >= text.length) throw fail('unterminated string', start);
      i = j + 1;
      return { start, end: i, quoted: true, value: unescaped(text.slice(start + 1, j), start + 1) };
    }
    while (i < text.length && UNQUOTED_CHAR.test(text[i]!)) i++;
    if (i === start) throw fail(`expected ${what}`, start);
    return { start, end: i, quoted: false, value: text.slice(start, i) };
  };

  while (i < text.length) {
    const blockStart = i;
    ENTRY.lastIndex = i;
    const m = ENTRY.exec(text);
    if (m) {
      const keyStart = i + m[1]!.length;
      const keyEnd = keyStart + (m[2] !== undefined ? m[2].length + 2 : m[3]!.length);
      const valueStart = keyEnd + m[4]!.length + 1 + m[5]!.length;
      const valueEnd = valueStart + (m[6] !== undefined ? m[6].length + 2 : m[7]!.length);
      const semicolon = valueEnd + m[8]!.length;
      const key: StringsToken =
        m[2] !== undefined
          ? { start: keyStart, end: keyEnd, quoted: true, value: unescaped(m[2], keyStart + 1) }
          : { start: keyStart, end: keyEnd, quoted: false, value: m[3]! };
      const value: StringsToken =
        m[6] !== undefined
          ? { start: valueStart, end: valueEnd, quoted: true, value: unescaped(m[6], valueStart + 1) }
          : { start: valueStart, end: valueEnd, quoted: false, value: m[7]! };
      const comment =
        withNotes && m[1]!.includes('/') ? commentAbove(text, blockStart, keyStart, entryEnd) : undefined;
      entries.push({ key, value, semicolon, comment });
      i = entryEnd = semicolon + 1;
      continue;
    }
    // Anything else (line comments, comments between tokens, the short form, errors) goes token by token.
    skip();
    if (i >= text.length) break;
    const comment = withNotes ? commentAbove(text, blockStart, i, entryEnd) : undefined;
    const key = token('a key');
    skip();
    let value: StringsToken | undefined;
    if (text[i] === '=') {
      i++;
      skip();
      value = token('a value');
      skip();
    }
    if (text[i] !== ';') throw fail(i >= text.length ? 'file ends before ";"' : 'expected ";"', i);
    entries.push({ key, value, semicolon: i, comment });
    i = entryEnd = i + 1;
  }
  return { decoded, positions, entries };
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
