import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatform, type TestPlatform } from '../support/platform.ts';

const BASE = '/v3/connectors/configuration/webhooks';

let p: TestPlatform;
let strict: TestPlatform;
beforeAll(async () => {
  [p, strict] = await Promise.all([startPlatform(), startPlatform({ allowPrivateWebhooks: false })]);
});
afterAll(() => Promise.all([p.close(), strict.close()]));

async function create(body: Record<string, unknown> = {}, platform = p, key?: string) {
  const res = await platform.call(BASE, {
    method: 'POST',
    json: {
      webhookName: 'receiver',
      webhookUrl: 'http://127.0.0.1:9/hooks',
      eventType: ['JOB_DELIVER'],
      ...body,
    },
    ...(key ? { key } : {}),
  });
  return { status: res.status, body: await res.json() };
}

describe('webhook configurations', () => {
  it('POST creates a configuration and shows its whsec_ secret once', async () => {
    const { status, body } = await create({ eventType: ['JOB_DELIVER', 'INSTANT_TRANSLATE_COMPLETED'] });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: expect.any(Number),
      webhookName: 'receiver',
      webhookUrl: 'http://127.0.0.1:9/hooks',
      eventType: ['JOB_DELIVER', 'INSTANT_TRANSLATE_COMPLETED'],
      enabled: true,
      disabledReason: null,
    });
    expect(body.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(body.secret.slice(6), 'base64').length).toBeGreaterThanOrEqual(24);

    const one = await p.call(`${BASE}/${body.id}`);
    expect(one.status).toBe(200);
    const text = await one.text();
    expect(text).not.toContain(body.secret);
    expect(JSON.parse(text)).not.toHaveProperty('secret');
    const list = await (await p.call(BASE)).text();
    expect(list).not.toContain(body.secret.slice(6));
    expect(JSON.parse(list).map((c: { id: number }) => c.id)).toContain(body.id);
  });

  it('two configurations get different secrets', async () => {
    const [a, b] = await Promise.all([create(), create()]);
    expect(a.body.secret).not.toBe(b.body.secret);
  });

  it('repeated event types are kept once', async () => {
    const { body } = await create({ eventType: ['JOB_UPDATE', 'JOB_UPDATE', 'PROJECT_DELIVER'] });
    expect(body.eventType).toEqual(['JOB_UPDATE', 'PROJECT_DELIVER']);
  });

  it('PUT changes only the fields given', async () => {
    const { body: created } = await create({ eventType: ['JOB_UPDATE'] });
    const renamed = await p.call(`${BASE}/${created.id}`, {
      method: 'PUT',
      json: { webhookName: 'renamed' },
    });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({
      webhookName: 'renamed',
      webhookUrl: created.webhookUrl,
      eventType: ['JOB_UPDATE'],
    });
    const moved = await p.call(`${BASE}/${created.id}`, {
      method: 'PUT',
      json: { webhookUrl: 'https://hooks.example.com/svc', eventType: ['PROJECT_UPDATE'] },
    });
    expect(await moved.json()).toMatchObject({
      webhookName: 'renamed',
      webhookUrl: 'https://hooks.example.com/svc',
      eventType: ['PROJECT_UPDATE'],
    });
    expect(await (await p.call(`${BASE}/${created.id}`)).json()).toMatchObject({ webhookName: 'renamed' });
  });

  it('PUT enabled: false stops a configuration, enabled: true resumes it', async () => {
    const { body: created } = await create();
    const off = await (
      await p.call(`${BASE}/${created.id}`, { method: 'PUT', json: { enabled: false } })
    ).json();
    expect(off).toMatchObject({ enabled: false, disabledReason: 'disabled through the API' });
    const on = await (
      await p.call(`${BASE}/${created.id}`, { method: 'PUT', json: { enabled: true } })
    ).json();
    expect(on).toMatchObject({ enabled: true, disabledReason: null });
  });

  it('unknown event types are a 400 naming each of them', async () => {
    const { status, body } = await create({ eventType: ['JOB_DELIVER', 'JOB_EXPLODED', 'FILE_UPLOADED'] });
    expect(status).toBe(400);
    expect(body.message).toContain('"JOB_EXPLODED"');
    expect(body.message).toContain('"FILE_UPLOADED"');
    expect(body.message).not.toContain('"JOB_DELIVER"');
    const { body: existing } = await create();
    const put = await p.call(`${BASE}/${existing.id}`, { method: 'PUT', json: { eventType: ['NOPE'] } });
    expect(put.status).toBe(400);
    expect((await put.json()).message).toContain('"NOPE"');
  });

  it('refuses missing fields, an empty event list and an overlong name', async () => {
    expect((await p.call(BASE, { method: 'POST', json: { webhookName: 'x' } })).status).toBe(400);
    expect((await create({ eventType: [] })).body.message).toMatch(/eventType: must name at least one/);
    expect((await create({ webhookName: 'n'.repeat(256) })).status).toBe(400);
  });

  it('DELETE answers 204; the configuration is then gone from GET, PUT, DELETE and the list', async () => {
    const { body } = await create();
    const del = await p.call(`${BASE}/${body.id}`, { method: 'DELETE' });
    expect(del.status).toBe(204);
    expect(await del.text()).toBe('');
    expect((await p.call(`${BASE}/${body.id}`)).status).toBe(404);
    expect((await p.call(`${BASE}/${body.id}`, { method: 'PUT', json: { webhookName: 'x' } })).status).toBe(
      404,
    );
    expect((await p.call(`${BASE}/${body.id}`, { method: 'DELETE' })).status).toBe(404);
    const list = (await (await p.call(BASE)).json()) as { id: number }[];
    expect(list.map((c) => c.id)).not.toContain(body.id);
  });

  it('an unknown or malformed id is a 404 or 400', async () => {
    expect((await p.call(`${BASE}/999999`)).status).toBe(404);
    expect((await p.call(`${BASE}/abc`)).status).toBe(400);
  });

  it('rotating the secret shows a new one once', async () => {
    const { body } = await create();
    const res = await p.call(`${BASE}/${body.id}/secret`, { method: 'POST' });
    expect(res.status).toBe(200);
    const rotated = await res.json();
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(body.secret);
    expect(await (await p.call(`${BASE}/${body.id}`)).text()).not.toContain(rotated.secret);
  });

  it('members read configurations; only admins change them', async () => {
    const org = await p.addOrganization('webhook-roles');
    const member = await p.addUser(org.organizationId, 'member@webhook-roles.test', 'member');
    const { body } = await create({}, p, org.key);
    expect((await create({}, p, member.key)).status).toBe(403);
    expect((await p.call(BASE, { key: member.key })).status).toBe(200);
    expect((await p.call(`${BASE}/${body.id}`, { key: member.key })).status).toBe(200);
    const put = await p.call(`${BASE}/${body.id}`, {
      method: 'PUT',
      json: { webhookName: 'x' },
      key: member.key,
    });
    expect(put.status).toBe(403);
    expect((await p.call(`${BASE}/${body.id}`, { method: 'DELETE', key: member.key })).status).toBe(403);
  });

  it('another organization’s configuration is a 404 and is not listed', async () => {
    const org = await p.addOrganization('webhook-other');
    const { body } = await create({ webhookName: 'theirs-only' }, p, org.key);
    expect((await p.call(`${BASE}/${body.id}`)).status).toBe(404);
    expect(await (await p.call(BASE)).text()).not.toContain('theirs-only');
  });

  it('appears in the OpenAPI document', async () => {
    const doc = await (await p.call('/openapi.json', { key: null })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        BASE,
        `${BASE}/{id}`,
        `${BASE}/{id}/secret`,
        `${BASE}/{id}/deliveries`,
        `${BASE}/{id}/deliveries/{deliveryId}`,
        `${BASE}/{id}/deliveries/{deliveryId}/redeliver`,
      ]),
    );
  });
});

