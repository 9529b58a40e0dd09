import express, { type Express } from 'express';
import { authenticate } from './auth/authenticate.ts';
import { type AppDeps, composePlatform, type RouteFamily } from './compose.ts';
import { ApiRegistry } from './http/api-router.ts';
import { errorHandler, notFoundHandler } from './http/error-handler.ts';
import { refuseLongUrls } from './http/head-limits.ts';
import { jsonBodies } from './http/json-body.ts';
import { parseQuery } from './http/query-parser.ts';
import { requestId } from './http/request-id.ts';
import { generalQuota } from './limits/middleware.ts';
import { apiKeyRoutes } from './routes/api-keys.ts';
import { contentRoutes } from './routes/content.ts';
import { documentRoutes } from './routes/documents.ts';
import { domainRoutes } from './routes/domains.ts';
import { fileRoutes } from './routes/files.ts';
import { instantRoutes } from './routes/instant.ts';
import { jobRoutes } from './routes/jobs.ts';
import { languageRoutes } from './routes/languages.ts';
import { memoryRoutes } from './routes/memories.ts';
import { metaRoutes } from './routes/meta.ts';
import { projectRoutes } from './routes/projects.ts';
import { translateRoutes } from './routes/translate.ts';
import { webhookRoutes } from './routes/webhooks.ts';
import type { Worker } from './work/worker.ts';
import { workbenchRouter } from './workbench/router.ts';

export type { AppDeps };

export interface Platform {
  app: Express;
  /** Runs imports, exports and deliveries; started by whoever runs the platform. */
  worker: Worker;
}

/** In the order of the OpenAPI document; meta last, as /openapi.json describes every route. */
const ROUTES: RouteFamily[] = [
  apiKeyRoutes,
  languageRoutes,
  memoryRoutes,
  translateRoutes,
  fileRoutes,
  documentRoutes,
  jobRoutes,
  projectRoutes,
  instantRoutes,
  webhookRoutes,
  contentRoutes,
  domainRoutes,
  metaRoutes,
];

/** The platform's HTTP application and its background worker; `server/main.ts` only listens. */
export function createApp(deps: AppDeps): Platform {
  const { services, worker } = composePlatform(deps);
  const api = new ApiRegistry();
  for (const register of ROUTES) register(api, services);

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('trust proxy', deps.trustProxy ?? false);
  app.set('query parser', parseQuery);
  app.use(requestId(services.log, services.now));
  app.use(refuseLongUrls);
  app.use(services.metrics.middleware);
  app.use(jsonBodies(api.routes, deps.jsonLimit ?? 1024 * 1024));
  // The workbench's pages parse their own forms and answer in HTML; mounted before the API.
  app.use('/workbench', workbenchRouter(services));
  const router = express.Router();
  api.mount(router, [
    authenticate({ ...services, cache: services.keyCache }),
    generalQuota(services.limiter),
  ]);
  app.use(router);
  app.use(notFoundHandler);
  app.use(errorHandler(services.log));
  return { app, worker };
}
