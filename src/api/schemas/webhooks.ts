import { z } from 'zod';
import { queryId, wholeNumber } from './common.ts';

const isoDateTime = z.iso.datetime({ offset: true });

/** Every event a webhook configuration may subscribe to (spec, Events). */
export const EVENT_TYPES = [
  'JOB_DELIVER',
  'JOB_UPDATE',
  'PROJECT_DELIVER',
  'PROJECT_UPDATE',
  'INSTANT_TRANSLATE_COMPLETED',
  'INSTANT_TRANSLATE_FAILED',
] as const;

export const EventType = z.enum(EVENT_TYPES, {
  // Names the offending value, so a 400 says which of several event types is unknown.
  error: (issue) => `unknown event type ${JSON.stringify(issue.input)}; known: ${EVENT_TYPES.join(', ')}`,
});
export type EventType = z.infer<typeof EventType>;

const eventTypes = z
  .array(EventType)
  .min(1, 'must name at least one event type')
  .transform((types) => [...new Set(types)]);

const webhookName = z.string().min(1, 'must not be empty').max(255, 'must be at most 255 characters');
const OCTET = '(25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])';
const PORT = '(6553[0-5]|655[0-2][0-9]|65[0-4][0-9]{2}|6[0-4][0-9]{3}|[1-5][0-9]{4}|[0-9]{1,4})';
/**
 * http(s), then a host name whose last label starts with a letter (a numeric one is parsed as an
 * IPv4 address, and refused when it is not one) or a dotted IPv4 address, an optional port, and
 * no user name or password (refused: the signature authenticates).
 */
const WEBHOOK_URL_PATTERN =
  `^[hH][tT][tT][pP][sS]?://(([A-Za-z0-9-]+\\.)*[A-Za-z][A-Za-z0-9-]*\\.?|${OCTET}(\\.${OCTET}){3})` +
  `(:${PORT})?([/?#]\\S*)?$`;

/**
 * The server parses the address itself (server/webhooks/ssrf-guard.ts, with its own messages); the
 * document states the same rules: an absolute http(s) URI without credentials. Which hosts are
 * refused depends on where the server listens (DESIGN §5, Webhooks), so that stays in the text.
 */
const webhookUrl = z
  .string()
  .min(1, 'must not be empty')
  .max(2048, 'must be at most 2048 characters')
  .meta({
    format: 'uri',
    pattern: WEBHOOK_URL_PATTERN,
    description:
      'absolute http(s) address without user name or password; link-local and cloud-metadata ' +
      'addresses are refused, loopback and private ones unless the server listens on loopback',
  });

/** POST /v3/connectors/configuration/webhooks. */
export const CreateWebhookRequest = z
  .object({ webhookName, webhookUrl, eventType: eventTypes })
  .meta({ id: 'CreateWebhookRequest' });

/** PUT /v3/connectors/configuration/webhooks/{id}: only the fields given change. */
export const UpdateWebhookRequest = z
  .object({
    webhookName: webhookName.optional(),
    webhookUrl: webhookUrl.optional(),
    eventType: eventTypes.optional(),
    enabled: z
      .boolean()
      .optional()
      .describe('true re-enables a configuration disabled by a 410 answer and clears the reason'),
  })
  .meta({ id: 'UpdateWebhookRequest' });

/** A webhook configuration as listed and read — never its secret (spec, Webhook configuration). */
export const WebhookConfiguration = z
  .object({
    id: z.int(),
    webhookName: z.string(),
    webhookUrl: z.string(),
    eventType: z.array(EventType),
    enabled: z.boolean(),
    disabledReason: z.string().nullable().describe('why deliveries stopped (e.g. the endpoint answered 410)'),
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
  })
  .meta({ id: 'WebhookConfiguration' });

/** The create and rotate result: the configuration with its signing secret, shown this once. */
export const WebhookConfigurationWithSecret = WebhookConfiguration.extend({
  secret: z
    .string()
    .regex(/^whsec_[A-Za-z0-9+/]+=*$/)
    .describe('Standard Webhooks signing secret: whsec_ + base64 of 32 random bytes'),
}).meta({ id: 'WebhookConfigurationWithSecret' });

export const WebhookIdParams = z.object({ id: queryId });
export const WebhookDeliveryParams = z.object({ id: queryId, deliveryId: queryId });
export const WebhookDeliveriesQuery = z.object({
  limit: wholeNumber(z.int().min(1).max(200)).default(50),
  offset: wholeNumber(z.int().min(0)).default(0),
});

export const DeliveryStatus = z.enum(['pending', 'succeeded', 'failed', 'disabled']);
export type DeliveryStatus = z.infer<typeof DeliveryStatus>;

