import {
  ApiKeyCreated,
  ApiKeyIdParams,
  ApiKeyRecord,
  ApiKeyRotated,
  CreateApiKeyRequest,
} from '../../src/api/schemas/api-keys.ts';
import { KeyErrorBody } from '../../src/api/schemas/errors.ts';
import type { PlatformServices } from '../compose.ts';
import { type ApiRegistry, reply } from '../http/api-router.ts';

const errors = {
  400: { description: 'invalid request', schema: KeyErrorBody },
  401: { description: 'not authenticated', schema: KeyErrorBody },
  403: { description: 'missing permission', schema: KeyErrorBody },
  404: { description: 'no such key in this organization', schema: KeyErrorBody },
};

export function apiKeyRoutes(api: ApiRegistry, services: PlatformServices): void {
  const keys = services.apiKeys;
  api.add({
    method: 'post',
    path: '/v2/api-keys',
    tag: 'API keys',
    summary: 'Create an API key (requires apiKey.write); the key is returned once only',
    body: CreateApiKeyRequest,
    responses: { 201: { description: 'created', schema: ApiKeyCreated }, ...errors },
    // Spec, Errors: each of these is a 400 on this operation.
    refusals: [
      { status: 400, when: 'expiresAt is not in the future (compared with the server clock)' },
      {
        status: 400,
        when: 'userId names a user with no grant in this organization (an unknown user included)',
      },
      { status: 400, when: 'the authenticated user has no active organization' },
      { status: 403, when: 'the caller lacks apiKey.write (creating a key for another user)' },
    ],
    handler: ({ auth, body }) => keys.create(auth, body),
  });
  api.add({
    method: 'get',
    path: '/v2/api-keys',
    tag: 'API keys',
    summary: "List the caller's keys (never the keys themselves)",
    responses: { 200: { description: 'keys', schema: ApiKeyRecord.array() }, 401: errors[401] },
    handler: ({ auth }) => keys.list(auth),
  });
  api.add({
    method: 'get',
    path: '/v2/api-keys/{id}',
    tag: 'API keys',
    summary: 'Read one key (owner or apiKey.write)',
    params: ApiKeyIdParams,
    responses: { 200: { description: 'the key', schema: ApiKeyRecord }, ...errors },
    handler: ({ auth, params }) => keys.get(auth, params.id),
  });
  api.add({
    method: 'delete',
    path: '/v2/api-keys/{id}',
    tag: 'API keys',
    summary: 'Revoke a key (owner or apiKey.write); idempotent',
    params: ApiKeyIdParams,
    responses: { 204: { description: 'revoked' }, ...errors },
    handler: async ({ auth, params }) => {
      await keys.revoke(auth, params.id);
      return reply(204);
    },
  });
  api.add({
    method: 'post',
    path: '/v2/api-keys/{id}/rotate',
    tag: 'API keys',
    summary: 'Revoke a key and return a new one with the same name, owner and expiry',
    params: ApiKeyIdParams,
    responses: {
      201: { description: 'the new key', schema: ApiKeyRotated },
      ...errors,
      409: { description: 'the key is revoked or has expired', schema: KeyErrorBody },
    },
    // The key's stored state: a conflict with the resource, not a malformed request (RFC 9110 §15.5.10).
    refusals: [{ status: 409, when: 'the key is revoked or has expired; create a new key instead' }],
    handler: ({ auth, params }) => keys.rotate(auth, params.id),
  });
}
