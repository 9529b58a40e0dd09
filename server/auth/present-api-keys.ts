import type { ApiKeyRecord, ApiKeyRotated } from '../../src/api/schemas/api-keys.ts';
import type { ApiKeyRow } from '../store/api-keys.ts';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function toRecord(row: ApiKeyRow): ApiKeyRecord {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: new Date(row.created_at).toISOString(),
    expiresAt: iso(row.expires_at),
    lastUsedAt: iso(row.last_used_at),
    revokedAt: iso(row.revoked_at),
  };
}

/** A key just issued, with the key itself (shown this once). */
export function presentIssued(row: ApiKeyRow, key: string): ApiKeyRotated {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    key,
    createdAt: new Date(row.created_at).toISOString(),
    expiresAt: iso(row.expires_at),
  };
}
