import type { WebhookEnvSettings } from '../settings.ts';
import { type Resolver, systemResolver } from './guarded-lookup.ts';

/** Delivery settings a caller may override (tests: a stub resolver, short timeouts, scaled retries). */
export interface WebhookOptions {
  /** Resolves webhook hostnames (default: the system resolver through node:dns). */
  resolver?: Resolver;
  /** Per-attempt timeout (default 15 s, DESIGN §5). */
  timeoutMs?: number;
  /** Multiplies the retry offsets (default SVC_WEBHOOK_RETRY_SCALE, else 1). */
  retryScale?: number;
  /** Days finished messages and their delivery log are kept (default SVC_WEBHOOK_RETENTION_DAYS, else 30). */
  retentionDays?: number;
}

export interface WebhookSettings {
  resolver: Resolver;
  timeoutMs: number;
  retryScale: number;
  retentionDays: number;
  allowPrivate: boolean;
  userAgent: string;
}

/**
 * The settings in force: explicit options first, then the platform's settings (`readSettings`).
 * Private and loopback addresses are allowed when the server listens on loopback
 * (`allowPrivate`) or with SVC_WEBHOOK_ALLOW_PRIVATE=1.
 */
export function webhookSettings(
  options: WebhookOptions & { allowPrivate?: boolean; version?: string },
  configured: WebhookEnvSettings,
): WebhookSettings {
  const timeoutMs = options.timeoutMs ?? 15_000;
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) {
    throw new TypeError(`[webhooks] timeoutMs must be a positive number, got ${timeoutMs}`);
  }
  return {
    resolver: options.resolver ?? systemResolver,
    timeoutMs,
    retryScale: options.retryScale ?? configured.retryScale,
    retentionDays: options.retentionDays ?? configured.retentionDays,
    allowPrivate: options.allowPrivate === true || configured.allowPrivate,
    userAgent: `svc-connector-webhooks/${options.version ?? '0.1.0'}`,
  };
}
