/** Cookies of the workbench: read from the Cookie header, written as Set-Cookie values (RFC 6265). */

/** The session cookie: holds a random token whose SHA-256 is the session row's key. */
export const SESSION_COOKIE = 'svc_wb';
/** Before sign-in: the double-submit token the login form must echo (login CSRF). */
export const PRE_SESSION_COOKIE = 'svc_wb_pre';

/** Cookie values by name; a malformed pair is skipped, the first of two same-named cookies wins. */
export function parseCookies(header: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  if (!header) return out;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    const name = eq < 0 ? '' : part.slice(0, eq).trim();
    if (name === '') continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    if (!out.has(name)) out.set(name, value);
  }
  return out;
}

export interface CookieOptions {
  /** Seconds until the browser drops it; 0 deletes the cookie. Omitted: a browser-session cookie. */
  maxAge?: number;
  /** Set when the request came over HTTPS (directly or through a trusted proxy). */
  secure: boolean;
}

/**
 * A Set-Cookie value scoped to the workbench: HttpOnly (no script reads it), SameSite=Strict (no
 * other site's page sends it along), Path=/workbench, Secure over HTTPS.
 */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  if (!/^[\w-]+$/.test(name)) throw new TypeError(`[workbench] cookie name "${name}" is not a token`);
  if (!/^[\w-]*$/.test(value)) throw new TypeError('[workbench] cookie value must be URL-safe base64');
  const parts = [`${name}=${value}`, 'Path=/workbench', 'HttpOnly', 'SameSite=Strict'];
  if (options.maxAge !== undefined) parts.push(`Max-Age=${Math.max(0, Math.floor(options.maxAge))}`);
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}
