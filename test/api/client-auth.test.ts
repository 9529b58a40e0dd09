import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createClient } from '../../src/api/client.ts';
import { ApiError } from '../../src/api/errors.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';

let p: TestPlatform;
let stranger: Client;
const WRONG_KEY = `svc_${'0'.repeat(40)}`;

beforeAll(async () => {
  p = await startPlatform();
  stranger = createClient({ baseUrl: p.url, apiKey: WRONG_KEY });
});
afterAll(async () => {
  await stranger.close();
  await p.close();
});

type Call = (c: Client) => Promise<unknown>;

/** Every method of the client with plausible arguments; `group.method` names must cover the client. */
const CALLS: Record<string, Call> = {
  'apiKeys.create': (c) => c.apiKeys.create({ name: 'ci' }),
  'apiKeys.list': (c) => c.apiKeys.list(),
  'apiKeys.get': (c) => c.apiKeys.get('k1'),
  'apiKeys.revoke': (c) => c.apiKeys.revoke('k1'),
  'apiKeys.rotate': (c) => c.apiKeys.rotate('k1'),
  'languages.get': (c) => c.languages.get(),
  'memories.list': (c) => c.memories.list(),
  'memories.get': (c) => c.memories.get(1),
  'memories.create': (c) => c.memories.create({ name: 'm', srclang: 'en', trglang: 'de' }),
  'memories.rename': (c) => c.memories.rename(1, 'n'),
  'memories.delete': (c) => c.memories.delete(1),
  'memories.query': (c) => c.memories.query(1, 'Hello'),
  'memories.import': (c) => c.memories.import({ memoryId: 1, name: 'tm.tmx', content: '<tmx/>' }),
  'memories.imports': (c) => c.memories.imports(1),
  'memories.exportTermbase': (c) => c.memories.exportTermbase(1),
  'memories.downloadTermbase': (c) => c.memories.downloadTermbase(1),
  'memories.deleteSegment': (c) => c.memories.deleteSegment(1, 2),
  'translate.segment': (c) => c.translate.segment({ source: 'Hello', memory_id: 1 }),
  'files.upload': (c) => c.files.upload({ name: 'a.json', content: '{}' }),
  'files.list': (c) => c.files.list(),
  'files.delete': (c) => c.files.delete(1),
  'files.download': (c) => c.files.download(1),
  'files.addLabel': (c) => c.files.addLabel(1, 'x'),
  'files.removeLabel': (c) => c.files.removeLabel(1, 'x'),
  'files.setCodeLinks': (c) =>
    c.files.setCodeLinks(1, { repository: 'https://github.com/o/r', commit: 'a'.repeat(40), units: [] }),
  'files.setScreenshot': (c) => c.files.setScreenshot(1, []),
  'files.putContext': (c) => c.files.putContext([{ name: 'a.json', units: [] }]),
  'documents.upload': (c) => c.documents.upload({ projectId: 1, name: 'a.json', content: '{}' }),
  'documents.download': (c) => c.documents.download(1),
  'documents.pretranslate': (c) => c.documents.pretranslate({ id: [1] }),
  'documents.context': (c) => c.documents.context(1),
  'documents.addNote': (c) => c.documents.addNote({ document_id: 1, unit_id: 'a', note: 'n' }),
  'projects.list': (c) => c.projects.list(),
  'jobs.list': (c) => c.jobs.list(),
  'jobs.create': (c) =>
    c.jobs.create({
      name: 'j',
      srcLang: 'en',
      fileIds: [1],
      languagePairs: [{ trgLang: 'de', memoryId: 1 }],
    }),
  'jobs.get': (c) => c.jobs.get(1),
  'jobs.update': (c) => c.jobs.update(1, { name: 'n' }),
  'jobs.delete': (c) => c.jobs.delete(1),
  'jobs.stats': (c) => c.jobs.stats(1),
  'jobs.export': (c) => c.jobs.export(1),
  'jobs.download': (c) => c.jobs.download(1),
  'jobs.archive': (c) => c.jobs.archive(1),
  'jobs.unarchive': (c) => c.jobs.unarchive(1),
  'jobs.reactivate': (c) => c.jobs.reactivate(1),
  'jobs.deliver': (c) => c.jobs.deliver(1),
  'workflows.templates': (c) => c.workflows.templates(),
  'instant.translate': (c) => c.instant.translate({ fileIds: [1], memoryId: 1, characters: 10 }),
  'instant.status': (c) => c.instant.status({ translationIds: [1] }),
  'instant.download': (c) => c.instant.download(1),
  'webhooks.create': (c) =>
    c.webhooks.create({ webhookName: 'w', webhookUrl: 'http://127.0.0.1:9/h', eventType: ['JOB_UPDATE'] }),
  'webhooks.list': (c) => c.webhooks.list(),
  'webhooks.get': (c) => c.webhooks.get(1),
  'webhooks.update': (c) => c.webhooks.update(1, { webhookName: 'n' }),
  'webhooks.delete': (c) => c.webhooks.delete(1),
  'webhooks.rotateSecret': (c) => c.webhooks.rotateSecret(1),
  'webhooks.deliveries': (c) => c.webhooks.deliveries(1),
  'webhooks.delivery': (c) => c.webhooks.delivery(1, 2),
  'webhooks.redeliver': (c) => c.webhooks.redeliver(1, 2),
  'content.terms': (c) => c.content.terms(true),
  'content.create': (c) =>
    c.content.create({ language: 'de', template: 'email', templateParams: { summary: 's' } }),
  'content.list': (c) => c.content.list(),
  'content.get': (c) => c.content.get(1),
  'content.update': (c) => c.content.update(1, { name: 'n' }),
  'content.delete': (c) => c.content.delete(1),
  'content.regenerate': (c) => c.content.regenerate(1),
  'content.getPreferences': (c) => c.content.getPreferences(),
  'content.putPreferences': (c) => c.content.putPreferences({ tone: 'formal' }),
  'domains.list': (c) => c.domains.list(),
};

