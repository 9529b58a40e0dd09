import type {
  ApiKeyCreated,
  ApiKeyRecord,
  ApiKeyRotated,
  CreateApiKeyRequest,
} from '../../src/api/schemas/api-keys.ts';
import { HttpError } from '../http/errors.ts';
import { findGrant, findUserEmail } from '../store/accounts.ts';
import { type ApiKeyRow, getApiKey, insertApiKey, listApiKeys, revokeApiKey } from '../store/api-keys.ts';
import type { Db } from '../store/db.ts';
import { type AuthContext, can } from './context.ts';
import { generateApiKey } from './keys.ts';
import { presentIssued, toRecord } from './present-api-keys.ts';

export interface ApiKeyServiceDeps {
  db: Db;
  now: () => number;
  random: (size: number) => Buffer;
  /** Called when a key stops authenticating (revoke, rotate), to drop it from caches. */
  onRevoke?: (keyId: string) => void;
}

/** API key lifecycle: create, list, read, revoke, rotate (spec, API keys; DESIGN §5). */
export function apiKeyService(deps: ApiKeyServiceDeps) {
  const { db, now, random } = deps;

  async function issue(organizationId: number, userId: number, name: string, expiresAt: number | null) {
    const generated = generateApiKey(random);
    const row: ApiKeyRow = {
      id: `key_${random(8).toString('hex')}`,
      organization_id: organizationId,
      user_id: userId,
      name,
      prefix: generated.prefix,
      key_hash: generated.hash,
      created_at: now(),
      expires_at: expiresAt,
      last_used_at: null,
      revoked_at: null,
    };
    await insertApiKey(db, row);
    return { row, key: generated.key };
  }

  /** Finds a key of the caller's organization that the caller may manage; 404 for anything else. */
  async function manageable(auth: AuthContext, id: string): Promise<ApiKeyRow> {
    const row = await getApiKey(db, auth.organizationId, id);
    if (!row) throw new HttpError(404, `API key ${id} not found`);
    if (row.user_id !== auth.userId && !can(auth, 'apiKey.write')) {
      throw new HttpError(403, 'only the key owner or a holder of apiKey.write may manage this key');
    }
    return row;
  }

  return {
    async create(auth: AuthContext, request: CreateApiKeyRequest): Promise<ApiKeyCreated> {
      if (auth.role === null) throw new HttpError(400, 'the authenticated user has no active organization');
      if (!can(auth, 'apiKey.write')) {
        throw new HttpError(403, 'creating API keys requires apiKey.write on the current organization');
      }
      let expiresAt: number | null = null;
      if (request.expiresAt !== undefined) {
        expiresAt = Date.parse(request.expiresAt);
        if (!(expiresAt > now()))
          throw new HttpError(400, `expiresAt: ${request.expiresAt} is not in the future`);
      }
      const userId = request.userId ?? auth.userId;
      if (userId !== auth.userId && !(await findGrant(db, auth.organizationId, userId))) {
        throw new HttpError(400, `userId: user ${userId} has no grant in this organization`);
      }
      const { row, key } = await issue(auth.organizationId, userId, request.name, expiresAt);
      return {
        ...presentIssued(row, key),
        ownerEmail: (await findUserEmail(db, userId)) ?? null,
        ownerUserId: userId,
      };
    },

    async list(auth: AuthContext): Promise<ApiKeyRecord[]> {
      return (await listApiKeys(db, auth.organizationId, auth.userId)).map(toRecord);
    },

    async get(auth: AuthContext, id: string): Promise<ApiKeyRecord> {
      return toRecord(await manageable(auth, id));
    },

    /** Idempotent: revoking a revoked key succeeds again. */
    async revoke(auth: AuthContext, id: string): Promise<void> {
      await manageable(auth, id);
      await revokeApiKey(db, id, now());
      deps.onRevoke?.(id);
    },

    /** Revokes the key and issues a new one with the same name, owner and expiry. */
    async rotate(auth: AuthContext, id: string): Promise<ApiKeyRotated> {
      const old = await manageable(auth, id);
      if (old.revoked_at !== null)
        throw new HttpError(409, `API key ${id} is revoked; create a new key instead`);
      if (old.expires_at !== null && old.expires_at <= now()) {
        throw new HttpError(409, `API key ${id} has expired; create a new key instead`);
      }
      const { row, key } = await db.transaction().execute(async (tx) => {
        await revokeApiKey(tx, id, now());
        return apiKeyService({ db: tx, now, random }).issueFor(
          old.organization_id,
          old.user_id,
          old.name,
          old.expires_at,
        );
      });
      return presentIssued(row, key);
    },

    /** Issues a key without permission checks: bootstrap and rotation. */
    issueFor: issue,
  };
}

export type ApiKeyService = ReturnType<typeof apiKeyService>;
