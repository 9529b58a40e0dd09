/**
 * Ours, not jsonc-parser or JSON.parse: it keeps each value's byte range so render patches in place
 * (`npm run bench -- formats`: json against JSON.parse + stringify; jsonc-parser is the tests' oracle).
 *
 * A strict JSON (RFC 8259) tokenizer that records where every value stands in the text, so
 * renderers can patch string literals in place. One pass in a single function with local state
 * (the fastest shape for V8), no recursion, no allocation per value.
 *
 * Most of a string file is inside string literals, so a literal is found with native `indexOf`
 * rather than a loop over its characters: it is taken whole when no backslash or control
 * character comes before its closing quote. Where those characters stand is tracked by pointers
 * that only move forward (one `indexOf` per line for newlines), so the pass stays linear; a
 * literal with escapes, or an invalid one, is read character by character (scanString).
 */
import type { FormatError } from '../../errors.ts';
import { type DecodedText, TextPositions } from '../../file-text.ts';
import {
  ARRAY,
  ESCAPED,
  JsonDoc,
  KEY_SPECIAL,
  KEY_UNDERSCORE,
  LITERAL,
  NUMBER,
  OBJECT,
  STRING,
} from './doc.ts';
import { checkDuplicates } from './duplicate-keys.ts';
import { type Fail, scanEscapes, scanString } from './string-literal.ts';

export { ARRAY, JsonDoc, LITERAL, NUMBER, OBJECT, STRING } from './doc.ts';

const NUMBER_PATTERN = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
/**
 * Control characters other than tab, newline and carriage return, which a string literal may not
 * contain raw either. Tabs and carriage returns are found with indexOf: they are whitespace in
 * many files (tab indentation, CRLF line ends), and a regex search from every literal on such a
 * line cost a third more tokenizing time than the same file with spaces and LF.
 */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g;
/** Nesting deeper than this is refused: walkers recurse, and no string file nests that deep. */
const MAX_DEPTH = 1000;

function grow(ev: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const grown = new Int32Array(ev.length * 2);
  grown.set(ev);
  return grown;
}

/** Events per scanChunk call. */
const CHUNK_EVENTS = 2048;
/** Events of the first call of a document. */
const FIRST_CHUNK_EVENTS = 8;

/** Where a tokenization stands between two calls of scanChunk. */
class Scan {
  readonly text: string;
  readonly len: number;
  readonly fail: Fail;
  ev: Int32Array<ArrayBuffer>;
  capacity: number;
  count = 0;
  // Next backslash, newline and other control character at or after the current literal (len
  // when none); for keys also the next `_`, `.` and `#`, which set KEY_UNDERSCORE and KEY_SPECIAL.
  backslash = -1;
  newline = -1;
  control = -1;
  /** The next of each kind of control character (control is the least of them). */
  otherControl = -1;
  tab = -1;
  cr = -1;
  underscore = -1;
  dot = -1;
  hash = -1;
  /** Events of the open containers, innermost last (`depth` of them). */
  readonly stack = new Int32Array(MAX_DEPTH + 1);
  /** Members seen so far in each open object (parallel to `stack`). */
  readonly members = new Int32Array(MAX_DEPTH + 1);
  depth = 0;
  /** Index where the next value (or key) starts. */
  i = 0;
  expectKey = false;
  /** Whether the root value is complete. */
  done = false;
  /** Repeated keys: the text index of each and of its first occurrence, in pairs. */
  readonly duplicates: number[] = [];

  constructor(text: string, fail: Fail) {
    this.text = text;
    this.len = text.length;
    this.fail = fail;
    // String files hold about one value per 18-20 characters; the array grows when they hold more.
    this.ev = new Int32Array(Math.max(64, (this.len >> 4) * 4));
    this.capacity = this.ev.length >> 2;
  }

  expected(what: string, at: number): FormatError {
    return at >= this.len
      ? this.fail(`unexpected end of file: expected ${what}`, at)
      : this.fail(`unexpected character ${JSON.stringify(this.text[at])}: expected ${what}`, at);
  }
}

/**
 * Tokenizes a whole JSON document. Keys repeated in one object are recorded (JsonDoc.duplicates),
 * not refused: each format decides (see readJson). Errors are FormatErrors with the line and column
 * of the offending character.
 */