describe('webhookUrl checks at create and update', () => {
  it.each([
    ['http://169.254.169.254/latest/meta-data/', /cloud metadata addresses are never allowed/],
    ['http://metadata.google.internal/', /cloud metadata/],
    ['http://[fd00:ec2::254]/', /cloud metadata/],
    ['http://169.254.3.4/', /link-local addresses are never allowed/],
    ['ftp://example.com/', /must use http or https/],
    ['not a url', /not an absolute URL/],
  ])('%s is refused even on a loopback platform', async (url, problem) => {
    const { status, body } = await create({ webhookUrl: url });
    expect(status).toBe(400);
    expect(body.message).toMatch(/^webhookUrl: /);
    expect(body.message).toMatch(problem);
  });

  it.each([
    'http://127.0.0.1:8080/',
    'http://localhost/',
    'http://10.0.0.8/',
    'http://192.168.1.20/',
    'http://[::1]/',
  ])('private %s is refused when the platform does not run on loopback', async (url) => {
    const { status, body } = await create({ webhookUrl: url }, strict, strict.key);
    expect(status).toBe(400);
    expect(body.message).toMatch(/allowed only while the platform runs on loopback/);
    expect((await create({ webhookUrl: url })).status).toBe(200);
  });

  it('a public URL is accepted either way, and PUT checks the URL too', async () => {
    const { status, body } = await create({ webhookUrl: 'https://hooks.example.com/x' }, strict, strict.key);
    expect(status).toBe(200);
    const put = await strict.call(`${BASE}/${body.id}`, {
      method: 'PUT',
      json: { webhookUrl: 'http://10.1.1.1/' },
      key: strict.key,
    });
    expect(put.status).toBe(400);
    expect((await put.json()).message).toMatch(/^webhookUrl: host 10\.1\.1\.1 refused/);
  });
});
