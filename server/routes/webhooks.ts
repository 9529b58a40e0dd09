import {
  CreateWebhookRequest,
  UpdateWebhookRequest,
  WebhookConfiguration,
  WebhookConfigurationWithSecret,
  WebhookDeliveriesQuery,
  WebhookDelivery,
  WebhookDeliveryDetail,
  WebhookDeliveryParams,
  WebhookIdParams,
} from '../../src/api/schemas/webhooks.ts';
import type { PlatformServices } from '../compose.ts';
import { type ApiRegistry, reply } from '../http/api-router.ts';

const BASE = '/v3/connectors/configuration/webhooks';
const TAG = 'Webhooks';
const missing = { 404: { description: 'no such configuration in this organization (or deleted)' } };
const adminOnly = { 403: { description: 'only admins manage webhooks' } };
/** Which hosts are refused depends on where the server listens (DESIGN §5, Webhooks). */
const refusedHost = {
  status: 400,
  when:
    'webhookUrl names a host the SSRF guard refuses: a private, loopback, link-local or otherwise ' +
    'non-public address (allowed when the platform itself listens on loopback)',
};

/** Webhook configurations (spec, Webhook configuration; DESIGN §5) and their delivery log. */
export function webhookRoutes(api: ApiRegistry, services: PlatformServices): void {
  const { webhooks } = services;
  api.add({
    method: 'post',
    path: BASE,
    tag: TAG,
    summary:
      'Create a webhook configuration. The answer carries the signing secret (whsec_…) this once; ' +
      'deliveries are signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature)',
    body: CreateWebhookRequest,
    refusals: [refusedHost],
    responses: {
      200: { description: 'the configuration with its secret', schema: WebhookConfigurationWithSecret },
      ...adminOnly,
    },
    handler: ({ auth, body }) => webhooks.create(auth, body),
  });
  api.add({
    method: 'get',
    path: BASE,
    tag: TAG,
    summary: "The organization's webhook configurations (deleted ones are not returned; no secrets)",
    responses: { 200: { description: 'configurations', schema: WebhookConfiguration.array() } },
    handler: ({ auth }) => webhooks.list(auth),
  });
  api.add({
    method: 'get',
    path: `${BASE}/{id}`,
    tag: TAG,
    summary: 'One webhook configuration; deleted ones are not returned',
    params: WebhookIdParams,
    responses: { 200: { description: 'the configuration', schema: WebhookConfiguration }, ...missing },
    handler: ({ auth, params }) => webhooks.get(auth, params.id),
  });
  api.add({
    method: 'put',
    path: `${BASE}/{id}`,
    tag: TAG,
    summary:
      'Update a webhook configuration: only the fields given change. `enabled: true` re-enables one ' +
      'disabled by a 410 answer',
    params: WebhookIdParams,
    body: UpdateWebhookRequest,
    refusals: [refusedHost],
    responses: {
      200: { description: 'the updated configuration', schema: WebhookConfiguration },
      ...adminOnly,
      ...missing,
    },
    handler: ({ auth, params, body }) => webhooks.update(auth, params.id, body),
  });
  api.add({
    method: 'delete',
    path: `${BASE}/{id}`,
    tag: TAG,
    summary: 'Delete a webhook configuration; its pending deliveries stop',
    params: WebhookIdParams,
    responses: { 204: { description: 'deleted' }, ...adminOnly, ...missing },
    handler: async ({ auth, params }) => {
      await webhooks.remove(auth, params.id);
      return reply(204);
    },
  });
  api.add({
    method: 'post',
    path: `${BASE}/{id}/secret`,
    tag: TAG,
    summary:
      'Rotate the signing secret: the answer carries the new one (shown once); for 24 hours deliveries ' +
      'carry a signature with the old secret too',
    params: WebhookIdParams,
    responses: {
      200: { description: 'the configuration with its new secret', schema: WebhookConfigurationWithSecret },
      ...adminOnly,
      ...missing,
    },
    handler: ({ auth, params }) => webhooks.rotateSecret(auth, params.id),
  });
  api.add({
    method: 'get',
    path: `${BASE}/{id}/deliveries`,
    tag: TAG,
    summary: 'Deliveries of a configuration, newest first, with their status and latest attempt',
    params: WebhookIdParams,
    query: WebhookDeliveriesQuery,
    responses: { 200: { description: 'deliveries', schema: WebhookDelivery.array() }, ...missing },
    handler: ({ auth, params, query }) => webhooks.deliveries(auth, params.id, query),
  });
  api.add({
    method: 'get',
    path: `${BASE}/{id}/deliveries/{deliveryId}`,
    tag: TAG,
    summary: 'One delivery with the body sent and every attempt (status code, duration, answer excerpt)',
    params: WebhookDeliveryParams,
    responses: { 200: { description: 'the delivery', schema: WebhookDeliveryDetail }, ...missing },
    handler: ({ auth, params }) => webhooks.delivery(auth, params.id, params.deliveryId),
  });
  api.add({
    method: 'post',
    path: `${BASE}/{id}/deliveries/{deliveryId}/redeliver`,
    tag: TAG,
    summary: 'Send the delivery again now, with the same webhook-id',
    params: WebhookDeliveryParams,
    responses: {
      202: { description: 'the attempt is queued', schema: WebhookDelivery },
      ...adminOnly,
      ...missing,
      409: { description: 'the configuration is disabled' },
    },
    handler: ({ auth, params }) => webhooks.redeliver(auth, params.id, params.deliveryId),
  });
}
