/**
 * A strict JSON (RFC 8259) tokenizer that records where every value stands in the text, so
 * renderers can patch string literals in place.
 *
 * Values are events in one Int32Array (kind, start, end, next) rather than a tree of objects: a
 * 5 MB string file has hundreds of thousands of values, and allocating a node for each costs more
 * than scanning the text. One pass, no recursion; string bodies are found with native indexOf.
 */
import type { FormatError } from '../errors.ts';
import { type DecodedText, TextPositions } from '../text.ts';

export const OBJECT = 1;
export const ARRAY = 2;
export const STRING = 3;
export const NUMBER = 4;
export const LITERAL = 5;
/** Flag on STRING events whose literal contains escapes (its value needs decoding). */
const ESCAPED = 8;

const NUMBER_PATTERN = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const ESCAPE = /\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/y;
/** Nesting deeper than this is refused: walkers recurse, and no string file nests that deep. */
const MAX_DEPTH = 1000;

/**
 * A tokenized JSON document. Values are addressed by event index: `kind`, `start` (index of the
 * first character), `end` (index after the last), `next` (the event after the value and, for
 * containers, after everything inside). An object's members are key/value event pairs.
 */
export class JsonDoc {
  readonly text: string;
  readonly decoded: DecodedText;
  private readonly ev: Int32Array;

  constructor(decoded: DecodedText, events: Int32Array) {
    this.decoded = decoded;
    this.text = decoded.text;
    this.ev = events;
  }

  kind(e: number): number {
    return this.ev[e * 4]! & 7;
  }
  start(e: number): number {
    return this.ev[e * 4 + 1]!;
  }
  end(e: number): number {
    return this.ev[e * 4 + 2]!;
  }
  next(e: number): number {
    return this.ev[e * 4 + 3]!;
  }
  escaped(e: number): boolean {
    return (this.ev[e * 4]! & ESCAPED) !== 0;
  }

  /** The decoded value of a STRING event (a key or a value). */
  string(e: number): string {
    const start = this.ev[e * 4 + 1]!;
    const end = this.ev[e * 4 + 2]!;
    if ((this.ev[e * 4]! & ESCAPED) === 0) return this.text.slice(start + 1, end - 1);
    // JSON.parse decodes escapes natively, lone surrogates included.
    return JSON.parse(this.text.slice(start, end)) as string;
  }

  /** Whether a STRING event's value equals `value`, without decoding it when it has no escapes. */
  stringEquals(e: number, value: string): boolean {
    const start = this.ev[e * 4 + 1]!;
    const end = this.ev[e * 4 + 2]!;
    if ((this.ev[e * 4]! & ESCAPED) !== 0) return this.string(e) === value;
    return value.length === end - start - 2 && this.text.startsWith(value, start + 1);
  }

  /** Key events of an object's members, in file order (each member's value is the key's event + 1). */
  keys(object: number): number[] {
    const out: number[] = [];
    const stop = this.next(object);
    for (let e = object + 1; e < stop; e = this.next(e + 1)) out.push(e);
    return out;
  }

  /** The value event of a member, or -1. */
  member(object: number, key: string): number {
    const stop = this.next(object);
    for (let e = object + 1; e < stop; e = this.next(e + 1)) if (this.stringEquals(e, key)) return e + 1;
    return -1;
  }

  /** Item events of an array. */
  items(array: number): number[] {
    const out: number[] = [];
    const stop = this.next(array);
    for (let e = array + 1; e < stop; e = this.next(e)) out.push(e);
    return out;
  }

  /** A FormatError pointing at a string index. */
  error(message: string, index: number, file?: string): FormatError {
    return new TextPositions(this.decoded).error(message, index, file);
  }
}

/**
 * Tokenizes a whole JSON document. Duplicate keys in one object are an error: a patch to the first
 * copy would silently lose to the second (JSON.parse keeps the last), so the file must be fixed.
 * Errors are FormatErrors with the line and column of the offending character.
 */
export function tokenizeJson(decoded: DecodedText, fileName?: string): JsonDoc {
  return new Tokenizer(decoded, fileName).run();
}

class Tokenizer {
  private readonly text: string;
  private readonly len: number;
  private readonly decoded: DecodedText;
  private readonly fileName: string | undefined;
  private ev: Int32Array;
  private count = 0;
  // Next index of characters that end or complicate a string literal, refreshed only once passed:
  // scanning a literal then costs a few native indexOf calls.
  private nextBackslash = -1;
  private nextNewline = -1;
  private nextReturn = -1;
  private nextTab = -1;

