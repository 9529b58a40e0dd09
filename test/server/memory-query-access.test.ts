/**
 * A memory query on a TM that answers from the shared database makes no access check of its own:
 * the lookup is asked for the caller's organization and checks the memory's owner in its first
 * statement (a round trip less). When it says the memory is not the organization's, the caller
 * gets the same 401 as on the in-process path; any other failure stays what it is.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthContext } from '../../server/auth/context.ts';
import { memoryService } from '../../server/services/memories/service.ts';
import type { TmCache } from '../../server/services/tm-cache.ts';
import { MemoryNotOwned } from '../../server/store/memories.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';

let p: TestPlatform;
let ours: AuthContext;
let theirs: AuthContext;
let memoryId: number;
beforeAll(async () => {
  p = await startPlatform();
  const a = await p.addOrganization('query-ours');
  const b = await p.addOrganization('query-theirs');
  ours = { keyId: 'a', organizationId: a.organizationId, userId: a.userId, role: 'admin' };
  theirs = { keyId: 'b', organizationId: b.organizationId, userId: b.userId, role: 'admin' };
  const res = await p.call('/v2/memories', {
    method: 'POST',
    key: a.key,
    json: { name: 'ours', srclang: 'en', trglang: 'de' },
  });
  expect(res.status).toBe(200);
  memoryId = ((await res.json()) as { id: number }).id;
});
afterAll(() => p.close());

/**
 * A shared TM that knows one memory of one organization, records what it was asked, and fails on
 * the text "boom"; its `get` must not be used for a query.
 */
function sharedTm(asked: string[], owner: () => number): TmCache {
  return {
    owned: (organizationId, id) => ({
      async query(text) {
        asked.push(`${organizationId}/${id}`);
        if (organizationId !== owner() || id !== memoryId) throw new MemoryNotOwned(id);
        if (text === 'boom') throw new Error('the lookup failed');
        return [{ id: 7, score: 100, source: text, target: 'Ziel' }];
      },
    }),
    get: () => Promise.reject(new Error('a query by version on a shared TM')),
    isNext: () => false,
    apply: () => {},
    forget: () => {},
  };
}

function service(tm: TmCache) {
  return memoryService({
    db: p.database.db,
    now: Date.now,
    tm,
    wake: () => {},
  });
}

describe('a memory query on a shared TM', () => {
  it("answers 401 for another organization's memory and for an unknown one", async () => {
    const asked: string[] = [];
    const memories = service(sharedTm(asked, () => ours.organizationId));
    for (const [auth, id] of [
      [theirs, memoryId],
      [ours, memoryId + 1000],
    ] as const) {
      const error = await memories.query(auth, id, 'Save the file', { n: 1 }).catch((e: unknown) => e);
      expect(error).toMatchObject({ status: 401 });
      expect(String((error as Error).message)).toBe(
        `memory ${id} is not accessible with this API key; it may need to be shared explicitly`,
      );
    }
    // Each lookup was asked for the caller's organization, and nothing else was.
    expect(asked).toEqual([
      `${theirs.organizationId}/${memoryId}`,
      `${ours.organizationId}/${memoryId + 1000}`,
    ]);
  });

  it("gives the lookup's answer, or its other error, for the organization's memory", async () => {
    const memories = service(sharedTm([], () => ours.organizationId));
    const [match] = await memories.query(ours, memoryId, 'Save the file', { n: 1 });
    expect(match).toMatchObject({ source: 'Save the file', target: 'Ziel', score: 100 });
    expect(match!.metadata).toMatchObject({ segment_id: 7, resource_name: null });
    await expect(memories.query(ours, memoryId, 'boom', { n: 1 })).rejects.toThrow('the lookup failed');
  });
});
