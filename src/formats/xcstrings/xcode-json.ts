/**
 * Writing JSON the way Xcode writes string catalogs: Foundation's JSONSerialization with
 * `.prettyPrinted` and `.sortedKeys` — members one per line, `"key" : value`, two-space
 * indentation, keys sorted, and an empty object written as `{`, a blank line, `}`.
 */

export type XcodeValue = string | number | boolean | XcodeObject;
export interface XcodeObject {
  [key: string]: XcodeValue;
}

export interface XcodeStyle {
  /** One indentation level (two spaces in Xcode's files). */
  unit: string;
  eol: string;
  /** Escapes a string into a JSON literal body in the file's style. */
  escape: (value: string) => string;
}

/** Serializes a value whose first line continues a line indented by `indent`. */
export function xcodeJson(value: XcodeValue, indent: string, style: XcodeStyle): string {
  if (typeof value === 'string') return `"${style.escape(value)}"`;
  if (typeof value !== 'object') return String(value);
  const keys = sortedKeys(value);
  const inner = indent + style.unit;
  if (keys.length === 0) return `{${style.eol}${style.eol}${indent}}`;
  let out = `{${style.eol}`;
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    if (i > 0) out += `,${style.eol}`;
    out += `${inner}"${style.escape(k)}" : ${xcodeJson(value[k]!, inner, style)}`;
  }
  return `${out}${style.eol}${indent}}`;
}

/** Sorted key lists by the keys in insertion order: catalogs repeat a handful of key sets. */
const sortedKeySets = new Map<string, readonly string[]>();

function sortedKeys(value: XcodeObject): readonly string[] {
  const keys = Object.keys(value);
  if (keys.length < 2) return keys;
  // A key holding the separator could make two key sets look alike: sort those every time.
  if (keys.some((k) => k.includes('\u0000'))) return keys.sort(xcodeCompare);
  const signature = keys.join('\u0000');
  let sorted = sortedKeySets.get(signature);
  if (!sorted) {
    sorted = keys.sort(xcodeCompare);
    if (sortedKeySets.size < 1000) sortedKeySets.set(signature, sorted);
  }
  return sorted;
}

/**
 * Key order of `.sortedKeys`: Foundation compares with `[.numeric, .caseInsensitive, .forcedOrdering]`
 * (swift-corelibs-foundation JSONSerialization), so `zh-Hans` sorts before `zh-HK` and `a2` before
 * `a10`; exact ties fall back to code points.
 */
export function xcodeCompare(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  let i = 0;
  let j = 0;
  while (i < x.length && j < y.length) {
    const c = x.charCodeAt(i);
    const d = y.charCodeAt(j);
    if (isDigit(c) && isDigit(d)) {
      let ei = i;
      let ej = j;
      while (ei < x.length && isDigit(x.charCodeAt(ei))) ei++;
      while (ej < y.length && isDigit(y.charCodeAt(ej))) ej++;
      const n = BigInt(x.slice(i, ei)) - BigInt(y.slice(j, ej));
      if (n !== 0n) return n < 0n ? -1 : 1;
      i = ei;
      j = ej;
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
