import { describe, expect, it } from 'vitest';
import { createKeyCache } from '../../../server/auth/key-cache.ts';

const row = (id: string) => ({
  id,
  key_hash: 'h',
  organization_id: 1,
  user_id: 1,
  expires_at: null,
  revoked_at: null,
  role: 'admin' as const,
});

describe('key cache', () => {
  it('serves a key for the TTL only, so other processes’ revocations are seen within it', () => {
    const cache = createKeyCache({ ttlMs: 1000 });
    cache.set('hash-a', row('key_a'), 10_000);
    expect(cache.get('hash-a', 10_999)?.id).toBe('key_a');
    expect(cache.get('hash-a', 11_000)).toBeUndefined();
  });

  it('forgets a key revoked in this process at once', () => {
    const cache = createKeyCache();
    cache.set('hash-a', row('key_a'), 0);
    cache.set('hash-b', row('key_b'), 0);
    cache.forgetKey('key_a');
    expect(cache.get('hash-a', 1)).toBeUndefined();
    expect(cache.get('hash-b', 1)?.id).toBe('key_b');
  });

  it('stays bounded', () => {
    const cache = createKeyCache({ max: 2 });
    for (const k of ['a', 'b', 'c']) cache.set(k, row(k), 0);
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('c', 1)?.id).toBe('c');
  });

  it('is off with a TTL of 0', () => {
    const cache = createKeyCache({ ttlMs: 0 });
    cache.set('a', row('a'), 0);
    expect(cache.get('a', 0)).toBeUndefined();
  });
});
