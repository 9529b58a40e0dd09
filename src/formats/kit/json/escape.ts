/**
 * Writing JSON string literals the way the file already writes them.
 */

export interface JsonEscapeStyle {
  /** The file writes non-ASCII characters as `\uXXXX` (Python's json.dump default, some exporters). */
  asciiOnly: boolean;
  /** The file writes `/` as `\/` (PHP's json_encode default). */
  slash: boolean;
  /** The file spells `\u` escapes with upper-case hex digits. */
  upperHex: boolean;
}

const ESCAPED_NON_ASCII =
  /\\u(?:00[89a-fA-F][0-9a-fA-F]|0[1-9a-fA-F][0-9a-fA-F]{2}|[1-9a-fA-F][0-9a-fA-F]{3})/;

/**
 * The escaping habits of a JSON text. Whole-file rather than per-literal: a new translation is
 * mostly non-ASCII where the source literal was ASCII, so only the file as a whole says how the
 * tool that wrote it handles non-ASCII.
 */
export function detectEscapeStyle(text: string): JsonEscapeStyle {
  // The rarer pattern first: most files have no \u escapes at all (a native search says so), and
  // then no scan for escaped or raw non-ASCII is needed.
  const asciiOnly = text.includes('\\u') && ESCAPED_NON_ASCII.test(text) && !/[^\x00-\x7f]/.test(text);
  const slash = text.includes('\\/') && !/(?:^|[^\\])\//.test(text);
  const upperHex =
    text.includes('\\u') && /\\u[0-9A-F]{0,3}[A-F]/.test(text) && !/\\u[0-9a-f]{0,3}[a-f]/.test(text);
  return { asciiOnly, slash, upperHex };
}

const NEEDS_WORK = /["\\\u0000-\u001f\ud800-\udfff]/;

/** The body of a JSON string literal (without quotes) for `value`, escaped in `style`. */
export function escapeJsonString(value: string, style: JsonEscapeStyle): string {
  // JSON.stringify escapes quotes, backslashes, control characters and lone surrogates.
  let out = NEEDS_WORK.test(value) ? JSON.stringify(value).slice(1, -1) : value;
  if (!style.asciiOnly && !style.slash && !style.upperHex) return out;
  if (style.asciiOnly)
    out = out.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  if (style.slash) out = out.replaceAll('/', '\\/');
  if (style.upperHex)
    out = out.replace(/\\(?:\\|u([0-9a-f]{4}))/g, (m, hex?: string) => (hex ? `\\u${hex.toUpperCase()}` : m));
  return out;
}
