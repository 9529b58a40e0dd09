/**
 * How Xcode writes string catalogs: Foundation's JSONSerialization with `.prettyPrinted` and
 * `.sortedKeys` — members one per line, `"key" : value`, two-space indentation, keys sorted, and an
 * empty object written as `{`, a blank line, `}` (localization.ts writes localizations this way).
 * A catalog written by another tool keeps its own indentation, line endings and `"key": value`.
 */

import { escapeJsonString, type JsonEscapeStyle } from '../kit/json/escape.ts';
import type { JsonDoc } from '../kit/json/tokens.ts';
import { docEscapeStyle } from '../kit/json/write-string.ts';

/**
 * How one file writes new members: its indentation unit (two spaces in Xcode's files), line
 * ending and string escaping. A class rather than an object of closures: a render calls `escape`
 * and `member` thousands of times, and optimized code that saw one render's closures would be
 * thrown away when the next render brings new ones.
 */
export class XcodeStyle {
  readonly unit: string;
  readonly eol: string;
  /** Between a member's name and its value: Xcode's `" : "`, or the file's own (`": "`). */
  readonly separator: string;
  private readonly doc: JsonDoc;
  private escapeStyle: JsonEscapeStyle | undefined;
  /** Member pieces by name, for the first thousand names. */
  private readonly names = new Map<string, string>();

  constructor(doc: JsonDoc, unit: string, eol: string, separator = ' : ') {
    this.doc = doc;
    this.unit = unit;
    this.eol = eol;
    this.separator = separator;
  }

  /** The body of a JSON string literal for `value`, in the file's escaping style. */
  escape(value: string): string {
    this.escapeStyle ??= this.doc.derive(docEscapeStyle);
    return escapeJsonString(value, this.escapeStyle);
  }

  /**
   * A member name escaped and followed by the closing quote and the separator (`stringUnit" : `),
   * the opening quote left to the caller. Names repeat, so this is remembered.
   */
  member(name: string): string {
    let member = this.names.get(name);
    if (member === undefined) {
      member = `${this.escape(name)}"${this.separator}`;
      if (this.names.size < 1000) this.names.set(name, member);
    }
    return member;
  }
}

/**
 * Key order of `.sortedKeys`: Foundation compares with `[.numeric, .caseInsensitive, .forcedOrdering]`
 * (swift-corelibs-foundation JSONSerialization), so `zh-Hans` sorts before `zh-HK` and `a2` before
 * `a10`; exact ties fall back to code points. ASCII keys (nearly all) are compared in place;
 * others through lower-cased copies.
 */
export function xcodeCompare(a: string, b: string): number {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    let c = a.charCodeAt(i);
    let d = b.charCodeAt(j);
    if (c >= 0x80 || d >= 0x80) return compareFolded(a.toLowerCase(), b.toLowerCase(), a, b);
    if (isDigit(c) && isDigit(d)) {
      const byNumber = compareNumbers(a, i, b, j);
      if (byNumber !== 0) return byNumber;
      while (i < a.length && isDigit(a.charCodeAt(i))) i++;
      while (j < b.length && isDigit(b.charCodeAt(j))) j++;
      continue;
    }
    if (c >= 65 && c <= 90) c += 32;
    if (d >= 65 && d <= 90) d += 32;
    if (c !== d) return c - d;
    i++;
    j++;
  }
  // Characters left over may still be non-ASCII (lower-casing can change lengths): compare those folded.
  for (let k = i; k < a.length; k++)
    if (a.charCodeAt(k) >= 0x80) return compareFolded(a.toLowerCase(), b.toLowerCase(), a, b);
  for (let k = j; k < b.length; k++)
    if (b.charCodeAt(k) >= 0x80) return compareFolded(a.toLowerCase(), b.toLowerCase(), a, b);
  if (a.length - i !== b.length - j) return a.length - i - (b.length - j);
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The digit runs at `a[i]` and `b[j]` compared by value (leading zeros do not count). */
function compareNumbers(a: string, i: number, b: string, j: number): number {
  while (a.charCodeAt(i) === 48 && isDigit(a.charCodeAt(i + 1))) i++;
  while (b.charCodeAt(j) === 48 && isDigit(b.charCodeAt(j + 1))) j++;
  let ei = i;
  let ej = j;
  while (ei < a.length && isDigit(a.charCodeAt(ei))) ei++;
  while (ej < b.length && isDigit(b.charCodeAt(ej))) ej++;
  if (ei - i !== ej - j) return ei - i < ej - j ? -1 : 1;
  for (; i < ei; i++, j++) {
    const diff = a.charCodeAt(i) - b.charCodeAt(j);
    if (diff !== 0) return diff < 0 ? -1 : 1;
  }
  return 0;
}

/** xcodeCompare on lower-cased copies `x` and `y` of `a` and `b`. */
function compareFolded(x: string, y: string, a: string, b: string): number {
  let i = 0;
  let j = 0;
  while (i < x.length && j < y.length) {
    const c = x.charCodeAt(i);
    const d = y.charCodeAt(j);
    if (isDigit(c) && isDigit(d)) {
      const byNumber = compareNumbers(x, i, y, j);
      if (byNumber !== 0) return byNumber;
      while (i < x.length && isDigit(x.charCodeAt(i))) i++;
      while (j < y.length && isDigit(y.charCodeAt(j))) j++;
      continue;
    }
    if (c !== d) return c - d;
    i++;
    j++;
  }
  if (x.length - i !== y.length - j) return x.length - i - (y.length - j);
  return a < b ? -1 : a > b ? 1 : 0;
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}
