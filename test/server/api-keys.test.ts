import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startPlatform, type TestPlatform } from '../support/platform.ts';

// The platform's clock: real time plus whatever a test skips ahead, so expiry needs no sleep.
let skipped = 0;
const now = () => Date.now() + skipped;

let p: TestPlatform;
beforeAll(async () => {
  p = await startPlatform({ now });
});
afterAll(() => p.close());

async function createKey(body: unknown, key?: string) {
  const res = await p.call('/v2/api-keys', { method: 'POST', json: body, ...(key ? { key } : {}) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('API key lifecycle', () => {
  it('creates a key of svc_ and 40 lowercase hex whose prefix is the first 8 hex characters', async () => {
    const { status, body } = await createKey({ name: 'deploy' });
    expect(status).toBe(201);
    expect(body.key).toMatch(/^svc_[0-9a-f]{40}$/);
    expect(body.prefix).toBe((body.key as string).slice(4, 12));
    expect(body).toMatchObject({
      name: 'deploy',
      expiresAt: null,
      ownerEmail: 'admin@localhost',
      ownerUserId: 1,
    });
    expect(body).not.toHaveProperty('lastUsedAt');
    expect(body).not.toHaveProperty('revokedAt');
    expect(Date.parse(body.createdAt as string)).toBeGreaterThan(0);
  });

  it('authenticates by Basic and ?key=, then 401 after revoke, and revoke again is 204', async () => {
    const { body } = await createKey({ name: 'lifecycle' });
    const key = body.key as string;
    expect((await p.call('/v2/languages', { key })).status).toBe(200);
    expect((await p.call(`/v2/languages?key=${key}`, { key: null })).status).toBe(200);

    expect((await p.call(`/v2/api-keys/${body.id}`, { method: 'DELETE' })).status).toBe(204);
    const after = await p.call('/v2/languages', { key });
    expect(after.status).toBe(401);
    expect((await after.json()).message).toMatch(/revoked/);
    expect((await p.call(`/v2/languages?key=${key}`, { key: null })).status).toBe(401);

    const again = await p.call(`/v2/api-keys/${body.id}`, { method: 'DELETE' });
    expect(again.status).toBe(204);
    expect(await again.text()).toBe('');
  });

  it('never returns the key again: list and get show records without it', async () => {
    const { body } = await createKey({ name: 'secret-one' });
    const list = (await (await p.call('/v2/api-keys')).json()) as Record<string, unknown>[];
    const listed = list.find((k) => k.id === body.id);
    expect(listed).toMatchObject({ name: 'secret-one', prefix: body.prefix, revokedAt: null });
    expect(JSON.stringify(list)).not.toContain(body.key as string);
    const one = await (await p.call(`/v2/api-keys/${body.id}`)).json();
    expect(one).not.toHaveProperty('key');
    expect(JSON.stringify(one)).not.toContain(body.key as string);
  });

  it('the database holds no plaintext key, only its hash', async () => {
    const { body } = await createKey({ name: 'hashed' });
    const rows = await p.database.db.selectFrom('api_keys').selectAll().execute();
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain(body.key as string);
    expect(dump).not.toContain((body.key as string).slice(4));
    expect(dump).not.toContain(p.key.slice(4));
    const row = rows.find((r) => r.id === body.id)!;
    expect(row.key_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('records lastUsedAt once a key is used', async () => {
    const { body } = await createKey({ name: 'used' });
    await p.call('/v2/languages', { key: body.key as string });
    // The request does not wait for lastUsedAt to be written, so the test waits for the write.
    await vi.waitFor(async () => {
      const record = await (await p.call(`/v2/api-keys/${body.id}`)).json();
      expect(record.lastUsedAt).not.toBeNull();
    });
  });

  it('expired keys answer 401; expiresAt must lie in the future', async () => {
    const soon = new Date(now() + 400).toISOString();
    const { status, body } = await createKey({ name: 'short', expiresAt: soon });
    expect(status).toBe(201);
    expect(body.expiresAt).toBe(soon);
    expect((await p.call('/v2/languages', { key: body.key as string })).status).toBe(200);
    skipped += 500;
    const res = await p.call('/v2/languages', { key: body.key as string });
    expect(res.status).toBe(401);
    expect((await res.json()).message).toMatch(/expired/);
    const past = await createKey({ name: 'past', expiresAt: '2020-01-01T00:00:00Z' });
    expect(past.status).toBe(400);
    expect(past.body.error).toMatch(/expiresAt.*not in the future/);
  });

  it('rotate revokes the old key and returns a new one without owner fields', async () => {
    const { body } = await createKey({ name: 'rotating' });
    const res = await p.call(`/v2/api-keys/${body.id}/rotate`, { method: 'POST' });
    expect(res.status).toBe(201);
    const rotated = await res.json();
    expect(rotated.name).toBe('rotating');
    expect(rotated.key).toMatch(/^svc_[0-9a-f]{40}$/);
    expect(rotated.id).not.toBe(body.id);
    expect(rotated).not.toHaveProperty('ownerEmail');
    expect(rotated).not.toHaveProperty('ownerUserId');
    expect((await p.call('/v2/languages', { key: body.key as string })).status).toBe(401);
    expect((await p.call('/v2/languages', { key: rotated.key })).status).toBe(200);
    const twice = await p.call(`/v2/api-keys/${body.id}/rotate`, { method: 'POST' });
    // The key's state conflicts with the request: 409, declared in the document (issue 40).
    expect(twice.status).toBe(409);
    expect((await twice.json()).error).toBe(`API key ${body.id} is revoked; create a new key instead`);
  });
});

describe('API key permissions', () => {
  it('a member without apiKey.write gets 403 creating a key', async () => {
    const member = await p.addUser(1, 'member@localhost', 'member');
    const res = await createKey({ name: 'mine' }, member.key);
    expect(res.status).toBe(403);
    expect(res.body.error).toMatch(/apiKey\.write/);
  });

  it('an admin creates a key for a granted user, who then owns it', async () => {
    const user = await p.addUser(1, 'translator@localhost', 'member');
    const res = await createKey({ name: 'for translator', userId: user.userId });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ ownerUserId: user.userId, ownerEmail: 'translator@localhost' });
    const listed = (await (await p.call('/v2/api-keys', { key: res.body.key as string })).json()) as {
      id: string;
    }[];
    expect(listed.map((k) => k.id)).toContain(res.body.id);
  });

  it('for a user without a grant in the organization the answer is 400', async () => {
    const other = await p.addOrganization('elsewhere');
    const res = await createKey({ name: 'nope', userId: other.userId });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/no grant/);
    expect((await createKey({ name: 'nope', userId: 99999 })).status).toBe(400);
  });

  it('a member may revoke their own key but not somebody else’s', async () => {
    const a = await p.addUser(1, 'a@localhost', 'member');
    const b = await p.addUser(1, 'b@localhost', 'member');
    const aKeys = (await (await p.call('/v2/api-keys', { key: a.key })).json()) as { id: string }[];
    const bKeys = (await (await p.call('/v2/api-keys', { key: b.key })).json()) as { id: string }[];
    expect((await p.call(`/v2/api-keys/${bKeys[0]!.id}`, { method: 'DELETE', key: a.key })).status).toBe(403);
    expect((await p.call(`/v2/api-keys/${aKeys[0]!.id}`, { method: 'DELETE', key: a.key })).status).toBe(204);
  });

  it('a user whose grant was withdrawn has no active organization: 400 on create', async () => {
    const user = await p.addUser(1, 'leaver@localhost', 'admin');
    await p.database.db.deleteFrom('grants').where('user_id', '=', user.userId).execute();
    const res = await createKey({ name: 'x' }, user.key);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/no active organization/);
  });
});
