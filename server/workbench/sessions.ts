import { createHash, randomBytes } from 'node:crypto';
import { hashApiKey, hashesEqual, prefixOf } from '../auth/keys.ts';
import { findUserEmail } from '../store/accounts.ts';
import { findKeysByPrefix } from '../store/api-keys.ts';
import type { Db } from '../store/db.ts';
import {
  deleteExpiredSessions,
  deleteSession,
  findSession,
  insertSession,
  touchSession,
} from '../store/sessions.ts';
import { newToken } from './csrf.ts';

/** A session ends after 8 h without a request, and 24 h after sign-in whatever happens. */
export const IDLE_MS = 8 * 60 * 60 * 1000;
export const ABSOLUTE_MS = 24 * 60 * 60 * 1000;

/** A signed-in workbench user: the organization and user of the API key they signed in with. */
export interface WorkbenchSession {
  organizationId: number;
  userId: number;
  apiKeyId: string;
  /** Written as `updated_by` on the segments they edit and as `user_email` on TM entries. */
  email: string;
  /** Every POST of this session must carry it as `_csrf`. */
  csrfToken: string;
  expiresAt: number;
}

export interface SessionStoreDeps {
  db: Db;
  now: () => number;
  random?: (size: number) => Buffer;
  idleMs?: number;
  absoluteMs?: number;
  /** last_seen_at is written at most this often per session (default one minute). */
  touchEveryMs?: number;
}

export type SignInResult = { token: string; session: WorkbenchSession } | { problem: string };

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Workbench sessions in the database: only a hash of the cookie's token is stored, and the API key
 * behind a session is checked on every request, so revoking or expiring the key ends the session.
 */
export function sessionStore(deps: SessionStoreDeps) {
  const { db, now } = deps;
  const random = deps.random ?? randomBytes;
  const idleMs = deps.idleMs ?? IDLE_MS;
  const absoluteMs = deps.absoluteMs ?? ABSOLUTE_MS;
  const touchEveryMs = deps.touchEveryMs ?? 60_000;

  return {
    /** Signs in with an API key: a new session (and its token) for the key's organization and user. */
    async signIn(key: string): Promise<SignInResult> {
      const prefix = prefixOf(key.trim());
      if (!prefix)
        return { problem: 'That is not an API key: keys look like svc_ followed by 40 characters.' };
      const hash = hashApiKey(key.trim());
      const row = (await findKeysByPrefix(db, prefix)).find((r) => hashesEqual(r.key_hash, hash));
      if (!row) return { problem: 'No such API key.' };
      const t = now();
      // Only the holder of the whole key learns why it stopped working (as the API does).
      if (row.revoked_at !== null) return { problem: 'This API key has been revoked.' };
      if (row.expires_at !== null && row.expires_at <= t) return { problem: 'This API key has expired.' };
      const email = await findUserEmail(db, row.user_id);
      // Sign-in is rare: a good moment to drop sessions that ran out.
      await deleteExpiredSessions(db, t);
      const token = newToken(random);
      const session: WorkbenchSession = {
        organizationId: row.organization_id,
        userId: row.user_id,
        apiKeyId: row.id,
        email: email ?? '',
        csrfToken: newToken(random),
        expiresAt: t + Math.min(idleMs, absoluteMs),
      };
      await insertSession(db, {
        token_hash: hashToken(token),
        organization_id: session.organizationId,
        api_key_id: session.apiKeyId,
        user_id: session.userId,
        csrf_token: session.csrfToken,
        created_at: t,
        last_seen_at: t,
        expires_at: session.expiresAt,
      });
      return { token, session };
    },

    /** The live session a cookie token belongs to; an expired one, or one whose key died, is deleted. */
    async resolve(token: string | undefined): Promise<WorkbenchSession | undefined> {
      if (!token) return undefined;
      const tokenHash = hashToken(token);
      const row = await findSession(db, tokenHash);
      const t = now();
      const alive =
        row !== undefined &&
        row.expires_at > t &&
        row.revoked_at === null &&
        (row.key_expires_at === null || row.key_expires_at > t) &&
        row.key_organization_id === row.organization_id;
      if (!alive) {
        if (row) await deleteSession(db, tokenHash);
        return undefined;
      }
      let expiresAt = row.expires_at;
      if (t - row.last_seen_at >= touchEveryMs) {
        expiresAt = Math.min(t + idleMs, row.created_at + absoluteMs);
        await touchSession(db, tokenHash, t, expiresAt);
      }
      return {
        organizationId: row.organization_id,
        userId: row.user_id,
        apiKeyId: row.api_key_id,
        email: row.email ?? '',
        csrfToken: row.csrf_token,
        expiresAt,
      };
    },

    /** Ends the session of a token (sign-out); an unknown token is ignored. */
    async signOut(token: string | undefined): Promise<void> {
      if (token) await deleteSession(db, hashToken(token));
    },
  };
}

export type SessionStore = ReturnType<typeof sessionStore>;
