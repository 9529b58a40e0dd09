import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PluralForms } from '../../src/formats/model.ts';
import { detectFormat } from '../../src/formats/registry.ts';
import { newTarget } from '../../src/formats/target.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

const fixtures = join(import.meta.dirname, '..', 'fixtures');
const FILES = [
  { name: 'locales/en/app.json', path: join(fixtures, 'json/i18next-nested.json') },
  { name: 'po/messages.pot', path: join(fixtures, 'po/messages.pot') },
  { name: 'app/src/main/res/values/strings.xml', path: join(fixtures, 'android/strings.xml') },
];

let p: TestPlatform;
let hooks: WebhookReceiver;
let secret: string;

async function json(res: Response) {
  const body = await res.json();
  if (!res.ok) throw new Error(`${res.status}: ${JSON.stringify(body)}`);
  return body;
}

beforeAll(async () => {
  p = await startPlatform({ webhooks: { retryScale: 0.001 } });
  hooks = await startWebhookReceiver();
  const config = await json(
    await p.call('/v3/connectors/configuration/webhooks', {
      method: 'POST',
      json: {
        webhookName: 'ci',
        webhookUrl: `${hooks.url}/hook`,
        eventType: ['JOB_UPDATE', 'JOB_DELIVER', 'PROJECT_DELIVER', 'PROJECT_UPDATE'],
      },
    }),
  );
  secret = config.secret;
});
afterAll(async () => {
  await p.close();
  await hooks.close();
});

