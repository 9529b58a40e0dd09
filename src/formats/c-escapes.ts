/**
 * Backslash escapes of C string literals, read the way PO (gettext) and Apple `.strings`
 * (CoreFoundation) read them: the same simple and octal escapes, each with its own hex escape and
 * its own answer to an unknown one.
 */

const SIMPLE: Record<string, string> = {
  n: '\n',
  t: '\t',
  r: '\r',
  a: '\u0007',
  b: '\b',
  f: '\f',
  v: '\v',
  '"': '"',
  "'": "'",
  '\\': '\\',
  '?': '?',
};

export interface CEscapeDialect {
  /** `x`: `\xH` or `\xHH` (gettext); `u`: `\uXXXX` or `\UXXXX`, exactly four digits (CoreFoundation). */
  hex: 'x' | 'u';
  /** An unknown escape is an error (gettext), or its character is kept without the backslash (CoreFoundation). */
  unknown: 'error' | 'keep';
}

/**
 * Unescapes the text between a string's quotes; returns the index (within `raw`) of a bad escape
 * as a negative number minus one, so callers can report its column.
 */
export function unescapeC(raw: string, dialect: CEscapeDialect): string | number {
  if (!raw.includes('\\')) return raw;
  let out = '';
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (c !== '\\') {
      out += c;
      continue;
    }
    const next = raw[i + 1];
    if (next === undefined) return -i - 1;
    const simple = SIMPLE[next];
    if (simple !== undefined) {
      out += simple;
      i++;
    } else if (next >= '0' && next <= '7') {
      const octal = /^[0-7]{1,3}/.exec(raw.slice(i + 1))![0];
      out += String.fromCharCode(Number.parseInt(octal, 8));
      i += octal.length;
    } else if (dialect.hex === 'u' && (next === 'U' || next === 'u')) {
      const hex = raw.slice(i + 2, i + 6);
      if (!/^[0-9a-fA-F]{4}$/.test(hex)) return -i - 1;
      out += String.fromCharCode(Number.parseInt(hex, 16));
      i += 5;
    } else if (dialect.hex === 'x' && next === 'x' && /^[0-9a-fA-F]{1,2}/.test(raw.slice(i + 2))) {
      const hex = /^[0-9a-fA-F]{1,2}/.exec(raw.slice(i + 2))![0];
      out += String.fromCharCode(Number.parseInt(hex, 16));
      i += 1 + hex.length;
    } else if (dialect.unknown === 'keep') {
      out += next;
      i++;
    } else {
      return -i - 1;
    }
  }
  return out;
}
