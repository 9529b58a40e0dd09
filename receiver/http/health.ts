import { Router as createRouter, type Router } from 'express';
import type { GitHubBudget } from '../../src/github/budget.ts';
import type { ReceiverMetrics } from '../metrics.ts';
import { pingDatabase } from '../store/ping.ts';
import type { ReceiverDb } from '../store/schema.ts';

export interface HealthDeps {
  db: ReceiverDb;
  /** Resolves when the platform answers; its rejection is the reason /readyz gives. */
  checkPlatform: () => Promise<void>;
  metrics: ReceiverMetrics;
  /** How long /readyz waits for each check (default 5 s). */
  timeoutMs?: number;
  /** Why events are stored but not handled (ReceiverServices.storeOnly). */
  storeOnly?: string;
  /** GitHub's budgets the handlers have seen; /readyz says what is left and what waits. */
  github?: GitHubBudget;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * What /readyz says of GitHub: each budget's remaining calls, and whether handling waits for a
 * rate limit, until when (`waitingUntil`: the last of the holds). Waiting is not unready: events
 * are still received, and handled once the limit ends.
 */
function gitHubReport(budget: GitHubBudget) {
  const { budgets, holds } = budget.snapshot();
  return {
    budgets: budgets.map((b) => ({
      credential: b.credential,
      resource: b.resource,
      limit: b.limit,
      remaining: b.remaining,
      resetAt: iso(b.resetAt),
    })),
    waiting: holds.map((h) => ({
      credential: h.credential,
      resource: h.resource ?? 'all',
      kind: h.kind,
      until: iso(h.until),
    })),
    ...(holds.length > 0 ? { waitingUntil: iso(Math.max(...holds.map((h) => h.until))) } : {}),
  };
}

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const reasonOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * `GET /healthz` (the process answers: for restarts), `GET /readyz` (the database and the
 * platform answer: for load balancers; 503 with the reason otherwise) and `GET /metrics`
 * (Prometheus text from the receiver's own registry).
 */
export function healthRouter(deps: HealthDeps): Router {
  const timeoutMs = deps.timeoutMs ?? 5000;
  const router = createRouter();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    try {
      await within(pingDatabase(deps.db), timeoutMs, 'the database');
    } catch (err) {
      res.status(503).json({ status: 'unavailable', reason: `database: ${reasonOf(err)}` });
      return;
    }
    try {
      await within(Promise.resolve().then(deps.checkPlatform), timeoutMs, 'the platform');
    } catch (err) {
      res.status(503).json({ status: 'unavailable', reason: `platform: ${reasonOf(err)}` });
      return;
    }
    // Ready to receive either way; `handling` says whether stored events are also handled.
    const github = deps.github ? { github: gitHubReport(deps.github) } : {};
    res.json(
      deps.storeOnly
        ? { status: 'ready', handling: false, reason: `events are stored, not handled: ${deps.storeOnly}` }
        : { status: 'ready', handling: true, ...github },
    );
  });
  router.get('/metrics', async (_req, res) => {
    const text = await deps.metrics.registry.metrics();
    res.set('content-type', deps.metrics.registry.contentType).send(text);
  });
  return router;
}
