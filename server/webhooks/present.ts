import type {
  EventType,
  WebhookAttempt,
  WebhookConfiguration,
  WebhookDelivery,
} from '../../src/api/schemas/webhooks.ts';
import type { AttemptRow, ConfigurationRow, DeliveryRow } from '../store/webhooks.ts';

const iso = (ms: number) => new Date(ms).toISOString();
const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));

/** The event types a configuration subscribes to (stored as a JSON array). */
export function eventTypesOf(row: Pick<ConfigurationRow, 'event_types'>): EventType[] {
  return JSON.parse(row.event_types) as EventType[];
}

export function presentConfiguration(row: ConfigurationRow): WebhookConfiguration {
  return {
    id: row.id,
    webhookName: row.name,
    webhookUrl: row.url,
    eventType: eventTypesOf(row),
    enabled: row.enabled === 1,
    disabledReason: row.disabled_reason,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

export function presentDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    webhookId: row.message_id,
    eventType: row.event_type as EventType,
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.last_status_code,
    lastError: row.last_error,
    createdAt: iso(row.created_at),
    lastAttemptAt: isoOrNull(row.last_attempt_at),
    nextAttemptAt: isoOrNull(row.next_attempt_at),
    deliveredAt: isoOrNull(row.delivered_at),
  };
}

export function presentAttempt(row: AttemptRow): WebhookAttempt {
  return {
    attemptedAt: iso(row.attempted_at),
    statusCode: row.status_code,
    durationMs: row.duration_ms,
    responseExcerpt: row.response_excerpt,
    error: row.error,
  };
}
