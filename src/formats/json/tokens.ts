/**
 * A strict JSON (RFC 8259) tokenizer that records where every value stands in the text, so
 * renderers can patch string literals in place. One pass over char codes in a single function
 * with local state (the fastest shape for V8), no recursion, no allocation per value.
 */
import type { FormatError } from '../errors.ts';
import { type DecodedText, TextPositions } from '../text.ts';
import { ARRAY, ESCAPED, JsonDoc, LITERAL, NUMBER, OBJECT, STRING } from './doc.ts';

export { ARRAY, JsonDoc, LITERAL, NUMBER, OBJECT, STRING } from './doc.ts';

const NUMBER_PATTERN = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
/** Nesting deeper than this is refused: walkers recurse, and no string file nests that deep. */
const MAX_DEPTH = 1000;

function isHex4(text: string, at: number): boolean {
  for (let i = at; i < at + 4; i++) {
    // Setting bit 5 folds A-F onto a-f and leaves digits alone.
    const c = text.charCodeAt(i) | 32;
    if (!((c >= 48 && c <= 57) || (c >= 97 && c <= 102))) return false;
  }
  return true;
}

/**
 * Tokenizes a whole JSON document. Duplicate keys in one object are an error: a patch to the first
 * copy would silently lose to the second (JSON.parse keeps the last), so the file must be fixed.
 * Errors are FormatErrors with the line and column of the offending character.
 */
