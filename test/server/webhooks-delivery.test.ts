import type { LookupAddress } from 'node:dns';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { emitEvent } from '../../server/webhooks/emit.ts';
import type { Resolver } from '../../server/webhooks/guarded-lookup.ts';
import { WebhookEventBody } from '../../src/api/schemas/webhooks.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

const BASE = '/v3/connectors/configuration/webhooks';

/** Test hostnames: only ever 127.0.0.1 or addresses the guard must refuse before connecting. */
const DNS: Record<string, string[]> = {
  'hooks.example.test': ['127.0.0.1'],
  'rebind.example.test': ['169.254.169.254'],
  'split.example.test': ['127.0.0.1', 'fd00:ec2::254'],
};
const resolver: Resolver = async (host) => {
  const addresses = DNS[host];
  if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return addresses.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 }));
};

let p: TestPlatform;
let receiver: WebhookReceiver;
let organizationId: number;

beforeAll(async () => {
  p = await startPlatform({ webhooks: { resolver, retryScale: 0.001, timeoutMs: 400 } });
  const org = await p.database.db
    .selectFrom('organizations')
    .select('id')
    .where('name', '=', 'default')
    .executeTakeFirstOrThrow();
  organizationId = org.id;
});
afterAll(() => p.close());

beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(() => receiver.close());
afterEach(async () => {
  // Each test's configurations go, so events of later tests reach only their own.
  const list = (await (await p.call(BASE)).json()) as { id: number }[];
  for (const c of list) await p.call(`${BASE}/${c.id}`, { method: 'DELETE' });
  await p.idle();
  receiver.requests.length = 0;
  receiver.fallback(200);
});

