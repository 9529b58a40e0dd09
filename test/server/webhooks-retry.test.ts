/**
 * Delivery timing on a platform whose clock the test moves: the retry schedule at its real
 * offsets, redeliveries of pending deliveries, and pending retries ending with their configuration.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emitEvent } from '../../server/webhooks/emit.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

const BASE = '/v3/connectors/configuration/webhooks';

describe('retry schedule, on a platform clock the test moves', () => {
  let clock = Date.UTC(2026, 0, 5, 9, 0, 0);
  let slow: TestPlatform;
  let endpoint: WebhookReceiver;
  beforeAll(async () => {
    [slow, endpoint] = await Promise.all([
      startPlatform({ now: () => clock, webhooks: { timeoutMs: 400 } }),
      startWebhookReceiver(),
    ]);
  });
  afterAll(() => Promise.all([slow.close(), endpoint.close()]));

  it('retries 5 s … 24 h after the first failure, then gives up; every attempt has the same webhook-id', async () => {
    endpoint.fallback(500);
    const res = await slow.call(BASE, {
      method: 'POST',
      json: { webhookName: 'down', webhookUrl: endpoint.url, eventType: ['PROJECT_UPDATE'] },
    });
    const config = await res.json();
    const org = await slow.database.db.selectFrom('organizations').select('id').executeTakeFirstOrThrow();
    const { messageId } = await emitEvent(slow.database.db, clock, {
      organizationId: org.id,
      type: 'PROJECT_UPDATE',
      payload: { OrganizationId: org.id, id: 5, name: 'de', due: null },
    });
    await slow.idle();
    expect(endpoint.requests).toHaveLength(1);
    const firstFailure = clock;
    const offsets = [5, 300, 1800, 7200, 18000, 36000, 50400, 72000, 86400].map((s) => s * 1000);
    for (const [i, offset] of offsets.entries()) {
      const due = firstFailure + offset;
      const [delivery] = await (await slow.call(`${BASE}/${config.id}/deliveries`)).json();
      expect(delivery).toMatchObject({
        status: 'pending',
        attempts: i + 1,
        nextAttemptAt: new Date(due).toISOString(),
      });
      clock = due - 1;
      await slow.idle();
      expect(endpoint.requests).toHaveLength(i + 1);
      clock = due;
      await slow.idle();
      expect(endpoint.requests).toHaveLength(i + 2);
    }
    const [final] = await (await slow.call(`${BASE}/${config.id}/deliveries`)).json();
    expect(final).toMatchObject({ status: 'failed', attempts: 10, lastStatusCode: 500, nextAttemptAt: null });
    expect(new Set(endpoint.requests.map((r) => r.headers['webhook-id']))).toEqual(new Set([messageId]));
    clock += 7 * 24 * 3600_000;
    await slow.idle();
    expect(endpoint.requests).toHaveLength(10);
  });

  async function failingDelivery() {
    endpoint.requests.length = 0;
    endpoint.fallback(500);
    const config = await (
      await slow.call(BASE, {
        method: 'POST',
        json: { webhookName: 'flaky', webhookUrl: endpoint.url, eventType: ['PROJECT_DELIVER'] },
      })
    ).json();
    const org = await slow.database.db.selectFrom('organizations').select('id').executeTakeFirstOrThrow();
    const { deliveryIds } = await emitEvent(slow.database.db, clock, {
      organizationId: org.id,
      type: 'PROJECT_DELIVER',
      payload: { OrganizationId: org.id, id: 6 },
    });
    await slow.idle();
    expect(endpoint.requests).toHaveLength(1);
    return { configId: config.id as number, deliveryId: deliveryIds[0]! };
  }

  it('redelivering a pending delivery brings its next attempt forward; the schedule goes on', async () => {
    const { configId, deliveryId } = await failingDelivery();
    const firstFailure = clock;
    const res = await slow.call(`${BASE}/${configId}/deliveries/${deliveryId}/redeliver`, { method: 'POST' });
    expect(res.status).toBe(202);
    await slow.idle();
    expect(endpoint.requests).toHaveLength(2);
    const [delivery] = await (await slow.call(`${BASE}/${configId}/deliveries`)).json();
    expect(delivery).toMatchObject({
      status: 'pending',
      attempts: 2,
      nextAttemptAt: new Date(firstFailure + 300_000).toISOString(),
    });
    // The retry scheduled at +5 s before the redelivery finds its attempt already made.
    clock += 5_000;
    await slow.idle();
    expect(endpoint.requests).toHaveLength(2);
    await slow.call(`${BASE}/${configId}`, { method: 'DELETE' });
  });

  it('disabling a configuration ends its pending deliveries: no more attempts', async () => {
    const { configId } = await failingDelivery();
    const off = await slow.call(`${BASE}/${configId}`, { method: 'PUT', json: { enabled: false } });
    expect(off.status).toBe(200);
    const [delivery] = await (await slow.call(`${BASE}/${configId}/deliveries`)).json();
    expect(delivery).toMatchObject({
      status: 'disabled',
      nextAttemptAt: null,
      lastError: 'disabled through the API',
    });
    clock += 2 * 24 * 3600_000;
    await slow.idle();
    expect(endpoint.requests).toHaveLength(1);
  });

  it('deleting a configuration ends its pending deliveries too', async () => {
    const { configId, deliveryId } = await failingDelivery();
    expect((await slow.call(`${BASE}/${configId}`, { method: 'DELETE' })).status).toBe(204);
    clock += 2 * 24 * 3600_000;
    await slow.idle();
    expect(endpoint.requests).toHaveLength(1);
    const row = await slow.database.db
      .selectFrom('webhook_deliveries')
      .select(['status', 'last_error'])
      .where('id', '=', deliveryId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'disabled', last_error: 'configuration deleted' });
  });
});
