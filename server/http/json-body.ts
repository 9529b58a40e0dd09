import express, { type RequestHandler } from 'express';
import type { RouteDef } from './api-router.ts';

/**
 * Parses JSON bodies, up to `limit` bytes (larger ones get 413), on every route but those that
 * take a file as the body and stream it themselves (`rawBody`). Express matches paths
 * case-insensitively and with a trailing slash: so must this test, or `POST /v2/files/` with a
 * JSON content type would have its file parsed away as JSON.
 */
export function jsonBodies(routes: readonly RouteDef[], limit: number): RequestHandler {
  const routeKey = (method: string, path: string) =>
    `${method.toUpperCase()} ${path.toLowerCase().replace(/\/+$/, '')}`;
  const rawRoutes = new Set(routes.filter((r) => r.rawBody).map((r) => routeKey(r.method, r.path)));
  const isJson = (req: { method?: string; url?: string; headers: Record<string, unknown> }) =>
    !rawRoutes.has(routeKey(req.method ?? '', (req.url ?? '').split('?')[0] ?? '')) &&
    /^application\/([\w.+-]*\+)?json\b/i.test(String(req.headers['content-type'] ?? ''));
  return express.json({ limit, strict: false, type: isJson });
}
