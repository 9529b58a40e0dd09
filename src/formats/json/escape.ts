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

/**
 * Whether `value` holds a quote, a backslash, a control character or a surrogate: then
 * JSON.stringify writes it (escaping all but paired surrogates). A loop over the characters, as
 * the regex test it replaces cost more than the loop on the short texts of a string file.
 */
function needsWork(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 32 || c === 34 || c === 92 || (c >= 0xd800 && c <= 0xdfff)) return true;
  }
  return false;
}

/** The body of a JSON string literal (without quotes) for `value`, escaped in `style`. */
export function escapeJsonString(value: string, style: JsonEscapeStyle): string {
  // JSON.stringify escapes quotes, backslashes, control characters and lone surrogates.
  let out = needsWork(value) ? JSON.stringify(value).slice(1, -1) : value;
  if (!style.asciiOnly && !style.slash && !style.upperHex) return out;
  if (style.asciiOnly)
    out = out.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  if (style.slash) out = out.replaceAll('/', '\\/');
  if (style.upperHex)
    out = out.replace(/\\(?:\\|u([0-9a-f]{4}))/g, (m, hex?: string) => (hex ? `\\u${hex.toUpperCase()}` : m));
  return out;
}
