import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatform, type TestPlatform } from '../support/platform.ts';

let p: TestPlatform;
beforeAll(async () => {
  p = await startPlatform();
});
afterAll(() => p.close());

async function ok(res: Response) {
  const body = res.status === 204 ? undefined : await res.json();
  if (!res.ok) throw new Error(`${res.status}: ${JSON.stringify(body)}`);
  return body;
}

// Fuzz counterexample: after a job was deleted its file could be deleted too, and downloading a
// document of that job then failed with a 500 (the file row was gone).
describe('documents of a deleted job', () => {
  it('are not found once the job is deleted, even after its file is deleted too', async () => {
    const file = await ok(
      await p.call('/v2/files?name=locales/en/app.json', {
        method: 'POST',
        body: '{"hello": "Hello"}',
        headers: { 'content-type': 'application/octet-stream' },
      }),
    );
    const memory = await ok(
      await p.call('/v2/memories', { method: 'POST', json: { name: 'm', srclang: 'en', trglang: 'de' } }),
    );
    const job = await ok(
      await p.call('/v2/jobs', {
        method: 'POST',
        json: {
          name: 'j',
          srcLang: 'en',
          languagePairs: [{ trgLang: 'de', memoryId: memory.id }],
          fileIds: [file.id],
        },
      }),
    );
    await p.idle();
    const [project] = await ok(await p.call('/v2/projects'));
    const documentId = project.document[0].id as number;
    expect((await p.call(`/v2/documents/files?id=${documentId}`)).status).toBe(200);

    await ok(await p.call(`/v2/jobs/${job.id}`, { method: 'DELETE' }));
    await ok(await p.call(`/v2/files?id=${file.id}`, { method: 'DELETE' }));

    const download = await p.call(`/v2/documents/files?id=${documentId}`);
    expect(download.status).toBe(404);
    expect(await download.json()).toEqual({ message: `document ${documentId} not found` });
    const pretranslate = await p.call('/v2/documents/pretranslate', {
      method: 'POST',
      json: { id: [documentId] },
    });
    expect(pretranslate.status).toBe(404);
    const upload = await p.call('/v2/documents/files', {
      method: 'POST',
      body: '{"bye": "Bye"}',
      headers: { 'svc-api': JSON.stringify({ name: 'more.json', project_id: project.id }) },
    });
    expect(upload.status).toBe(404);
    expect(await upload.json()).toEqual({ message: `project ${project.id} not found` });
  });
});