  constructor(decoded: DecodedText, fileName: string | undefined) {
    this.decoded = decoded;
    this.fileName = fileName;
    this.text = decoded.text;
    this.len = decoded.text.length;
    this.ev = new Int32Array(Math.max(64, (this.len >> 3) * 4));
  }

  run(): JsonDoc {
    const text = this.text;
    // Control characters other than whitespace are invalid inside and outside strings alike.
    const control = /[\x00-\x08\x0b\x0c\x0e-\x1f]/.exec(text);
    if (control) throw this.fail('control character (write it as an escape)', control.index);
    const stack: number[] = [];
    let i = this.ws(0);
    if (i >= this.len) throw this.fail('empty file: expected a JSON value', i);
    let expectKey = false;
    for (;;) {
      // A value (or, in an object, a key and its value) starts at i.
      if (expectKey) {
        if (text.charCodeAt(i) !== 34) {
          if (text.charCodeAt(i) === 125) throw this.fail('trailing comma', i);
          throw this.expected('a property name in double quotes', i);
        }
        i = this.ws(this.string(i));
        if (text.charCodeAt(i) !== 58) throw this.expected("':' after the property name", i);
        i = this.ws(i + 1);
        expectKey = false;
      }
      const c = text.charCodeAt(i);
      if (c === 34) i = this.string(i);
      else if (c === 123 || c === 91) {
        if (stack.length >= MAX_DEPTH) throw this.fail(`nesting deeper than ${MAX_DEPTH} levels`, i);
        const e = this.push(c === 123 ? OBJECT : ARRAY, i, 0);
        i = this.ws(i + 1);
        if (text.charCodeAt(i) === c + 2) {
          this.close(e, i + 1);
          i++;
        } else {
          stack.push(e);
          expectKey = c === 123;
          continue;
        }
      } else if (c === 45 || (c >= 48 && c <= 57)) i = this.number(i);
      else if (c === 116) i = this.literal(i, 'true');
      else if (c === 102) i = this.literal(i, 'false');
      else if (c === 110) i = this.literal(i, 'null');
      else if (c === 93 && stack.length > 0 && (this.ev[stack[stack.length - 1]! * 4]! & 7) === ARRAY) {
        throw this.fail('trailing comma', i);
      } else throw this.expected('a value', i);
      // After a value: a comma, the end of the enclosing container, or the end of the file.
      for (;;) {
        i = this.ws(i);
        const top = stack.length - 1;
        if (top < 0) {
          if (i < this.len) throw this.fail('unexpected content after the JSON value', i);
          return new JsonDoc(this.decoded, this.ev.subarray(0, this.count * 4));
        }
        const open = stack[top]!;
        const isObject = (this.ev[open * 4]! & 7) === OBJECT;
        const d = text.charCodeAt(i);
        if (d === 44) {
          i = this.ws(i + 1);
          expectKey = isObject;
          break;
        }
        if (d !== (isObject ? 125 : 93)) throw this.expected(isObject ? "',' or '}'" : "',' or ']'", i);
        this.close(open, i + 1);
        if (isObject) this.checkDuplicates(open);
        stack.pop();
        i++;
      }
    }
  }

  private push(kind: number, start: number, end: number): number {
    if ((this.count + 1) * 4 > this.ev.length) {
      const grown = new Int32Array(this.ev.length * 2);
      grown.set(this.ev);
      this.ev = grown;
    }
    const at = this.count * 4;
    this.ev[at] = kind;
    this.ev[at + 1] = start;
    this.ev[at + 2] = end;
    this.ev[at + 3] = this.count + 1;
    return this.count++;
  }

  private close(e: number, end: number): void {
    this.ev[e * 4 + 2] = end;
    this.ev[e * 4 + 3] = this.count;
  }

  private ws(from: number): number {
    const text = this.text;
    let i = from;
    for (;;) {
      const c = text.charCodeAt(i);
      if (c === 32 || c === 10 || c === 13 || c === 9) i++;
      else return i;
    }
  }

