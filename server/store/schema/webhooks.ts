/** Webhook configurations and the outbox: messages, deliveries, attempts. Times are epoch milliseconds. */
import type { Generated } from 'kysely';

export interface WebhookConfigurationsTable {
  id: Generated<number>;
  organization_id: number;
  name: string;
  url: string;
  /** JSON array of event type names. */
  event_types: string;
  /** `whsec_…`; kept in plaintext because every delivery is signed with it. */
  secret: string;
  /** The secret before the last rotation, still signed with until `previous_secret_until`. */
  previous_secret: string | null;
  previous_secret_until: number | null;
  enabled: number;
  disabled_reason: string | null;
  created_at: number;
  updated_at: number;
  /** Soft delete: deleted configurations are never returned, their deliveries stay readable in the log. */
  deleted_at: number | null;
}

/** The outbox: one row per emitted event that had at least one subscribed configuration. */
export interface WebhookMessagesTable {
  /** `msg_…`, sent as the webhook-id header on every attempt. */
  id: string;
  organization_id: number;
  event_type: string;
  /** The JSON body sent, byte for byte the same on every attempt. */
  body: string;
  created_at: number;
  /** The request that caused the event, sent as `svc-request-id`. */
  request_id: string | null;
}

export type WebhookDeliveryStatus = 'pending' | 'succeeded' | 'failed' | 'disabled';

export interface WebhookDeliveriesTable {
  id: Generated<number>;
  message_id: string;
  configuration_id: number;
  organization_id: number;
  status: WebhookDeliveryStatus;
  attempts: number;
  /** When the first attempt failed; retries are scheduled at fixed offsets from it. */
  first_failed_at: number | null;
  next_attempt_at: number | null;
  last_attempt_at: number | null;
  last_status_code: number | null;
  last_error: string | null;
  delivered_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface WebhookAttemptsTable {
  id: Generated<number>;
  delivery_id: number;
  attempted_at: number;
  status_code: number | null;
  duration_ms: number;
  response_excerpt: string | null;
  error: string | null;
}
