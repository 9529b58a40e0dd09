/**
 * Another organization's key sees nothing. Every authenticated route of the OpenAPI document must
 * appear in this table: a new route without a row fails the coverage test below.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emitEvent } from '../../server/webhooks/emit.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';

interface IsolationCase {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The OpenAPI path this row covers. */
  route: string;
  /** The concrete request made with organization A's key against B's resources. */
  path: (b: BResources) => string;
  body?: (b: BResources) => unknown;
  headers?: (b: BResources) => Record<string, string>;
  rawBody?: string;
  /** 404 for another organization's resource (401 only where the spec says so). */
  status: 404 | 401;
  /** For list routes: the response must not mention any of B's identifiers. */
  listMustNotContain?: (b: BResources) => string[];
}

interface BResources {
  keyId: string;
  keyPrefix: string;
  memoryId: number;
  memoryName: string;
  webhookId: number;
  webhookName: string;
  deliveryId: number;
}

const WEBHOOKS = '/v3/connectors/configuration/webhooks';

const cases: IsolationCase[] = [
  { method: 'GET', route: '/v2/api-keys/{id}', path: (b) => `/v2/api-keys/${b.keyId}`, status: 404 },
  { method: 'DELETE', route: '/v2/api-keys/{id}', path: (b) => `/v2/api-keys/${b.keyId}`, status: 404 },
  {
    method: 'POST',
    route: '/v2/api-keys/{id}/rotate',
    path: (b) => `/v2/api-keys/${b.keyId}/rotate`,
    status: 404,
  },
  {
    method: 'GET',
    route: '/v2/api-keys',
    path: () => '/v2/api-keys',
    status: 404,
    listMustNotContain: (b) => [b.keyId, b.keyPrefix],
  },
  {
    method: 'POST',
    route: '/v2/documents/pretranslate',
    path: () => '/v2/documents/pretranslate',
    body: () => ({ id: [1] }),
    status: 404,
  },
  { method: 'GET', route: '/v2/memories', path: (b) => `/v2/memories?id=${b.memoryId}`, status: 401 },
  {
    method: 'GET',
    route: '/v2/memories',
    path: () => '/v2/memories',
    status: 401,
    listMustNotContain: (b) => [b.memoryName],
  },
  {
    method: 'PUT',
    route: '/v2/memories',
    path: () => '/v2/memories',
    body: (b) => ({ id: b.memoryId, name: 'taken' }),
    status: 401,
  },
  { method: 'DELETE', route: '/v2/memories', path: (b) => `/v2/memories?id=${b.memoryId}`, status: 401 },
  {
    method: 'GET',
    route: '/v2/memories/query',
    path: (b) => `/v2/memories/query?id=${b.memoryId}&query=hello`,
    status: 401,
  },
  {
    method: 'GET',
    route: '/v2/memories/imports',
    path: (b) => `/v2/memories/imports?id=${b.memoryId}`,
    status: 401,
  },
  {
    method: 'POST',
    route: '/v2/memories/termbase/export',
    path: (b) => `/v2/memories/termbase/export?id=${b.memoryId}`,
    status: 401,
  },
  {
    method: 'GET',
    route: '/v2/memories/termbase/download',
    path: (b) => `/v2/memories/termbase/download?id=${b.memoryId}`,
    status: 401,
  },
  {
    method: 'DELETE',
    route: '/v2/memories/segment',
    path: (b) => `/v2/memories/segment?id=${b.memoryId}&segment_id=1`,
    status: 401,
  },
  {
    method: 'POST',
    route: '/v2/memories/import',
    path: () => '/v2/memories/import',
    headers: (b) => ({
      'SVC-API': JSON.stringify({ memory_id: b.memoryId, name: 'x.tmx' }),
      'content-type': 'application/octet-stream',
    }),
    rawBody: '<tmx version="1.4"><body/></tmx>',
    status: 401,
  },
  {
    method: 'POST',
    route: '/v2/translate',
    path: () => '/v2/translate',
    body: (b) => ({ memory_id: b.memoryId, source: 'hello' }),
    status: 401,
  },
  {
    method: 'GET',
    route: '/v2/translate',
    path: (b) => `/v2/translate?memory_id=${b.memoryId}&source=hello`,
    status: 401,
  },
  { method: 'GET', route: `${WEBHOOKS}/{id}`, path: (b) => `${WEBHOOKS}/${b.webhookId}`, status: 404 },
  {
    method: 'GET',
    route: WEBHOOKS,
    path: () => WEBHOOKS,
    status: 404,
    listMustNotContain: (b) => [b.webhookName],
  },
  {
    method: 'PUT',
    route: `${WEBHOOKS}/{id}`,
    path: (b) => `${WEBHOOKS}/${b.webhookId}`,
    body: () => ({ webhookName: 'taken' }),
    status: 404,
  },
  { method: 'DELETE', route: `${WEBHOOKS}/{id}`, path: (b) => `${WEBHOOKS}/${b.webhookId}`, status: 404 },
  {
    method: 'POST',
    route: `${WEBHOOKS}/{id}/secret`,
    path: (b) => `${WEBHOOKS}/${b.webhookId}/secret`,
    status: 404,
  },
  {
    method: 'GET',
    route: `${WEBHOOKS}/{id}/deliveries`,
    path: (b) => `${WEBHOOKS}/${b.webhookId}/deliveries`,
    status: 404,
  },
  {
    method: 'GET',
    route: `${WEBHOOKS}/{id}/deliveries/{deliveryId}`,
    path: (b) => `${WEBHOOKS}/${b.webhookId}/deliveries/${b.deliveryId}`,
    status: 404,
  },
  {
    method: 'POST',
    route: `${WEBHOOKS}/{id}/deliveries/{deliveryId}/redeliver`,
    path: (b) => `${WEBHOOKS}/${b.webhookId}/deliveries/${b.deliveryId}/redeliver`,
    status: 404,
  },
];

