import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatform, type TestPlatform } from '../support/platform.ts';
import { csrfOf, type WorkbenchClient, workbenchClient } from './client.ts';
import { createJob, type JobFixture } from './fixture.ts';

let p: TestPlatform;
let job: JobFixture;
let c: WorkbenchClient;
let csrf: string;
const STRINGS = {
  greeting: 'Hello {{name}}',
  farewell: 'Goodbye',
  save: 'Save changes',
  items_one: '{{count}} item',
  items_other: '{{count}} items',
  multi: 'Line one\nLine two',
};

async function segments(documentId = job.documentId) {
  return p.database.db
    .selectFrom('document_segments')
    .selectAll()
    .where('document_id', '=', documentId)
    .orderBy('position')
    .execute();
}
async function segmentOf(unitId: string, documentId = job.documentId) {
  const found = (await segments(documentId)).find((s) => s.unit_id === unitId);
  if (!found) throw new Error(`no segment ${unitId}`);
  return found;
}
const editUrl = (id: number, documentId = job.documentId) =>
  `/workbench/documents/${documentId}/segments/${id}`;
async function memoryQuery(text: string) {
  const res = await p.call(`/v2/memories/query?id=${job.memoryId}&query=${encodeURIComponent(text)}`);
  return (await res.json()) as {
    source: string;
    target: string;
    score: number;
    metadata: Record<string, unknown>;
  }[];
}

beforeAll(async () => {
  p = await startPlatform();
  job = await createJob(p, { strings: STRINGS });
  c = workbenchClient(p.url);
  await c.signIn(p.key);
  csrf = csrfOf((await c.get('/workbench')).html);
});
afterAll(async () => {
  await p.close();
});

