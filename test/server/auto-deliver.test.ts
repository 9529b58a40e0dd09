import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatform, type TestPlatform } from '../support/platform.ts';

let p: TestPlatform;
beforeAll(async () => {
  p = await startPlatform({ env: { SVC_AUTO_DELIVER_MS: '0' } });
});
afterAll(() => p.close());

describe('SVC_AUTO_DELIVER_MS', () => {
  it('pretranslates a new job TM+MT and delivers it after the delay', async () => {
    const memory = await (
      await p.call('/v2/memories', { method: 'POST', json: { name: 'm', srclang: 'en', trglang: 'de' } })
    ).json();
    const file = await (
      await p.call('/v2/files?name=app.json', {
        method: 'POST',
        body: '{"a": "Save the file", "b": "Open settings"}',
        headers: { 'content-type': 'application/octet-stream' },
      })
    ).json();
    const job = await (
      await p.call('/v2/jobs', {
        method: 'POST',
        json: {
          name: 'auto',
          srcLang: 'en',
          fileIds: [file.id],
          languagePairs: [{ trgLang: 'de', memoryId: memory.id }],
        },
      })
    ).json();
    await p.idle();
    const delivered = await (await p.call(`/v2/jobs/${job.id}`)).json();
    expect(delivered).toMatchObject({ status: 'delivered', creationStatus: 'COMPLETE' });
    expect(delivered.stats.percentTranslated).toBe(100);
    const [project] = await (await p.call(`/v2/projects?id=${delivered.stats.projects[0].id}`)).json();
    expect(project).toMatchObject({ state: 'done', workflowStatus: 'DONE' });
    const translated = await (await p.call(`/v2/documents/files?id=${project.document[0].id}`)).text();
    expect(translated).not.toContain('"Save the file"');
  });

  it('is off unless set: a job stays active', async () => {
    const q = await startPlatform();
    try {
      const memory = await (
        await q.call('/v2/memories', { method: 'POST', json: { name: 'm', srclang: 'en', trglang: 'de' } })
      ).json();
      const file = await (
        await q.call('/v2/files?name=a.json', {
          method: 'POST',
          body: '{"a": "Hello"}',
          headers: { 'content-type': 'application/octet-stream' },
        })
      ).json();
      const job = await (
        await q.call('/v2/jobs', {
          method: 'POST',
          json: {
            name: 'manual',
            srcLang: 'en',
            fileIds: [file.id],
            languagePairs: [{ trgLang: 'de', memoryId: memory.id }],
          },
        })
      ).json();
      await q.idle();
      expect((await (await q.call(`/v2/jobs/${job.id}`)).json()).status).toBe('active');
    } finally {
      await q.close();
    }
  });
});
