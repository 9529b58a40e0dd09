import { randomBytes } from 'node:crypto';
import express, { type Express } from 'express';
import pino, { type Logger } from 'pino';
import { apiKeyService } from './auth/api-key-service.ts';
import { authenticate } from './auth/authenticate.ts';
import { ApiRegistry } from './http/api-router.ts';
import { errorHandler, notFoundHandler } from './http/error-handler.ts';
import { buildOpenApi } from './http/openapi.ts';
import { requestId } from './http/request-id.ts';
import { DEFAULT_LIMITS, type LimitsConfig } from './limits/config.ts';
import { generalQuota } from './limits/middleware.ts';
import { createRateLimiter } from './limits/rate-limiter.ts';
import { apiKeyRoutes } from './routes/api-keys.ts';
import { documentRoutes } from './routes/documents.ts';
import { languageRoutes } from './routes/languages.ts';
import type { PlatformDatabase } from './store/db.ts';

export interface AppDeps {
  database: PlatformDatabase;
  log?: Logger;
  now?: () => number;
  random?: (size: number) => Buffer;
  limits?: LimitsConfig;
  /** Largest JSON body accepted, in bytes (default 1 MiB); larger ones get 413. */
  jsonLimit?: number;
  /** Behind a TLS-terminating proxy: trust X-Forwarded-* (DESIGN §5, Transport). */
  trustProxy?: boolean;
  version?: string;
}

/** The platform's HTTP application; `server/main.ts` only listens. */
export function createApp(deps: AppDeps): Express {
  const db = deps.database.db;
  const log = deps.log ?? pino({ level: 'silent' });
  const now = deps.now ?? Date.now;
  const random = deps.random ?? randomBytes;
  const limiter = createRateLimiter({ db, now, limits: deps.limits ?? DEFAULT_LIMITS });

  const api = new ApiRegistry();
  apiKeyRoutes(api, apiKeyService({ db, now, random }));
  languageRoutes(api);
  documentRoutes(api, limiter);
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
  app.use(express.json({ limit: deps.jsonLimit ?? 1024 * 1024, strict: false }));
  const router = express.Router();
  api.mount(router, [authenticate({ db, now, log }), generalQuota(limiter)]);
  app.use(router);
  app.use(notFoundHandler);
  app.use(errorHandler(log));
  return app;
}
