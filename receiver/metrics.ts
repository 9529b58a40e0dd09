import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { GitHubBudget, GitHubWait, ResourceBudget } from '../src/github/budget.ts';

/** The receiver's Prometheus metrics, in a registry of their own (never prom-client's global one). */
export interface ReceiverMetrics {
  registry: Registry;
  received: Counter<'type'>;
  duplicates: Counter;
  rejected: Counter<'reason'>;
  processed: Counter;
  failed: Counter;
  dead: Counter;
  queueDepth: Gauge;
  handlerSeconds: Histogram;
  ingestSeconds: Histogram;
  /** Waits for GitHub's rate limits, in place or in the queue (countGitHubWait). */
  githubWaits: Counter<'resource' | 'kind' | 'where'>;
  githubWaitSeconds: Histogram<'resource' | 'kind' | 'where'>;
}

/** Counts one wait for GitHub's rate limits. */
export function countGitHubWait(metrics: ReceiverMetrics, wait: GitHubWait): void {
  const labels = { resource: wait.resource, kind: wait.kind, where: wait.where };
  metrics.githubWaits.inc(labels);
  metrics.githubWaitSeconds.observe(labels, wait.seconds);
}

/** A gauge of one field of every GitHub budget seen, read from `budget` at each scrape. */
function budgetGauge(
  name: string,
  help: string,
  budget: GitHubBudget | undefined,
  value: (b: ResourceBudget) => number,
  registers: Registry[],
) {
  return new Gauge({
    name,
    help,
    labelNames: ['credential', 'resource'],
    registers,
    collect() {
      this.reset();
      for (const b of budget?.snapshot().budgets ?? [])
        this.set({ credential: b.credential, resource: b.resource }, value(b));
    },
  });
}

/**
 * Creates the metrics. `depth` is asked for the queue depth at each scrape, so the gauge is right
 * across processes sharing the database; `github`, the GitHub budgets this process has seen, for
 * the budget gauges (and its waits in place are counted).
 */
export function createMetrics(depth: () => Promise<number>, github?: GitHubBudget): ReceiverMetrics {
  const registry = new Registry();
  const registers = [registry];
  budgetGauge(
    'receiver_github_rate_limit_remaining',
    "Calls left in GitHub's budget, per credential and resource (x-ratelimit-remaining of the latest answer)",
    github,
    (b) => b.remaining,
    registers,
  );
  budgetGauge(
    'receiver_github_rate_limit_limit',
    "GitHub's budget per window, per credential and resource (x-ratelimit-limit)",
    github,
    (b) => b.limit,
    registers,
  );
  budgetGauge(
    'receiver_github_rate_limit_reset_seconds',
    "When GitHub's budget refills, Unix time in seconds (x-ratelimit-reset)",
    github,
    (b) => b.resetAt / 1000,
    registers,
  );
  new Gauge({
    name: 'receiver_github_rate_limit_waiting_until_seconds',
    help: "Until when calls on a credential wait for GitHub's rate limit, Unix time in seconds (absent: none wait)",
    labelNames: ['credential', 'resource', 'kind'],
    registers,
    collect() {
      this.reset();
      for (const h of github?.snapshot().holds ?? [])
        this.set({ credential: h.credential, resource: h.resource ?? 'all', kind: h.kind }, h.until / 1000);
    },
  });
  const metrics: ReceiverMetrics = {
    registry,
    received: new Counter({
      name: 'receiver_webhooks_received_total',
      help: 'Verified webhook deliveries stored in the inbox, by event type (ignored ones as well)',
      labelNames: ['type'],
      registers,
    }),
    duplicates: new Counter({
      name: 'receiver_webhooks_duplicates_total',
      help: 'Deliveries whose webhook-id was already stored (the platform retried)',
      registers,
    }),
    rejected: new Counter({
      name: 'receiver_webhooks_rejected_total',
      help: 'Deliveries refused at the front door, by reason',
      labelNames: ['reason'],
      registers,
    }),
    processed: new Counter({
      name: 'receiver_events_processed_total',
      help: 'Events handled successfully',
      registers,
    }),
    failed: new Counter({
      name: 'receiver_events_failed_total',
      help: 'Event attempts that failed and will be retried',
      registers,
    }),
    dead: new Counter({
      name: 'receiver_events_dead_total',
      help: 'Events given up on (attempts spent or a permanent error); see `receiver dead-letters`',
      registers,
    }),
    queueDepth: new Gauge({
      name: 'receiver_queue_depth',
      help: 'Events waiting or being handled',
      registers,
      async collect() {
        this.set(await depth());
      },
    }),
    handlerSeconds: new Histogram({
      name: 'receiver_handler_duration_seconds',
      help: 'Time one handle() call took (one group batch)',
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
      registers,
    }),
    ingestSeconds: new Histogram({
      name: 'receiver_ingest_duration_seconds',
      help: 'From a delivery arriving to it being durably stored (verification, parsing, group commit)',
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
      registers,
    }),
    githubWaits: new Counter({
      name: 'receiver_github_rate_limit_waits_total',
      help: "Waits for GitHub's rate limits: in place (a few seconds, inside the call) or in the queue (the events put back until the limit ends)",
      labelNames: ['resource', 'kind', 'where'],
      registers,
    }),
    githubWaitSeconds: new Histogram({
      name: 'receiver_github_rate_limit_wait_seconds',
      help: "How long each wait for GitHub's rate limits was (in place) or is planned to be (in the queue)",
      labelNames: ['resource', 'kind', 'where'],
      buckets: [1, 5, 15, 60, 300, 900, 3600],
      registers,
    }),
  };
  github?.onWait((wait) => countGitHubWait(metrics, wait));
  return metrics;
}
