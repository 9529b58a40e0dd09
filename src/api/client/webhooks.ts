import type { z } from 'zod';
import type { Transport } from '../http.ts';
import {
  type CreateWebhookRequest,
  type UpdateWebhookRequest,
  WebhookConfiguration,
  WebhookConfigurationWithSecret,
  WebhookDelivery,
  WebhookDeliveryDetail,
} from '../schemas/webhooks.ts';
import { type CallExtras, segment } from './common.ts';

/** Webhook configurations and their delivery log (admins manage them). */
export function webhooksClient(t: Transport) {
  const base = '/v3/connectors/configuration/webhooks';
  const one = (id: number, rest = '') => `${base}/${segment(id)}${rest}`;
  return {
    /** POST: the answer carries the signing secret (whsec_…) this once. */
    create: (
      request: z.input<typeof CreateWebhookRequest>,
      o: CallExtras = {},
    ): Promise<WebhookConfigurationWithSecret> =>
      t.request({ method: 'POST', path: base, json: request, schema: WebhookConfigurationWithSecret, ...o }),
    /** GET: every configuration of the organization, without secrets. */
    list: (o: CallExtras = {}): Promise<WebhookConfiguration[]> =>
      t.request({ method: 'GET', path: base, schema: WebhookConfiguration.array(), ...o }),
    get: (id: number, o: CallExtras = {}): Promise<WebhookConfiguration> =>
      t.request({ method: 'GET', path: one(id), schema: WebhookConfiguration, ...o }),
    /** PUT: only the fields given change; `enabled: true` re-enables one a 410 disabled. */
    update: (
      id: number,
      patch: z.input<typeof UpdateWebhookRequest>,
      o: CallExtras = {},
    ): Promise<WebhookConfiguration> =>
      t.request({ method: 'PUT', path: one(id), json: patch, schema: WebhookConfiguration, ...o }),
    /** DELETE → 204: pending deliveries stop. */
    delete: async (id: number, o: CallExtras = {}): Promise<void> => {
      await t.request({ method: 'DELETE', path: one(id), responseType: 'text', ...o });
    },
    /** POST …/{id}/secret: a new secret, shown once; the old one still signs for 24 hours. */
    rotateSecret: (id: number, o: CallExtras = {}): Promise<WebhookConfigurationWithSecret> =>
      t.request({ method: 'POST', path: one(id, '/secret'), schema: WebhookConfigurationWithSecret, ...o }),
    /** GET …/{id}/deliveries: newest first. */
    deliveries: (
      id: number,
      page: { limit?: number; offset?: number } = {},
      o: CallExtras = {},
    ): Promise<WebhookDelivery[]> =>
      t.request({
        method: 'GET',
        path: one(id, '/deliveries'),
        query: { ...page },
        schema: WebhookDelivery.array(),
        ...o,
      }),
    /** GET …/{id}/deliveries/{deliveryId}: the body sent and every attempt. */
    delivery: (id: number, deliveryId: number, o: CallExtras = {}): Promise<WebhookDeliveryDetail> =>
      t.request({
        method: 'GET',
        path: one(id, `/deliveries/${segment(deliveryId)}`),
        schema: WebhookDeliveryDetail,
        ...o,
      }),
    /** POST …/deliveries/{deliveryId}/redeliver → 202: sent again now, same webhook-id. */
    redeliver: (id: number, deliveryId: number, o: CallExtras = {}): Promise<WebhookDelivery> =>
      t.request({
        method: 'POST',
        path: one(id, `/deliveries/${segment(deliveryId)}/redeliver`),
        schema: WebhookDelivery,
        ...o,
      }),
  };
}

export type WebhooksClient = ReturnType<typeof webhooksClient>;
