/**
 * One request id follows a change through the platform: the client sends the id current where it
 * runs, the work item the request starts runs under it, the event that work emits stores it, and
 * the webhook delivery carries it as `svc-request-id`.
 */
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/index.ts';
import { requestIdMixin, withRequestId } from '../../src/tracing/request-context.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

const lines: Record<string, unknown>[] = [];
const sink = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    done();
  },
});
let p: TestPlatform;
let hooks: WebhookReceiver;

beforeAll(async () => {
  p = await startPlatform({ log: pino({ level: 'debug', mixin: requestIdMixin }, sink) });
  hooks = await startWebhookReceiver();
});
afterAll(async () => {
  await p.close();
  await hooks.close();
});

describe('request ids across the platform', () => {
  it('run from the API call through the instant translation to the webhook delivery', async () => {
    const client = createClient({ baseUrl: p.url, apiKey: p.key });
    await client.webhooks.create({
      webhookName: 'trace',
      webhookUrl: `${hooks.url}/hook`,
      eventType: ['INSTANT_TRANSLATE_COMPLETED'],
    });
    const memory = await client.memories.create({ name: 'de', srclang: 'en', trglang: 'de' });
    const file = await client.files.upload({ name: 'app.json', content: '{"hello": "Hello world"}' });
    const started = await withRequestId('trace-instant-1', () =>
      client.instant.translate({ fileIds: [file.id], memoryId: memory.id, characters: 11 }),
    );
    expect(started[0]?.status).toBe('InProgress');

    const [delivery] = await hooks.waitFor(1, 10_000);
    expect(delivery!.headers['svc-request-id']).toBe('trace-instant-1');
    expect(delivery!.headers['svc-event-type']).toBe('INSTANT_TRANSLATE_COMPLETED');
    // The API call's own log line names the id the client sent.
    expect(lines).toContainEqual(
      expect.objectContaining({ requestId: 'trace-instant-1', method: 'POST', path: '/v2/translate/file' }),
    );
    // Work items the request made carry it, the delivery among them.
    const items = await p.database.db.selectFrom('work_items').select(['kind', 'request_id']).execute();
    expect(
      items
        .filter((i) => i.request_id === 'trace-instant-1')
        .map((i) => i.kind)
        .sort(),
    ).toEqual(['instant-translate', 'webhook-delivery']);
  });

  it('gives a call made outside any request an id of its own', async () => {
    const client = createClient({ baseUrl: p.url, apiKey: p.key });
    await client.memories.list();
    const listed = lines.filter((l) => l.path === '/v2/memories' && l.method === 'GET');
    expect(listed.at(-1)?.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });
});
