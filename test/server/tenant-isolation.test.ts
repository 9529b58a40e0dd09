/**
 * Another organization's key sees nothing. Every authenticated route of the OpenAPI document must
 * appear in the table (tenant-isolation-cases.ts): a new route without a row fails the coverage
 * test below.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emitEvent } from '../../server/webhooks/emit.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';
import { type BResources, cases, shared, WEBHOOKS } from './tenant-isolation-cases.ts';

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
    const context = await p.call(`/v2/documents/context?id=${b.documentId}`, { key: bKey });
    expect(context.status).toBe(200);
    expect(await context.text()).not.toContain('a-wrote-this');
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
