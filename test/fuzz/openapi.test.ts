import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Resolver } from '../../server/webhooks/guarded-lookup.ts';
import { type FuzzResult, fetchDocument, fuzzPass } from '../support/openapi-fuzz/index.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';

/** `npm test` keeps the budget small; `npm run fuzz` (SVC_FUZZ_RUNS=20000) runs longer. */
const runs = Number(process.env.SVC_FUZZ_RUNS ?? 3000);
/** A fixed seed keeps `npm test` reproducible; a longer run explores a new one unless told. */
const seed = Number(
  process.env.SVC_FUZZ_SEED ?? (process.env.SVC_FUZZ_RUNS ? Math.floor(Math.random() * 2 ** 31) : 20_251),
);
const budget = { timeout: 120_000 + runs * 60 };

// Webhook addresses are fuzzed too: no delivery may leave the machine, so none resolves.
const noDns: Resolver = async (host) => {
  throw Object.assign(new Error(`${host}: no name resolution while fuzzing`), { code: 'ENOTFOUND' });
};

const described = (result: FuzzResult) => result.failures.map((f) => f.description);

describe(`OpenAPI fuzzing (${runs} requests, seed ${seed})`, () => {
  let p: TestPlatform;
  beforeAll(async () => {
    // Limits far above the pass, so answers are judged on their merits; 429s have their own pass.
    p = await startPlatform({
      limits: { general: 1e9, requests: 1e9, characters: 1e12 },
      webhooks: { resolver: noDns },
    });
  });
  afterAll(() => p.close());

  it(
    'every operation of the served document gets valid and invalid requests, and no answer breaks the rules',
    budget,
    async () => {
      const doc = await fetchDocument(p.url);
      const result = await fuzzPass({ baseUrl: p.url, key: p.key, runs, seed });
      expect(result.requests).toBe(runs);
      for (const op of doc.operations) {
        const modes = result.coverage[op.key];
        expect(modes?.valid, `${op.key} got no valid-mode request`).toBeGreaterThan(0);
        expect(modes?.invalid, `${op.key} got no invalid-mode request`).toBeGreaterThan(0);
      }
      // The pass reached past validation: existing resources were found, not only 404s and 400s.
      expect(result.byStatus['200'] ?? 0).toBeGreaterThan(runs / 10);
      expect(result.byStatus['401'] ?? 0, 'credentials were varied').toBeGreaterThan(0);
      expect(described(result)).toEqual([]);
      expect(result.serverErrors).toBe(0);
      expect(result.undocumented, 'error statuses the document does not list').toEqual([]);
    },
  );
});

describe('OpenAPI fuzzing against tight rate limits', () => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await startPlatform({
      limits: { general: 80, requests: 5, characters: 2000, windowMs: 3_600_000 },
      webhooks: { resolver: noDns },
    });
  });
  afterAll(() => p.close());

  it('answers 429 with {error: "rate_limit_exceeded", message} on every route', budget, async () => {
    const result = await fuzzPass({ baseUrl: p.url, key: p.key, runs: 250, seed });
    expect(result.byStatus['429'] ?? 0).toBeGreaterThan(100);
    expect(described(result)).toEqual([]);
  });
});
