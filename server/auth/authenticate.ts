import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { unauthorized } from '../http/errors.ts';
import { keysWithRoleByPrefix, touchApiKey } from '../store/api-keys.ts';
import type { Db } from '../store/db.ts';
import type { AuthContext } from './context.ts';
import { createKeyCache, type KeyCache } from './key-cache.ts';
import { hashApiKey, hashesEqual, prefixOf, readCredentials } from './keys.ts';

export interface AuthenticatorDeps {
  db: Db;
  now: () => number;
  log: Logger;
  /** Recently seen keys (see key-cache.ts); the API key service forgets revoked ones. */
  cache?: KeyCache;
  /** lastUsedAt is written at most this often per key and process (default one minute). */
  touchEveryMs?: number;
}

/**
 * Resolves the API key into `res.locals.auth`. The row is found by the key's displayable prefix
 * and the hashes compared in constant time, so response time does not depend on how much of a
 * guessed key is right.
 */
export function authenticate(deps: AuthenticatorDeps): RequestHandler {
  const { db, now, log } = deps;
  const touchEveryMs = deps.touchEveryMs ?? 60_000;
  const touched = new Map<string, number>();
  const cache = deps.cache ?? createKeyCache();
  const keysByPrefix = keysWithRoleByPrefix(db);

  return async (req, res, next) => {
    const credentials = readCredentials(req.get('authorization'), req.query.key, req.get('key'));
    if (credentials === undefined) throw unauthorized();
    if ('problem' in credentials) throw unauthorized(credentials.problem);
    const prefix = prefixOf(credentials.key);
    if (!prefix) throw unauthorized('invalid API key');
    const hash = hashApiKey(credentials.key);
    const t = now();
    let row = cache.get(hash, t);
    if (!row) {
      for (const candidate of await keysByPrefix(prefix))
        if (hashesEqual(candidate.key_hash, hash)) row = candidate;
      if (!row) throw unauthorized('invalid API key');
      cache.set(hash, row, t);
    }
    // Only the holder of the whole key learns why it stopped working.
    if (row.revoked_at !== null) throw unauthorized('this API key has been revoked');
    if (row.expires_at !== null && row.expires_at <= t) throw unauthorized('this API key has expired');
    const auth: AuthContext = {
      keyId: row.id,
      organizationId: row.organization_id,
      userId: row.user_id,
      role: row.role ?? null,
    };
    res.locals.auth = auth;
    const last = touched.get(row.id);
    if (last === undefined || t - last >= touchEveryMs) {
      touched.set(row.id, t);
      const keyId = row.id;
      touchApiKey(db, keyId, t).catch((err: unknown) =>
        log.warn({ err, keyId }, 'could not record lastUsedAt'),
      );
    }
    next();
  };
}
