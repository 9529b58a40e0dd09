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
  fileId: number;
  fileName: string;
  jobId: number;
  jobName: string;
  projectId: number;
  documentId: number;
  translationId: number;
  contentId: number;
  contentName: string;
  styleguide: string;
}

const WEBHOOKS = '/v3/connectors/configuration/webhooks';

const JOB = (b: BResources) => `/v2/jobs/${b.jobId}`;
const CONTENT = (b: BResources) => `/v2/create/${b.contentId}`;

const cases: IsolationCase[] = [
  {
    method: 'POST',
    route: '/v2/files',
    path: (b) => `/v2/files?name=x.json&project_id=${b.projectId}`,
    rawBody: '{"a":"b"}',
    status: 404,
  },
  {
    method: 'GET',
    route: '/v2/files',
    path: (b) => `/v2/files?id=${b.fileId}`,
    status: 404,
    listMustNotContain: (b) => [b.fileName],
  },
  {
    method: 'GET',
    route: '/v2/files',
    path: () => '/v2/files?labels=b-label',
    status: 404,
    listMustNotContain: (b) => [b.fileName],
  },
  { method: 'DELETE', route: '/v2/files', path: (b) => `/v2/files?id=${b.fileId}`, status: 404 },
  {
    method: 'GET',
    route: '/v2/files/download',
    path: (b) => `/v2/files/download?id=${b.fileId}`,
    status: 404,
  },
  {
    method: 'POST',
    route: '/v2/files/labels',
    path: (b) => `/v2/files/labels?id=${b.fileId}`,
    body: () => ({ name: 'x' }),
    status: 404,
  },
  {
    method: 'DELETE',
    route: '/v2/files/labels',
    path: (b) => `/v2/files/labels?id=${b.fileId}&name=b-label`,
    status: 404,
  },
  {
    method: 'GET',
    route: '/v2/documents/files',
    path: (b) => `/v2/documents/files?id=${b.documentId}`,
    status: 404,
  },
  {
    method: 'POST',
    route: '/v2/documents/files',
    path: () => '/v2/documents/files',
    headers: (b) => ({
      'SVC-API': JSON.stringify({ name: 'x.json', project_id: b.projectId }),
      'content-type': 'application/octet-stream',
    }),
    rawBody: '{"a":"b"}',
    status: 404,
  },
  {
    method: 'GET',
    route: '/v2/jobs',
    path: () => '/v2/jobs',
    status: 404,
    listMustNotContain: (b) => [b.jobName],
  },
  {
    method: 'POST',
    route: '/v2/jobs',
    path: () => '/v2/jobs',
    body: (b) => ({
      name: 'steal',
      srcLang: 'en',
      fileIds: [b.fileId],
      languagePairs: [{ trgLang: 'fr', memoryId: b.memoryId }],
    }),
    status: 404,
  },
  { method: 'GET', route: '/v2/jobs/{id}', path: JOB, status: 404 },
  { method: 'PUT', route: '/v2/jobs/{id}', path: JOB, body: () => ({ name: 'taken' }), status: 404 },
  { method: 'DELETE', route: '/v2/jobs/{id}', path: JOB, status: 404 },
  { method: 'GET', route: '/v2/jobs/{id}/stats', path: (b) => `${JOB(b)}/stats`, status: 404 },
  { method: 'POST', route: '/v2/jobs/{id}/deliver', path: (b) => `${JOB(b)}/deliver`, status: 404 },
  { method: 'POST', route: '/v2/jobs/{id}/archive', path: (b) => `${JOB(b)}/archive`, status: 404 },
  { method: 'POST', route: '/v2/jobs/{id}/unarchive', path: (b) => `${JOB(b)}/unarchive`, status: 404 },
  { method: 'POST', route: '/v2/jobs/{id}/reactivate', path: (b) => `${JOB(b)}/reactivate`, status: 404 },
  { method: 'GET', route: '/v2/jobs/{id}/export', path: (b) => `${JOB(b)}/export?type=files`, status: 404 },
  { method: 'GET', route: '/v2/jobs/{id}/download', path: (b) => `${JOB(b)}/download`, status: 404 },
  {
    method: 'GET',
    route: '/v2/projects',
    path: (b) => `/v2/projects?id=${b.projectId}`,
    status: 404,
    listMustNotContain: (b) => [b.jobName],
  },
  {
    method: 'GET',
    route: '/v2/projects',
    path: () => '/v2/projects',
    status: 404,
    listMustNotContain: (b) => [b.jobName],
  },
  {
    method: 'POST',
    route: '/v2/translate/file',
    path: (b) => `/v2/translate/file?fileId=${b.fileId}&memoryId=${b.memoryId}`,
    status: 401,
  },
  {
    method: 'GET',
    route: '/v2/translate/file',
    path: (b) => `/v2/translate/file?translationIds=${b.translationId}`,
    status: 404,
    listMustNotContain: (b) => [`"id":${b.translationId}`],
  },
  {
    method: 'GET',
    route: '/v2/translate/files',
    path: (b) => `/v2/translate/files?id=${b.translationId}`,
    status: 404,
  },
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
    body: (b) => ({ id: [b.documentId] }),
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
  {
    method: 'POST',
    route: '/v2/create',
    path: () => '/v2/create',
    body: () => ({
      language: 'en',
      template: 'email',
      templateParams: { summary: 'mine', contentLength: 20 },
    }),
    status: 404,
    listMustNotContain: (b) => [b.contentName, b.styleguide],
  },
  {
    method: 'GET',
    route: '/v2/create',
    path: () => '/v2/create',
    status: 404,
    listMustNotContain: (b) => [b.contentName, `"id":${b.contentId}`],
  },
  { method: 'GET', route: '/v2/create/{contentId}', path: CONTENT, status: 404 },
  {
    method: 'PUT',
    route: '/v2/create/{contentId}',
    path: CONTENT,
    body: () => ({ name: 'taken' }),
    status: 404,
  },
  { method: 'DELETE', route: '/v2/create/{contentId}', path: CONTENT, status: 404 },
  {
    method: 'GET',
    route: '/v2/create/{contentId}/create',
    path: (b) => `${CONTENT(b)}/create`,
    status: 404,
  },
  ...(['GET', 'POST'] as const).map(
    (method): IsolationCase => ({
      method,
      route: '/v2/create/preferences',
      path: () => '/v2/create/preferences',
      status: 404,
      listMustNotContain: (b) => [b.styleguide],
    }),
  ),
  {
    method: 'PUT',
    route: '/v2/create/preferences',
    path: () => '/v2/create/preferences',
    body: () => ({ tone: 'formal' }),
    status: 404,
    listMustNotContain: (b) => [b.styleguide],
  },
];

