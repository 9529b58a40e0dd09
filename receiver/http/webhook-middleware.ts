import { performance } from 'node:perf_hooks';
import express, { type RequestHandler } from 'express';
import type { Logger } from 'pino';
import { SAFE_REQUEST_ID } from '../../src/tracing/request-context.ts';
import { type HeaderBag, secretKey, verify } from '../../src/webhooks/standard-webhooks.ts';
import { recognise } from '../events.ts';
import type { ReceiverMetrics } from '../metrics.ts';
import type { GroupCommit } from '../store/group-commit.ts';

/** A delivery as any HTTP framework can hand it over. */
export interface WebhookRequest {
  headers: HeaderBag;
  /** The raw body, exactly as received (the signature covers these bytes). */
  body: Buffer;
  /** `performance.now()` when the request arrived, for the ingest-latency histogram. */
  startedAt: number;
}

export interface WebhookResponse {
  status: number;
  body: Record<string, unknown>;
}

export interface WebhookHandlerDeps {
  /** Signing secrets (`whsec_…`); several while one is being rotated out. */
  secrets: readonly string[];
  now: () => number;
  inbox: GroupCommit;
  metrics: ReceiverMetrics;
  log: Logger;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The front door's logic, free of any HTTP framework: verify → parse → recognise → store.
 * 401 `{error}` for a bad signature or a timestamp outside the window, 400 for a body that is not
 * JSON, 202 once the event is durable, 200 for a `webhook-id` already stored (the platform
 * retried). Signed JSON that is no known event is stored as `ignored` and answered 202, so the
 * platform stops retrying something no retry can fix while the body stays there to inspect.
 */
export function createWebhookHandler(deps: WebhookHandlerDeps) {
  const { secrets, now, inbox, metrics, log } = deps;
  if (secrets.length === 0) throw new TypeError('[receiver] at least one webhook secret is needed');
  for (const secret of secrets) secretKey(secret);

  return async (request: WebhookRequest): Promise<WebhookResponse> => {
    const receivedAt = now();
    const verified = verify(secrets, request.headers, request.body, receivedAt);
    if (!verified.ok) {
      metrics.rejected.inc({ reason: verified.reason });
      log.warn({ reason: verified.reason }, 'webhook refused');
      return { status: 401, body: { error: verified.message } };
    }
    let text: string;
    let parsed: unknown;
    try {
      text = utf8.decode(request.body);
      parsed = JSON.parse(text);
    } catch (err) {
      metrics.rejected.inc({ reason: 'malformed_json' });
      return { status: 400, body: { error: `malformed JSON body: ${(err as Error).message}` } };
    }
    const header = request.headers['svc-event-type'];
    const event = recognise(parsed, typeof header === 'string' ? header : undefined);
    const origin = request.headers['svc-request-id'];
    const requestId = typeof origin === 'string' && SAFE_REQUEST_ID.test(origin) ? origin : undefined;
    const result = await inbox.submit({
      webhookId: verified.id,
      requestId,
      type: event.type,
      payload: text,
      receivedAt,
      status: event.kind === 'event' ? 'pending' : 'ignored',
      ...(event.kind === 'ignored' ? { note: event.reason } : {}),
    });
    metrics.ingestSeconds.observe((performance.now() - request.startedAt) / 1000);
    if (result.duplicate) {
      metrics.duplicates.inc();
      return { status: 200, body: { status: 'duplicate', webhookId: verified.id } };
    }
    metrics.received.inc({ type: event.type });
    log.debug({ webhookId: verified.id, eventId: result.id, type: event.type, requestId }, 'webhook stored');
    if (event.kind === 'ignored') {
      log.warn({ webhookId: verified.id, eventId: result.id, reason: event.reason }, 'webhook ignored');
      return { status: 202, body: { status: 'ignored', id: result.id, reason: event.reason } };
    }
    return { status: 202, body: { status: 'accepted', id: result.id, type: event.type } };
  };
}

export type WebhookHandler = ReturnType<typeof createWebhookHandler>;

/**
 * The express adapter: the raw body (never parsed JSON: the signature covers the bytes), up to
 * `limitBytes`; larger bodies reach the error middleware as 413.
 */
export function webhookRoute(handle: WebhookHandler, limitBytes: number): RequestHandler[] {
  return [
    (_req, res, next) => {
      res.locals.startedAt = performance.now();
      next();
    },
    express.raw({ type: () => true, limit: limitBytes }),
    async (req, res) => {
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const answer = await handle({ headers: req.headers, body, startedAt: res.locals.startedAt as number });
      res.status(answer.status).json(answer.body);
    },
  ];
}
