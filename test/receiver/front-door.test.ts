import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningReceiver, serveReceiver } from '../../receiver/start.ts';
import type { ReceiverDatabase } from '../../receiver/store/schema.ts';
import {
  fakeClock,
  jobDeliver,
  receiverTestDatabase,
  recordingPhases,
  SECRET,
  signed,
} from './support/index.ts';

const clock = fakeClock(Date.now());
let platformDown: string | undefined;
const recorder = recordingPhases();
let receiver: RunningReceiver;
let db: Awaited<ReturnType<typeof receiverTestDatabase>>;
let reader: ReceiverDatabase;

beforeAll(async () => {
  db = await receiverTestDatabase();
  reader = db.database;
  receiver = await serveReceiver({
    port: 0,
    dbUrl: db.url,
    secrets: [SECRET],
    phases: recorder.phases,
    checkPlatform: async () => {
      if (platformDown) throw new Error(platformDown);
    },
    now: clock.now,
    bodyLimitBytes: 64 * 1024,
    // Polls only once a minute: a prompt handler call proves the front door woke the worker.
    worker: { pollMs: 60_000 },
    log: pino({ level: 'silent' }),
  });
});

afterAll(async () => {
  await receiver?.close();
  await db?.drop();
});

function post(body: string, headers: Record<string, string>) {
  return fetch(`${receiver.url}/webhooks`, { method: 'POST', headers, body });
}

async function rows(webhookId: string) {
  return reader.db
    .selectFrom('receiver_inbox as i')
    .innerJoin('receiver_queue as q', 'q.event_id', 'i.id')
    .select(['i.id', 'i.type', 'i.payload', 'q.status', 'q.last_error'])
    .where('i.webhook_id', '=', webhookId)
    .execute();
}

describe('POST /webhooks', () => {
  it('stores a signed event durably, answers 202 and wakes the worker', async () => {
    const body = jobDeliver(41);
    const res = await post(body, signed(body, { id: 'msg_front_1', at: clock.now() }));
    expect(res.status).toBe(202);
    const answer = (await res.json()) as { status: string; id: number; type: string };
    expect(answer).toMatchObject({ status: 'accepted', type: 'JOB_DELIVER' });
    const stored = await rows('msg_front_1');
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ id: answer.id, type: 'JOB_DELIVER', payload: body });
    await expect.poll(() => recorder.calls.flat().map((e) => e.id), { timeout: 2000 }).toContain(answer.id);
    expect(recorder.calls.flat().find((e) => e.id === answer.id)?.payload).toEqual(JSON.parse(body));
  });

  it('stores one row for a webhook-id delivered again, even concurrently, and answers 200 to the repeats', async () => {
    const body = jobDeliver(42);
    const headers = signed(body, { id: 'msg_front_dup', at: clock.now() });
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(body, headers)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 202]);
    const again = await post(body, headers);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ status: 'duplicate', webhookId: 'msg_front_dup' });
    expect(await rows('msg_front_dup')).toHaveLength(1);
  });

  it('refuses a bad signature with 401 and stores nothing', async () => {
    const body = jobDeliver(43);
    const headers = signed(body, {
      id: 'msg_front_bad',
      at: clock.now(),
      secret: `whsec_${Buffer.alloc(32, 9).toString('base64')}`,
    });
    const res = await post(body, headers);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'webhook signature does not match' });
    expect(await rows('msg_front_bad')).toHaveLength(0);
  });

  it('refuses a tampered body, a stale timestamp and missing headers with 401', async () => {
    const body = jobDeliver(44);
    const tampered = await post(body.replace('44', '45'), signed(body, { id: 'msg_t1', at: clock.now() }));
    expect(tampered.status).toBe(401);
    const stale = await post(body, signed(body, { id: 'msg_t2', at: clock.now() - 6 * 60_000 }));
    expect(stale.status).toBe(401);
    expect(await stale.json()).toEqual({ error: 'webhook-timestamp is too old' });
    const bare = await post(body, { 'content-type': 'application/json' });
    expect(bare.status).toBe(401);
    expect(await rows('msg_t1')).toHaveLength(0);
    expect(await rows('msg_t2')).toHaveLength(0);
  });

  it('answers 400 to a signed body that is not JSON', async () => {
    const body = '{"eventType": "JOB_DELIVER",';
    const res = await post(body, signed(body, { id: 'msg_front_json', at: clock.now() }));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(/^malformed JSON body/);
    expect(await rows('msg_front_json')).toHaveLength(0);
  });

  it('stores signed JSON that is no known event as ignored (202) and never hands it to the worker', async () => {
    const body = JSON.stringify({ eventType: 'INVOICE_PAID', amount: 3 });
    const res = await post(body, signed(body, { id: 'msg_front_unknown', at: clock.now() }));
    expect(res.status).toBe(202);
    expect(await res.json()).toMatchObject({ status: 'ignored', reason: 'unknown eventType "INVOICE_PAID"' });
    const [row] = await rows('msg_front_unknown');
    expect(row).toMatchObject({
      status: 'ignored',
      type: 'INVOICE_PAID',
      last_error: 'unknown eventType "INVOICE_PAID"',
    });
    expect(recorder.calls.flat().map((e) => e.id)).not.toContain(row!.id);
  });

  it('recognises a body without eventType by its shape', async () => {
    const body = JSON.stringify({ OrganizationId: 1, id: 7, name: 'Job', due: null, isDelivered: false });
    const res = await post(body, signed(body, { id: 'msg_front_shape', at: clock.now() }));
    expect(res.status).toBe(202);
    expect(await rows('msg_front_shape')).toMatchObject([{ type: 'JOB_UPDATE' }]);
  });

  it('answers 413 to a body over the limit', async () => {
    const body = JSON.stringify({ eventType: 'JOB_UPDATE', filler: 'x'.repeat(70 * 1024) });
    const res = await post(body, signed(body, { id: 'msg_front_big', at: clock.now() }));
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: 'request body is larger than the limit' });
  });
});

