/**
 * Writing .properties values the way the file already writes them.
 */
import type { DecodedText } from '../file-text.ts';

export interface PropertiesStyle {
  /** Characters to write as escapes: controls, backslashes, and what the encoding cannot hold raw. */
  special: RegExp;
  /** Upper-case hex digits in `\u` escapes (Properties.store writes `\u00E9`). */
  upperHex: boolean;
  /** The file escapes `=` and `:` inside values (Properties.store does). */
  escapeSeparators: boolean;
  /** Surrogate pairs are written raw (UTF-8 files). */
  rawPairs: boolean;
}

/**
 * The style of a decoded file. Encoding follows the file: raw UTF-8 where the file already has
 * non-ASCII UTF-8; Latin-1 characters raw in an ISO-8859-1 file (others as `\uXXXX`); and in an
 * all-ASCII file every non-ASCII character as `\uXXXX`, the one spelling both ISO-8859-1 readers
 * (Properties.load(InputStream)) and UTF-8 readers (Java 9+ resource bundles) agree on.
 */
export function detectPropertiesStyle(decoded: DecodedText): PropertiesStyle {
  const { text, encoding } = decoded;
  // Only an all-ASCII UTF-8 file changes the style; decodeText knows that from the bytes.
  const ascii = encoding === 'utf-8' && (decoded.ascii ?? !/[^\x00-\x7f]/.test(text));
  const upperHex =
    text.includes('\\u') && /\\u[0-9A-F]{0,3}[A-F]/.test(text) && !/\\u[0-9a-f]{0,3}[a-f]/.test(text);
  const escapeSeparators = text.includes('\\=') || text.includes('\\:');
  // Surrogate pairs are matched whole so that a raw-writing style can keep them; lone ones are always escaped.
  const rawPairs = encoding !== 'latin1' && !(ascii && encoding === 'utf-8');
  const special =
    encoding === 'latin1'
      ? /[\\\x00-\x1f=:]|[^\x00-\xff]/g
      : ascii && encoding === 'utf-8'
        ? /[\\\x00-\x1f=:]|[^\x00-\x7f]/g
        : /[\\\x00-\x1f=:]|[\ud800-\udbff][\udc00-\udfff]|[\ud800-\udfff]/g;
  return { special, upperHex, escapeSeparators, rawPairs };
}

const SIMPLE: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\f': '\\f' };

/** A value as written after the separator: one line, escaped so that Properties.load reads `value` back. */
export function escapePropertiesValue(value: string, style: PropertiesStyle): string {
  let out = value.replace(style.special, (ch, at: number) => {
    const simple = SIMPLE[ch];
    if (simple) return simple;
    if (ch === '=' || ch === ':') {
      // A leading = or : after a whitespace separator would be read as the separator itself.
      return style.escapeSeparators || at === 0 ? `\\${ch}` : ch;
    }
    // A surrogate pair matched whole is kept raw (only the UTF-8 style matches pairs).
    if (ch.length === 2 && style.rawPairs) return ch;
    let escaped = '';
    for (let i = 0; i < ch.length; i++) escaped += unicodeEscape(ch.charCodeAt(i), style.upperHex);
    return escaped;
  });
  // Leading whitespace would be skipped as part of the separator.
  if (out.charCodeAt(0) === 32) out = `\\${out}`;
  return out;
}

function unicodeEscape(code: number, upper: boolean): string {
  const hex = code.toString(16).padStart(4, '0');
  return `\\u${upper ? hex.toUpperCase() : hex}`;
}
