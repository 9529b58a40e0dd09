import { randomBytes } from 'node:crypto';
import pino, { type Logger } from 'pino';
import { apiKeyService } from './auth/api-key-service.ts';
import { createKeyCache } from './auth/key-cache.ts';
import { type MtProvider, mtProvider } from './engine/mt/index.ts';
import type { ApiRegistry } from './http/api-router.ts';
import { createPlatformMetrics } from './http/metrics.ts';
import type { LimitsConfig } from './limits/config.ts';
import { createRateLimiter } from './limits/rate-limiter.ts';
import { contentGenerator } from './services/content/from-settings.ts';
import type { ContentGenerator } from './services/content/generator.ts';
import { contentService, failInterruptedContents } from './services/content/service.ts';
import { contextService } from './services/context/service.ts';
import { documentService } from './services/documents/service.ts';
import { fileService } from './services/files/service.ts';
import { instantService } from './services/instant/service.ts';
import { jobService } from './services/jobs/service.ts';
import { memoryService } from './services/memories/service.ts';
import { projectService } from './services/projects/service.ts';
import { segmentTranslationService } from './services/segment-translation.ts';
import { termCache } from './services/term-cache.ts';
import { tmFor } from './services/tm-database.ts';
import { type PlatformSettings, readSettings } from './settings.ts';
import type { PlatformDatabase } from './store/db.ts';
import { createWebhooks, type WebhookOptions } from './webhooks/index.ts';
import { workHandlers } from './work/handler-table.ts';
import { createWorker, type Worker } from './work/worker.ts';

export interface AppDeps {
  database: PlatformDatabase;
  /** Settings from the environment (`readSettings(env)`); default: every setting at its default. */
  settings?: PlatformSettings;
  log?: Logger;
  now?: () => number;
  random?: (size: number) => Buffer;
  /** Default: the settings' limits (SVC_RATE_WINDOW_MS and friends). */
  limits?: LimitsConfig;
  /** Largest JSON body accepted, in bytes (default 1 MiB); larger ones get 413. */
  jsonLimit?: number;
  /** Behind a TLS-terminating proxy: trust X-Forwarded-* (DESIGN §5, Transport). */
  trustProxy?: boolean;
  version?: string;
  /** Largest uploaded file (memory imports, files), in bytes (default 512 MiB). */
  maxUploadBytes?: number;
  /** Machine translation (default: the provider `settings.mt` names). */
  mt?: MtProvider;
  /** Content generation (default: the generator `settings.content` names). */
  content?: ContentGenerator;
  /** Longest a content generation may run (default 10 minutes; tests shorten it). */
  contentMaxGenerationMs?: number;
  /** Background work items run at once by this process (default: the settings', else 2). */
  workConcurrency?: number;
  /**
   * Webhooks may target loopback and private addresses: set when the server itself listens on
   * loopback (DESIGN §5, Webhooks); SVC_WEBHOOK_ALLOW_PRIVATE=1 in the settings does the same.
   */
  allowPrivateWebhooks?: boolean;
  /** Webhook delivery settings: resolver, timeout, retry scale (tests). */
  webhooks?: WebhookOptions;
}

/** Every service of the platform, built once; each `routes/<x>.ts` takes what it serves from it. */
export type PlatformServices = ReturnType<typeof composePlatform>['services'];

/** How every route family registers: `(api, services) => void`. */
export type RouteFamily = (api: ApiRegistry, services: PlatformServices) => void;

/** The composition root: settings and the outside world in, services and the background worker out. */
export function composePlatform(deps: AppDeps) {
  const settings = deps.settings ?? readSettings({});
  const db = deps.database.db;
  const log = deps.log ?? pino({ level: 'silent' });
  const now = deps.now ?? Date.now;
  const random = deps.random ?? randomBytes;
  const core = {
    db,
    now,
    log,
    random,
    maxUploadBytes: deps.maxUploadBytes ?? 512 * 1024 * 1024,
    tm: tmFor(deps.database, settings.tm),
    terms: termCache(db),
    mt: deps.mt ?? mtProvider(settings.mt),
    limiter: createRateLimiter({ db, now, limits: deps.limits ?? settings.limits }),
  };
  const webhooks = createWebhooks({
    ...core,
    settings: settings.webhooks,
    allowPrivate: deps.allowPrivateWebhooks,
    version: deps.version,
    options: deps.webhooks,
  });
  const concurrency = deps.workConcurrency ?? settings.work.concurrency;
  const leaseMs = settings.work.leaseMs;
  const worker: Worker = createWorker({
    db,
    log,
    now,
    dialect: deps.database.dialect,
    ...(concurrency ? { concurrency } : {}),
    ...(leaseMs ? { leaseMs } : {}),
    maintenance: [webhooks.prune, (t) => failInterruptedContents(db, t)],
    handlers: workHandlers({
      ...core,
      autoDeliverMs: settings.autoDeliverMs,
      webhookDelivery: webhooks.deliveryHandler,
    }),
  });
  const base = { ...core, wake: () => worker.wake() };
  const keyCache = createKeyCache();
  const memories = memoryService(base);
  const services = {
    ...base,
    version: deps.version ?? '0.1.0',
    keyCache,
    metrics: createPlatformMetrics(db),
    apiKeys: apiKeyService({ ...base, onRevoke: (id) => keyCache.forgetKey(id) }),
    memories,
    translate: segmentTranslationService({ ...base, memories }),
    files: fileService(base),
    documents: documentService(base),
    context: contextService(base),
    jobs: jobService(base),
    projects: projectService(base),
    instant: instantService(base),
    webhooks: webhooks.service(base.wake),
    content: {
      service: contentService(base),
      generator: deps.content ?? contentGenerator(settings.content),
      log,
      heartbeatMs: settings.contentHeartbeatMs,
      ...(deps.contentMaxGenerationMs ? { maxGenerationMs: deps.contentMaxGenerationMs } : {}),
    },
  };
  return { services, worker };
}
