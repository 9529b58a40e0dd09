import type {
  CreateWebhookRequest,
  UpdateWebhookRequest,
  WebhookConfiguration,
  WebhookConfigurationWithSecret,
  WebhookDelivery,
  WebhookDeliveryDetail,
} from '../../src/api/schemas/webhooks.ts';
import { newSecret } from '../../src/webhooks/standard-webhooks.ts';
import type { AuthContext } from '../auth/context.ts';
import { HttpError } from '../http/errors.ts';
import type { Db } from '../store/db.ts';
import {
  type ConfigurationRow,
  getConfiguration,
  getDelivery,
  insertConfiguration,
  listAttempts,
  listConfigurations,
  listDeliveries,
  requeueDelivery,
  stopConfiguration,
  updateConfiguration,
} from '../store/webhooks.ts';
import { DELIVERY_WORK, type DeliveryWork } from './emit.ts';
import { presentAttempt, presentConfiguration, presentDelivery } from './present.ts';
import { checkWebhookUrl } from './ssrf-guard.ts';

export interface WebhookServiceDeps {
  db: Db;
  now: () => number;
  random: (size: number) => Buffer;
  /** Loopback and private webhook addresses are accepted (DESIGN §5, Webhooks). */
  allowPrivate: boolean;
  /** Starts enqueued work without waiting for the next poll. */
  wake: () => void;
}

/** How long a rotated-out secret still signs deliveries, so receivers can switch without losing any. */
export const PREVIOUS_SECRET_GRACE_MS = 24 * 3600_000;

const notFound = (id: number) => new HttpError(404, `webhook configuration ${id} not found`);

export function webhookService(deps: WebhookServiceDeps) {
  const { db, now, random, allowPrivate } = deps;

  function checkUrl(url: string): void {
    const check = checkWebhookUrl(url, allowPrivate);
    if (!check.ok) throw new HttpError(400, `webhookUrl: ${check.problem}`);
  }

  /** Changing where an organization's events go is for its admins; members may read. */
  function mayWrite(auth: AuthContext): void {
    if (auth.role !== 'admin') throw new HttpError(403, 'managing webhooks needs the admin role');
  }

  async function owned(auth: AuthContext, id: number): Promise<ConfigurationRow> {
    const row = await getConfiguration(db, auth.organizationId, id);
    if (!row) throw notFound(id);
    return row;
  }

  async function withSecret(auth: AuthContext, id: number): Promise<WebhookConfigurationWithSecret> {
    const row = await owned(auth, id);
    return { ...presentConfiguration(row), secret: row.secret };
  }

  return {
    async create(auth: AuthContext, request: CreateWebhookRequest): Promise<WebhookConfigurationWithSecret> {
      mayWrite(auth);
      checkUrl(request.webhookUrl);
      const t = now();
      const id = await insertConfiguration(db, {
        organization_id: auth.organizationId,
        name: request.webhookName,
        url: request.webhookUrl,
        event_types: JSON.stringify(request.eventType),
        secret: newSecret(random),
        previous_secret: null,
        previous_secret_until: null,
        enabled: 1,
        disabled_reason: null,
        created_at: t,
        updated_at: t,
        deleted_at: null,
      });
      return withSecret(auth, id);
    },

    async list(auth: AuthContext): Promise<WebhookConfiguration[]> {
      return (await listConfigurations(db, auth.organizationId)).map(presentConfiguration);
    },

    async get(auth: AuthContext, id: number): Promise<WebhookConfiguration> {
      return presentConfiguration(await owned(auth, id));
    },

    async update(auth: AuthContext, id: number, change: UpdateWebhookRequest): Promise<WebhookConfiguration> {
      mayWrite(auth);
      await owned(auth, id);
      if (change.webhookUrl !== undefined) checkUrl(change.webhookUrl);
      await updateConfiguration(db, id, {
        ...(change.webhookName !== undefined ? { name: change.webhookName } : {}),
        ...(change.webhookUrl !== undefined ? { url: change.webhookUrl } : {}),
        ...(change.eventType !== undefined ? { event_types: JSON.stringify(change.eventType) } : {}),
        ...(change.enabled === true ? { enabled: 1, disabled_reason: null } : {}),
        updated_at: now(),
      });
      // Disabling also ends the pending deliveries, as a 410 does.
      if (change.enabled === false) {
        await stopConfiguration(db, id, { reason: 'disabled through the API', now: now() });
      }
      return presentConfiguration(await owned(auth, id));
    },

    async remove(auth: AuthContext, id: number): Promise<void> {
      mayWrite(auth);
      await owned(auth, id);
      await stopConfiguration(db, id, { reason: 'configuration deleted', now: now(), deleted: true });
    },

    /** A new secret; the old one keeps signing (as a second signature) for a day. */
    async rotateSecret(auth: AuthContext, id: number): Promise<WebhookConfigurationWithSecret> {
      mayWrite(auth);
      const row = await owned(auth, id);
      const t = now();
      await updateConfiguration(db, id, {
        secret: newSecret(random),
        previous_secret: row.secret,
        previous_secret_until: t + PREVIOUS_SECRET_GRACE_MS,
        updated_at: t,
      });
      return withSecret(auth, id);
    },

    async deliveries(
      auth: AuthContext,
      id: number,
      page: { limit: number; offset: number },
    ): Promise<WebhookDelivery[]> {
      await owned(auth, id);
      return (await listDeliveries(db, auth.organizationId, id, page)).map(presentDelivery);
    },

    async delivery(auth: AuthContext, id: number, deliveryId: number): Promise<WebhookDeliveryDetail> {
      await owned(auth, id);
      const row = await getDelivery(db, auth.organizationId, id, deliveryId);
      if (!row) throw new HttpError(404, `delivery ${deliveryId} of webhook configuration ${id} not found`);
      return {
        ...presentDelivery(row),
        payload: JSON.parse(row.body) as Record<string, unknown>,
        attemptLog: (await listAttempts(db, row.id)).map(presentAttempt),
      };
    },

    /**
     * Sends the delivery's message again now, with the same webhook-id. A pending delivery's next
     * attempt is brought forward (its retries continue after it); a finished one gets one attempt.
     */
    async redeliver(auth: AuthContext, id: number, deliveryId: number): Promise<WebhookDelivery> {
      mayWrite(auth);
      const configuration = await owned(auth, id);
      if (configuration.enabled !== 1) {
        throw new HttpError(
          409,
          `webhook configuration ${id} is disabled (${configuration.disabled_reason ?? 'no reason recorded'}); ` +
            'enable it with PUT {"enabled": true} first',
        );
      }
      const at = { organizationId: auth.organizationId, configurationId: id, deliveryId, now: now() };
      const found = await requeueDelivery(db, at, (row) => {
        const work: DeliveryWork = {
          deliveryId,
          attempt: row.attempts + 1,
          ...(row.status === 'pending' ? {} : { manual: true }),
        };
        return { kind: DELIVERY_WORK, payload: work };
      });
      if (!found) throw new HttpError(404, `delivery ${deliveryId} of webhook configuration ${id} not found`);
      deps.wake();
      const row = await getDelivery(db, auth.organizationId, id, deliveryId);
      return presentDelivery(row!);
    },
  };
}

export type WebhookService = ReturnType<typeof webhookService>;
