/**
 * A tokenized JSON document (see tokens.ts): values are events in one Int32Array (kind, start,
 * end, next) rather than a tree of objects — a 5 MB string file has hundreds of thousands of
 * values, and allocating a node for each costs more than scanning the text.
 */
import type { FormatError } from '../../errors.ts';
import { type DecodedText, TextPositions } from '../../file-text.ts';

export const OBJECT = 1;
export const ARRAY = 2;
export const STRING = 3;
export const NUMBER = 4;
export const LITERAL = 5;
/** Flag on STRING events whose literal contains escapes (its value needs decoding). */
export const ESCAPED = 8;
/** Flag on key events that may contain `_` (i18next suffixes); set on every escaped key. */
export const KEY_UNDERSCORE = 16;
/** Flag on key events that may contain `.` or `#` (escaped in ids); set on every escaped key. */
export const KEY_SPECIAL = 32;

/**
 * A tokenized JSON document. Values are addressed by event index: `kind`, `start` (index of the
 * first character), `end` (index after the last), `next` (the event after the value and, for
 * containers, after everything inside). An object's members are key/value event pairs.
 */
export class JsonDoc {
  readonly text: string;
  readonly decoded: DecodedText;
  private readonly ev: Int32Array;
  private readonly derived = new Map<(doc: JsonDoc) => unknown, unknown>();
  /**
   * Read as a target of a source whose plural units have these ids: an i18next group without
   * `_other` is one of them when its id is here (see markConventions). Set before anything is
   * derived; such a document is never memoized (readJson).
   */
  sourcePlurals: ReadonlySet<string> | undefined;

  /** Keys repeated in one object: text index of each and of its first occurrence, in pairs (see tokenizeJson). */
  readonly duplicates: readonly number[];
  /** Text indexes of the keys `shadowed` answers true for (computed on first use). */
  private shadowedAt: ReadonlySet<number> | undefined;

  constructor(decoded: DecodedText, events: Int32Array, duplicates: readonly number[] = []) {
    this.duplicates = duplicates;
    this.decoded = decoded;
    this.text = decoded.text;
    this.ev = events;
  }

  /** The unescaped key whose opening quote is at text index `at`. */
  keyAt(at: number): string {
    // The key ends at the first quote not escaped by an odd run of backslashes.
    let close = this.text.indexOf('"', at + 1);
    for (; close >= 0; close = this.text.indexOf('"', close + 1)) {
      let slashes = 0;
      for (let b = close - 1; this.text[b] === '\\'; b--) slashes++;
      if (slashes % 2 === 0) break;
    }
    return JSON.parse(this.text.slice(at, close + 1)) as string;
  }

  /** The number of events (values, keys included). */
  get count(): number {
    return this.ev.length >> 2;
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
  /** Whether an event carries a flag (ESCAPED, KEY_UNDERSCORE, KEY_SPECIAL). */
  flagged(e: number, flag: number): boolean {
    return (this.ev[e * 4]! & flag) !== 0;
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
    if ((this.ev[e * 4]! & ESCAPED) !== 0) {
      // A literal that does not start with an escape starts with the character it decodes to:
      // a different first character settles it without decoding.
      const first = this.text.charCodeAt(start + 1);
      if (first !== 92 && first !== value.charCodeAt(0)) return false;
      return this.string(e) === value;
    }
    if (value.length !== end - start - 2) return false;
    // Most mismatches of the same length differ in the first character: no builtin call for them.
    return (
      value.length === 0 ||
      (this.text.charCodeAt(start + 1) === value.charCodeAt(0) && this.text.startsWith(value, start + 1))
    );
  }

  /** Key events of an object's members, in file order (each member's value is the key's event + 1). */
  keys(object: number): number[] {
    const out: number[] = [];
    const stop = this.next(object);
    for (let e = object + 1; e < stop; e = this.next(e + 1)) out.push(e);
    return out;
  }

  /**
   * Whether a later member of the same object repeats the key at event `key`. JSON.parse and
   * Dart's json.decode (gen-l10n) keep the last value of a repeated key, so such a member is never
   * read by the app: it is no unit, and nothing under it is (RFC 8259 §4 leaves repeats to the reader).
   */
  shadowed(key: number): boolean {
    if (this.duplicates.length === 0) return false;
    this.shadowedAt ??= shadowedKeys(this.duplicates);
    return this.shadowedAt.has(this.start(key));
  }

  /** The value event of a member, or -1; of a repeated key, the last one (as JSON.parse reads it). */
  member(object: number, key: string): number {
    const stop = this.next(object);
    let found = -1;
    for (let e = object + 1; e < stop; e = this.next(e + 1)) {
      if (!this.stringEquals(e, key)) continue;
      found = e + 1;
      if (this.duplicates.length === 0) break;
    }
    return found;
  }

  /** Item events of an array. */
  items(array: number): number[] {
    const out: number[] = [];
    const stop = this.next(array);
    for (let e = array + 1; e < stop; e = this.next(e)) out.push(e);
    return out;
  }

  /**
   * `build(this)`, computed once per document: when the same bytes are read again (parse, then
   * render) the memoized document brings along what was derived from it. Treat the result as read-only.
   */
  derive<T>(build: (doc: JsonDoc) => T): T {
    if (this.derived.has(build)) return this.derived.get(build) as T;
    const value = build(this);
    this.derived.set(build, value);
    return value;
  }

  /** A FormatError pointing at a string index. */
  error(message: string, index: number, file?: string): FormatError {
    return new TextPositions(this.decoded).error(message, index, file);
  }
}

/**
 * The keys that a later key of the same object repeats, as text indexes, from the tokenizer's
 * `(repeat, first occurrence)` pairs: of each repeated key every copy but the last.
 */
function shadowedKeys(duplicates: readonly number[]): ReadonlySet<number> {
  const last = new Map<number, number>();
  for (let k = 0; k < duplicates.length; k += 2) {
    const at = duplicates[k]!;
    const first = duplicates[k + 1]!;
    if (at > (last.get(first) ?? first)) last.set(first, at);
  }
  const shadowed = new Set<number>();
  for (let k = 0; k < duplicates.length; k += 2) {
    shadowed.add(duplicates[k]!);
    shadowed.add(duplicates[k + 1]!);
  }
  for (const at of last.values()) shadowed.delete(at);
  return shadowed;
}
