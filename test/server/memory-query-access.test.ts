/**
 * A memory query on a TM that answers from the shared database starts its lookup beside the
 * memory's access check (a round trip less); what the lookup answers, or how it fails, is given
 * only once the memory is known to be the caller's.
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthContext } from '../../server/auth/context.ts';
import { memoryService } from '../../server/services/memories.ts';
import type { TmCache } from '../../server/services/tm-cache.ts';
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

/** A shared TM that records which memories it was asked about and fails on the text "boom". */
function sharedTm(asked: number[]): TmCache {
  return {
    shared: true,
    get: async (id) => ({
      async query(text) {
        asked.push(id);
        if (text === 'boom') throw new Error('the lookup failed');
        return [{ id: 7, score: 100, source: text, target: 'Ziel' }];
      },
    }),
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
    log: pino({ level: 'silent' }),
    wake: () => {},
  });
}

describe('a memory query on a shared TM', () => {
  it("answers 401 for another organization's memory, whatever its lookup did", async () => {
    const asked: number[] = [];
    const memories = service(sharedTm(asked));
    for (const text of ['Save the file', 'boom']) {
      const error = await memories.query(theirs, memoryId, text, { n: 1 }).catch((e: unknown) => e);
      expect(error).toMatchObject({ status: 401 });
      expect(String((error as Error).message)).not.toContain('lookup failed');
    }
    // The lookups did run, beside the checks: only their answers were held back.
    expect(asked).toEqual([memoryId, memoryId]);
  });

  it('gives the lookup its answer or its error once the memory is accessible', async () => {
    const memories = service(sharedTm([]));
    const [match] = await memories.query(ours, memoryId, 'Save the file', { n: 1 });
    expect(match).toMatchObject({ source: 'Save the file', target: 'Ziel', score: 100 });
    expect(match!.metadata).toMatchObject({ segment_id: 7, resource_name: null });
    await expect(memories.query(ours, memoryId, 'boom', { n: 1 })).rejects.toThrow('the lookup failed');
  });
});
