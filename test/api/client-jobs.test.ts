import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// Through the package's public entry, as callers import it.
import {
  type Client,
  createClient,
  downloadJobZip,
  ExportFailedError,
  findOrCreateMemory,
  JobCreationFailedError,
  TimeoutError,
  uploadFile,
  waitForExport,
  waitForJobCreated,
  waitForJobDelivered,
  ZipError,
} from '../../src/api/index.ts';
import { apiError } from '../support/api-error.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';

let p: TestPlatform;
let client: Client;
let de: number;
let frCa: number;

/** Short pauses: the platform's background work takes milliseconds here. */
const fast = { intervalMs: 20, maxIntervalMs: 100, timeoutMs: 20_000 };

const APP_JSON = '{\n  "title": "Account settings",\n  "save": "Save the document"\n}\n';
const APP_PO =
  'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\nmsgid "Delete %d files"\nmsgstr ""\n';

beforeAll(async () => {
  p = await startPlatform();
  client = createClient({ baseUrl: p.url, apiKey: p.key });
  de = (await findOrCreateMemory(client, { srclang: 'en', trglang: 'de' }, 'app de')).id;
  frCa = (await findOrCreateMemory(client, { srclang: 'en', trglang: 'fr', trglocale: 'CA' }, 'app fr-CA'))
    .id;
});
afterAll(async () => {
  await client.close();
  await p.close();
});

async function createJob(name: string, files: Array<{ name: string; content: string }>) {
  const fileIds: number[] = [];
  for (const file of files)
    fileIds.push((await uploadFile(client, { ...file, labels: ['repo:acme/app'] })).id);
  return client.jobs.create({
    name,
    srcLang: 'en',
    fileIds,
    languagePairs: [
      { trgLang: 'de', memoryId: de },
      { trgLang: 'fr', trgLocale: 'CA', memoryId: frCa },
    ],
  });
}

describe('verified translation flow through the client', () => {
  it('upload → job → created → pretranslate → deliver → export → downloadJobZip → archive', async () => {
    const job = await createJob('Release 2', [
      { name: 'locales/en/app.json', content: APP_JSON },
      { name: 'po/app.pot', content: APP_PO },
    ]);
    expect(job).toMatchObject({ name: 'Release 2', status: 'active', isProcessing: 0 });
    const created = await waitForJobCreated(client, job.id, fast);
    expect(created.creationStatus).toBe('COMPLETE');
    expect(created.stats.projects.map((x) => x.trgLang)).toEqual(['de', 'fr']);

    const projects = await client.projects.list({ id: created.stats.projects.map((x) => x.id) });
    const documents = projects.flatMap((x) => x.document.map((d) => d.id));
    expect(documents).toHaveLength(4);
    await client.documents.pretranslate({ id: documents });
    await p.idle();

    // Someone delivers while the client waits: the wait resolves with the delivered job.
    const delivered = waitForJobDelivered(client, job.id, fast);
    await new Promise((resolve) => setTimeout(resolve, 60));
    await client.jobs.deliver(job.id);
    expect(await delivered).toMatchObject({ status: 'delivered', deliveredAt: expect.any(String) });
    expect((await client.jobs.list({ isDelivered: true, isArchived: false })).map((j) => j.id)).toContain(
      job.id,
    );

    expect((await client.jobs.export(job.id)).isProcessing).toBe(1);
    expect((await waitForExport(client, job.id, fast)).isProcessing).toBe(0);
    const entries = await downloadJobZip(client, job.id);
    expect(entries.map((e) => e.name)).toEqual([
      'de/',
      'de/locales/en/app.json',
      'de/po/app.pot',
      'fr-CA/',
      'fr-CA/locales/en/app.json',
      'fr-CA/po/app.pot',
    ]);
    expect(entries[0]).toMatchObject({ directory: true, bytes: new Uint8Array(0) });
    const german = JSON.parse(new TextDecoder().decode(entries[1]!.bytes)) as Record<string, string>;
    expect(Object.keys(german)).toEqual(['title', 'save']);
    expect(german.title).not.toBe('Account settings');

    const archived = await client.jobs.archive(job.id);
    expect(archived.status).toBe('archived');
    expect((await client.jobs.list({ isArchived: true })).map((j) => j.id)).toContain(job.id);
    // Archived after delivery still counts as delivered for a late waiter.
    expect((await waitForJobDelivered(client, job.id, fast)).status).toBe('archived');
  });

  it('get, stats, update, unarchive, reactivate and delete', async () => {
    const job = await createJob('Lifecycle', [{ name: 'a.json', content: APP_JSON }]);
    await waitForJobCreated(client, job.id, fast);
    expect((await client.jobs.get(job.id)).id).toBe(job.id);
    const stats = await client.jobs.stats(job.id);
    expect(stats).toMatchObject({ numProjects: 2, numLanguagePairs: 2 });
    expect(stats.sourceWords).toBeGreaterThan(0);
    const updated = await client.jobs.update(job.id, {
      name: 'Lifecycle 2',
      due: '2030-01-01T00:00:00.000Z',
    });
    expect(updated).toMatchObject({ name: 'Lifecycle 2', due: '2030-01-01T00:00:00.000Z' });
    expect((await client.jobs.update(job.id, { due: null })).due).toBeNull();
    await client.jobs.deliver(job.id);
    expect((await client.jobs.archive(job.id)).status).toBe('archived');
    expect((await client.jobs.unarchive(job.id)).status).toBe('delivered');
    expect((await client.jobs.reactivate(job.id)).status).toBe('active');
    const page = await client.jobs.list({ limit: 1, offset: 0 });
    expect(page).toHaveLength(1);
    expect(await client.jobs.delete(job.id)).toEqual({ id: job.id });
    await apiError(client.jobs.get(job.id), 404);
  });
});

