import { EVENT_TYPES, EventPayloads, type EventType, WebhookEventBody } from '../src/api/schemas/webhooks.ts';

/** What the front door makes of a verified body. */
export type Recognised =
  | {
      kind: 'event';
      type: EventType /** true when named by `eventType`, false when by shape */;
      named: boolean;
    }
  | { kind: 'ignored'; type: string; reason: string };

const KNOWN = new Set<string>(EVENT_TYPES);
const INSTANT = new Set<string>(['INSTANT_TRANSLATE_COMPLETED', 'INSTANT_TRANSLATE_FAILED']);

/**
 * Names the event a verified body carries, parsing it with the platform's own event schema
 * (src/api/schemas/webhooks.ts): its `eventType` when that is a known type and the payload fits
 * it; otherwise, without `eventType`, by the payload's shape, each tried strictly so one shape is
 * never mistaken for another that merely shares fields — a job (JOB_DELIVER when `isDelivered`,
 * else JOB_UPDATE), a project (PROJECT_UPDATE with a name, PROJECT_DELIVER without), an instant
 * translation (the unsigned `svc-event-type` header may only choose between the two instant types,
 * whose payloads look alike; COMPLETED by default — the handler reads the translation's status
 * from the platform anyway). Anything else is `ignored` with the reason.
 */
export function recognise(body: unknown, eventTypeHeader?: string): Recognised {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { kind: 'ignored', type: 'unknown', reason: 'the body is not a JSON object' };
  }
  const named = 'eventType' in body ? body.eventType : undefined;
  if (named !== undefined) {
    if (typeof named !== 'string' || !KNOWN.has(named)) {
      return {
        kind: 'ignored',
        type: typeof named === 'string' ? named.slice(0, 100) : 'unknown',
        reason: `unknown eventType ${JSON.stringify(named)?.slice(0, 100)}`,
      };
    }
    const parsed = WebhookEventBody.safeParse(body);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`);
      return { kind: 'ignored', type: named, reason: `${named} payload does not fit: ${issues.join('; ')}` };
    }
    return { kind: 'event', type: parsed.data.eventType, named: true };
  }
  const job = EventPayloads.JOB_UPDATE.safeParse(body);
  if (job.success)
    return { kind: 'event', type: job.data.isDelivered ? 'JOB_DELIVER' : 'JOB_UPDATE', named: false };
  if (EventPayloads.PROJECT_UPDATE.safeParse(body).success)
    return { kind: 'event', type: 'PROJECT_UPDATE', named: false };
  if (EventPayloads.PROJECT_DELIVER.safeParse(body).success)
    return { kind: 'event', type: 'PROJECT_DELIVER', named: false };
  if (EventPayloads.INSTANT_TRANSLATE_COMPLETED.safeParse(body).success) {
    const type =
      eventTypeHeader && INSTANT.has(eventTypeHeader) ? eventTypeHeader : 'INSTANT_TRANSLATE_COMPLETED';
    return { kind: 'event', type: type as EventType, named: false };
  }
  return { kind: 'ignored', type: 'unknown', reason: 'no eventType and no known payload shape' };
}
