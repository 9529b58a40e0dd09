/**
 * The platform's Prometheus metrics (`GET /metrics`), in a registry of their own. Labels name
 * routes as registered (`/v2/jobs/:id`), never concrete paths, organizations or keys, so the
 * page reveals nothing about any tenant and its series stay few.
 */
import type { RequestHandler } from 'express';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../store/db.ts';
import { countUnfinishedDeliveries } from '../store/webhooks.ts';
import { countWorkItemsByStatus } from '../store/work-items.ts';

export interface PlatformMetrics {
  registry: Registry;
  /** Counts and times every request once it is answered. */
  middleware: RequestHandler;
}

export function createPlatformMetrics(db: Db): PlatformMetrics {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry, prefix: 'svc_' });
  const requests = new Counter({
    name: 'svc_http_requests_total',
    help: 'Requests answered, by method, route and status (429s included)',
    labelNames: ['method', 'route', 'status'],
    registers,
  });
  const seconds = new Histogram({
    name: 'svc_http_request_duration_seconds',
    help: 'Time from a request arriving to its response finishing, by method and route',
    labelNames: ['method', 'route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  new Gauge({
    name: 'svc_work_items',
    help: 'Background work items (imports, exports, translations, webhook deliveries) by status',
    labelNames: ['status'],
    registers,
    async collect() {
      const statuses = ['queued', 'running', 'dead'] as const;
      setCounts(this, statuses, await countWorkItemsByStatus(db, [...statuses]));
    },
  });
  new Gauge({
    name: 'svc_webhook_deliveries',
    help: 'Webhook deliveries not yet succeeded, by status (pending retries, failed, disabled)',
    labelNames: ['status'],
    registers,
    async collect() {
      setCounts(this, ['pending', 'failed', 'disabled'], await countUnfinishedDeliveries(db));
    },
  });

  const middleware: RequestHandler = (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      // The matched route's pattern; requests that matched none share one label.
      const route = req.route?.path ? `${req.baseUrl}${req.route.path}` : 'unmatched';
      const method = req.method;
      requests.inc({ method, route, status: String(res.statusCode) });
      seconds.observe({ method, route }, Number(process.hrtime.bigint() - started) / 1e9);
    });
    next();
  };
  return { registry, middleware };
}

/** Sets the gauge of every status to its count, 0 for a status without any. */
function setCounts(gauge: Gauge, statuses: readonly string[], counts: { status: string; n: number }[]): void {
  gauge.reset();
  for (const status of statuses) gauge.set({ status }, counts.find((c) => c.status === status)?.n ?? 0);
}
