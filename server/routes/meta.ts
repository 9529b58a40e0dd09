import type { PlatformServices } from '../compose.ts';
import type { ApiRegistry } from '../http/api-router.ts';
import { buildOpenApi } from '../http/openapi.ts';
import { isEmpty } from '../store/accounts.ts';

/** The platform about itself: its OpenAPI document, its metrics, its liveness. Registered last. */
export function metaRoutes(api: ApiRegistry, services: PlatformServices): void {
  const { db, metrics, version } = services;
  let openapi: ReturnType<typeof buildOpenApi> | undefined;
  api.add({
    method: 'get',
    path: '/openapi.json',
    tag: 'Meta',
    summary: 'This OpenAPI 3.1 document',
    public: true,
    responses: { 200: { description: 'the document' } },
    // Built on first use, once every route (this one included) is registered.
    handler: () => (openapi ??= buildOpenApi(api.routes, { version })),
  });
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
      // Any read proves the database answers; whether organizations exist does not matter here.
      await isEmpty(db);
      return { status: 'ok' };
    },
  });
}
