import { randomUUID } from 'node:crypto';
import type { Dialect } from '../src/db/connect.ts';
import { fullJitterBackoff } from '../src/queue/backoff.ts';
import { createPollLoop } from '../src/queue/poll-loop.ts';
import type { LeaseWorker, LeaseWorkerOptions } from '../src/queue/worker-options.ts';
import type { EventPhases, InboxEvent } from './contracts.ts';
import type { ReceiverMetrics } from './metrics.ts';
import { type BatchDeps, runBatch, settleFailure, WorkerStopping } from './run-batch.ts';
import { acquireGroup, releaseGroup } from './store/group-locks.ts';
import { claimGroup, claimLoners, claimUngrouped, dueGroups, setGroups } from './store/queue.ts';
import type { ReceiverDb } from './store/schema.ts';
import { pruneFinished } from './store/settle.ts';

/**
 * The receiver's worker settings; defaults: concurrency 2 (groups or lone events at once), pollMs
 * 500, leaseMs 60 s (on claimed events and group locks), backoff full jitter 5 s … 15 min.
 */
export interface WorkerOptions extends LeaseWorkerOptions {
  db: ReceiverDb;
  dialect: Dialect;
  phases: EventPhases;
  metrics: ReceiverMetrics;
  /** Most events of one group handed to one `handleBatch` call (default 500); the rest come next. */
  groupLimit?: number;
  /** Attempts before an event is dead (default 8). */
  maxAttempts?: number;
  /** Finds work the webhooks may have missed: run at start and every `reconcileMs` (default 5 min). */
  reconcile?: () => Promise<void>;
  reconcileMs?: number;
  /** How long `stop()` lets running handlers finish before aborting them (default 30 s). */
  stopTimeoutMs?: number;
  /** Done and ignored events are deleted after this long (default 7 days; the platform retries ~3). */
  retentionMs?: number;
}

/** `stop()` lets running handlers finish, or aborts them after `stopTimeoutMs` and hands their events back. */
export interface ReceiverWorker extends LeaseWorker {
  /** This worker's lease owner name (process id and a random part). */
  readonly owner: string;
}

/**
 * The worker loop: names each new event's group (`phases.nameGroup`), then takes groups whose
 * lock it wins — with ALL their due events, handled in one `phases.handleBatch` call — and events
 * that belong to no group, one by one. Several processes may share the database: a group is
 * handled by one worker at a time, and a crashed worker's events come back when its lease ends.
 */
export function createReceiverWorker(options: WorkerOptions): ReceiverWorker {
  const { db, dialect, phases, log, metrics } = options;
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const concurrency = options.concurrency ?? 2;
  const pollMs = options.pollMs ?? 500;
  const leaseMs = options.leaseMs ?? 60_000;
  const reconcileMs = options.reconcileMs ?? 5 * 60_000;
  const retentionMs = options.retentionMs ?? 7 * 24 * 3600_000;
  const groupLimit = options.groupLimit ?? 500;
  const owner = `${process.pid}-${randomUUID().slice(0, 8)}`;
  const batch: BatchDeps = {
    db,
    phases,
    owner,
    now,
    leaseMs,
    maxAttempts: options.maxAttempts ?? 8,
    backoff: options.backoff ?? fullJitterBackoff(random),
    metrics,
    log,
  };
  const stopping = new AbortController();
  const running = new Set<Promise<void>>();
  let stopped = true;
  let nextReconcile = Number.NEGATIVE_INFINITY;
  let reconciling: Promise<void> | undefined;
  let nextPrune = Number.NEGATIVE_INFINITY;
  let pruning: Promise<unknown> | undefined;

  function start(events: InboxEvent[], groupKey: string | null) {
    const p: Promise<void> = runBatch(batch, events, groupKey, stopping.signal)
      .catch((err: unknown) => log.error({ err, groupKey }, 'could not settle a batch'))
      .finally(() => {
        running.delete(p);
        loop.wake();
      });
    running.add(p);
  }

  async function nameGroups(t: number): Promise<void> {
    const fresh = await claimUngrouped(db, dialect, { owner, now: t, leaseMs, limit: 64 });
    const answers: { id: number; groupKey: string | null }[] = [];
    await Promise.all(
      fresh.map(async (event) => {
        try {
          answers.push({ id: event.id, groupKey: await phases.nameGroup(event, stopping.signal) });
        } catch (err) {
          const message = err instanceof Error ? err.message : String(err);
          await settleFailure(batch, event, `nameGroup: ${message}`, false, false);
        }
      }),
    );
    await setGroups(db, owner, now(), answers);
  }

  /** One poll; true when it found anything to do or work still runs. */
  async function tick(): Promise<boolean> {
    const t = now();
    maintain(t);
    if (running.size >= concurrency) return true;
    await nameGroups(t);
    let found = false;
    for (const group of await dueGroups(db, t, concurrency - running.size)) {
      // Lock and claim in one transaction: one disk flush, and no lock left behind without events.
      const events = await db.transaction().execute(async (tx) => {
        if (!(await acquireGroup(tx, group, owner, t, leaseMs))) return [];
        const claimed = await claimGroup(tx, dialect, group, { owner, now: t, leaseMs, limit: groupLimit });
        if (claimed.length === 0) await releaseGroup(tx, group, owner);
        return claimed;
      });
      if (events.length === 0) continue;
      found = true;
      start(events, group);
    }
    const free = concurrency - running.size;
    if (free > 0) {
      for (const event of await claimLoners(db, dialect, { owner, now: t, leaseMs, limit: free })) {
        found = true;
        start([event], null);
      }
    }
    return found || running.size > 0;
  }

  /** Reconciliation and pruning run beside the loop, never holding it up. */
  function maintain(t: number) {
    if (options.reconcile && !reconciling && t >= nextReconcile) {
      nextReconcile = t + reconcileMs;
      reconciling = options
        .reconcile()
        // The platform unreachable is an expected condition: its message, no stack trace.
        .catch((err: unknown) =>
          log.warn({ error: err instanceof Error ? err.message : String(err) }, 'reconcile failed'),
        )
        .finally(() => {
          reconciling = undefined;
        });
    }
    if (t >= nextPrune) {
      nextPrune = t + 10 * 60_000;
      pruning = pruneFinished(db, t - retentionMs).catch((err: unknown) => log.warn({ err }, 'prune failed'));
    }
  }

  const loop = createPollLoop({
    // Polls again at once only when woken: a batch that ends, or the front door storing events.
    poll: async () => ({ busy: await tick(), again: false }),
    pollMs,
    onError: (err) => log.error({ err }, 'receiver queue poll failed'),
  });

  return {
    owner,
    start() {
      stopped = false;
      loop.start();
    },
    wake: () => loop.wake(),
    async stop() {
      if (stopped) return;
      stopped = true;
      const grace = setTimeout(
        () => stopping.abort(new WorkerStopping('the receiver is stopping')),
        options.stopTimeoutMs ?? 30_000,
      );
      await loop.stop();
      await Promise.allSettled([...running, reconciling, pruning]);
      clearTimeout(grace);
    },
    idle: () => loop.idle(),
  };
}