/**
 * Routes the client leaves out on purpose: meta routes (document, health, metrics), the GET twin of segment translation and
 * the POST twin of the content preferences read.
 */
const NOT_CLIENT_METHODS = new Set([
  'GET /openapi.json',
  'GET /healthz',
  'GET /metrics',
  'GET /v2/translate',
  'POST /v2/create/preferences',
]);

describe('every client method against the platform with a wrong key', () => {
  it('the table names every method of the client, and nothing else', () => {
    const client = createClient({ baseUrl: p.url, apiKey: 'x' });
    const methods = Object.entries(client).flatMap(([group, value]) =>
      typeof value === 'object' && value !== null && group !== 'transport'
        ? Object.keys(value).map((m) => `${group}.${m}`)
        : [],
    );
    expect(Object.keys(CALLS).sort()).toEqual(methods.sort());
  });

  it.each(Object.entries(CALLS))(
    '%s rejects with ApiError 401, the message and the request id',
    async (_, call) => {
      const error = await call(stranger).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      const api = error as ApiError;
      expect(api.status).toBe(401);
      expect(api.requestId).toMatch(/\S/);
      // API key endpoints answer {error}, every other endpoint {message} (spec, Errors).
      const said =
        (api.body as { message?: string; error?: string }).message ?? (api.body as { error: string }).error;
      expect(said).toMatch(/authentication|API key|key/i);
      expect(api.message).toContain(`${api.method} ${api.path} answered 401`);
    },
  );

  it('together the methods call every route the platform lists in /openapi.json', async () => {
    const sent: Array<{ method: string; path: string }> = [];
    const keep = (fields: object) => {
      const f = fields as { event?: string; method?: string; path?: string; attempt?: number };
      if (f.event === 'send' && f.attempt === 1) sent.push({ method: f.method!, path: f.path! });
    };
    const recorded = createClient({
      baseUrl: p.url,
      apiKey: WRONG_KEY,
      log: { debug: keep, info() {}, warn() {} },
    });
    for (const call of Object.values(CALLS)) await call(recorded).catch(() => undefined);
    await recorded.close();
    const document = (await (await fetch(`${p.url}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const routes = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((m) => ['get', 'post', 'put', 'delete', 'patch'].includes(m))
        .map((m) => ({ method: m.toUpperCase(), path })),
    );
    expect(routes.length).toBeGreaterThan(Object.keys(CALLS).length);
    const called = (route: { method: string; path: string }) => {
      const pattern = new RegExp(`^${route.path.replace(/\{[^}]+\}/g, '[^/]+')}$`);
      return sent.some((s) => s.method === route.method && pattern.test(s.path));
    };
    const uncovered = routes
      .filter((r) => !NOT_CLIENT_METHODS.has(`${r.method} ${r.path}`))
      .filter((r) => !called(r))
      .map((r) => `${r.method} ${r.path}`);
    expect(uncovered).toEqual([]);
    expect(sent).toHaveLength(Object.keys(CALLS).length);
  });
});