export function tokenizeJson(decoded: DecodedText, fileName?: string): JsonDoc {
  const text = decoded.text;
  const scan = new Scan(text, (message, at) => new TextPositions(decoded).error(message, at, fileName));
  let i = 0;
  let c = text.charCodeAt(0);
  while (c <= 32 && (c === 32 || c === 10 || c === 13 || c === 9)) c = text.charCodeAt(++i);
  if (i >= text.length) throw scan.fail('empty file: expected a JSON value', i);
  scan.i = i;
  // The first call records only a few events, so that the end of scanChunk has run (and has type
  // feedback) before its loop gets hot: code compiled on the loop while the end had never run
  // deoptimized on reaching it, in every later call.
  scanChunk(scan, FIRST_CHUNK_EVENTS);
  while (!scan.done) scanChunk(scan, scan.count + CHUNK_EVENTS);
  return new JsonDoc(decoded, scan.ev.subarray(0, scan.count * 4), scan.duplicates);
}

/**
 * Tokenizes from where `s` stands until `stop` events are recorded or the document ends. One
 * call per couple of thousand events, so that V8 optimizes it as a whole after a few calls: one
 * call looping over a whole large file ran mostly in the baseline and middle tiers, entering the
 * optimized loop late in every parse. State lives in locals within a call and in `s` between.
 */
