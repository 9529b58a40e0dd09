import express, { type ErrorRequestHandler, type Express } from 'express';
import pino, { type Logger } from 'pino';
import type { GitHubBudget } from '../src/github/budget.ts';
import { type BadgeSource, badgesRouter } from './badges.ts';
import type { EventPhases } from './contracts.ts';
import { healthRouter } from './http/health.ts';
import { createWebhookHandler, webhookRoute } from './http/webhook-middleware.ts';
import { createMetrics, type ReceiverMetrics } from './metrics.ts';
import { createGroupCommit, type GroupCommit } from './store/group-commit.ts';
import type { ReceiverDatabase } from './store/schema.ts';
import { queueDepth } from './store/settle.ts';
import { createReceiverWorker, type ReceiverWorker, type WorkerOptions } from './worker.ts';

export interface ReceiverAppDeps {
  /** The receiver's database, migrated (receiver/store/open.ts). */
  database: ReceiverDatabase;
  /** Webhook signing secrets (`whsec_…`); several while one is rotated out. */
  secrets: readonly string[];
  phases: EventPhases;
  /** Resolves when the platform answers (GET /readyz). */
  checkPlatform: () => Promise<void>;
  reconcile?: () => Promise<void>;
  /** Events are stored and acknowledged but not handled, for this reason (shown by /readyz). */
  storeOnly?: string;
  /** GitHub's budgets as the handlers' GitHub access sees them (/metrics and /readyz). */
  githubBudget?: GitHubBudget;
  /** Progress badges (GET /badges/…), when some repository's are public. */
  badges?: BadgeSource;
  log?: Logger;
  now?: () => number;
  random?: () => number;
  /** Largest webhook body accepted (default 5 MiB); larger ones get 413. */
  bodyLimitBytes?: number;
  /** How long the front door gathers arrivals into one transaction (default 2 ms). */
  groupCommitWindowMs?: number;
  /** Worker settings: concurrency, pollMs, leaseMs, maxAttempts, backoff, reconcileMs, … */
  worker?: Omit<
    WorkerOptions,
    'db' | 'dialect' | 'phases' | 'metrics' | 'log' | 'now' | 'random' | 'reconcile'
  >;
}

export interface ReceiverApp {
  app: Express;
  /** Not started: whoever runs the receiver starts and stops it. */
  worker: ReceiverWorker;
  metrics: ReceiverMetrics;
  /** The front door's group commit; drain it after the server stops accepting. */
  inbox: GroupCommit;
}

/**
 * The receiver's HTTP application and its worker, without listening (receiver/main.ts listens):
 * `POST /webhooks` (verify, store durably, 202), `GET /healthz`, `GET /readyz`, `GET /metrics`.
 */
export function createReceiverApp(deps: ReceiverAppDeps): ReceiverApp {
  const { db, dialect } = deps.database;
  const log = deps.log ?? pino({ level: 'silent' });
  const now = deps.now ?? Date.now;
  const metrics = createMetrics(() => queueDepth(db), deps.githubBudget);
  const worker = createReceiverWorker({
    ...deps.worker,
    db,
    dialect,
    phases: deps.phases,
    metrics,
    log,
    now,
    ...(deps.random ? { random: deps.random } : {}),
    ...(deps.reconcile ? { reconcile: deps.reconcile } : {}),
  });
  const inbox = createGroupCommit({
    db,
    ...(deps.groupCommitWindowMs !== undefined ? { windowMs: deps.groupCommitWindowMs } : {}),
    onStored: () => worker.wake(),
  });
  const handle = createWebhookHandler({ secrets: deps.secrets, now, inbox, metrics, log });

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.post('/webhooks', ...webhookRoute(handle, deps.bodyLimitBytes ?? 5 * 1024 * 1024));
  app.use(
    healthRouter({
      db,
      checkPlatform: deps.checkPlatform,
      metrics,
      ...(deps.storeOnly ? { storeOnly: deps.storeOnly } : {}),
      ...(deps.githubBudget ? { github: deps.githubBudget } : {}),
    }),
  );
  if (deps.badges) app.use(badgesRouter(deps.badges));
  app.use((req, res) => {
    res.status(404).json({ error: `no route for ${req.method} ${req.path}` });
  });
  app.use(errorHandler(log, metrics));
  return { app, worker, metrics, inbox };
}

/** Body-parser errors keep their status (413, 400); anything else is a logged 500 without details. */
function errorHandler(log: Logger, metrics: ReceiverMetrics): ErrorRequestHandler {
  return (err: unknown, req, res, next) => {
    if (res.headersSent) return next(err);
    const e = err as { status?: number; type?: string; message?: string };
    if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500 && e.type) {
      const tooLarge = e.type === 'entity.too.large';
      if (req.path === '/webhooks')
        metrics.rejected.inc({ reason: tooLarge ? 'too_large' : 'unreadable_body' });
      const message = tooLarge ? 'request body is larger than the limit' : (e.message ?? 'bad request');
      res.status(e.status).json({ error: message });
      return;
    }
    log.error({ err, method: req.method, path: req.path }, 'request failed');
    res.status(500).json({ error: 'internal error' });
  };
}
