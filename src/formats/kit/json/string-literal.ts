/**
 * JSON string literals read character by character: the tokenizer's slow path, for a literal
 * with escapes or an invalid one (RFC 8259 §7).
 */
import type { FormatError } from '../../errors.ts';

export type Fail = (message: string, at: number) => FormatError;

function isHex4(text: string, at: number): boolean {
  for (let i = at; i < at + 4; i++) {
    // Setting bit 5 folds A-F onto a-f and leaves digits alone.
    const c = text.charCodeAt(i) | 32;
    if (!((c >= 48 && c <= 57) || (c >= 97 && c <= 102))) return false;
  }
  return true;
}

/**
 * The length of the escape whose backslash is at `at`: 6 for `\uXXXX`, 2 for the one-letter
 * escapes JSON has; -1 for a `\u` without four hex digits, 0 for any other character.
 */
function escapeLength(text: string, at: number): number {
  const e = text.charCodeAt(at + 1);
  if (e === 117) return isHex4(text, at + 2) ? 6 : -1;
  // " \ / b f n r t
  return e === 34 || e === 92 || e === 47 || e === 98 || e === 102 || e === 110 || e === 114 || e === 116
    ? 2
    : 0;
}

/**
 * The end of the literal at `start` whose first quote is `quote` and which holds a backslash at
 * `backslash` before it: the escapes are checked where indexOf finds them, so a literal with an
 * escaped quote is not read character by character. Returns the index after the closing quote,
 * negated, or `start` (not negative) when an escape is invalid, for scanString to report it.
 */
export function scanEscapes(text: string, start: number, quote: number, backslash: number): number {
  let end = quote;
  let at = backslash;
  while (at >= 0 && at < end) {
    const length = escapeLength(text, at);
    if (length <= 0) return start;
    const next = at + length;
    // The quote found was escaped: the literal goes on to the next one.
    if (next > end) {
      end = text.indexOf('"', next);
      if (end < 0) return start;
    }
    at = text.indexOf('\\', next);
  }
  return -(end + 1);
}

/**
 * Reads the literal starting at `start` character by character, checking its escapes. Returns
 * the index after the closing quote, negated when the literal contains escapes.
 */
export function scanString(text: string, start: number, fail: Fail): number {
  const len = text.length;
  let i = start + 1;
  let escaped = false;
  for (;;) {
    const c = text.charCodeAt(i);
    if (c === 34) break;
    if (c === 92) {
      escaped = true;
      const length = escapeLength(text, i);
      if (length === -1) throw fail('invalid \\u escape in string', i);
      if (length === 0) throw fail('invalid escape sequence in string', i);
      i += length;
    } else if (c < 32) throw fail('control character in string (write it as an escape)', i);
    else if (i >= len) throw fail('unterminated string', start);
    else i++;
  }
  return escaped ? -(i + 1) : i + 1;
}
