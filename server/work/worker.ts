import { randomUUID } from 'node:crypto';
import { fullJitterBackoff } from '../../src/queue/backoff.ts';
import { keepLease } from '../../src/queue/lease-heartbeat.ts';
import { createPollLoop, type PollOutcome } from '../../src/queue/poll-loop.ts';
import type { LeaseWorker, LeaseWorkerOptions } from '../../src/queue/worker-options.ts';
import { withRequestId } from '../../src/tracing/request-context.ts';
import type { Db, Dialect } from '../store/db.ts';
import { claim, complete, extendLease, fail, pruneDone, type WorkItem } from '../store/work-items.ts';

/** Thrown by a handler for work that can never succeed: no retry. */
export class PermanentError extends Error {
  override name = 'PermanentError';
}

export interface WorkContext {
  item: WorkItem;
  /** Aborted when the worker stops or loses the lease. */
  signal: AbortSignal;
}

export type WorkHandler = (payload: unknown, ctx: WorkContext) => Promise<void>;

/**
 * The platform worker's settings; defaults: concurrency 2, leaseMs 30 s, pollMs 250, backoff full
 * jitter from 1 s, at most 5 min.
 */
export interface WorkerOptions extends LeaseWorkerOptions {
  db: Db;
  dialect: Dialect;
  handlers: Record<string, WorkHandler>;
  /**
   * Housekeeping run every 10 minutes beside the pruning of finished work (e.g. old webhook
   * messages); a failure is logged and tried again next time.
   */
  maintenance?: ((now: number) => Promise<unknown>)[];
}

/** `stop()` stops claiming, aborts nothing and waits for running items to finish. */
export type Worker = LeaseWorker;

/**
 * Runs queued work from the database: imports, exports, pretranslation, instant translations,
 * webhook deliveries. Several processes may run workers on one database; a crashed process's
 * items come back when their lease runs out.
 */
export function createWorker(options: WorkerOptions): Worker {
  const { db, dialect, handlers, log } = options;
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const concurrency = options.concurrency ?? 2;
  const leaseMs = options.leaseMs ?? 30_000;
  const pollMs = options.pollMs ?? 250;
  const backoff = options.backoff ?? fullJitterBackoff(random, { baseMs: 1000, capMs: 300_000 });
  const worker = `${process.pid}-${randomUUID().slice(0, 8)}`;
  const kinds = Object.keys(handlers);
  const running = new Map<number, Promise<void>>();
  let lastPrune = 0;
  // Leases run out only when a process died: looking for them a few times per lease is enough,
  // and saves a query on most polls.
  let lastExpiredCheck = Number.NEGATIVE_INFINITY;
  const expiredEveryMs = Math.min(1000, leaseMs / 4);

  async function runItem(item: WorkItem) {
    const controller = new AbortController();
    const stopRenewing = keepLease({
      leaseMs,
      renew: () => extendLease(db, item.id, worker, now() + leaseMs),
      onLost: () => controller.abort(new Error('lease lost')),
      onError: (err) => log.warn({ err, item: item.id }, 'could not extend lease'),
    });
    try {
      const handler = handlers[item.kind];
      if (!handler) throw new PermanentError(`no handler for work kind ${item.kind}`);
      // The item runs under the id of the request that made it, so its log lines and the work
      // and events it causes carry that id on.
      await withRequestId(item.request_id ?? `work-${item.id}`, () =>
        handler(JSON.parse(item.payload), { item, signal: controller.signal }),
      );
      await complete(db, item.id, worker, now());
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const permanent = err instanceof PermanentError;
      const outcome = await fail(
        db,
        item,
        worker,
        now(),
        message,
        permanent ? undefined : now() + backoff(item.attempts),
      );
      log[outcome === 'dead' ? 'error' : 'warn'](
        { err, item: item.id, kind: item.kind, attempts: item.attempts },
        `work ${outcome}`,
      );
    } finally {
      stopRenewing();
    }
  }

  /** One poll: claims what there is room for and starts it. */
  async function tick(): Promise<PollOutcome> {
    const free = concurrency - running.size;
    if (free <= 0) return { busy: true, again: false };
    const t = now();
    if (t - lastPrune > 600_000) {
      lastPrune = t;
      await pruneDone(db, t - 24 * 3600_000);
      for (const task of options.maintenance ?? [])
        await task(t).catch((err: unknown) => log.error({ err }, 'maintenance failed'));
    }
    const expired = t - lastExpiredCheck >= expiredEveryMs;
    if (expired) lastExpiredCheck = t;
    const items = await claim(db, dialect, { worker, now: t, leaseMs, limit: free, kinds, expired });
    for (const item of items) {
      const p = runItem(item).finally(() => {
        running.delete(item.id);
        loop.wake();
      });
      running.set(item.id, p);
    }
    // Work found and room for more: poll again at once; otherwise after pollMs or a wake.
    return {
      busy: items.length > 0 || running.size > 0,
      again: items.length > 0 && running.size < concurrency,
    };
  }

  const loop = createPollLoop({
    poll: tick,
    pollMs,
    onError: (err) => log.error({ err }, 'work queue poll failed'),
  });

  return {
    start: () => loop.start(),
    wake: () => loop.wake(),
    async stop() {
      await loop.stop();
      await Promise.allSettled(running.values());
    },
    idle: () => loop.idle(),
  };
}