/** Routes that hold no organization-owned resource: the same for every organization. */
const shared = new Set(['POST /v2/api-keys', 'GET /v2/languages', 'POST /v2/memories', `POST ${WEBHOOKS}`]);

let p: TestPlatform;
let b: BResources;
let aKey: string;
let bKey: string;

beforeAll(async () => {
  p = await startPlatform();
  const orgB = await p.addOrganization('org-b');
  bKey = orgB.key;
  const created = await (
    await p.call('/v2/api-keys', { method: 'POST', json: { name: 'b key' }, key: bKey })
  ).json();
  const memory = await (
    await p.call('/v2/memories', {
      method: 'POST',
      json: { name: 'b-secret-memory', srclang: 'en', trglang: 'fr' },
      key: bKey,
    })
  ).json();
  const webhook = await (
    await p.call(WEBHOOKS, {
      method: 'POST',
      json: {
        webhookName: 'b-secret-webhook',
        webhookUrl: 'http://127.0.0.1:9/',
        eventType: ['JOB_DELIVER'],
      },
      key: bKey,
    })
  ).json();
  const { deliveryIds } = await emitEvent(p.database.db, Date.now(), {
    organizationId: orgB.organizationId,
    type: 'JOB_DELIVER',
    payload: { OrganizationId: orgB.organizationId, id: 1, name: 'b job', due: null, isDelivered: true },
  });
  b = {
    keyId: created.id,
    keyPrefix: created.prefix,
    memoryId: memory.id,
    memoryName: memory.name,
    webhookId: webhook.id,
    webhookName: webhook.webhookName,
    deliveryId: deliveryIds[0]!,
  };
  aKey = p.key;
});
afterAll(() => p.close());

describe('tenant isolation', () => {
  it('every authenticated route of the OpenAPI document has a row here', async () => {
    const doc = await (await p.call('/openapi.json', { key: null })).json();
    const missing: string[] = [];
    for (const [path, ops] of Object.entries(
      doc.paths as Record<string, Record<string, { security?: unknown[] }>>,
    )) {
      for (const [method, op] of Object.entries(ops)) {
        if (op.security?.length === 0) continue;
        const id = `${method.toUpperCase()} ${path}`;
        if (shared.has(id)) continue;
        if (!cases.some((c) => c.route === path && c.method === method.toUpperCase())) missing.push(id);
      }
    }
    expect(missing).toEqual([]);
  });

  for (const c of cases) {
    it(`${c.method} ${c.route}: organization A sees nothing of B`, async () => {
      const res = await p.call(c.path(b), {
        method: c.method,
        key: aKey,
        ...(c.body ? { json: c.body(b) } : {}),
        ...(c.headers ? { headers: c.headers(b) } : {}),
        ...(c.rawBody !== undefined ? { body: c.rawBody } : {}),
      });
      const text = await res.text();
      if (c.listMustNotContain) {
        expect(res.status).toBe(200);
        for (const id of c.listMustNotContain(b)) expect(text).not.toContain(id);
      } else {
        expect(res.status).toBe(c.status);
      }
    });
  }

  it('B’s resources are untouched by A’s attempts', async () => {
    const res = await p.call(`/v2/api-keys/${b.keyId}`, { key: bKey });
    expect(res.status).toBe(200);
    expect((await res.json()).revokedAt).toBeNull();
    const memory = await p.call(`/v2/memories?id=${b.memoryId}`, { key: bKey });
    expect(memory.status).toBe(200);
    expect((await memory.json())[0]).toMatchObject({
      name: 'b-secret-memory',
      resources: [],
      is_processing: false,
    });
    const webhook = await p.call(`${WEBHOOKS}/${b.webhookId}`, { key: bKey });
    expect(webhook.status).toBe(200);
    expect(await webhook.json()).toMatchObject({ webhookName: 'b-secret-webhook', enabled: true });
  });
});
