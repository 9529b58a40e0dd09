import type { Role } from '../store/schema.ts';

/** Who is calling: resolved from the API key before any route runs. */
export interface AuthContext {
  keyId: string;
  organizationId: number;
  userId: number;
  /** The user's role in the key's organization; null when the grant was withdrawn (no active organization). */
  role: Role | null;
}

/** Permissions by role. The spec names only apiKey.write; admins hold everything. */
export function can(auth: AuthContext, permission: 'apiKey.write'): boolean {
  return auth.role === 'admin' && permission === 'apiKey.write';
}
