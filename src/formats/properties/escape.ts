/**
 * Writing .properties values the way the file already writes them.
 */
import type { DecodedText } from '../text.ts';

export interface PropertiesStyle {
  /** Highest code point written as is; anything above becomes `\uXXXX`. */
  rawUpTo: number;
  /** Upper-case hex digits in `\u` escapes (Properties.store writes `\u00E9`). */
  upperHex: boolean;
  /** The file escapes `=` and `:` inside values (Properties.store does). */
  escapeSeparators: boolean;
}

/**
 * The style of a decoded file. Encoding follows the file: raw UTF-8 where the file already has
 * non-ASCII UTF-8; Latin-1 characters raw in an ISO-8859-1 file (others as `\uXXXX`); and in an
 * all-ASCII file every non-ASCII character as `\uXXXX`, the one spelling both ISO-8859-1 readers
 * (Properties.load(InputStream)) and UTF-8 readers (Java 9+ resource bundles) agree on.
 */
export function detectPropertiesStyle(decoded: DecodedText): PropertiesStyle {
  const { text, encoding } = decoded;
  const ascii = !/[^\x00-\x7f]/.test(text);
  const rawUpTo = encoding === 'latin1' ? 0xff : ascii && encoding === 'utf-8' ? 0x7f : 0x10ffff;
  const upperHex = /\\u[0-9A-F]{0,3}[A-F]/.test(text) && !/\\u[0-9a-f]{0,3}[a-f]/.test(text);
  const escapeSeparators = /\\[=:]/.test(text);
  return { rawUpTo, upperHex, escapeSeparators };
}

const NEEDS_WORK = /[\\\x00-\x1f=:]|[^\x00-\x7f]|^ /;

/** A value as written after the separator: one line, escaped so that Properties.load reads `value` back. */
export function escapePropertiesValue(value: string, style: PropertiesStyle): string {
  if (!NEEDS_WORK.test(value)) return value;
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const ch = value[i]!;
    const c = ch.charCodeAt(0);
    if (ch === '\\') out += '\\\\';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (ch === '\f') out += '\\f';
    // Leading whitespace would be skipped as part of the separator.
    else if (ch === ' ' && i === 0) out += '\\ ';
    // A leading = or : after a whitespace separator would be read as the separator itself.
    else if ((ch === '=' || ch === ':') && (style.escapeSeparators || i === 0)) out += `\\${ch}`;
    else if (c >= 0xd800 && c <= 0xdbff && isLow(value.charCodeAt(i + 1)) && style.rawUpTo > 0xffff) {
      out += value.slice(i, i + 2);
      i++;
    } else if (c < 0x20 || c > style.rawUpTo || (c >= 0xd800 && c <= 0xdfff)) {
      // Surrogates are escaped unless they form a pair written raw: a lone one has no encoding.
      out += unicodeEscape(c, style.upperHex);
    } else out += ch;
  }
  return out;
}

function isLow(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}

function unicodeEscape(code: number, upper: boolean): string {
  const hex = code.toString(16).padStart(4, '0');
  return `\\u${upper ? hex.toUpperCase() : hex}`;
}
