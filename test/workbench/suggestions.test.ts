import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MtError, type MtProvider, offlineProvider } from '../../server/engine/mt/index.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';
import { workbenchClient } from './client.ts';
import { createJob, type JobFixture } from './fixture.ts';

// An MT provider that counts its calls and can be switched to failing.
let failing = false;
let calls = 0;
const offline = offlineProvider();
const mt: MtProvider = {
  name: 'switchable',
  async translate(req) {
    calls++;
    if (failing) throw new MtError('switchable', 'upstream answered 503', { status: 503 });
    return offline.translate(req);
  },
};

let p: TestPlatform;
let job: JobFixture;

beforeAll(async () => {
  p = await startPlatform({ mt });
  job = await createJob(p, {
    strings: { a: 'Print the report', b: 'Delete the report' },
    pretranslate: false,
  });
});
afterAll(async () => {
  await p.close();
});

describe('editor suggestions', () => {
  it('asks MT once per page for all its segments, and not again when the page is reloaded', async () => {
    const c = workbenchClient(p.url);
    await c.signIn(p.key);
    calls = 0;
    const first = await c.get(`/workbench/documents/${job.documentId}`);
    expect((first.html.match(/<span class="badge">MT<\/span>/g) ?? []).length).toBe(2);
    expect(calls).toBe(1);
    await c.get(`/workbench/documents/${job.documentId}`);
    expect(calls).toBe(1);
    const usage = await p.database.db
      .selectFrom('usage')
      .selectAll()
      .where('metric', '=', 'mt_characters')
      .execute();
    expect(usage.reduce((n, u) => n + Number(u.amount), 0)).toBe(
      'Print the report'.length + 'Delete the report'.length,
    );
  });

  it('still opens the editor when MT fails, saying why, with the segments and TM matches', async () => {
    const other = await createJob(p, {
      strings: { a: 'Export the chart' },
      fileName: 'locales/en/b.json',
      pretranslate: false,
    });
    const c = workbenchClient(p.url);
    await c.signIn(p.key);
    failing = true;
    const page = await c.get(`/workbench/documents/${other.documentId}`);
    failing = false;
    expect(page.status).toBe(200);
    expect(page.html).toContain('Machine translation is unavailable: switchable: upstream answered 503');
    expect(page.html).toContain('Export the chart');
  });
});
