import type { Logger } from 'pino';
import type { WebhookEnvSettings } from '../settings.ts';
import type { Db } from '../store/db.ts';
import { pruneWebhookMessages } from '../store/webhooks.ts';
import type { WorkHandler } from '../work/worker.ts';
import { webhookDeliveryHandler } from './delivery.ts';
import { DELIVERY_WORK } from './emit.ts';
import { type WebhookOptions, webhookSettings } from './options.ts';
import { type WebhookService, webhookService } from './service.ts';
import { createWebhookTransport } from './transport.ts';

export { DELIVERY_WORK, type WebhookOptions };

export interface WebhooksDeps {
  db: Db;
  now: () => number;
  log: Logger;
  random: (size: number) => Buffer;
  /** The platform's webhook settings (`readSettings(env).webhooks`). */
  settings: WebhookEnvSettings;
  /** The server listens on loopback (AppDeps.allowPrivateWebhooks). */
  allowPrivate?: boolean;
  version?: string;
  options?: WebhookOptions;
}

/**
 * Webhooks as the platform composes them: the 'webhook-delivery' work handler, the retention
 * pruning and the configuration service, sharing one settings object (SSRF rules, timeout, retry
 * scale, retention).
 */
export function createWebhooks(deps: WebhooksDeps): {
  deliveryHandler: WorkHandler;
  /** Deletes finished messages older than the retention (the worker's maintenance). */
  prune(now: number): Promise<number>;
  /** The configuration service; `wake` starts enqueued redeliveries at once. */
  service(wake: () => void): WebhookService;
} {
  const settings = webhookSettings(
    { ...deps.options, allowPrivate: deps.allowPrivate, version: deps.version },
    deps.settings,
  );
  const transport = createWebhookTransport(settings);
  const { db, now, log, random } = deps;
  return {
    deliveryHandler: webhookDeliveryHandler({ db, now, log, transport, retryScale: settings.retryScale }),
    prune: (t) => pruneWebhookMessages(db, t - settings.retentionDays * 86_400_000),
    service: (wake) => webhookService({ db, now, random, allowPrivate: settings.allowPrivate, wake }),
  };
}