export function tokenizeJson(decoded: DecodedText, fileName?: string): JsonDoc {
  const text = decoded.text;
  const len = text.length;
  const fail = (message: string, at: number): FormatError =>
    new TextPositions(decoded).error(message, at, fileName);
  const expected = (what: string, at: number): FormatError =>
    at >= len
      ? fail(`unexpected end of file: expected ${what}`, at)
      : fail(`unexpected character ${JSON.stringify(text[at])}: expected ${what}`, at);
  let ev = new Int32Array(Math.max(64, (len >> 3) * 4));
  let count = 0;
  const push = (kind: number, start: number, end: number): number => {
    if ((count + 1) * 4 > ev.length) {
      const grown = new Int32Array(ev.length * 2);
      grown.set(ev);
      ev = grown;
    }
    const at = count * 4;
    ev[at] = kind;
    ev[at + 1] = start;
    ev[at + 2] = end;
    ev[at + 3] = count + 1;
    return count++;
  };
  /** Records the literal starting at `start`; returns the index after it. */
  const string = (start: number): number => {
    let i = start + 1;
    let flags = STRING;
    for (;;) {
      const c = text.charCodeAt(i);
      if (c === 34) break;
      if (c === 92) {
        flags = STRING | ESCAPED;
        const e = text.charCodeAt(i + 1);
        if (e === 117) {
          if (!isHex4(text, i + 2)) throw fail('invalid \\u escape in string', i);
          i += 6;
        } else if (
          e === 34 ||
          e === 92 ||
          e === 47 ||
          e === 98 ||
          e === 102 ||
          e === 110 ||
          e === 114 ||
          e === 116
        ) {
          i += 2;
        } else throw fail('invalid escape sequence in string', i);
      } else if (c < 32) throw fail('control character in string (write it as an escape)', i);
      else if (i >= len) throw fail('unterminated string', start);
      else i++;
    }
    push(flags, start, i + 1);
    return i + 1;
  };
  /** Index of the first non-whitespace character at or after `from`. */
  const skip = (from: number): number => {
    let j = from;
    for (;;) {
      const d = text.charCodeAt(j);
      if (d === 32 || d === 10 || d === 13 || d === 9) j++;
      else return j;
    }
  };
  const keyOf = (k: number) => {
    const raw = text.slice(ev[k * 4 + 1]!, ev[k * 4 + 2]!);
    return (ev[k * 4]! & ESCAPED) !== 0 ? (JSON.parse(raw) as string) : raw.slice(1, -1);
  };
  /** Rejects two members with the same key in the object just closed (`members` of them). */
  const checkDuplicates = (object: number, members: number) => {
    const stop = ev[object * 4 + 3]!;
    let escaped = false;
    for (let k = object + 1; k < stop && !escaped; k = ev[(k + 1) * 4 + 3]!)
      escaped = (ev[k * 4]! & ESCAPED) !== 0;
    if (members <= 16 && !escaped) {
      // Pairwise on the raw text, lengths first: cheaper than hashing for the small objects most files are made of.
      for (let a = object + 1; a < stop; a = ev[(a + 1) * 4 + 3]!) {
        const sa = ev[a * 4 + 1]!;
        const la = ev[a * 4 + 2]! - sa;
        for (let b = object + 1; b < a; b = ev[(b + 1) * 4 + 3]!) {
          const sb = ev[b * 4 + 1]!;
          if (ev[b * 4 + 2]! - sb !== la) continue;
          let same = true;
          for (let x = 1; x < la - 1 && same; x++) same = text.charCodeAt(sa + x) === text.charCodeAt(sb + x);
          if (same) throw fail(`duplicate key ${JSON.stringify(keyOf(a))}`, sa);
        }
      }
      return;
    }
    const seen = new Set<string>();
    for (let k = object + 1; k < stop; k = ev[(k + 1) * 4 + 3]!) {
      const key = keyOf(k);
      if (seen.has(key)) throw fail(`duplicate key ${JSON.stringify(key)}`, ev[k * 4 + 1]!);
      seen.add(key);
    }
  };

  const stack: number[] = [];
  /** Members seen so far in each open object (parallel to `stack`). */
  const members: number[] = [];
  let i = 0;
  let c = 0;
  i = skip(0);
  if (i >= len) throw fail('empty file: expected a JSON value', i);
  let expectKey = false;
  for (;;) {
    // A value (or, in an object, a key and its value) starts at i.
    if (expectKey) {
      if (text.charCodeAt(i) !== 34) {
        if (text.charCodeAt(i) === 125) throw fail('trailing comma', i);
        throw expected('a property name in double quotes', i);
      }
      i = skip(string(i));
      if (text.charCodeAt(i) !== 58) throw expected("':' after the property name", i);
      i = skip(i + 1);
      expectKey = false;
    }
    c = text.charCodeAt(i);
    if (c === 34) i = string(i);
    else if (c === 123 || c === 91) {
      if (stack.length >= MAX_DEPTH) throw fail(`nesting deeper than ${MAX_DEPTH} levels`, i);
      const e = push(c === 123 ? OBJECT : ARRAY, i, 0);
      i = skip(i + 1);
      if (text.charCodeAt(i) === c + 2) {
        ev[e * 4 + 2] = i + 1;
        ev[e * 4 + 3] = count;
        i++;
      } else {
        stack.push(e);
        members.push(c === 123 ? 1 : 0);
        expectKey = c === 123;
        continue;
      }
    } else if (c === 45 || (c >= 48 && c <= 57)) {
      NUMBER_PATTERN.lastIndex = i;
      if (!NUMBER_PATTERN.test(text)) throw fail('invalid number', i);
      push(NUMBER, i, NUMBER_PATTERN.lastIndex);
      i = NUMBER_PATTERN.lastIndex;
    } else if (c === 116 || c === 102 || c === 110) {
      const word = c === 116 ? 'true' : c === 102 ? 'false' : 'null';
      if (!text.startsWith(word, i)) throw fail(`unexpected token: expected ${word}`, i);
      push(LITERAL, i, i + word.length);
      i += word.length;
    } else if (c === 93 && stack.length > 0 && (ev[stack[stack.length - 1]! * 4]! & 7) === ARRAY) {
      throw fail('trailing comma', i);
    } else if (c < 32 && c !== 9 && c !== 10 && c !== 13) {
      throw fail('control character (write it as an escape)', i);
    } else throw expected('a value', i);
    // After a value: a comma, the end of the enclosing container, or the end of the file.
    for (;;) {
      i = skip(i);
      c = text.charCodeAt(i);
      const top = stack.length - 1;
      if (top < 0) {
        if (i < len) throw fail('unexpected content after the JSON value', i);
        return new JsonDoc(decoded, ev.subarray(0, count * 4));
      }
      const open = stack[top]!;
      const isObject = (ev[open * 4]! & 7) === OBJECT;
      if (c === 44) {
        i = skip(i + 1);
        expectKey = isObject;
        if (isObject) members[top]!++;
        break;
      }
      if (c !== (isObject ? 125 : 93)) throw expected(isObject ? "',' or '}'" : "',' or ']'", i);
      ev[open * 4 + 2] = i + 1;
      ev[open * 4 + 3] = count;
      if (isObject && members[top]! > 1) checkDuplicates(open, members[top]!);
      stack.pop();
      members.pop();
      i++;
    }
  }
}
