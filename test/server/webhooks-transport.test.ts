import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSettings } from '../../server/settings.ts';
import { systemResolver } from '../../server/webhooks/guarded-lookup.ts';
import { webhookSettings } from '../../server/webhooks/options.ts';
import { createWebhookTransport } from '../../server/webhooks/transport.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(() => receiver.close());

const transport = (allowPrivate: boolean) =>
  createWebhookTransport({
    resolver: systemResolver,
    allowPrivate,
    timeoutMs: 2000,
    userAgent: 'test-agent/1',
  });

describe('webhook transport', () => {
  it('refuses a stored loopback URL once private addresses are no longer allowed, before connecting', async () => {
    const t = transport(false);
    const result = await t.send(`${receiver.url}/x`, {}, '{}', new AbortController().signal);
    await t.close();
    expect(result).toMatchObject({ statusCode: null, excerpt: null });
    expect(result.error).toMatch(/^webhookUrl host 127\.0\.0\.1 refused: loopback addresses/);
    expect(receiver.requests).toHaveLength(0);
  });

  it('posts the body with its headers, JSON content type and user agent; keeps a short excerpt', async () => {
    receiver.script({ status: 500, body: 'x'.repeat(10_000) });
    const t = transport(true);
    const result = await t.send(
      `${receiver.url}/in`,
      { 'webhook-id': 'msg_1' },
      '{"a":1}',
      new AbortController().signal,
    );
    await t.close();
    expect(result).toMatchObject({ statusCode: 500, error: 'endpoint answered 500' });
    expect(result.excerpt).toBe('x'.repeat(500));
    expect(receiver.requests[0]).toMatchObject({
      method: 'POST',
      path: '/in',
      body: '{"a":1}',
      headers: expect.objectContaining({
        'webhook-id': 'msg_1',
        'content-type': 'application/json',
        'user-agent': 'test-agent/1',
      }),
    });
  });

  it('reports a refused connection without a status', async () => {
    const t = transport(true);
    // A port that was just free: nothing listens there any more.
    const closed = await startWebhookReceiver();
    await closed.close();
    const result = await t.send(`${closed.url}/`, {}, '{}', new AbortController().signal);
    await t.close();
    expect(result.statusCode).toBeNull();
    expect(result.error).toMatch(/ECONNREFUSED/);
  });
});

describe('webhookSettings', () => {
  it('allows private addresses from the option or SVC_WEBHOOK_ALLOW_PRIVATE=1 only', () => {
    expect(webhookSettings({}, readSettings({}).webhooks).allowPrivate).toBe(false);
    expect(webhookSettings({ allowPrivate: true }, readSettings({}).webhooks).allowPrivate).toBe(true);
    expect(webhookSettings({}, readSettings({ SVC_WEBHOOK_ALLOW_PRIVATE: '1' }).webhooks).allowPrivate).toBe(
      true,
    );
    expect(
      webhookSettings({}, readSettings({ SVC_WEBHOOK_ALLOW_PRIVATE: 'yes' }).webhooks).allowPrivate,
    ).toBe(false);
  });

  it('defaults to a 15 s timeout and the environment’s retry scale', () => {
    const settings = webhookSettings(
      { version: '2.0.0' },
      readSettings({ SVC_WEBHOOK_RETRY_SCALE: '0.01' }).webhooks,
    );
    expect(settings).toMatchObject({
      timeoutMs: 15_000,
      retryScale: 0.01,
      userAgent: 'svc-connector-webhooks/2.0.0',
    });
    expect(() => webhookSettings({ timeoutMs: 0 }, readSettings({}).webhooks)).toThrow(TypeError);
  });
});
