import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createClient } from '../../src/api/client.ts';
import { apiError } from '../support/api-error.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';

let p: TestPlatform;
let admin: Client;
const clients: Client[] = [];

function clientFor(apiKey: string): Client {
  const client = createClient({ baseUrl: p.url, apiKey });
  clients.push(client);
  return client;
}

/** The ApiError a call rejects with (fails the test when it resolves or throws something else). */
beforeAll(async () => {
  p = await startPlatform();
  admin = clientFor(p.key);
});
afterAll(async () => {
  for (const c of clients) await c.close();
  await p.close();
});

describe('apiKeys', () => {
  it('create answers the key once; list and get show it without the key', async () => {
    const created = await admin.apiKeys.create({ name: 'deploy', expiresAt: '2099-01-01T00:00:00.000Z' });
    expect(created).toMatchObject({ name: 'deploy', expiresAt: '2099-01-01T00:00:00.000Z' });
    expect(created.key).toMatch(/^svc_[0-9a-f]{40}$/);
    expect(created.key.slice(4, 12)).toBe(created.prefix);
    const listed = await admin.apiKeys.list();
    const record = listed.find((k) => k.id === created.id);
    expect(record).toMatchObject({ name: 'deploy', prefix: created.prefix, revokedAt: null });
    expect(JSON.stringify(listed)).not.toContain(created.key);
    expect(await admin.apiKeys.get(created.id)).toEqual(record);
    // The new key works.
    expect(await clientFor(created.key).languages.get()).toHaveProperty('code_to_name');
  });

  it('rotate revokes the old key and answers a new one; revoke is idempotent and ends authentication', async () => {
    const created = await admin.apiKeys.create({ name: 'rotating' });
    const rotated = await admin.apiKeys.rotate(created.id);
    expect(rotated.name).toBe('rotating');
    expect(rotated.key).not.toBe(created.key);
    expect(rotated).not.toHaveProperty('ownerEmail');
    await apiError(clientFor(created.key).languages.get(), 401);
    const fresh = clientFor(rotated.key);
    expect((await fresh.apiKeys.list()).length).toBeGreaterThan(0);
    await admin.apiKeys.revoke(rotated.id);
    await admin.apiKeys.revoke(rotated.id);
    expect((await admin.apiKeys.get(rotated.id)).revokedAt).not.toBeNull();
    await apiError(fresh.languages.get(), 401);
  });

  it('400 with {error} for a bad name or an unknown field', async () => {
    const empty = await apiError(admin.apiKeys.create({ name: '' }), 400);
    expect(empty.body).toEqual({ error: expect.stringContaining('name') });
    expect(empty.message).toContain('POST /v2/api-keys answered 400');
    const unknown = await apiError(admin.apiKeys.create({ name: 'x', scope: 'all' } as never), 400);
    expect((unknown.body as { error: string }).error).toMatch(/scope|unrecognized/i);
    await apiError(admin.apiKeys.create({ name: 'past', expiresAt: '2001-01-01T00:00:00Z' }), 400);
  });

  it('403 for a member without apiKey.write; 404 for an unknown key id', async () => {
    const { key } = await p.addUser(1, 'member@example.test', 'member');
    const member = clientFor(key);
    const denied = await apiError(member.apiKeys.create({ name: 'mine', userId: 1 }), 403);
    expect((denied.body as { error: string }).error).toMatch(/\S/);
    for (const call of [
      () => admin.apiKeys.get('nope'),
      () => admin.apiKeys.rotate('nope'),
      () => admin.apiKeys.revoke('nope'),
    ])
      await apiError(call(), 404);
  });

  it('another organization cannot see or revoke the key: 404', async () => {
    const created = await admin.apiKeys.create({ name: 'private' });
    const other = clientFor((await p.addOrganization('other')).key);
    await apiError(other.apiKeys.get(created.id), 404);
    await apiError(other.apiKeys.revoke(created.id), 404);
    expect((await admin.apiKeys.get(created.id)).revokedAt).toBeNull();
  });
});

describe('languages and workflow templates', () => {
  it('languages.get: the catalogue with names and pairs', async () => {
    const languages = await admin.languages.get();
    expect(languages.code_to_name.de).toBe('German');
    expect(languages.source_to_target.en?.de).toBe(true);
  });

  it('workflows.templates: stages with their assignment types', async () => {
    const templates = await admin.workflows.templates();
    expect(templates.length).toBeGreaterThan(0);
    for (const template of templates) {
      expect(template.stages.length).toBeGreaterThan(0);
      expect(template.stages.map((s) => s.assignmentType)).toContain('TRANSLATE');
    }
  });
});
