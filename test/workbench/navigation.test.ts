import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatform, type TestPlatform } from '../support/platform.ts';
import { csrfOf, type WorkbenchClient, workbenchClient } from './client.ts';
import { createJob, type JobFixture } from './fixture.ts';

let p: TestPlatform;
let job: JobFixture;
let c: WorkbenchClient;
let csrf: string;
/** 120 segments (three editor pages of 50): key0 … key119. */
const STRINGS = Object.fromEntries(
  Array.from({ length: 120 }, (_, i) => [`key${i}`, `Text {n} number ${i}`]),
);
const ids: number[] = [];

const go = (to: string, from: number, filter = '') =>
  c.get(`/workbench/documents/${job.documentId}/go?to=${to}&from=${from}${filter}`);
const editor = (query: string) => `/workbench/documents/${job.documentId}?${query}`;

async function translate(index: number, target: string, status: 'translated' | 'confirmed' = 'translated') {
  await p.database.db
    .updateTable('document_segments')
    .set({ target, status })
    .where('id', '=', ids[index]!)
    .execute();
}

beforeAll(async () => {
  p = await startPlatform();
  job = await createJob(p, { strings: STRINGS, pretranslate: false });
  const rows = await p.database.db
    .selectFrom('document_segments')
    .select('id')
    .where('document_id', '=', job.documentId)
    .orderBy('position')
    .execute();
  ids.push(...rows.map((r) => r.id));
  c = workbenchClient(p.url);
  await c.signIn(p.key);
  csrf = csrfOf((await c.get('/workbench')).html);
  // Translated: 0–59 but 10; 70 is confirmed; 55 and 100 lost their placeholder.
  for (let i = 0; i < 60; i++) if (i !== 10) await translate(i, `Übersetzung {n} ${i}`);
  await translate(55, 'Übersetzung ohne Platzhalter');
  await translate(70, 'Bestätigt {n}', 'confirmed');
  await translate(100, 'Auch ohne');
}, 60_000);
afterAll(async () => {
  await p?.close();
});

describe('the editor’s go-to links (without JavaScript)', () => {
  it('next and previous lead to the neighbour segment, on its page', async () => {
    expect((await go('next', ids[3]!)).location).toBe(editor(`focus=${ids[4]}`));
    expect((await go('next', ids[49]!)).location).toBe(editor(`page=2&focus=${ids[50]}`));
    expect((await go('previous', ids[50]!)).location).toBe(editor(`focus=${ids[49]}`));
    // From nowhere (0), next is the first segment.
    expect((await go('next', 0)).location).toBe(editor(`focus=${ids[0]}`));
  });

  it('stops at the ends with a notice, the focus kept', async () => {
    const first = await go('previous', ids[0]!);
    expect(first.location).toBe(editor(`focus=${ids[0]}&notice=none-previous`));
    expect((await c.get(first.location!)).html).toContain('This is the first segment.');
    expect((await go('next', ids[119]!)).location).toBe(editor(`page=3&focus=${ids[119]}&notice=none-next`));
  });

  it('next untranslated skips translated segments and wraps around the end', async () => {
    expect((await go('untranslated', ids[2]!)).location).toBe(editor(`focus=${ids[10]}`));
    expect((await go('untranslated', ids[10]!)).location).toBe(editor(`page=2&focus=${ids[60]}`));
    expect((await go('untranslated', ids[119]!)).location).toBe(editor(`focus=${ids[10]}`));
  });

  it('next with QA issues finds targets missing a placeholder, across pages and wrapping', async () => {
    expect((await go('qa', 0)).location).toBe(editor(`page=2&focus=${ids[55]}`));
    expect((await go('qa', ids[55]!)).location).toBe(editor(`page=3&focus=${ids[100]}`));
    expect((await go('qa', ids[100]!)).location).toBe(editor(`page=2&focus=${ids[55]}`));
  });

  it('keeps the "only unconfirmed" filter while the target is in it, and pages by the filtered list', async () => {
    // With the filter, 70 (confirmed) is hidden: next from 69 is 71, on the filtered list's page 2.
    expect((await go('next', ids[69]!, '&filter=unconfirmed')).location).toBe(
      editor(`filter=unconfirmed&page=2&focus=${ids[71]}`),
    );
    await translate(55, 'Übersetzung ohne Platzhalter', 'confirmed');
    // A QA issue on a confirmed segment is shown without the filter.
    expect((await go('qa', ids[100]!, '&filter=unconfirmed')).location).toBe(
      editor(`page=2&focus=${ids[55]}`),
    );
    await translate(55, 'Übersetzung ohne Platzhalter');
  });

  it('says when there is nothing to go to', async () => {
    await translate(55, 'Übersetzung {n}');
    await translate(100, 'Übersetzung {n}');
    const res = await go('qa', ids[5]!);
    expect(res.location).toBe(editor(`focus=${ids[5]}&notice=none-qa`));
    expect((await c.get(res.location!)).html).toContain('No segment of this document has QA issues.');
  });

  it('answers a bad link with 400 naming the parameters, an unknown document with 404', async () => {
    for (const query of ['to=sideways&from=1', 'to=next', 'to=next&from=abc']) {
      const res = await c.get(`/workbench/documents/${job.documentId}/go?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.html).toContain('needs to= (one of previous, next, untranslated, qa) and from=');
    }
    expect((await c.get('/workbench/documents/999999/go?to=next&from=0')).status).toBe(404);
  });
});

describe('fill buttons without JavaScript', () => {
  it('"Use" and "Copy source" post their fill: saved as the target, the focus kept', async () => {
    const res = await c.post(`/workbench/documents/${job.documentId}/segments/${ids[10]}`, {
      _csrf: csrf,
      target: 'typed but replaced',
      fill: JSON.stringify({ target: 'Text {n} number 10' }),
    });
    expect(res.status).toBe(303);
    expect(res.location).toBe(editor(`focus=${ids[10]}&notice=saved`));
    const row = await p.database.db
      .selectFrom('document_segments')
      .select(['target', 'status'])
      .where('id', '=', ids[10]!)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ target: 'Text {n} number 10', status: 'translated' });
  });

  it('refuses a fill that is not a JSON object with 400, and stores nothing', async () => {
    for (const fill of ['not json', '["x"]', 'null']) {
      const res = await c.post(`/workbench/documents/${job.documentId}/segments/${ids[11]}`, {
        _csrf: csrf,
        target: 'x',
        fill,
      });
      expect(res.status, fill).toBe(400);
      expect(res.html).toContain('fill was not a JSON object');
    }
    const row = await p.database.db
      .selectFrom('document_segments')
      .select('target')
      .where('id', '=', ids[11]!)
      .executeTakeFirstOrThrow();
    expect(row.target).not.toBe('x');
  });
});
