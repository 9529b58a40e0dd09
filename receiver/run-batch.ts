import { performance } from 'node:perf_hooks';
import type { Logger } from 'pino';
import { rateLimitOf } from '../src/github/rate-limit.ts';
import { keepLease } from '../src/queue/lease-heartbeat.ts';
import { withRequestId } from '../src/tracing/request-context.ts';
import type { EventPhases, InboxEvent, PartialFailure } from './contracts.ts';
import { countGitHubWait, type ReceiverMetrics } from './metrics.ts';
import { releaseGroup, renewGroup } from './store/group-locks.ts';
import type { ReceiverDb } from './store/schema.ts';
import { markDone, markFailed, postpone, release, renewLeases } from './store/settle.ts';

/** Why a batch's signal was aborted because the worker is stopping (its events are handed back). */
export class WorkerStopping extends Error {
  override name = 'WorkerStopping';
}

export interface BatchDeps {
  db: ReceiverDb;
  phases: EventPhases;
  owner: string;
  now: () => number;
  leaseMs: number;
  maxAttempts: number;
  /** Delay before the next attempt after `attempts` failed ones. */
  backoff: (attempts: number) => number;
  metrics: ReceiverMetrics;
  log: Logger;
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * Runs `handleBatch` once for events the worker has claimed (one group's, or one event alone), keeps
 * their leases — and the group's lock — alive meanwhile, and settles each event: done, back in
 * line after a backoff, or dead; events that hit GitHub's rate limit (GitHubRateLimited) go back
 * in line until it ends, without counting the attempt. `stopping` aborts the handler when the
 * worker gives up waiting; its events are then handed back without counting the attempt. Losing
 * the group lock (this process hung past its lease and another took over) aborts the handler
 * too; its writes then change nothing, since every update checks the lease owner.
 */
export async function runBatch(
  deps: BatchDeps,
  events: InboxEvent[],
  groupKey: string | null,
  stopping: AbortSignal,
): Promise<void> {
  const { db, owner, now, leaseMs, log } = deps;
  const ids = events.map((e) => e.id);
  const lost = new AbortController();
  const signal = AbortSignal.any([stopping, lost.signal]);
  const stopRenewing = keepLease({
    leaseMs,
    renew: async () => {
      const until = now() + leaseMs;
      const [held, lock] = await Promise.all([
        renewLeases(db, ids, owner, until),
        groupKey ? renewGroup(db, groupKey, owner, until) : true,
      ]);
      return held > 0 && lock;
    },
    onLost: () => lost.abort(new Error(`lease on group ${groupKey ?? '(none)'} lost`)),
    onError: (err) => log.warn({ err, groupKey }, 'could not renew leases'),
  });
  const started = performance.now();
  let released = false;
  try {
    let outcome: PartialFailure | undefined;
    try {
      // The batch runs under its first event's platform request id, so its log lines, GitHub
      // calls and platform calls can be followed back; the line below ties the others to it.
      const requestIds = [...new Set(events.flatMap((e) => (e.requestId ? [e.requestId] : [])))];
      const trace = requestIds[0] ?? `receiver-event-${ids[0]}`;
      log.info({ groupKey, events: ids, requestIds, trace }, 'handling events');
      outcome = (await withRequestId(trace, () => deps.phases.handleBatch(events, signal))) || undefined;
    } catch (err) {
      if (stopping.aborted && stopping.reason instanceof WorkerStopping) {
        await release(db, ids, owner, now(), true);
        log.info({ groupKey, events: ids }, 'handler stopped; events handed back');
        return;
      }
      // GitHub's rate limit: the events wait for it in the queue, no attempt spent, never dead.
      const limited = rateLimitOf(err);
      if (limited) {
        const t = now();
        const until = Math.max(t, limited.until);
        const moved = await postpone(db, ids, owner, { now: t, until, reason: limited.message });
        if (moved > 0)
          countGitHubWait(deps.metrics, {
            credential: limited.credential,
            resource: limited.resource,
            kind: limited.kind,
            where: 'queue',
            seconds: (until - t) / 1000,
          });
        log.warn(
          { groupKey, events: ids, until: new Date(until).toISOString(), resource: limited.resource },
          'GitHub rate limit: events wait in the queue',
        );
        return;
      }
      // GitHub or the platform said no, or could not be reached: expected, so the message only.
      log.warn({ error: messageOf(err), groupKey, events: ids }, 'handler failed');
      for (const e of events) await settleFailure(deps, e, messageOf(err), false);
      return;
    } finally {
      deps.metrics.handlerSeconds.observe((performance.now() - started) / 1000);
    }
    const failures = new Map((outcome?.failed ?? []).map((f) => [f.id, f]));
    for (const id of failures.keys()) {
      if (!ids.includes(id))
        log.warn({ groupKey, id }, 'handler reported a failure for an event it was not given');
    }
    const done = ids.filter((id) => !failures.has(id));
    for (const e of events) {
      const f = failures.get(e.id);
      if (f) await settleFailure(deps, e, f.error, f.permanent === true);
    }
    // The common case, all done, costs one transaction (one disk flush) with the lock's release.
    await db.transaction().execute(async (tx) => {
      await markDone(tx, done, owner, now());
      if (groupKey) await releaseGroup(tx, groupKey, owner);
    });
    released = true;
    deps.metrics.processed.inc(done.length);
  } finally {
    stopRenewing();
    if (groupKey && !released) await releaseGroup(db, groupKey, owner);
  }
}

/**
 * Puts a failed event back in line after a backoff, or dead-letters it (permanent error, or its
 * attempts are spent). `counted` is false for a failing `nameGroup`, whose attempt was not counted
 * at claim time.
 */
export async function settleFailure(
  deps: BatchDeps,
  event: InboxEvent,
  error: string,
  permanent: boolean,
  counted = true,
): Promise<void> {
  const attempts = counted ? event.attempts : event.attempts + 1;
  const dead = permanent || attempts >= deps.maxAttempts;
  const t = deps.now();
  const held = await markFailed(deps.db, {
    id: event.id,
    owner: deps.owner,
    now: t,
    error,
    ...(dead ? {} : { retryAt: t + deps.backoff(attempts) }),
    countAttempt: !counted,
  });
  // Another worker took the event over (this one hung past its lease): the outcome is theirs.
  if (!held) return;
  (dead ? deps.metrics.dead : deps.metrics.failed).inc();
  deps.log[dead ? 'error' : 'warn'](
    { eventId: event.id, type: event.type, attempts, error },
    dead ? 'event dead-lettered' : 'event will be retried',
  );
}
