import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** `svc_` followed by 40 lowercase hex characters (spec, Authentication 4). */
export const API_KEY_PATTERN = /^svc_[0-9a-f]{40}$/;

export interface GeneratedKey {
  key: string;
  /** First 8 characters of the random part; safe to display. */
  prefix: string;
  hash: string;
}

/** Makes a new key from 20 random bytes; only its hash is ever stored. */
export function generateApiKey(random: (size: number) => Buffer = randomBytes): GeneratedKey {
  const hex = random(20).toString('hex');
  const key = `svc_${hex}`;
  return { key, prefix: hex.slice(0, 8), hash: hashApiKey(key) };
}

/**
 * SHA-256 of the key. Keys carry 160 random bits, so a fast hash is enough: there is nothing to
 * brute-force that a slow hash would protect.
 */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** The prefix a presented key would have, or undefined when it is not shaped like a key. */
export function prefixOf(key: string): string | undefined {
  return API_KEY_PATTERN.test(key) ? key.slice(4, 12) : undefined;
}

const WHOLE_HEX = /^(?:[0-9a-f]{2})+$/i;

/**
 * Compares two hex hashes in constant time (lengths first: timingSafeEqual throws on a mismatch).
 * Anything but whole hex is unequal: Buffer.from(…, 'hex') stops at the first bad digit, so 'ab'
 * and 'abzz' (or '' and 'zz') would otherwise decode to the same bytes.
 */
export function hashesEqual(a: string, b: string): boolean {
  if (!WHOLE_HEX.test(a) || !WHOLE_HEX.test(b)) return false;
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

export type Credentials = { key: string } | { problem: string } | undefined;

/**
 * Reads the key from `Authorization: Basic base64(key:key)` (preferred), a `key` header (as
 * generated clients of GET /v3/domains send it) or `?key=` (development only, spec
 * Authentication 3), in that order. Returns undefined when no credentials were sent at all.
 */
export function readCredentials(
  authorization: string | undefined,
  queryKey: unknown,
  headerKey?: string,
): Credentials {
  if (authorization !== undefined) {
    const [scheme, value, ...rest] = authorization.trim().split(/\s+/);
    if (scheme?.toLowerCase() !== 'basic' || value === undefined || rest.length > 0) {
      return { problem: 'Authorization header must be "Basic base64(key:key)"' };
    }
    const decoded = Buffer.from(value, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return { problem: 'Basic credentials must be "key:key"' };
    const user = decoded.slice(0, colon);
    const password = decoded.slice(colon + 1);
    // The spec sends the key as both user name and password; accept it in either half alone too.
    if (user && password && user !== password)
      return { problem: 'Basic credentials must carry the same key twice' };
    return { key: user || password };
  }
  // Node joins repeated headers with ", ": a joined value is not one key and fails as malformed.
  if (headerKey !== undefined)
    return headerKey.trim() === '' ? { problem: 'header "key" is empty' } : { key: headerKey.trim() };
  if (typeof queryKey === 'string' && queryKey !== '') return { key: queryKey };
  if (queryKey !== undefined) return { problem: 'query parameter "key" must be a single API key' };
  return undefined;
}
