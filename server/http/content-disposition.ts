// Ours, not express's res.attachment (the content-disposition package): that one sends no
// filename* for ASCII names, leaves token names unquoted, backslash-escapes quotes and writes `?`
// for non-Latin-1, so every header test/security/header-injection.test.ts pins would change.
/**
 * `Content-Disposition: attachment` for a download named after a stored file: its last path
 * segment, as a plain quoted `filename` for old clients (non-ASCII, quotes, backslashes and
 * percent signs replaced by `_`) and exactly as `filename*` (RFC 6266 §4.3, RFC 8187 encoding).
 * File names never hold control characters (src/api/schemas/paths.ts), and neither form can carry
 * one, so no name can end the header or add another (header injection).
 */
export function attachmentDisposition(storedName: string, fallback: string): string {
  const base = storedName.split('/').pop() || fallback;
  const quoted = base.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  // encodeURIComponent leaves ' ( ) * as they are; RFC 8187 attr-char does not allow them.
  const encoded = encodeURIComponent(base).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${quoted}"; filename*=UTF-8''${encoded}`;
}
