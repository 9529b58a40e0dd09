import type { Generated } from 'kysely';

/** Every table of the platform, as Kysely sees it. Times are epoch milliseconds. */
export interface PlatformSchema {
  organizations: OrganizationsTable;
  users: UsersTable;
  grants: GrantsTable;
  api_keys: ApiKeysTable;
  rate_windows: RateWindowsTable;
}

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

export interface RateWindowsTable {
  organization_id: number;
  /** `general`, `limited_requests` or `limited_chars`. */
  bucket: string;
  /** Start of the fixed window, epoch ms. */
  window_start: number;
  used: number;
}
