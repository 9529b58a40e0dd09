import { randomBytes } from 'node:crypto';
import express, { type Express } from 'express';
import pino, { type Logger } from 'pino';
import { apiKeyService } from './auth/api-key-service.ts';
import { authenticate } from './auth/authenticate.ts';
import { createKeyCache } from './auth/key-cache.ts';
import type { MtProvider } from './engine/mt/index.ts';
import { mtProvider } from './engine/mt/index.ts';
import { ApiRegistry } from './http/api-router.ts';
import { errorHandler, notFoundHandler } from './http/error-handler.ts';
import { createPlatformMetrics } from './http/metrics.ts';
import { buildOpenApi } from './http/openapi.ts';
import { requestId } from './http/request-id.ts';
import type { LimitsConfig } from './limits/config.ts';
import { generalQuota } from './limits/middleware.ts';
import { createRateLimiter } from './limits/rate-limiter.ts';
import { apiKeyRoutes } from './routes/api-keys.ts';
import { contentRoutes } from './routes/content.ts';
import { documentRoutes } from './routes/documents.ts';
import { domainRoutes } from './routes/domains.ts';
import { fileRoutes } from './routes/files.ts';
import { instantRoutes } from './routes/instant.ts';
import { jobRoutes } from './routes/jobs.ts';
import { languageRoutes } from './routes/languages.ts';
import { memoryRoutes } from './routes/memories.ts';
import { projectRoutes } from './routes/projects.ts';
import { translateRoutes } from './routes/translate.ts';
import { contentGenerator } from './services/content/from-settings.ts';
import type { ContentGenerator } from './services/content/generator.ts';
import { contentService, failInterruptedContents } from './services/content/service.ts';
import { documentService } from './services/documents/service.ts';
import { fileService } from './services/files.ts';
import { instantService } from './services/instant.ts';
import { jobService } from './services/jobs/service.ts';
import { memoryService } from './services/memories.ts';
import { segmentTranslationService } from './services/segment-translation.ts';
import { termCache } from './services/term-cache.ts';
import { createTmCache } from './services/tm-cache.ts';
import { type PlatformSettings, readSettings } from './settings.ts';
import type { PlatformDatabase } from './store/db.ts';
import { createWebhooks, DELIVERY_WORK, type WebhookOptions } from './webhooks/index.ts';
import { autoDeliverHandler } from './work/handlers/auto-deliver.ts';
import { documentImportHandler } from './work/handlers/document-import.ts';
import { fileDetectLanguageHandler } from './work/handlers/file-detect-language.ts';
import { instantTranslateHandler } from './work/handlers/instant-translate.ts';
import { jobExportHandler } from './work/handlers/job-export.ts';
import { memoryImportHandler } from './work/handlers/memory-import.ts';
import { pretranslateHandler } from './work/handlers/pretranslate.ts';
import { termbaseExportHandler } from './work/handlers/termbase-export.ts';
import { createWorker, type Worker } from './work/worker.ts';
import { workbenchRouter } from './workbench/router.ts';

export interface AppDeps {
  database: PlatformDatabase;
  /** Settings from the environment (`readSettings(env)`); default: every setting at its default. */
  settings?: PlatformSettings;
  log?: Logger;
  now?: () => number;
  random?: (size: number) => Buffer;
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
  /** Background work items run at once by this process (default 2). */
  workConcurrency?: number;
  /**
   * Webhooks may target loopback and private addresses: set when the server itself listens on
   * loopback (DESIGN §5, Webhooks); SVC_WEBHOOK_ALLOW_PRIVATE=1 in the settings does the same.
   */
  allowPrivateWebhooks?: boolean;
  /** Webhook delivery settings: resolver, timeout, retry scale (tests). */
  webhooks?: WebhookOptions;
}

export interface Platform {
  app: Express;
  /** Runs imports, exports and deliveries; started by whoever runs the platform. */
  worker: Worker;
}