function scanChunk(s: Scan, stop: number): void {
  const { text, len, fail, stack, members } = s;
  let { ev, capacity, count, backslash, newline, control, otherControl, tab, cr } = s;
  let { underscore, dot, hash, depth, i, expectKey } = s;
  let c: number;
  for (;;) {
    if (count >= stop) break;
    // A value (or, in an object, a key and its value) starts at i.
    c = text.charCodeAt(i);
    if (expectKey && c !== 34) {
      if (c === 125) throw fail('trailing comma', i);
      throw s.expected('a property name in double quotes', i);
    }
    if (count === capacity) {
      ev = grow(ev);
      capacity = ev.length >> 2;
    }
    const at = count * 4;
    if (c === 34) {
      // A string literal, taken whole when nothing that needs a closer look comes before its end.
      let end = text.indexOf('"', i + 1);
      if (backslash <= i) {
        backslash = text.indexOf('\\', i + 1);
        if (backslash < 0) backslash = len;
      }
      if (newline <= i) {
        newline = text.indexOf('\n', i + 1);
        if (newline < 0) newline = len;
      }
      if (control <= i) {
        if (otherControl <= i) {
          CONTROL.lastIndex = i + 1;
          otherControl = CONTROL.exec(text)?.index ?? len;
        }
        if (tab <= i) {
          tab = text.indexOf('\t', i + 1);
          if (tab < 0) tab = len;
        }
        if (cr <= i) {
          cr = text.indexOf('\r', i + 1);
          if (cr < 0) cr = len;
        }
        control = otherControl < tab ? (otherControl < cr ? otherControl : cr) : tab < cr ? tab : cr;
      }
      let kind = STRING;
      if (end < 0 || backslash < end || newline < end || control < end) {
        // Escapes are found with indexOf; anything else that needs a look goes character by
        // character (scanEscapes gives a negative end only for a literal whose escapes are valid).
        end = end >= 0 && backslash < end ? scanEscapes(text, i, end, backslash) : i;
        if (end >= 0 || -end - 1 > newline || -end - 1 > control) end = scanString(text, i, fail);
        if (end < 0) {
          end = -end;
          kind = STRING | ESCAPED;
        }
      } else end++;
      if (expectKey) {
        if (kind !== STRING) kind |= KEY_UNDERSCORE | KEY_SPECIAL;
        else {
          if (underscore <= i) {
            underscore = text.indexOf('_', i + 1);
            if (underscore < 0) underscore = len;
          }
          if (dot <= i) {
            dot = text.indexOf('.', i + 1);
            if (dot < 0) dot = len;
          }
          if (hash <= i) {
            hash = text.indexOf('#', i + 1);
            if (hash < 0) hash = len;
          }
          if (underscore < end) kind |= KEY_UNDERSCORE;
          if (dot < end || hash < end) kind |= KEY_SPECIAL;
        }
      }
      ev[at] = kind;
      ev[at + 1] = i;
      ev[at + 2] = end;
      ev[at + 3] = ++count;
      i = end;
      if (expectKey) {
        c = text.charCodeAt(i);
        while (c <= 32 && (c === 32 || c === 10 || c === 13 || c === 9)) c = text.charCodeAt(++i);
        if (c !== 58) throw s.expected("':' after the property name", i);
        c = text.charCodeAt(++i);
        while (c <= 32 && (c === 32 || c === 10 || c === 13 || c === 9)) c = text.charCodeAt(++i);
        expectKey = false;
        continue;
      }
    } else if (c === 123 || c === 91) {
      if (depth >= MAX_DEPTH) throw fail(`nesting deeper than ${MAX_DEPTH} levels`, i);
      const e = count;
      ev[at] = c === 123 ? OBJECT : ARRAY;
      ev[at + 1] = i;
      ev[at + 3] = ++count;
      const open = c;
      c = text.charCodeAt(++i);
      while (c <= 32 && (c === 32 || c === 10 || c === 13 || c === 9)) c = text.charCodeAt(++i);
      if (c === open + 2) {
        ev[at + 2] = ++i;
      } else {
        stack[depth] = e;
        members[depth++] = open === 123 ? 1 : 0;
        expectKey = open === 123;
        continue;
      }
    } else if (c === 45 || (c >= 48 && c <= 57)) {
      NUMBER_PATTERN.lastIndex = i;
      if (!NUMBER_PATTERN.test(text)) throw fail('invalid number', i);
      ev[at] = NUMBER;
      ev[at + 1] = i;
      ev[at + 2] = i = NUMBER_PATTERN.lastIndex;
      ev[at + 3] = ++count;
    } else if (c === 116 || c === 102 || c === 110) {
      const word = c === 116 ? 'true' : c === 102 ? 'false' : 'null';
      if (!text.startsWith(word, i)) throw fail(`unexpected token: expected ${word}`, i);
      ev[at] = LITERAL;
      ev[at + 1] = i;
      ev[at + 2] = i += word.length;
      ev[at + 3] = ++count;
    } else if (c === 93 && depth > 0 && (ev[stack[depth - 1]! * 4]! & 7) === ARRAY) {
      throw fail('trailing comma', i);
    } else if (c < 32 && c !== 9 && c !== 10 && c !== 13) {
      throw fail('control character (write it as an escape)', i);
    } else throw s.expected('a value', i);
    // After a value: a comma, the end of the enclosing container, or the end of the file.
    for (;;) {
      c = text.charCodeAt(i);
      while (c <= 32 && (c === 32 || c === 10 || c === 13 || c === 9)) c = text.charCodeAt(++i);
      const top = depth - 1;
      if (top < 0) {
        if (i < len) throw fail('unexpected content after the JSON value', i);
        s.done = true;
        break;
      }
      const open = stack[top]!;
      const isObject = (ev[open * 4]! & 7) === OBJECT;
      if (c === 44) {
        c = text.charCodeAt(++i);
        while (c <= 32 && (c === 32 || c === 10 || c === 13 || c === 9)) c = text.charCodeAt(++i);
        expectKey = isObject;
        if (isObject) members[top]!++;
        break;
      }
      if (c !== (isObject ? 125 : 93)) throw s.expected(isObject ? "',' or '}'" : "',' or ']'", i);
      ev[open * 4 + 2] = i + 1;
      ev[open * 4 + 3] = count;
      if (isObject && members[top]! > 1) checkDuplicates(text, ev, open, members[top]!, s.duplicates);
      depth--;
      i++;
    }
    if (s.done) break;
  }
  s.ev = ev;
  s.capacity = capacity;
  s.count = count;
  s.backslash = backslash;
  s.newline = newline;
  s.control = control;
  s.otherControl = otherControl;
  s.tab = tab;
  s.cr = cr;
  s.underscore = underscore;
  s.dot = dot;
  s.hash = hash;
  s.depth = depth;
  s.i = i;
  s.expectKey = expectKey;
}