async function configure(eventType: string[], url = `${receiver.url}/hooks`) {
  const res = await p.call(BASE, {
    method: 'POST',
    json: { webhookName: 'test receiver', webhookUrl: url, eventType },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { id: number; secret: string };
}

const jobPayload = (id: number) => ({
  OrganizationId: organizationId,
  id,
  name: `job ${id}`,
  due: '2026-07-01T12:00:00.000Z',
  isDelivered: true,
  deliveredAt: '2026-06-30T08:00:00.000Z',
});

async function emitJobDeliver(id = 7) {
  return emitEvent(p.database.db, Date.now(), {
    organizationId,
    type: 'JOB_DELIVER',
    payload: jobPayload(id),
  });
}

async function deliveries(configId: number) {
  const res = await p.call(`${BASE}/${configId}/deliveries`);
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>[];
}

/** Waits for the receiver, then for the worker to record what it sent. */
async function received(count: number) {
  const requests = await receiver.waitFor(count);
  await p.idle();
  return requests;
}

describe('webhook delivery', () => {
  it('sends a Standard Webhooks request the library verifies, with the payload and eventType', async () => {
    const config = await configure(['JOB_DELIVER']);
    const { messageId, deliveryIds } = await emitJobDeliver(7);
    expect(messageId).toMatch(/^msg_[A-Za-z0-9_-]{24}$/);
    expect(deliveryIds).toHaveLength(1);
    const [request] = await received(1);
    expect(request!.method).toBe('POST');
    expect(request!.path).toBe('/hooks');
    expect(request!.headers).toMatchObject({
      'webhook-id': messageId,
      'svc-event-type': 'JOB_DELIVER',
      'content-type': 'application/json',
      'user-agent': expect.stringMatching(/^svc-connector-webhooks\//),
    });
    const verified = new Webhook(config.secret).verify(
      request!.body,
      request!.headers as Record<string, string>,
    );
    expect(verified).toEqual({ ...jobPayload(7), eventType: 'JOB_DELIVER' });
    expect(WebhookEventBody.parse(verified).eventType).toBe('JOB_DELIVER');
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32).toString('base64')}`).verify(
        request!.body,
        request!.headers as Record<string, string>,
      ),
    ).toThrow();

    const [delivery] = await deliveries(config.id);
    expect(delivery).toMatchObject({
      id: deliveryIds[0],
      webhookId: messageId,
      eventType: 'JOB_DELIVER',
      status: 'succeeded',
      attempts: 1,
      lastStatusCode: 200,
      lastError: null,
      nextAttemptAt: null,
      deliveredAt: expect.any(String),
    });
    const detail = await (await p.call(`${BASE}/${config.id}/deliveries/${deliveryIds[0]}`)).json();
    expect(detail.payload).toEqual({ ...jobPayload(7), eventType: 'JOB_DELIVER' });
    expect(detail.attemptLog).toEqual([
      expect.objectContaining({ statusCode: 200, responseExcerpt: 'answered 200', error: null }),
    ]);
  });

  it('reaches only enabled configurations of the organization subscribed to the type', async () => {
    const subscribed = await configure(['JOB_DELIVER']);
    const other = await configure(['PROJECT_UPDATE']);
    const off = await configure(['JOB_DELIVER']);
    await p.call(`${BASE}/${off.id}`, { method: 'PUT', json: { enabled: false } });
    const elsewhere = await p.addOrganization('webhook-elsewhere');
    await p.call(BASE, {
      method: 'POST',
      key: elsewhere.key,
      json: { webhookName: 'theirs', webhookUrl: `${receiver.url}/theirs`, eventType: ['JOB_DELIVER'] },
    });
    const { deliveryIds } = await emitJobDeliver(8);
    expect(deliveryIds).toHaveLength(1);
    await received(1);
    expect(receiver.requests.map((r) => r.path)).toEqual(['/hooks']);
    expect(await deliveries(subscribed.id)).toHaveLength(1);
    expect(await deliveries(other.id)).toHaveLength(0);
    expect(await deliveries(off.id)).toHaveLength(0);
  });

  it('stores nothing for an event no configuration subscribes to', async () => {
    await configure(['PROJECT_DELIVER']);
    expect(await emitJobDeliver(9)).toEqual({ messageId: null, deliveryIds: [] });
  });

  it('is part of the caller’s transaction: a rolled-back change sends nothing', async () => {
    const config = await configure(['JOB_DELIVER']);
    await expect(
      p.database.db.transaction().execute(async (tx) => {
        await emitEvent(tx, Date.now(), { organizationId, type: 'JOB_DELIVER', payload: jobPayload(10) });
        throw new Error('state change failed');
      }),
    ).rejects.toThrow('state change failed');
    await p.idle();
    expect(receiver.requests).toHaveLength(0);
    expect(await deliveries(config.id)).toHaveLength(0);
  });

  it('refuses a payload that does not match its event type with a TypeError', async () => {
    await configure(['PROJECT_DELIVER']);
    const emit = (payload: unknown) =>
      emitEvent(p.database.db, Date.now(), {
        organizationId,
        type: 'PROJECT_DELIVER',
        payload: payload as never,
      });
    await expect(emit({ OrganizationId: organizationId })).rejects.toThrow(
      /PROJECT_DELIVER payload is invalid: id/,
    );
    await expect(emit({ OrganizationId: organizationId, id: 1, extra: true })).rejects.toThrow(TypeError);
    await expect(
      emitEvent(p.database.db, Date.now(), {
        organizationId,
        type: 'JOB_EXPLODED' as never,
        payload: {} as never,
      }),
    ).rejects.toThrow(/unknown event type/);
  });

  it('refuses an event whose payload names another organization', async () => {
    await expect(
      emitEvent(p.database.db, Date.now(), {
        organizationId,
        type: 'PROJECT_DELIVER',
        payload: { OrganizationId: organizationId + 1, id: 1 },
      }),
    ).rejects.toThrow(/names organization \d+, but the event is for/);
  });

  it('after a secret rotation, deliveries verify with the new secret and, for a while, the old one', async () => {
    const config = await configure(['JOB_DELIVER']);
    const rotated = await (await p.call(`${BASE}/${config.id}/secret`, { method: 'POST' })).json();
    await emitJobDeliver(19);
    const [request] = await received(1);
    const headers = request!.headers as Record<string, string>;
    expect(headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(new Webhook(rotated.secret).verify(request!.body, headers)).toMatchObject({ id: 19 });
    expect(new Webhook(config.secret).verify(request!.body, headers)).toMatchObject({ id: 19 });
  });

  it('retries a failing endpoint with the same webhook-id until it answers 2xx', async () => {
    const config = await configure(['INSTANT_TRANSLATE_COMPLETED']);
    receiver.script(500, { status: 503, body: 'down for maintenance' }, 200);
    const { messageId } = await emitEvent(p.database.db, Date.now(), {
      organizationId,
      type: 'INSTANT_TRANSLATE_COMPLETED',
      payload: { translationId: 41, fileId: '12' },
    });
    const requests = await received(3);
    expect(requests.map((r) => r.headers['webhook-id'])).toEqual([messageId, messageId, messageId]);
    expect(new Set(requests.map((r) => r.body)).size).toBe(1);
    for (const r of requests) {
      expect(new Webhook(config.secret).verify(r.body, r.headers as Record<string, string>)).toMatchObject({
        translationId: 41,
        fileId: '12',
      });
    }
    const [delivery] = await deliveries(config.id);
    expect(delivery).toMatchObject({
      status: 'succeeded',
      attempts: 3,
      lastStatusCode: 200,
      lastError: null,
    });
    const detail = await (await p.call(`${BASE}/${config.id}/deliveries/${delivery!.id}`)).json();
    expect(detail.attemptLog.map((a: { statusCode: number }) => a.statusCode)).toEqual([500, 503, 200]);
    expect(detail.attemptLog[1]).toMatchObject({
      error: 'endpoint answered 503',
      responseExcerpt: 'down for maintenance',
    });
  });

  it('410 Gone disables the configuration with the reason and stops its deliveries', async () => {
    const config = await configure(['JOB_DELIVER']);
    receiver.script(410);
    await emitJobDeliver(11);
    await received(1);
    const [delivery] = await deliveries(config.id);
    expect(delivery).toMatchObject({
      status: 'disabled',
      attempts: 1,
      lastStatusCode: 410,
      nextAttemptAt: null,
    });
    const now = await (await p.call(`${BASE}/${config.id}`)).json();
    expect(now).toMatchObject({
      enabled: false,
      disabledReason: expect.stringMatching(/^endpoint answered 410 Gone/),
    });
    expect(await emitJobDeliver(12)).toEqual({ messageId: null, deliveryIds: [] });
    const redeliver = await p.call(`${BASE}/${config.id}/deliveries/${delivery!.id}/redeliver`, {
      method: 'POST',
    });
    expect(redeliver.status).toBe(409);
    expect(receiver.requests).toHaveLength(1);
  });

  it('redeliver sends the same message again now, with the same webhook-id', async () => {
    const config = await configure(['JOB_DELIVER']);
    const { messageId, deliveryIds } = await emitJobDeliver(13);
    await received(1);
    const res = await p.call(`${BASE}/${config.id}/deliveries/${deliveryIds[0]}/redeliver`, {
      method: 'POST',
    });
    expect(res.status).toBe(202);
    expect(await res.json()).toMatchObject({ id: deliveryIds[0], status: 'pending' });
    const requests = await received(2);
    expect(requests[1]!.headers['webhook-id']).toBe(messageId);
    expect(requests[1]!.body).toBe(requests[0]!.body);
    expect(
      new Webhook(config.secret).verify(requests[1]!.body, requests[1]!.headers as Record<string, string>),
    ).toBeTruthy();
    expect((await deliveries(config.id))[0]).toMatchObject({ status: 'succeeded', attempts: 2 });
    const missing = await p.call(`${BASE}/${config.id}/deliveries/999999/redeliver`, { method: 'POST' });
    expect(missing.status).toBe(404);
  });

  it('a redelivery that fails is one attempt: a finished delivery is not put back on the schedule', async () => {
    const config = await configure(['JOB_DELIVER']);
    const { deliveryIds } = await emitJobDeliver(14);
    await received(1);
    receiver.script(500);
    await p.call(`${BASE}/${config.id}/deliveries/${deliveryIds[0]}/redeliver`, { method: 'POST' });
    await received(2);
    expect((await deliveries(config.id))[0]).toMatchObject({
      status: 'failed',
      attempts: 2,
      lastStatusCode: 500,
      nextAttemptAt: null,
    });
  });

  it('an endpoint that does not answer in time fails the attempt and is retried', async () => {
    const config = await configure(['JOB_DELIVER']);
    receiver.script('hang');
    await emitJobDeliver(15);
    await received(2);
    const detail = await (
      await p.call(`${BASE}/${config.id}/deliveries/${(await deliveries(config.id))[0]!.id}`)
    ).json();
    expect(detail.attemptLog[0]).toMatchObject({ statusCode: null, error: 'no answer within 400 ms' });
    expect(detail.attemptLog[1]).toMatchObject({ statusCode: 200 });
  });

  it('does not follow redirects: a 3xx is a failed attempt', async () => {
    const config = await configure(['JOB_DELIVER']);
    receiver.script({ status: 302, headers: { location: `${receiver.url}/elsewhere` } });
    await emitJobDeliver(16);
    await received(2);
    expect(receiver.requests.map((r) => r.path)).toEqual(['/hooks', '/hooks']);
    const [delivery] = await deliveries(config.id);
    const detail = await (await p.call(`${BASE}/${config.id}/deliveries/${delivery!.id}`)).json();
    expect(detail.attemptLog[0].error).toBe('endpoint answered 302 (redirects are not followed)');
  });

  it('connects to the address the guard checked for a hostname', async () => {
    const config = await configure(['JOB_DELIVER'], `http://hooks.example.test:${receiver.port}/named`);
    await emitJobDeliver(17);
    const [request] = await received(1);
    expect(request!.headers.host).toBe(`hooks.example.test:${receiver.port}`);
    expect((await deliveries(config.id))[0]).toMatchObject({ status: 'succeeded' });
  });

  it.each([
    ['rebind.example.test', 'rebind.example.test resolves to 169.254.169.254: cloud metadata'],
    ['split.example.test', 'split.example.test resolves to fd00:ec2::254: cloud metadata'],
  ])('refuses at delivery time a hostname resolving to a metadata address (%s)', async (host, reason) => {
    const config = await configure(['JOB_DELIVER'], `http://${host}:${receiver.port}/x`);
    await emitJobDeliver(18);
    await p.idle();
    const [delivery] = await deliveries(config.id);
    // Still pending: the retries (5 ms apart at this scale) are refused the same way.
    expect(delivery).toMatchObject({ status: 'pending', lastStatusCode: null });
    const detail = await (await p.call(`${BASE}/${config.id}/deliveries/${delivery!.id}`)).json();
    expect(detail.attemptLog.length).toBeGreaterThanOrEqual(1);
    for (const attempt of detail.attemptLog) {
      expect(attempt).toMatchObject({
        statusCode: null,
        error: `refused: ${reason} addresses are never allowed`,
      });
    }
    expect(receiver.requests).toHaveLength(0);
  });
});

describe('webhook delivery from a platform that does not run on loopback', () => {
  let strict: TestPlatform;
  beforeAll(async () => {
    strict = await startPlatform({ allowPrivateWebhooks: false, webhooks: { resolver, timeoutMs: 400 } });
  });
  afterAll(() => strict.close());

  it('refuses a hostname that resolves to loopback and sends nothing', async () => {
    const res = await strict.call(BASE, {
      method: 'POST',
      json: {
        webhookName: 'sneaky',
        webhookUrl: `http://hooks.example.test:${receiver.port}/`,
        eventType: ['PROJECT_DELIVER'],
      },
    });
    expect(res.status).toBe(200);
    const config = await res.json();
    const org = await strict.database.db.selectFrom('organizations').select('id').executeTakeFirstOrThrow();
    await emitEvent(strict.database.db, Date.now(), {
      organizationId: org.id,
      type: 'PROJECT_DELIVER',
      payload: { OrganizationId: org.id, id: 3 },
    });
    await strict.idle();
    const [delivery] = await (await strict.call(`${BASE}/${config.id}/deliveries`)).json();
    expect(delivery.lastError).toMatch(
      /^refused: hooks\.example\.test resolves to 127\.0\.0\.1: loopback addresses/,
    );
    expect(receiver.requests).toHaveLength(0);
  });
});
