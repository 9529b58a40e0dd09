import type { KeyWithRoleRow } from '../store/api-keys.ts';

/** What authentication needs of a key row. */
export type KeyRow = KeyWithRoleRow;

/**
 * Key rows by key hash for a short time, so a busy client does not cost a database read per
 * request. Revoking or rotating in this process forgets the key at once; another process sharing
 * the database sees a revocation within `ttlMs` (default 1 s). Expiry is checked on every request
 * against the cached expiry, so it is exact.
 */
export function createKeyCache(options: { ttlMs?: number; max?: number } = {}) {
  const ttlMs = options.ttlMs ?? 1000;
  const max = options.max ?? 10_000;
  const entries = new Map<string, { row: KeyRow; until: number }>();
  return {
    get(hash: string, now: number): KeyRow | undefined {
      const entry = entries.get(hash);
      if (!entry) return undefined;
      if (entry.until <= now) {
        entries.delete(hash);
        return undefined;
      }
      return entry.row;
    },
    set(hash: string, row: KeyRow, now: number): void {
      if (ttlMs <= 0) return;
      if (entries.size >= max) entries.delete(entries.keys().next().value!);
      entries.set(hash, { row, until: now + ttlMs });
    },
    forgetKey(keyId: string): void {
      for (const [hash, entry] of entries) if (entry.row.id === keyId) entries.delete(hash);
    },
  };
}

export type KeyCache = ReturnType<typeof createKeyCache>;