describe('the segment editor', () => {
  it('shows source and target of every segment with a labelled field, the MT suggestion, and plural forms per category', async () => {
    const page = await c.get(`/workbench/documents/${job.documentId}`);
    expect(page.status).toBe(200);
    const greeting = await segmentOf('greeting');
    expect(page.html).toContain(`<label class="label" for="t-${greeting.id}">Translation`);
    expect(page.html).toContain(`id="t-${greeting.id}" name="target"`);
    expect(page.html).toContain('Hello {{name}}');
    expect(page.html).toContain('<span class="badge">MT</span>');
    const items = await segmentOf('items');
    expect(items.source_plural).not.toBeNull();
    // German has the plural categories one and other: one field each.
    expect(page.html).toContain(`for="t-${items.id}-one"`);
    expect(page.html).toContain(`id="t-${items.id}-other" name="plural_other"`);
  });

  it('warns about a placeholder the target lost (checkPlaceholders) after a save, and saves as translated by a person', async () => {
    const greeting = await segmentOf('greeting');
    const res = await c.post(editUrl(greeting.id), { _csrf: csrf, target: 'Hallo zusammen', action: 'save' });
    expect(res.status).toBe(303);
    expect(res.location).toBe(`/workbench/documents/${job.documentId}?focus=${greeting.id}&notice=saved`);
    const saved = await segmentOf('greeting');
    expect(saved).toMatchObject({
      target: 'Hallo zusammen',
      status: 'translated',
      origin: 'human',
      updated_by: 'admin@localhost',
    });
    const page = await c.get(res.location!);
    expect(page.html).toContain('Segment saved.');
    expect(page.html).toContain(`id="qa-${greeting.id}"`);
    expect(page.html).toContain('missing placeholder {{name}}');
    // The saved segment's field gets the focus back.
    expect(page.html).toMatch(new RegExp(`id="t-${greeting.id}"[^>]*autofocus`));
    // Nothing enters the memory before confirmation.
    expect(await memoryQuery('Hello {{name}}')).toEqual([]);
  });

  it('confirming moves on to the next unconfirmed segment and feeds the memory (version bumped, query finds it)', async () => {
    const greeting = await segmentOf('greeting');
    const farewell = await segmentOf('farewell');
    const version = async () =>
      (
        await p.database.db
          .selectFrom('memories')
          .select('version')
          .where('id', '=', job.memoryId)
          .executeTakeFirstOrThrow()
      ).version;
    const before = await version();
    const res = await c.post(editUrl(greeting.id), {
      _csrf: csrf,
      target: 'Hallo {{name}}',
      action: 'confirm',
    });
    expect(res.location).toBe(`/workbench/documents/${job.documentId}?focus=${farewell.id}&notice=confirmed`);
    expect(await segmentOf('greeting')).toMatchObject({ status: 'confirmed', target: 'Hallo {{name}}' });
    expect(await version()).toBe(before + 1);
    const matches = await memoryQuery('Hello {{name}}');
    expect(matches[0]).toMatchObject({ source: 'Hello {{name}}', target: 'Hallo {{name}}', score: 100 });
    expect(matches[0]!.metadata).toMatchObject({
      resource_name: 'locales/en/app.json',
      user_email: 'admin@localhost',
    });
    const page = await c.get(res.location!);
    expect(page.html).toMatch(new RegExp(`id="t-${farewell.id}"[^>]*autofocus`));
    expect(page.html).not.toContain('missing placeholder {{name}}');
  });

  it('a second confirmation of the same source replaces the memory entry: the newest human translation wins', async () => {
    const greeting = await segmentOf('greeting');
    await c.post(editUrl(greeting.id), { _csrf: csrf, target: 'Servus {{name}}', action: 'confirm' });
    const matches = await memoryQuery('Hello {{name}}');
    expect(matches.map((m) => m.target)).toEqual(['Servus {{name}}']);
  });

  it('refuses to confirm an empty translation and says why', async () => {
    const save = await segmentOf('save');
    const res = await c.post(editUrl(save.id), { _csrf: csrf, target: '', action: 'confirm' });
    expect(res.location).toContain('notice=empty');
    expect((await segmentOf('save')).status).not.toBe('confirmed');
    expect((await c.get(res.location!)).html).toContain('needs a translation');
  });

  it('keeps the source’s line breaks: a textarea’s CRLF is stored as LF', async () => {
    const multi = await segmentOf('multi');
    await c.post(editUrl(multi.id), { _csrf: csrf, target: 'Zeile eins\r\nZeile zwei', action: 'save' });
    expect((await segmentOf('multi')).target).toBe('Zeile eins\nZeile zwei');
  });

  it('saves and confirms plural forms; a plural form for a plain segment, or an unknown category, is refused', async () => {
    const items = await segmentOf('items');
    const incomplete = await c.post(editUrl(items.id), {
      _csrf: csrf,
      plural_one: '{{count}} Element',
      plural_other: '',
      action: 'confirm',
    });
    expect(incomplete.location).toContain('notice=empty');
    const res = await c.post(editUrl(items.id), {
      _csrf: csrf,
      plural_one: '{{count}} Element',
      plural_other: '{{count}} Elemente',
      action: 'confirm',
    });
    expect(res.status).toBe(303);
    const saved = await segmentOf('items');
    expect(JSON.parse(saved.target_plural!)).toEqual({
      one: '{{count}} Element',
      other: '{{count}} Elemente',
    });
    expect(saved.status).toBe('confirmed');
    expect((await memoryQuery('{{count}} items'))[0]).toMatchObject({ target: '{{count}} Elemente' });
    const farewell = await segmentOf('farewell');
    expect(
      (await c.post(editUrl(farewell.id), { _csrf: csrf, plural_other: 'x', action: 'save' })).status,
    ).toBe(400);
    expect(
      (await c.post(editUrl(items.id), { _csrf: csrf, plural_few: 'x', plural_other: 'y', action: 'save' }))
        .status,
    ).toBe(400);
  });

  it('filters to unconfirmed segments', async () => {
    const page = await c.get(`/workbench/documents/${job.documentId}?filter=unconfirmed`);
    const greeting = await segmentOf('greeting');
    const farewell = await segmentOf('farewell');
    expect(page.html).toContain('id="only-open" name="filter" value="unconfirmed" checked');
    expect(page.html).not.toContain(`id="seg-${greeting.id}"`);
    expect(page.html).toContain(`id="seg-${farewell.id}"`);
  });

  it('confirm all confirms every translated segment, feeds them all, and leaves nothing unconfirmed', async () => {
    const res = await c.post(`/workbench/documents/${job.documentId}/confirm-all`, { _csrf: csrf });
    expect(res.location).toMatch(/notice=confirmed-all&n=\d+/);
    const all = await segments();
    expect(all.every((s) => s.status === 'confirmed')).toBe(true);
    const farewell = all.find((s) => s.unit_id === 'farewell')!;
    expect((await memoryQuery('Goodbye'))[0]).toMatchObject({ target: farewell.target, score: 100 });
    const filtered = await c.get(`/workbench/documents/${job.documentId}?filter=unconfirmed`);
    expect(filtered.html).toContain('No unconfirmed segments');
    const again = await c.post(`/workbench/documents/${job.documentId}/confirm-all`, { _csrf: csrf });
    expect(again.location).toContain('notice=nothing-to-confirm');
  });

  it('confirm all feeds a long document in full, and a source twice in it leaves one entry: the later one', async () => {
    const strings: Record<string, string> = { ok_first: 'Okay then', ok_again: 'Okay then' };
    for (let i = 0; i < 450; i++) strings[`line_${i}`] = `Line number ${i} of the long file`;
    const long = await createJob(p, { strings, fileName: 'locales/en/long.json' });
    const okAgain = await segmentOf('ok_again', long.documentId);
    await c.post(editUrl(okAgain.id, long.documentId), { _csrf: csrf, target: 'Na gut', action: 'save' });
    const res = await c.post(`/workbench/documents/${long.documentId}/confirm-all`, { _csrf: csrf });
    expect(res.location).toContain('notice=confirmed-all&n=452');
    const fed = await p.database.db
      .selectFrom('segments')
      .select(['source', 'target'])
      .where('memory_id', '=', long.memoryId)
      .where('resource_name', '=', 'locales/en/long.json')
      .execute();
    expect(fed).toHaveLength(451);
    expect(fed.filter((r) => r.source === 'Okay then')).toEqual([{ source: 'Okay then', target: 'Na gut' }]);
    const [top] = (await (
      await p.call(
        `/v2/memories/query?id=${long.memoryId}&query=${encodeURIComponent('Line number 449 of the long file')}`,
      )
    ).json()) as { source: string; score: number }[];
    expect(top).toMatchObject({ source: 'Line number 449 of the long file', score: 100 });
  });

  it('offers what was confirmed as a TM match in the next job’s editor (TM grows)', async () => {
    const next = await createJob(p, {
      strings: { hi: 'Hello {{name}}' },
      fileName: 'locales/en/next.json',
      pretranslate: false,
      memoryId: job.memoryId,
    });
    const page = await c.get(`/workbench/documents/${next.documentId}`);
    expect(page.html).toContain('<span class="badge">TM 100 %</span>');
    expect(page.html).toContain('Servus {{name}}');
  });

  it('still confirms when the project’s memory was deleted meanwhile (nothing to feed, no error)', async () => {
    const orphan = await createJob(p, {
      strings: { x: 'Orphaned text' },
      fileName: 'locales/en/orphan.json',
    });
    expect((await p.call(`/v2/memories?id=${orphan.memoryId}`, { method: 'DELETE' })).status).toBe(200);
    const [segment] = await segments(orphan.documentId);
    const res = await c.post(editUrl(segment!.id, orphan.documentId), {
      _csrf: csrf,
      target: 'Verwaist',
      action: 'confirm',
    });
    expect(res.status).toBe(303);
    expect(res.location).toContain('notice=all-done');
    expect((await segments(orphan.documentId))[0]).toMatchObject({ status: 'confirmed', target: 'Verwaist' });
    const page = await c.get(`/workbench/documents/${orphan.documentId}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain('The project has no memory.');
  });
});
