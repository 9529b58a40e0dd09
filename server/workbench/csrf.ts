import { randomBytes, timingSafeEqual } from 'node:crypto';

/** A fresh unguessable token (256 bits, URL-safe base64): session tokens and CSRF tokens alike. */
export function newToken(random: (size: number) => Buffer = randomBytes): string {
  return random(32).toString('base64url');
}

/**
 * True when the token a form sent equals the expected one, compared in constant time. Lengths are
 * compared first because timingSafeEqual throws on a mismatch; a missing token never matches.
 */
export function tokensMatch(sent: unknown, expected: string | undefined): boolean {
  if (typeof sent !== 'string' || sent === '' || !expected) return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