describe('job errors', () => {
  it('404 for an unknown job on every job method', async () => {
    const id = 999_999;
    for (const call of [
      () => client.jobs.get(id),
      () => client.jobs.update(id, { name: 'x' }),
      () => client.jobs.delete(id),
      () => client.jobs.stats(id),
      () => client.jobs.export(id),
      () => client.jobs.download(id),
      () => client.jobs.archive(id),
      () => client.jobs.unarchive(id),
      () => client.jobs.reactivate(id),
      () => client.jobs.deliver(id),
    ]) {
      const error = await apiError(call(), 404);
      expect((error.body as { message: string }).message).toMatch(/job 999999/);
    }
  });

  it('400 for bad input; 404 for a file that is not the organization’s', async () => {
    await apiError(client.jobs.create({ name: 'x', srcLang: 'en', fileIds: [], languagePairs: [] }), 400);
    await apiError(client.jobs.list({ limit: 51 }), 400);
    await apiError(client.jobs.list({ offset: -1 }), 400);
    const job = await createJob('bad input', [{ name: 'b.json', content: APP_JSON }]);
    await apiError(client.jobs.update(job.id, {}), 400);
    await apiError(
      client.jobs.create({
        name: 'x',
        srcLang: 'en',
        fileIds: [999_999],
        languagePairs: [{ trgLang: 'de', memoryId: de }],
      }),
      404,
    );
  });

  it('409: download before an export; export and deliver of a job whose import failed (JobCreationFailedError)', async () => {
    const fine = await createJob('not exported', [{ name: 'c.json', content: APP_JSON }]);
    await waitForJobCreated(client, fine.id, fast);
    const early = await apiError(client.jobs.download(fine.id), 409);
    expect((early.body as { message: string }).message).toMatch(/has not been exported/);

    const broken = await createJob('broken', [{ name: 'broken.json', content: '{"a": ' }]);
    const failed = await waitForJobCreated(client, broken.id, fast).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(JobCreationFailedError);
    expect((failed as JobCreationFailedError).jobId).toBe(broken.id);
    await apiError(client.jobs.export(broken.id), 409);
    await apiError(client.jobs.deliver(broken.id), 409);
  });

  it('waitForExport: isProcessing -2 throws ExportFailedError with the job’s exportError', async () => {
    const job = await createJob('export fails', [{ name: 'd.json', content: APP_JSON }]);
    await waitForJobCreated(client, job.id, fast);
    // The platform's export handler records a failure this way; set it in its database.
    await p.database.db
      .updateTable('jobs')
      .set({ is_processing: -2, export_error: 'storage unavailable' })
      .where('id', '=', job.id)
      .execute();
    const error = await waitForExport(client, job.id, fast).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExportFailedError);
    expect(error).toMatchObject({ jobId: job.id, exportError: 'storage unavailable' });
    await apiError(client.jobs.download(job.id), 409);
  });

  it('waits end: TimeoutError after timeoutMs, the signal’s reason on abort', async () => {
    const job = await createJob('never delivered', [{ name: 'e.json', content: APP_JSON }]);
    const timedOut = await waitForJobDelivered(client, job.id, { intervalMs: 20, timeoutMs: 150 }).catch(
      (e: unknown) => e,
    );
    expect(timedOut).toBeInstanceOf(TimeoutError);
    expect((timedOut as TimeoutError).message).toContain(`job ${job.id} delivery`);
    const controller = new AbortController();
    const waiting = waitForJobDelivered(client, job.id, { intervalMs: 20, signal: controller.signal });
    setTimeout(() => controller.abort(new Error('shutting down')), 50);
    await expect(waiting).rejects.toThrow('shutting down');
  });

  it('a name that climbs out of its folder never reaches a zip: the platform refuses it; downloadJobZip refuses entries over the size limit', async () => {
    // The zip reader's own zip-slip guard is tested on crafted archives in zip.test.ts.
    const refused = await apiError(
      client.files.upload({ name: '../../outside.json', content: APP_JSON }),
      400,
    );
    expect(refused.message).toMatch(/name: must not contain \. or \.\. segments/);

    const safe = await createJob('zip sizes', [{ name: 'f.json', content: APP_JSON }]);
    await waitForJobCreated(client, safe.id, fast);
    await client.jobs.export(safe.id);
    await waitForExport(client, safe.id, fast);
    const big = await downloadJobZip(client, safe.id, { limits: { maxEntryBytes: 16 } }).catch(
      (e: unknown) => e,
    );
    expect(big).toBeInstanceOf(ZipError);
    expect((big as ZipError).message).toMatch(/limit of 16/);
  });
});