/** Routes that hold no organization-owned resource: the same for every organization. */
const shared = new Set([
  'POST /v2/api-keys',
  'GET /v2/languages',
  'POST /v2/memories',
  `POST ${WEBHOOKS}`,
  // Built-in templates: every organization has its own copies (TeamId), checked below.
  'GET /v2/workflows/templates',
  'GET /v3/domains',
  // Signs for the caller's own organization only; B's gate is checked below.
  'POST /v2/create/terms-and-conditions',
]);

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
  const call = async (path: string, init: Parameters<TestPlatform['call']>[1] = {}) => {
    const res = await p.call(path, { ...init, key: bKey });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const file = await call('/v2/files?name=b-secret-strings.json&labels=b-label', {
    method: 'POST',
    body: '{"hello": "Hello world, this is organization B"}',
    headers: { 'content-type': 'application/octet-stream' },
  });
  const job = await call('/v2/jobs', {
    method: 'POST',
    json: {
      name: 'b-secret-job',
      srcLang: 'en',
      fileIds: [file.id],
      languagePairs: [{ trgLang: 'fr', memoryId: memory.id }],
    },
  });
  await p.idle();
  const [project] = await call(`/v2/projects?id=${job.stats.projects[0].id}`);
  const [translation] = await call(`/v2/translate/file?fileId=${file.id}&memoryId=${memory.id}`, {
    method: 'POST',
  });
  await p.idle();
  await call('/v2/create/terms-and-conditions', { method: 'POST', json: { signedAgreement: true } });
  await call('/v2/create/preferences', { method: 'PUT', json: { styleguide: 'b-secret-styleguide' } });
  const generated = await p.call('/v2/create', {
    method: 'POST',
    key: bKey,
    json: {
      name: 'b-secret-content',
      language: 'fr',
      template: 'blog-post',
      templateParams: { summary: 'b' },
    },
  });
  await generated.text();
  b = {
    fileId: file.id,
    fileName: file.name,
    jobId: job.id,
    jobName: job.name,
    projectId: project.id,
    documentId: project.document[0].id,
    translationId: translation.id,
    keyId: created.id,
    keyPrefix: created.prefix,
    memoryId: memory.id,
    memoryName: memory.name,
    webhookId: webhook.id,
    webhookName: webhook.webhookName,
    deliveryId: deliveryIds[0]!,
    contentId: Number(generated.headers.get('x-content-id')),
    contentName: 'b-secret-content',
    styleguide: 'b-secret-styleguide',
  };
  aKey = p.key;
  // A signs too, so its content calls reach the lookup rather than stopping at the terms gate.
  await p.call('/v2/create/terms-and-conditions', {
    method: 'POST',
    json: { signedAgreement: true },
    key: aKey,
  });
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

  it('workflow templates belong to the caller’s organization', async () => {
    const mine = await (await p.call('/v2/workflows/templates', { key: aKey })).json();
    const theirs = await (await p.call('/v2/workflows/templates', { key: bKey })).json();
    expect(mine.length).toBe(3);
    expect(new Set(mine.map((t: { TeamId: number }) => t.TeamId))).toEqual(new Set([1]));
    expect(mine.map((t: { id: number }) => t.id)).not.toEqual(
      expect.arrayContaining(theirs.map((t: { id: number }) => t.id)),
    );
  });

  it('B’s resources are untouched by A’s attempts', async () => {
    const job = await p.call(`/v2/jobs/${b.jobId}`, { key: bKey });
    expect(await job.json()).toMatchObject({ name: 'b-secret-job', status: 'active' });
    expect((await p.call(`/v2/files?id=${b.fileId}`, { key: bKey }).then((r) => r.json()))[0].labels).toEqual(
      ['b-label'],
    );
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
    const content = await p.call(`/v2/create/${b.contentId}`, { key: bKey });
    expect(await content.json()).toMatchObject({ name: 'b-secret-content', status: 'completed' });
    const preferences = await p.call('/v2/create/preferences', { key: bKey });
    expect(await preferences.json()).toEqual({ styleguide: 'b-secret-styleguide' });
  });

  it('signing the content terms signs for the caller’s organization only', async () => {
    const { key } = await p.addOrganization('org-unsigned');
    await p.call('/v2/create/terms-and-conditions', {
      method: 'POST',
      json: { signedAgreement: true },
      key: aKey,
    });
    expect((await p.call('/v2/create', { key })).status).toBe(403);
  });
});
