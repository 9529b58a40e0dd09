import type { Logger } from 'pino';
import { signatureHeaders } from '../../src/webhooks/standard-webhooks.ts';
import type { Db } from '../store/db.ts';
import type { WebhookDeliveryStatus } from '../store/schema.ts';
import { disablePendingDelivery, getDeliveryToSend, recordAttempt } from '../store/webhooks.ts';
import { PermanentError, type WorkHandler } from '../work/worker.ts';
import { DELIVERY_WORK, type DeliveryWork } from './emit.ts';
import { nextRetryAt } from './retry-schedule.ts';
import type { AttemptResult, WebhookTransport } from './transport.ts';

export interface DeliveryHandlerDeps {
  db: Db;
  now: () => number;
  log: Logger;
  transport: WebhookTransport;
  /** SVC_WEBHOOK_RETRY_SCALE: multiplies the retry offsets (tests use 0.001). */
  retryScale: number;
}

function parseWork(payload: unknown): DeliveryWork {
  const p = payload as Partial<DeliveryWork> | null;
  if (!p || !Number.isInteger(p.deliveryId) || !Number.isInteger(p.attempt)) {
    throw new PermanentError(`malformed webhook-delivery work: ${JSON.stringify(payload)}`);
  }
  return { deliveryId: p.deliveryId!, attempt: p.attempt!, manual: p.manual === true };
}

/**
 * The 'webhook-delivery' work handler: makes one signed attempt and records it. Retries are new
 * work items scheduled on the delivery's own timetable, so the handler completes normally
 * whatever the endpoint answered; only a database failure leaves the item to the worker's retry.
 * A work item whose attempt was already made (a redelivery overtook it, or the delivery ended)
 * does nothing.
 */
export function webhookDeliveryHandler(deps: DeliveryHandlerDeps): WorkHandler {
  const { db, now, log, transport, retryScale } = deps;

  return async (payload, ctx) => {
    const work = parseWork(payload);
    const row = await getDeliveryToSend(db, work.deliveryId);
    if (row?.status !== 'pending' || row.attempts !== work.attempt - 1) return;
    if (row.enabled !== 1 || row.deleted_at !== null) {
      await disablePendingDelivery(db, row.id, now());
      return;
    }

    const sentAt = now();
    const previousValid = row.previous_secret && (row.previous_secret_until ?? 0) > sentAt;
    const headers = {
      ...signatureHeaders({
        id: row.message_id,
        timestamp: sentAt,
        body: row.body,
        secrets: previousValid ? [row.secret, row.previous_secret!] : [row.secret],
      }),
      'svc-event-type': row.event_type,
      // The API request behind the event, for following it into the receiver's logs.
      ...(row.request_id ? { 'svc-request-id': row.request_id } : {}),
    };
    const result = await transport.send(row.url, headers, row.body, ctx.signal);
    const finished = now();

    const attempt = {
      delivery_id: row.id,
      attempted_at: sentAt,
      status_code: result.statusCode,
      duration_ms: result.durationMs,
      response_excerpt: result.excerpt,
      error: result.error,
    };
    const outcome = decide(result, row, work, finished, retryScale);
    const update = {
      status: outcome.status,
      attempts: work.attempt,
      first_failed_at: outcome.firstFailedAt,
      next_attempt_at: outcome.retryAt ?? null,
      last_attempt_at: sentAt,
      last_status_code: result.statusCode,
      last_error: outcome.error,
      ...(outcome.status === 'succeeded' ? { delivered_at: finished } : {}),
      updated_at: finished,
    };
    // Recorded only if no other attempt of this delivery was recorded meanwhile: that one decided
    // what comes next.
    await recordAttempt(db, {
      attempt,
      update,
      expected: { id: row.id, attempts: work.attempt - 1 },
      ...(result.statusCode === 410
        ? {
            stop: {
              configurationId: row.configuration_id,
              reason: `endpoint answered 410 Gone at ${new Date(finished).toISOString()}`,
              now: finished,
            },
          }
        : {}),
      ...(outcome.retryAt !== undefined
        ? {
            next: {
              kind: DELIVERY_WORK,
              payload: { deliveryId: row.id, attempt: work.attempt + 1 } satisfies DeliveryWork,
              organizationId: row.organization_id,
              runAt: outcome.retryAt,
              now: finished,
            },
          }
        : {}),
    });
    const level = result.error ? 'warn' : 'info';
    log[level](
      { delivery: row.id, webhookId: row.message_id, attempt: work.attempt, status: result.statusCode },
      result.error ? `webhook attempt failed: ${result.error}` : 'webhook delivered',
    );
  };
}

interface Outcome {
  status: WebhookDeliveryStatus;
  firstFailedAt: number | null;
  retryAt?: number;
  error: string | null;
}

/** 2xx delivers; 410 disables; anything else retries on the schedule until it is spent. */
function decide(
  result: AttemptResult,
  row: { first_failed_at: number | null },
  work: DeliveryWork,
  finished: number,
  retryScale: number,
): Outcome {
  if (result.error === null) return { status: 'succeeded', firstFailedAt: row.first_failed_at, error: null };
  if (result.statusCode === 410) {
    return {
      status: 'disabled',
      firstFailedAt: row.first_failed_at ?? finished,
      error: 'endpoint answered 410 Gone: configuration disabled',
    };
  }
  const firstFailedAt = row.first_failed_at ?? finished;
  // A manual redelivery of a finished delivery is one attempt; it does not restart the schedule.
  const retryAt = work.manual ? undefined : nextRetryAt(firstFailedAt, work.attempt, retryScale, finished);
  return {
    status: retryAt === undefined ? 'failed' : 'pending',
    firstFailedAt,
    ...(retryAt !== undefined ? { retryAt } : {}),
    error: result.error,
  };
}