/** One message sent to one configuration, with the outcome of its latest attempt. */
export const WebhookDelivery = z
  .object({
    id: z.int(),
    webhookId: z.string().describe('the message id sent as the webhook-id header; same on every attempt'),
    eventType: EventType,
    status: DeliveryStatus,
    attempts: z.int(),
    lastStatusCode: z.int().nullable(),
    lastError: z.string().nullable(),
    createdAt: isoDateTime,
    lastAttemptAt: isoDateTime.nullable(),
    nextAttemptAt: isoDateTime.nullable(),
    deliveredAt: isoDateTime.nullable(),
  })
  .meta({ id: 'WebhookDelivery' });

export const WebhookAttempt = z
  .object({
    attemptedAt: isoDateTime,
    statusCode: z.int().nullable(),
    durationMs: z.int(),
    responseExcerpt: z.string().nullable().describe('the first characters of the response body'),
    error: z.string().nullable(),
  })
  .meta({ id: 'WebhookAttempt' });

export const WebhookDeliveryDetail = WebhookDelivery.extend({
  payload: z.record(z.string(), z.unknown()).describe('the body sent'),
  attemptLog: z.array(WebhookAttempt).describe('every attempt, oldest first'),
}).meta({ id: 'WebhookDeliveryDetail' });

export type CreateWebhookRequest = z.infer<typeof CreateWebhookRequest>;
export type UpdateWebhookRequest = z.infer<typeof UpdateWebhookRequest>;
export type WebhookConfiguration = z.infer<typeof WebhookConfiguration>;
export type WebhookConfigurationWithSecret = z.infer<typeof WebhookConfigurationWithSecret>;
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;
export type WebhookAttempt = z.infer<typeof WebhookAttempt>;
export type WebhookDeliveryDetail = z.infer<typeof WebhookDeliveryDetail>;

// Event payloads (DESIGN §5, Webhooks): the one declaration of every event's shape. The platform
// emits them through emitEvent; the receiver (receiver/events.ts) parses delivered bodies with
// WebhookEventBody, and bodies without `eventType` with the strict EventPayloads.

const dueDate = isoDateTime.nullable().describe('ISO 8601 date-time, null when none');

const jobShape = {
  OrganizationId: z.int(),
  id: z.int(),
  name: z.string(),
  due: dueDate,
  isDelivered: z.boolean(),
  deliveredAt: isoDateTime.nullable().optional(),
};
const projectUpdateShape = { OrganizationId: z.int(), id: z.int(), name: z.string(), due: dueDate };
const projectDeliverShape = { OrganizationId: z.int(), id: z.int() };
const instantShape = {
  translationId: z.int(),
  fileId: z.string().describe('a string, as in file translation status objects'),
};

// Strict on the way out, so a caller that misspells a field learns at once.
export const JobEventPayload = z.strictObject(jobShape);
export const ProjectUpdatePayload = z.strictObject(projectUpdateShape);
export const ProjectDeliverPayload = z.strictObject(projectDeliverShape);
export const InstantTranslatePayload = z.strictObject(instantShape);

/** The payload schema of each event type. */
export const EventPayloads = {
  JOB_UPDATE: JobEventPayload,
  JOB_DELIVER: JobEventPayload,
  PROJECT_UPDATE: ProjectUpdatePayload,
  PROJECT_DELIVER: ProjectDeliverPayload,
  INSTANT_TRANSLATE_COMPLETED: InstantTranslatePayload,
  INSTANT_TRANSLATE_FAILED: InstantTranslatePayload,
} as const satisfies Record<EventType, z.ZodType>;

export type EventPayload<T extends EventType> = z.infer<(typeof EventPayloads)[T]>;

/**
 * A delivered body: the event's payload plus `eventType`. Tolerant on the way in: fields a newer
 * platform adds are dropped rather than refused.
 */
export const WebhookEventBody = z.discriminatedUnion('eventType', [
  z.object({ ...jobShape, eventType: z.literal('JOB_UPDATE') }),
  z.object({ ...jobShape, eventType: z.literal('JOB_DELIVER') }),
  z.object({ ...projectUpdateShape, eventType: z.literal('PROJECT_UPDATE') }),
  z.object({ ...projectDeliverShape, eventType: z.literal('PROJECT_DELIVER') }),
  z.object({ ...instantShape, eventType: z.literal('INSTANT_TRANSLATE_COMPLETED') }),
  z.object({ ...instantShape, eventType: z.literal('INSTANT_TRANSLATE_FAILED') }),
]);
export type WebhookEventBody = z.infer<typeof WebhookEventBody>;
