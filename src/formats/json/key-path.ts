/**
 * Unit ids of key-value files: key paths joined with `.`. Inside a key, `\`, `.` and `#` are
 * escaped with a backslash, so `{"a": {"b": …}}` is `a.b`, the flat key `"a.b"` is `a\.b`, and
 * `#` stays free for suffixes that no key can produce (`place#ordinal`).
 */

/** Escapes one key for use as a path segment. */
export function escapeSegment(key: string): string {
  if (key.indexOf('.') < 0 && key.indexOf('\\') < 0 && key.indexOf('#') < 0) return key;
  return key.replace(/[\\.#]/g, '\\$&');
}