describe('probes and metrics', () => {
  it('GET /healthz answers while the process runs', async () => {
    const res = await fetch(`${receiver.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('GET /readyz is 200 when the database and the platform answer, 503 with the reason otherwise', async () => {
    expect((await fetch(`${receiver.url}/readyz`)).status).toBe(200);
    platformDown = 'connect ECONNREFUSED 127.0.0.1:8080';
    const down = await fetch(`${receiver.url}/readyz`);
    platformDown = undefined;
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({
      status: 'unavailable',
      reason: 'platform: connect ECONNREFUSED 127.0.0.1:8080',
    });
  });

  it('GET /metrics serves the receiver registry with what happened above', async () => {
    const res = await fetch(`${receiver.url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toMatch(/^receiver_webhooks_received_total\{type="JOB_DELIVER"\} 2$/m);
    expect(text).toMatch(/^receiver_webhooks_received_total\{type="INVOICE_PAID"\} 1$/m);
    expect(text).toMatch(/^receiver_webhooks_duplicates_total 5$/m);
    expect(text).toMatch(/^receiver_webhooks_rejected_total\{reason="bad_signature"\} 2$/m);
    expect(text).toMatch(/^receiver_webhooks_rejected_total\{reason="stale_timestamp"\} 1$/m);
    expect(text).toMatch(/^receiver_webhooks_rejected_total\{reason="missing_headers"\} 1$/m);
    expect(text).toMatch(/^receiver_webhooks_rejected_total\{reason="malformed_json"\} 1$/m);
    expect(text).toMatch(/^receiver_webhooks_rejected_total\{reason="too_large"\} 1$/m);
    expect(text).toMatch(/^receiver_ingest_duration_seconds_count 9$/m);
    expect(text).toMatch(/^receiver_queue_depth \d+$/m);
    expect(text).toMatch(/^receiver_events_processed_total \d+$/m);
    expect(text).toContain('receiver_handler_duration_seconds_bucket');
    // Its own registry: nothing from prom-client's global default metrics.
    expect(text).not.toContain('process_cpu_seconds_total');
  });
});