describe('verified translation flow, through HTTP only', () => {
  const state: { fileIds: number[]; memories: Record<string, number>; jobId: number } = {
    fileIds: [],
    memories: {},
    jobId: 0,
  };

  it('uploads three files of different formats with MD5 hashes and labels', async () => {
    for (const file of FILES) {
      const bytes = readFileSync(file.path);
      const res = await p.call(
        `/v2/files?name=${encodeURIComponent(file.name)}&labels=repo:acme/app,ref:main`,
        {
          method: 'POST',
          body: bytes,
          headers: { 'content-type': 'application/octet-stream' },
        },
      );
      expect(res.status).toBe(201);
      const record = await res.json();
      expect(record).toMatchObject({
        name: file.name,
        category: 'API',
        labels: ['ref:main', 'repo:acme/app'],
      });
      expect(record.file_hash).toMatch(/^[0-9a-f]{32}$/);
      state.fileIds.push(record.id);
    }
    const listed = await json(await p.call('/v2/files?labels=repo:acme/app,ref:main'));
    expect(listed.map((f: { id: number }) => f.id)).toEqual(state.fileIds);
    for (const trg of ['de', 'fr']) {
      const memory = await json(
        await p.call('/v2/memories', {
          method: 'POST',
          json: { name: `app en-${trg}`, srclang: 'en', trglang: trg },
        }),
      );
      state.memories[trg] = memory.id;
    }
  });

  it('creates a job with two language pairs that becomes COMPLETE', async () => {
    const job = await json(
      await p.call('/v2/jobs', {
        method: 'POST',
        json: {
          name: 'Release 1.2',
          srcLang: 'en',
          fileIds: state.fileIds,
          languagePairs: [
            { trgLang: 'de', memoryId: state.memories.de },
            { trgLang: 'fr', memoryId: state.memories.fr },
          ],
          due: '2030-01-01T00:00:00.000Z',
        },
      }),
    );
    expect(job).toMatchObject({
      name: 'Release 1.2',
      status: 'active',
      creationStatus: 'PENDING',
      isProcessing: 0,
    });
    expect(job.stats.projects).toHaveLength(2);
    state.jobId = job.id;
    await p.idle();
    const done = await json(await p.call(`/v2/jobs/${job.id}`));
    expect(done.creationStatus).toBe('COMPLETE');
    expect(done.stats).toMatchObject({
      numProjects: 2,
      numLanguagePairs: 2,
      uniqueLanguagePairs: 2,
      workflowStatus: 'READY_TO_START',
    });
    expect(done.stats.sourceWords).toBeGreaterThan(20);
    expect(done.stats.newWords).toBe(done.stats.sourceWords);
    expect(done.stats.projects[0]).toMatchObject({
      srcLang: 'en',
      trgLang: 'de',
      state: 'backlog',
      memoryId: state.memories.de,
      isComplete: false,
    });
    const projects = await json(
      await p.call(`/v2/projects?id=${done.stats.projects.map((x: { id: number }) => x.id).join(',')}`),
    );
    expect(projects).toHaveLength(2);
    expect(projects[0].document).toHaveLength(3);
    expect(projects[0].document.every((d: { import_succeeded: boolean }) => d.import_succeeded)).toBe(true);
  });

  it('pretranslates every document (TM+MT), delivers, and lists the job as delivered and not archived', async () => {
    const projects = await json(await p.call('/v2/projects'));
    const ids = projects.flatMap((pr: { document: { id: number }[] }) => pr.document.map((d) => d.id));
    const started = await p.call('/v2/documents/pretranslate', {
      method: 'POST',
      json: { id: ids, mode: 'TM+MT' },
    });
    expect(started.status).toBe(202);
    expect(started.headers.get('x-ratelimit-limit')).toBe('300');
    expect((await started.json()).is_pretranslating).toBe(true);
    await p.idle();
    const delivered = await json(await p.call(`/v2/jobs/${state.jobId}/deliver`, { method: 'POST' }));
    expect(delivered).toMatchObject({ status: 'delivered', deliveredAt: expect.any(String) });
    expect(delivered.stats.percentTranslated).toBe(100);
    expect(
      delivered.stats.projects.every(
        (x: { state: string; isComplete: boolean }) => x.state === 'done' && x.isComplete,
      ),
    ).toBe(true);
    const listed = await json(await p.call('/v2/jobs?isDelivered=true&isArchived=false'));
    expect(listed.map((j: { id: number }) => j.id)).toContain(state.jobId);
    const active = await json(await p.call('/v2/jobs?isDelivered=false'));
    expect(active.map((j: { id: number }) => j.id)).not.toContain(state.jobId);
  });

  it('exports: isProcessing goes 1 then 0, and the zip holds a folder per target with byte-faithful files', async () => {
    const started = await json(await p.call(`/v2/jobs/${state.jobId}/export?type=files`));
    expect(started.isProcessing).toBe(1);
    await p.idle();
    expect((await json(await p.call(`/v2/jobs/${state.jobId}`))).isProcessing).toBe(0);
    const res = await p.call(`/v2/jobs/${state.jobId}/download`);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const zip = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const names = Object.keys(zip);
    expect(names).toEqual([
      'de/',
      ...FILES.map((f) => `de/${f.name}`),
      'fr/',
      ...FILES.map((f) => `fr/${f.name}`),
    ]);
    for (const lang of ['de', 'fr']) {
      for (const file of FILES) {
        const original = new Uint8Array(readFileSync(file.path));
        const translated = zip[`${lang}/${file.name}`]!;
        const format = detectFormat(file.name, original)!;
        const bilingual = format.name === 'po';
        // Writing the original as a new target with the exported file's own text gives the
        // exported bytes: nothing but translated text differs, and Android's translatable="false"
        // resources stay in the default resources (Lint: Untranslatable).
        const translations = new Map<string, string | PluralForms>();
        for (const unit of format.parse(translated)) {
          const text = bilingual ? (unit.targetPlural ?? unit.target) : (unit.sourcePlural ?? unit.source);
          if (text !== undefined && unit.translatable) translations.set(unit.id, text);
        }
        const again = newTarget(format, original, translations, { targetLang: lang });
        if (format.name === 'android')
          expect(new TextDecoder().decode(translated)).not.toContain('name="app_name"');
        expect(Buffer.from(again).equals(Buffer.from(translated)), `${lang}/${file.name}`).toBe(true);
        expect(
          Buffer.from(translated).equals(Buffer.from(original)),
          `${lang}/${file.name} was translated`,
        ).toBe(false);
      }
    }
  });

  it('archives the job after download', async () => {
    const archived = await json(await p.call(`/v2/jobs/${state.jobId}/archive`, { method: 'POST' }));
    expect(archived.status).toBe('archived');
    const listed = await json(await p.call('/v2/jobs?isArchived=true'));
    expect(listed.map((j: { id: number }) => j.id)).toContain(state.jobId);
  });

  it('sent JOB_UPDATE, PROJECT_DELIVER and JOB_DELIVER, each verified by the standardwebhooks library', async () => {
    await p.idle();
    const wh = new Webhook(secret);
    const events = hooks.requests.map((r) => {
      const body = wh.verify(r.body, r.headers as Record<string, string>) as {
        eventType: string;
        id: number;
      };
      return { type: r.headers['svc-event-type'], body };
    });
    const types = events.map((e) => e.type);
    expect(types).toContain('JOB_UPDATE');
    expect(types.filter((t) => t === 'PROJECT_DELIVER')).toHaveLength(2);
    expect(types.filter((t) => t === 'JOB_DELIVER')).toHaveLength(1);
    const deliver = events.find((e) => e.type === 'JOB_DELIVER')!.body;
    expect(deliver).toMatchObject({
      eventType: 'JOB_DELIVER',
      id: state.jobId,
      name: 'Release 1.2',
      isDelivered: true,
      OrganizationId: 1,
    });
    expect(() =>
      wh.verify(
        hooks.requests[0]!.body.replace('Release', 'Rel3ase'),
        hooks.requests[0]!.headers as Record<string, string>,
      ),
    ).toThrow();
  });
});
