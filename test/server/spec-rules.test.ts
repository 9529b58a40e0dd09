/**
 * Issue 40: what the server refuses, the document states; where a rule served nobody, it went.
 * (The document's side is in openapi-document.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatform, type TestPlatform } from '../support/platform.ts';

let p: TestPlatform;
let now = Date.UTC(2026, 0, 1);
beforeAll(async () => {
  p = await startPlatform({ now: () => now });
});
afterAll(() => p.close());

describe('rules the document now states', () => {
  it('a label name with a comma is 400, as the name pattern says', async () => {
    const res = await p.call('/v2/files/labels?id=1&name=a,b', { method: 'DELETE' });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe('name: labels must not contain commas');
  });

  it('GET /v2/projects?id=0 is 400; ids repeated or comma-separated are a filter', async () => {
    const zero = await p.call('/v2/projects?id=0');
    expect(zero.status).toBe(400);
    expect((await zero.json()).message).toMatch(/^id\.0: ids must be 1 or more/);
    for (const query of ['id=1&id=2', 'id=1,2']) {
      const res = await p.call(`/v2/projects?${query}`);
      expect(res.status, query).toBe(200);
      expect(await res.json()).toEqual([]);
    }
  });

  it('an empty upload is 400 (the document says minLength 1)', async () => {
    const res = await p.call('/v2/files?name=a.json', {
      method: 'POST',
      body: new Uint8Array(0),
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(/body is empty/);
  });

  it('rotating a revoked or expired key is 409, with the key error body', async () => {
    const created = await (
      await p.call('/v2/api-keys', {
        method: 'POST',
        json: { name: 'short', expiresAt: new Date(now + 60_000).toISOString() },
      })
    ).json();
    now += 120_000;
    const res = await p.call(`/v2/api-keys/${created.id}/rotate`, { method: 'POST' });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      error: `API key ${created.id} has expired; create a new key instead`,
    });
  });

  it('a userId with no grant in the organization stays 400, as the spec’s Errors table says', async () => {
    const res = await p.call('/v2/api-keys', { method: 'POST', json: { name: 'k', userId: 987654 } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'userId: user 987654 has no grant in this organization' });
  });
});

describe('NUL in what the schema strips refuses nothing', () => {
  it('an unknown extra property holding NUL is ignored, as the schema allows', async () => {
    const res = await p.call('/v2/memories', {
      method: 'POST',
      json: { name: 'm', srclang: 'en', trglang: 'de', extra: 'a\u0000b', 'x\u0000': 1 },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).not.toHaveProperty('extra');
  });

  it('NUL in a property the schema keeps is still 400', async () => {
    const res = await p.call('/v2/memories', {
      method: 'POST',
      json: { name: 'a\u0000b', srclang: 'en', trglang: 'de' },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe('name: must not contain NUL (U+0000) characters');
  });
});
