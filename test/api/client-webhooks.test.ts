import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createClient } from '../../src/api/client.ts';
import { apiError } from '../support/api-error.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

let p: TestPlatform;
let hooks: WebhookReceiver;
let client: Client;

beforeAll(async () => {
  p = await startPlatform({ webhooks: { retryScale: 0.001 } });
  hooks = await startWebhookReceiver();
  client = createClient({ baseUrl: p.url, apiKey: p.key });
});
afterAll(async () => {
  await client.close();
  await p.close();
  await hooks.close();
});

/** Renames a job, which emits JOB_UPDATE to every configuration subscribed to it. */
async function emitJobUpdate(name: string) {
  const memory = await client.memories.create({ name: `m ${name}`, srclang: 'en', trglang: 'de' });
  const file = await client.files.upload({ name: `${name}.json`, content: '{"a": "Hello"}' });
  const job = await client.jobs.create({
    name,
    srcLang: 'en',
    fileIds: [file.id],
    languagePairs: [{ trgLang: 'de', memoryId: memory.id }],
  });
  await client.jobs.update(job.id, { name: `${name} renamed` });
  await p.idle();
  return job;
}

describe('webhooks', () => {
  it('create (secret once), list, get, update; deliveries are signed with the secret and listed', async () => {
    const created = await client.webhooks.create({
      webhookName: 'ci',
      webhookUrl: `${hooks.url}/hook`,
      eventType: ['JOB_UPDATE'],
    });
    expect(created).toMatchObject({ webhookName: 'ci', eventType: ['JOB_UPDATE'], enabled: true });
    expect(created.secret).toMatch(/^whsec_/);
    const listed = await client.webhooks.list();
    expect(listed.map((w) => w.id)).toContain(created.id);
    expect(JSON.stringify(listed)).not.toContain(created.secret);
    expect(await client.webhooks.get(created.id)).not.toHaveProperty('secret');
    const updated = await client.webhooks.update(created.id, { webhookName: 'ci (renamed)' });
    expect(updated).toMatchObject({ webhookName: 'ci (renamed)', webhookUrl: `${hooks.url}/hook` });

    const job = await emitJobUpdate('signed');
    const [request] = await hooks.waitFor(1);
    const body = new Webhook(created.secret).verify(request!.body, {
      'webhook-id': String(request!.headers['webhook-id']),
      'webhook-timestamp': String(request!.headers['webhook-timestamp']),
      'webhook-signature': String(request!.headers['webhook-signature']),
    });
    expect(body).toMatchObject({ eventType: 'JOB_UPDATE', id: job.id });

    const deliveries = await client.webhooks.deliveries(created.id, { limit: 10 });
    expect(deliveries[0]).toMatchObject({ eventType: 'JOB_UPDATE', status: 'succeeded', attempts: 1 });
    const detail = await client.webhooks.delivery(created.id, deliveries[0]!.id);
    expect(detail.payload).toMatchObject({ id: job.id });
    expect(detail.attemptLog).toHaveLength(1);

    const sentBefore = hooks.requests.length;
    const again = await client.webhooks.redeliver(created.id, deliveries[0]!.id);
    expect(again).toMatchObject({
      id: deliveries[0]!.id,
      webhookId: deliveries[0]!.webhookId,
      status: 'pending',
    });
    await p.idle();
    const repeated = (await hooks.waitFor(sentBefore + 1)).at(-1)!;
    expect(repeated.headers['webhook-id']).toBe(deliveries[0]!.webhookId);
    expect(repeated.body).toBe(
      hooks.requests.find((r) => r.headers['webhook-id'] === deliveries[0]!.webhookId)!.body,
    );
  });

  it('rotateSecret answers a new secret that signs the next delivery; delete answers 204 and the configuration is gone', async () => {
    const created = await client.webhooks.create({
      webhookName: 'rotating',
      webhookUrl: `${hooks.url}/rotating`,
      eventType: ['JOB_UPDATE'],
    });
    const rotated = await client.webhooks.rotateSecret(created.id);
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(created.secret);
    const before = hooks.requests.length;
    // emitJobUpdate waits until the platform is idle: its deliveries have been made.
    await emitJobUpdate('rotated');
    const mine = hooks.requests.slice(before).find((r) => r.path === '/rotating')!;
    expect(() =>
      new Webhook(rotated.secret).verify(mine.body, {
        'webhook-id': String(mine.headers['webhook-id']),
        'webhook-timestamp': String(mine.headers['webhook-timestamp']),
        'webhook-signature': String(mine.headers['webhook-signature']),
      }),
    ).not.toThrow();
    await client.webhooks.delete(created.id);
    await apiError(client.webhooks.get(created.id), 404);
    expect((await client.webhooks.list()).map((w) => w.id)).not.toContain(created.id);
  });

  it('400 for bad input, 403 for a member, 404 for unknown ids, 409 redelivering on a disabled configuration', async () => {
    const bad = await apiError(
      client.webhooks.create({
        webhookName: 'x',
        webhookUrl: `${hooks.url}/x`,
        eventType: ['JOB_EXPLODED' as never],
      }),
      400,
    );
    expect((bad.body as { message: string }).message).toContain('JOB_EXPLODED');
    await apiError(
      client.webhooks.create({
        webhookName: 'x',
        webhookUrl: 'http://169.254.169.254/latest',
        eventType: ['JOB_UPDATE'],
      }),
      400,
    );
    const { key } = await p.addUser(1, 'member@example.test', 'member');
    const member = createClient({ baseUrl: p.url, apiKey: key });
    try {
      await apiError(
        member.webhooks.create({ webhookName: 'm', webhookUrl: `${hooks.url}/m`, eventType: ['JOB_UPDATE'] }),
        403,
      );
    } finally {
      await member.close();
    }
    const id = 999_999;
    for (const call of [
      () => client.webhooks.get(id),
      () => client.webhooks.update(id, { webhookName: 'n' }),
      () => client.webhooks.delete(id),
      () => client.webhooks.rotateSecret(id),
      () => client.webhooks.deliveries(id),
      () => client.webhooks.delivery(id, 1),
      () => client.webhooks.redeliver(id, 1),
    ])
      await apiError(call(), 404);

    const configuration = await client.webhooks.create({
      webhookName: 'paused',
      webhookUrl: `${hooks.url}/paused`,
      eventType: ['JOB_UPDATE'],
    });
    await emitJobUpdate('paused');
    const [delivery] = await client.webhooks.deliveries(configuration.id);
    await apiError(client.webhooks.delivery(configuration.id, 999_999), 404);
    const disabled = await client.webhooks.update(configuration.id, { enabled: false });
    expect(disabled.enabled).toBe(false);
    const refused = await apiError(client.webhooks.redeliver(configuration.id, delivery!.id), 409);
    expect((refused.body as { message: string }).message).toMatch(/disabled/);
  });
});