  /** Records the literal starting at `start` and returns the index after it. */
  private string(start: number): number {
    const text = this.text;
    const quote = text.indexOf('"', start + 1);
    if (quote < 0) throw this.fail('unterminated string', start);
    if (this.nextBackslash < start + 1) this.nextBackslash = this.find('\\', start + 1);
    if (this.nextBackslash > quote) {
      if (this.nextNewline <= start) this.nextNewline = this.find('\n', start + 1);
      if (this.nextReturn <= start) this.nextReturn = this.find('\r', start + 1);
      if (this.nextTab <= start) this.nextTab = this.find('\t', start + 1);
      const raw = Math.min(this.nextNewline, this.nextReturn, this.nextTab);
      if (raw < quote) throw this.fail('control character in string (write it as an escape)', raw);
      this.push(STRING, start, quote + 1);
      return quote + 1;
    }
    return this.escapedString(start);
  }

  private find(char: string, from: number): number {
    const at = this.text.indexOf(char, from);
    return at < 0 ? this.len : at;
  }

  /** A literal with escapes, checked character by character. */
  private escapedString(start: number): number {
    const text = this.text;
    let i = start + 1;
    for (;;) {
      const c = text.charCodeAt(i);
      if (c === 34) break;
      if (c === 92) {
        ESCAPE.lastIndex = i;
        if (!ESCAPE.test(text)) throw this.fail('invalid escape sequence in string', i);
        i = ESCAPE.lastIndex;
      } else if (c < 32) {
        throw this.fail('control character in string (write it as an escape)', i);
      } else if (i >= this.len) {
        throw this.fail('unterminated string', start);
      } else i++;
    }
    this.push(STRING | ESCAPED, start, i + 1);
    return i + 1;
  }

  private number(start: number): number {
    NUMBER_PATTERN.lastIndex = start;
    if (!NUMBER_PATTERN.test(this.text)) throw this.fail('invalid number', start);
    this.push(NUMBER, start, NUMBER_PATTERN.lastIndex);
    return NUMBER_PATTERN.lastIndex;
  }

  private literal(start: number, word: 'true' | 'false' | 'null'): number {
    if (!this.text.startsWith(word, start)) throw this.fail(`unexpected token: expected ${word}`, start);
    this.push(LITERAL, start, start + word.length);
    return start + word.length;
  }

  /** Rejects an object with two members of the same (decoded) key. */
  private checkDuplicates(object: number): void {
    const ev = this.ev;
    const keys: number[] = [];
    const stop = ev[object * 4 + 3]!;
    let escaped = false;
    for (let e = object + 1; e < stop; ) {
      keys.push(e);
      escaped ||= (ev[e * 4]! & ESCAPED) !== 0;
      const value = e + 1;
      e = ev[value * 4 + 3]!;
    }
    if (keys.length < 2) return;
    const text = this.text;
    const raw = (e: number) => text.slice(ev[e * 4 + 1]!, ev[e * 4 + 2]!);
    const decoded = (e: number) => JSON.parse(raw(e)) as string;
    if (keys.length <= 16 && !escaped) {
      // Pairwise on the raw text is cheaper than hashing for the small objects most files are made of.
      for (let a = 1; a < keys.length; a++) {
        const ka = keys[a]!;
        const sa = ev[ka * 4 + 1]!;
        const la = ev[ka * 4 + 2]! - sa;
        for (let b = 0; b < a; b++) {
          const kb = keys[b]!;
          const sb = ev[kb * 4 + 1]!;
          if (ev[kb * 4 + 2]! - sb === la && text.startsWith(raw(ka), sb))
            throw this.duplicate(ka, decoded(ka));
        }
      }
      return;
    }
    const seen = new Set<string>();
    for (const k of keys) {
      const key =
        (ev[k * 4]! & ESCAPED) !== 0 ? decoded(k) : text.slice(ev[k * 4 + 1]! + 1, ev[k * 4 + 2]! - 1);
      if (seen.has(key)) throw this.duplicate(k, key);
      seen.add(key);
    }
  }

  private duplicate(e: number, key: string): FormatError {
    return this.fail(`duplicate key ${JSON.stringify(key)}`, this.ev[e * 4 + 1]!);
  }

  private fail(message: string, at: number): FormatError {
    return new TextPositions(this.decoded).error(message, at, this.fileName);
  }

  private expected(what: string, i: number): FormatError {
    if (i >= this.len) return this.fail(`unexpected end of file: expected ${what}`, i);
    return this.fail(`unexpected character ${JSON.stringify(this.text[i])}: expected ${what}`, i);
  }
}
