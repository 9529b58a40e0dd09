/**
 * A delivery's `svc-request-id` (the platform request behind the event) is stored with the
 * event, the batch handling it runs under that id, and the receiver's log lines name it.
 */
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningReceiver, serveReceiver } from '../../receiver/start.ts';
import { currentRequestId, requestIdMixin } from '../../src/tracing/request-context.ts';
import { jobDeliver, receiverTestDatabase, recordingPhases, SECRET, signed } from './support/index.ts';

const lines: Record<string, unknown>[] = [];
const sink = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    done();
  },
});
const seen: (string | undefined)[] = [];
const recorder = recordingPhases(async () => {
  seen.push(currentRequestId());
});
let receiver: RunningReceiver;
let db: Awaited<ReturnType<typeof receiverTestDatabase>>;

beforeAll(async () => {
  db = await receiverTestDatabase();
  receiver = await serveReceiver({
    port: 0,
    dbUrl: db.url,
    secrets: [SECRET],
    phases: recorder.phases,
    checkPlatform: async () => {},
    worker: { pollMs: 60_000 },
    log: pino({ level: 'debug', mixin: requestIdMixin }, sink),
  });
});

afterAll(async () => {
  await receiver?.close();
  await db?.drop();
});

const post = (body: string, headers: Record<string, string>) =>
  fetch(`${receiver.url}/webhooks`, { method: 'POST', headers, body });

describe('request ids from the platform', () => {
  it('are stored with the event, set while it is handled, and named in the log', async () => {
    const body = jobDeliver(71);
    const headers = {
      ...signed(body, { id: 'msg_trace_1', at: Date.now() }),
      'svc-request-id': 'req-trace-71',
    };
    expect((await post(body, headers)).status).toBe(202);
    await expect.poll(() => seen, { timeout: 5000 }).toEqual(['req-trace-71']);
    const row = await db.database.db
      .selectFrom('receiver_inbox')
      .select('request_id')
      .where('webhook_id', '=', 'msg_trace_1')
      .executeTakeFirstOrThrow();
    expect(row.request_id).toBe('req-trace-71');
    const handling = lines.find((l) => l.msg === 'handling events');
    expect(handling).toMatchObject({ requestIds: ['req-trace-71'], trace: 'req-trace-71' });
  });

  it('ignores a request id that is not a plain token, and handles the event under one of its own', async () => {
    const body = jobDeliver(72);
    const headers = { ...signed(body, { id: 'msg_trace_2', at: Date.now() }), 'svc-request-id': 'a b\tc' };
    expect((await post(body, headers)).status).toBe(202);
    await expect.poll(() => seen.length, { timeout: 5000 }).toBe(2);
    expect(seen[1]).toMatch(/^receiver-event-\d+$/);
    const row = await db.database.db
      .selectFrom('receiver_inbox')
      .select('request_id')
      .where('webhook_id', '=', 'msg_trace_2')
      .executeTakeFirstOrThrow();
    expect(row.request_id).toBeNull();
  });
});