/** The platform's HTTP application and its background worker; `server/main.ts` only listens. */
export function createApp(deps: AppDeps): Platform {
  const db = deps.database.db;
  const log = deps.log ?? pino({ level: 'silent' });
  const now = deps.now ?? Date.now;
  const random = deps.random ?? randomBytes;
  const settings = deps.settings ?? readSettings({});
  const limiter = createRateLimiter({ db, now, limits: deps.limits ?? settings.limits });

  const maxUploadBytes = deps.maxUploadBytes ?? 512 * 1024 * 1024;
  const tm = createTmCache(db);
  const terms = termCache(db);
  const mt = deps.mt ?? mtProvider(settings.mt);
  const autoDeliverMs = settings.autoDeliverMs;
  const webhooks = createWebhooks({
    db,
    now,
    log,
    random,
    settings: settings.webhooks,
    allowPrivate: deps.allowPrivateWebhooks,
    version: deps.version,
    options: deps.webhooks,
  });
  const concurrency = deps.workConcurrency ?? settings.work.concurrency;
  const leaseMs = settings.work.leaseMs;
  const worker = createWorker({
    db,
    dialect: deps.database.dialect,
    log,
    now,
    ...(concurrency ? { concurrency } : {}),
    ...(leaseMs ? { leaseMs } : {}),
    maintenance: [webhooks.prune, (t) => failInterruptedContents(db, t)],
    handlers: {
      'memory-import': memoryImportHandler({ db, now, log, tm, maxBytes: maxUploadBytes }),
      'termbase-export': termbaseExportHandler({ db, now }),
      [DELIVERY_WORK]: webhooks.deliveryHandler,
      'file-detect-language': fileDetectLanguageHandler({ db, now }),
      'document-import': documentImportHandler({ db, now, tm, log, autoDeliverMs }),
      'job-export': jobExportHandler({ db, now, log }),
      pretranslate: pretranslateHandler({ db, now, tm, mt, log }),
      'auto-deliver': autoDeliverHandler({ db, now, tm, mt }),
      'instant-translate': instantTranslateHandler({ db, now, tm, terms, mt, log }),
    },
  });
  const wake = () => worker.wake();

  const api = new ApiRegistry();
  const keyCache = createKeyCache();
  apiKeyRoutes(api, apiKeyService({ db, now, random, onRevoke: (id) => keyCache.forgetKey(id) }));
  languageRoutes(api);
  const memories = memoryService({ db, now, tm, log, wake });
  memoryRoutes(api, memories, { db, now, maxUploadBytes });
  translateRoutes(api, segmentTranslationService({ db, now, tm, terms, memories, mt }));
  const fileDeps = { db, now, maxUploadBytes, wake };
  fileRoutes(api, fileService(fileDeps));
  documentRoutes(api, limiter, documentService({ ...fileDeps, limiter }), { db, now, maxUploadBytes });
  jobRoutes(api, jobService({ db, now, wake }), { db, now });
  projectRoutes(api, db);
  instantRoutes(api, limiter, instantService({ db, now, limiter, wake }));
  webhooks.addRoutes(api, wake);
  contentRoutes(api, {
    service: contentService({ db, now }),
    generator: deps.content ?? contentGenerator(settings.content),
    log,
    heartbeatMs: settings.contentHeartbeatMs,
    ...(deps.contentMaxGenerationMs ? { maxGenerationMs: deps.contentMaxGenerationMs } : {}),
  });
  domainRoutes(api);
  let openapi: ReturnType<typeof buildOpenApi> | undefined;
  api.add({
    method: 'get',
    path: '/openapi.json',
    tag: 'Meta',
    summary: 'This OpenAPI 3.1 document',
    public: true,
    responses: { 200: { description: 'the document' } },
    // Built on first use, once every route (this one included) is registered.
    handler: () => (openapi ??= buildOpenApi(api.routes, { version: deps.version ?? '0.1.0' })),
  });
  const metrics = createPlatformMetrics(db);
  api.add({
    method: 'get',
    path: '/metrics',
    tag: 'Meta',
    summary: 'Prometheus metrics: requests by route and status, background work, webhook deliveries, process',
    public: true,
    responses: { 200: { description: 'the Prometheus text exposition format' } },
    handler: async ({ res }) => {
      res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
    },
  });
  api.add({
    method: 'get',
    path: '/healthz',
    tag: 'Meta',
    summary: 'Liveness: the process answers and its database responds',
    public: true,
    responses: { 200: { description: 'healthy' } },
    handler: async () => {
      await db.selectFrom('organizations').select('id').limit(1).execute();
      return { status: 'ok' };
    },
  });

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('trust proxy', deps.trustProxy ?? false);
  app.use(requestId(log, now));
  app.use(metrics.middleware);
  // Routes that take a file as the body stream it themselves; JSON is parsed everywhere else.
  // Express matches paths case-insensitively and with a trailing slash: so must this test, or
  // `POST /v2/files/` with a JSON content type would have its file parsed away as JSON.
  const routeKey = (method: string, path: string) =>
    `${method.toUpperCase()} ${path.toLowerCase().replace(/\/+$/, '')}`;
  const rawRoutes = new Set(api.routes.filter((r) => r.rawBody).map((r) => routeKey(r.method, r.path)));
  const isJson = (req: { method?: string; url?: string; headers: Record<string, unknown> }) =>
    !rawRoutes.has(routeKey(req.method ?? '', (req.url ?? '').split('?')[0] ?? '')) &&
    /^application\/([\w.+-]*\+)?json\b/i.test(String(req.headers['content-type'] ?? ''));
  app.use(express.json({ limit: deps.jsonLimit ?? 1024 * 1024, strict: false, type: isJson }));
  // The workbench's pages parse their own forms and answer in HTML; mounted before the API.
  app.use('/workbench', workbenchRouter({ db, now, random, tm, mt, log, wake }));
  const router = express.Router();
  api.mount(router, [authenticate({ db, now, log, cache: keyCache }), generalQuota(limiter)]);
  app.use(router);
  app.use(notFoundHandler);
  app.use(errorHandler(log));
  return { app, worker };
}
