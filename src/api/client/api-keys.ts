import type { z } from 'zod';
import type { Transport } from '../http.ts';
import { ApiKeyCreated, ApiKeyRecord, ApiKeyRotated, type CreateApiKeyRequest } from '../schemas/api-keys.ts';
import { type CallExtras, segment } from './common.ts';

const Records = ApiKeyRecord.array();

/** API keys (spec, API keys; DESIGN §5): errors answer `{error}` rather than `{message}`. */
export function apiKeysClient(t: Transport) {
  return {
    /** POST /v2/api-keys → 201; the key is in the answer this once only. Needs apiKey.write. */
    create: (request: z.input<typeof CreateApiKeyRequest>, o: CallExtras = {}): Promise<ApiKeyCreated> =>
      t.request({ method: 'POST', path: '/v2/api-keys', json: request, schema: ApiKeyCreated, ...o }),
    /** GET /v2/api-keys: the caller's keys, never the keys themselves. */
    list: (o: CallExtras = {}): Promise<ApiKeyRecord[]> =>
      t.request({ method: 'GET', path: '/v2/api-keys', schema: Records, ...o }),
    /** GET /v2/api-keys/{id}. */
    get: (id: string, o: CallExtras = {}): Promise<ApiKeyRecord> =>
      t.request({ method: 'GET', path: `/v2/api-keys/${segment(id)}`, schema: ApiKeyRecord, ...o }),
    /** DELETE /v2/api-keys/{id} → 204; idempotent. */
    revoke: async (id: string, o: CallExtras = {}): Promise<void> => {
      await t.request({ method: 'DELETE', path: `/v2/api-keys/${segment(id)}`, responseType: 'text', ...o });
    },
    /** POST /v2/api-keys/{id}/rotate → 201: the old key is revoked, the new one returned once. */
    rotate: (id: string, o: CallExtras = {}): Promise<ApiKeyRotated> =>
      t.request({ method: 'POST', path: `/v2/api-keys/${segment(id)}/rotate`, schema: ApiKeyRotated, ...o }),
  };
}

export type ApiKeysClient = ReturnType<typeof apiKeysClient>;
