import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventPhases } from '../../receiver/contracts.ts';
import { WorkerStopping } from '../../receiver/run-batch.ts';
import type { ReceiverDatabase } from '../../receiver/store/schema.ts';
import { createReceiverWorker, type ReceiverWorker, type WorkerOptions } from '../../receiver/worker.ts';
import {
  enqueue,
  fakeClock,
  queueRow,
  receiverTestDatabase,
  recordingPhases,
  testMetrics,
} from './support/index.ts';

const silent = pino({ level: 'silent' });
let db: Awaited<ReturnType<typeof receiverTestDatabase>>;
let database: ReceiverDatabase;
const workers: ReceiverWorker[] = [];

beforeEach(async () => {
  db = await receiverTestDatabase();
  database = db.database;
});

afterEach(async () => {
  for (const w of workers.splice(0)) await w.stop();
  await db.drop();
});

function worker(phases: EventPhases, now: () => number, options: Partial<WorkerOptions> = {}) {
  const w = createReceiverWorker({
    db: database.db,
    dialect: database.dialect,
    phases,
    metrics: testMetrics(database),
    log: silent,
    now,
    random: () => 0.5,
    pollMs: 10,
    ...options,
  });
  workers.push(w);
  w.start();
  return w;
}

/** A handler that runs until its signal is aborted, and remembers why. */
function hangingHandler() {
  const state = { started: 0, abortedWith: undefined as unknown };
  const handle: EventPhases['handleBatch'] = (_events, signal) =>
    new Promise((_resolve, reject) => {
      state.started++;
      signal.addEventListener('abort', () => {
        state.abortedWith = signal.reason;
        reject(signal.reason);
      });
    });
  return { state, handle };
}

describe('leases', () => {
  it('re-claims the events of a worker that stopped renewing its lease, and that worker learns it lost them', async () => {
    const start = 1_700_000_000_000;
    const hung = hangingHandler();
    // Worker one's clock stands still: it renews its lease to the same instant, as a process that
    // froze (or crashed) would fail to move it on.
    const one = worker({ nameGroup: async () => 'acme/app@main', handleBatch: hung.handle }, () => start, {
      leaseMs: 300,
    });
    const [id] = await enqueue(database, start, [{}]);
    one.wake();
    await expect.poll(() => hung.state.started).toBe(1);
    expect(await queueRow(database, id!)).toMatchObject({ status: 'processing', attempts: 1 });

    const r = recordingPhases();
    const two = worker(r.phases, () => start + 301, { leaseMs: 300 });
    await two.idle();
    expect(r.calls.map((call) => call.map((e) => [e.id, e.attempts, e.groupKey]))).toEqual([
      [[id, 2, 'acme/app@main']],
    ]);
    // One's next heartbeat finds the lock taken and aborts its handler; its failure changes nothing.
    await expect.poll(() => String(hung.state.abortedWith)).toMatch(/lease on group acme\/app@main lost/);
    await one.idle();
    expect(await queueRow(database, id!)).toMatchObject({ status: 'done', attempts: 2, lease_owner: null });
  });
  it('re-claims the events of a worker process killed mid-handling once its lease has run out', async () => {
    const [id] = await enqueue(database, Date.now(), [{}]);
    const child = spawn(
      process.execPath,
      [join(import.meta.dirname, 'support/crashing-worker.ts'), db.url, '60000'],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const exited = once(child, 'exit');
    try {
      const [line] = (await once(child.stdout!, 'data')) as [Buffer];
      expect(line.toString()).toBe(`handling ${id}\n`);
    } finally {
      child.kill('SIGKILL');
      await exited;
    }
    expect(await queueRow(database, id!)).toMatchObject({ status: 'processing', attempts: 1 });
    const r = recordingPhases();
    const soon = worker(r.phases, () => Date.now() + 30_000);
    await soon.idle();
    expect(r.calls).toHaveLength(0);
    await soon.stop();
    const later = worker(r.phases, () => Date.now() + 61_000);
    await later.idle();
    expect(r.calls.map((call) => call.map((e) => [e.id, e.attempts]))).toEqual([[[id, 2]]]);
    expect(await queueRow(database, id!)).toMatchObject({ status: 'done' });
  });
});

describe('stop', () => {
  it('lets a running handler finish before stopping', async () => {
    const clock = fakeClock();
    const r = recordingPhases(() => new Promise((resolve) => setTimeout(resolve, 30)));
    const [id] = await enqueue(database, clock.now(), [{ group: 'g' }]);
    const w = worker(r.phases, clock.now, { stopTimeoutMs: 5000 });
    await expect.poll(() => r.calls.length).toBe(1);
    await w.stop();
    expect(await queueRow(database, id!)).toMatchObject({ status: 'done' });
  });

  it('aborts a handler that outlasts the grace period and hands its events back uncounted', async () => {
    const clock = fakeClock();
    const hung = hangingHandler();
    const [id] = await enqueue(database, clock.now(), [{ group: 'g' }, { group: 'g' }]);
    const w = worker({ nameGroup: async () => 'g', handleBatch: hung.handle }, clock.now, {
      stopTimeoutMs: 20,
    });
    await expect.poll(() => hung.state.started).toBe(1);
    await w.stop();
    expect(hung.state.abortedWith).toBeInstanceOf(WorkerStopping);
    expect(await queueRow(database, id!)).toMatchObject({
      status: 'pending',
      attempts: 0,
      lease_owner: null,
      next_attempt_at: clock.now(),
    });
    const locks = await database.db.selectFrom('receiver_group_locks').selectAll().execute();
    expect(locks).toEqual([]);
  });
});

describe('maintenance', () => {
  it('runs reconcile at start and again every reconcileMs', async () => {
    const clock = fakeClock();
    let runs = 0;
    const w = worker(recordingPhases().phases, clock.now, {
      reconcile: async () => {
        runs++;
      },
      reconcileMs: 1000,
    });
    await w.idle();
    expect(runs).toBe(1);
    clock.advance(999);
    await w.idle();
    expect(runs).toBe(1);
    clock.advance(1);
    await w.idle();
    expect(runs).toBe(2);
  });

  it('keeps running when reconcile fails', async () => {
    const clock = fakeClock();
    const r = recordingPhases();
    const w = worker(r.phases, clock.now, {
      reconcile: async () => {
        throw new Error('platform unreachable');
      },
    });
    await enqueue(database, clock.now(), [{ group: 'g' }]);
    w.wake();
    await w.idle();
    expect(r.calls).toHaveLength(1);
  });

  it('deletes finished events once they are older than the retention', async () => {
    const clock = fakeClock();
    const r = recordingPhases();
    const [id] = await enqueue(database, clock.now(), [{ group: 'g' }]);
    const w = worker(r.phases, clock.now, { retentionMs: 3600_000 });
    await w.idle();
    expect(await queueRow(database, id!)).toMatchObject({ status: 'done' });
    clock.advance(3600_001);
    await w.idle();
    const inbox = () => database.db.selectFrom('receiver_inbox').select('id').execute();
    await expect.poll(inbox).toEqual([]);
    expect(await database.db.selectFrom('receiver_queue').select('event_id').execute()).toEqual([]);
  });
});
