/** Organizations, their users and roles, API keys and workbench sessions. Times are epoch milliseconds. */
import type { Generated } from 'kysely';

export interface OrganizationsTable {
  id: Generated<number>;
  name: string;
  created_at: number;
}

export interface UsersTable {
  id: Generated<number>;
  email: string;
  created_at: number;
}

export type Role = 'admin' | 'member';

export interface GrantsTable {
  organization_id: number;
  user_id: number;
  role: Role;
  created_at: number;
}

export interface ApiKeysTable {
  id: string;
  organization_id: number;
  user_id: number;
  name: string;
  /** First 8 hex characters after `svc_`; safe to show, used to find the row before comparing hashes. */
  prefix: string;
  /** SHA-256 of the whole key, hex. The key itself is never stored. */
  key_hash: string;
  created_at: number;
  expires_at: number | null;
  last_used_at: number | null;
  revoked_at: number | null;
}

export interface WorkbenchSessionsTable {
  /** SHA-256 of the session cookie's token; the token itself is never stored. */
  token_hash: string;
  organization_id: number;
  api_key_id: string;
  user_id: number;
  csrf_token: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
}
