import type { Logger } from 'pino';

/**
 * What the workers of both durable lease queues take (server/work/worker.ts for the platform's
 * work items, receiver/worker.ts for the receiver's events); each documents its own defaults.
 */
export interface LeaseWorkerOptions {
  log: Logger;
  now?: () => number;
  random?: () => number;
  /** Work run at once by this process (default 2). */
  concurrency?: number;
  /** Idle poll interval; `wake()` cuts it short. */
  pollMs?: number;
  /** Lease on claimed work, renewed every third of it while the work runs (lease-heartbeat.ts). */
  leaseMs?: number;
  /** Delay before the next attempt after `attempts` failed ones (default: full jitter, backoff.ts). */
  backoff?: (attempts: number) => number;
}

/** How either worker is driven. */
export interface LeaseWorker {
  start(): void;
  /** Polls now: work was just stored. */
  wake(): void;
  stop(): Promise<void>;
  /** Resolves once a poll that began after the call found nothing due and nothing running (tests). */
  idle(): Promise<void>;
}
