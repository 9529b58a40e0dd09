/**
 * Verifies a GitHub App's JSON Web Token the way GitHub does: RS256 over `header.payload`,
 * `iss` = the app id, `exp` at most 10 minutes ahead, `iat` not in the future (60 s of clock
 * drift allowed). The failure messages are GitHub's own; @octokit/auth-app recognises the time
 * ones and retries with the clock difference taken from the response's Date header.
 */
import { createVerify, type KeyObject } from 'node:crypto';

export const JWT_UNDECODABLE = 'A JSON web token could not be decoded';
export const EXP_TOO_FAR = "'Expiration time' claim ('exp') is too far in the future";
export const EXP_INVALID =
  "'Expiration time' claim ('exp') must be a numeric value representing the future time at which the assertion expires";
export const IAT_INVALID =
  "'Issued at' claim ('iat') must be an Integer representing the time that the assertion was issued";
export const APP_NOT_FOUND = 'Integration not found';

/** GitHub refuses tokens that expire further ahead than this. */
const MAX_LIFETIME_S = 600;
const ALLOWED_DRIFT_S = 60;

/** Returns undefined when the token is valid, else the message GitHub answers with (a 401). */
export function jwtProblem(token: string, publicKey: KeyObject, appId: number, nowSeconds: number) {
  const parts = token.split('.');
  if (parts.length !== 3) return JWT_UNDECODABLE;
  const [head = '', body = '', signature = ''] = parts;
  const header = decodeJson(head);
  const payload = decodeJson(body);
  if (!header || !payload || header.alg !== 'RS256') return JWT_UNDECODABLE;
  const verifier = createVerify('RSA-SHA256');
  verifier.update(`${head}.${body}`);
  if (!verifier.verify(publicKey, Buffer.from(signature, 'base64url'))) return JWT_UNDECODABLE;
  if (String(payload.iss) !== String(appId)) return APP_NOT_FOUND;
  const { iat, exp } = payload;
  if (typeof iat !== 'number' || !Number.isInteger(iat) || iat > nowSeconds + ALLOWED_DRIFT_S)
    return IAT_INVALID;
  if (typeof exp !== 'number' || exp <= nowSeconds) return EXP_INVALID;
  if (exp > nowSeconds + MAX_LIFETIME_S) return EXP_TOO_FAR;
  return undefined;
}

function decodeJson(part: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
