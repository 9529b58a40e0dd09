/**
 * The platform's Prometheus metrics (`GET /metrics`), in a registry of their own. Labels name
 * routes as registered (`/v2/jobs/:id`), never concrete paths, organizations or keys, so the
 * page reveals nothing about any tenant and its series stay few.
 */
import type { RequestHandler } from 'express';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../store/db.ts';

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
      const rows = await db
        .selectFrom('work_items')
        .select(['status', db.fn.countAll<number>().as('n')])
        .where('status', 'in', ['queued', 'running', 'dead'])
        .groupBy('status')
        .execute();
      this.reset();
      for (const status of ['queued', 'running', 'dead']) {
        this.set({ status }, Number(rows.find((r) => r.status === status)?.n ?? 0));
      }
    },
  });
  new Gauge({
    name: 'svc_webhook_deliveries',
    help: 'Webhook deliveries not yet succeeded, by status (pending retries, failed, disabled)',
    labelNames: ['status'],
    registers,
    async collect() {
      const rows = await db
        .selectFrom('webhook_deliveries')
        .select(['status', db.fn.countAll<number>().as('n')])
        .where('status', '!=', 'succeeded')
        .groupBy('status')
        .execute();
      this.reset();
      for (const status of ['pending', 'failed', 'disabled']) {
        this.set({ status }, Number(rows.find((r) => r.status === status)?.n ?? 0));
      }
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
