/**
 * Offline CAT tools and concurrent editing (issue 39, items 6 and 7): a document downloaded as
 * XLIFF 1.2 (checked by xmllint against the spec's schema), uploaded back with nothing changed
 * (nothing changes), with edits (saved through the editor's rules), with units changed in the
 * workbench meanwhile (conflicts, settled per unit), and bad files (refused, nothing stored);
 * revisions on every write; a save from a stale form is a conflict; confirm-all leaves segments
 * changed after the page was rendered; another organization gets 404.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { segmentEditor } from '../../server/services/workbench/segment-edit.ts';
import { xliff12Format } from '../../src/formats/xliff12/index.ts';
import { debianTool } from '../support/debian-tool.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';
import { csrfOf, type WorkbenchClient, workbenchClient } from './client.ts';
import { createJob, type JobFixture } from './fixture.ts';

const xmllint = debianTool('xmllint', ['--version'], 'libxml2-utils');
const SCHEMA = 'test/support/xliff/xliff-1.2-from-spec.xsd';
const dir = mkdtempSync(join(tmpdir(), 'svc-offline-xliff-'));

let p: TestPlatform;
let job: JobFixture;
let c: WorkbenchClient;
let csrf: string;
const STRINGS = {
  greeting: 'Hello {{name}}',
  farewell: 'Goodbye',
  save: 'Save changes',
  save_all: 'Save all changes',
  items_one: '{{count}} item',
  items_other: '{{count}} items',
  markup: 'Tom & Jerry <b>bold</b>\r\nnext line',
};

async function segments(documentId = job.documentId) {
  return p.database.db
    .selectFrom('document_segments')
    .selectAll()
    .where('document_id', '=', documentId)
    .orderBy('position')
    .execute();
}
async function segmentOf(unitId: string) {
  const found = (await segments()).find((s) => s.unit_id === unitId);
  if (!found) throw new Error(`no segment ${unitId}`);
  return found;
}

/** `xmllint --schema`: '' when the file validates, else xmllint's complaints. */
function invalid(xml: string): string {
  const path = join(dir, `${Math.random().toString(36).slice(2)}.xlf`);
  writeFileSync(path, xml);
  const run = spawnSync('xmllint', ['--noout', '--schema', SCHEMA, path], { encoding: 'utf8' });
  return run.status === 0 ? '' : run.stderr;
}

async function download(client = c, documentId = job.documentId) {
  return client.get(`/workbench/documents/${documentId}/xliff/download`);
}

/** Posts a multipart form with a file, as a browser's upload form does. */
async function upload(
  xml: string,
  options: { client?: WorkbenchClient; documentId?: number; token?: string } = {},
) {
  const client = options.client ?? c;
  const form = new FormData();
  form.set('_csrf', options.token ?? csrf);
  form.set('file', new Blob([xml], { type: 'application/x-xliff+xml' }), 'app.json.de.xlf');
  const res = await fetch(`${p.url}/workbench/documents/${options.documentId ?? job.documentId}/xliff`, {
    method: 'POST',
    body: form,
    headers: { cookie: [...client.jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    redirect: 'manual',
  });
  return { status: res.status, html: await res.text() };
}

/** The file with one unit's target replaced (found by its resname), its state too when given. */
function withTarget(xml: string, resname: string, target: string, state?: string): string {
  const escaped = resname.replace(/[[\]]/g, '\\$&');
  const unit = new RegExp(
    `(<trans-unit [^>]*resname="${escaped}"[^>]*>\\s*<source[^>]*>[^<]*</source>\\s*)<target([^>]*)>[^<]*</target>`,
  );
  if (!unit.test(xml)) throw new Error(`no unit ${resname}`);
  return xml.replace(unit, (_m, head: string, attrs: string) => {
    const open = state ? attrs.replace(/ state="[^"]*"/, ` state="${state}"`) : attrs;
    return `${head}<target${open}>${target}</target>`;
  });
}

beforeAll(async () => {
  p = await startPlatform();
  job = await createJob(p, { strings: STRINGS });
  await p.database.db
    .updateTable('document_segments')
    .set({ notes: 'Shown on the checkout button', context: 'checkout', max_length: 20 })
    .where('document_id', '=', job.documentId)
    .where('unit_id', '=', 'save')
    .execute();
  c = workbenchClient(p.url);
  await c.signIn(p.key);
  csrf = csrfOf((await c.get('/workbench')).html);
  // A confirmed "Save changes" gives "Save all changes" a fuzzy TM match (an <alt-trans>).
  const save = await segmentOf('save');
  await c.post(`/workbench/documents/${job.documentId}/segments/${save.id}`, {
    _csrf: csrf,
    target: 'Änderungen speichern',
    action: 'confirm',
  });
});
afterAll(async () => {
  await p.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('XLIFF download', () => {
  it('writes one trans-unit per segment with key, state, note, context, max length, TM matches and plural groups', async () => {
    const res = await download();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/x-xliff+xml');
    expect(res.headers.get('content-disposition')).toContain('filename="app.json.de.xlf"');
    const xml = res.html;
    const save = await segmentOf('save');
    expect(xml).toContain('source-language="en" target-language="de"');
    expect(xml).toMatch(
      new RegExp(
        `<trans-unit id="s${save.id}" resname="save" xml:space="preserve" maxwidth="20" size-unit="char" approved="yes" extradata="svc-rev=${save.revision};svc-status=confirmed;svc-base=`,
      ),
    );
    expect(xml).toContain('<target xml:lang="de" state="signed-off">Änderungen speichern</target>');
    expect(xml).toContain('<note from="developer">Shown on the checkout button</note>');
    expect(xml).toContain('<context context-type="x-context">checkout</context>');
    expect(xml).toMatch(
      /<alt-trans match-quality="\d+" origin="tm:locales\/en\/app.json"><source xml:lang="en">Save changes<\/source><target xml:lang="de">Änderungen speichern<\/target><\/alt-trans>/,
    );
    const items = await segmentOf('items');
    expect(xml).toContain(`<group id="g${items.id}" resname="items" restype="x-gettext-plurals">`);
    expect(xml).toContain(`id="s${items.id}[one]" resname="items[one]"`);
    expect(xml).toContain(`id="s${items.id}[other]" resname="items[other]"`);
    // Pretranslated by MT and not yet seen by anyone: a draft to review.
    expect(xml).toContain('state="needs-review-translation" state-qualifier="leveraged-mt"');
    // Markup and CR travel as text.
    expect(xml).toContain('Tom &amp; Jerry &lt;b&gt;bold&lt;/b&gt;&#13;\nnext line');
  });

  it.skipIf(!!xmllint.skipped)('validates against the XLIFF 1.2 schema (xmllint --schema)', async () => {
    expect(invalid((await download()).html)).toBe('');
  });

  it('reads back through the toolkit’s own XLIFF 1.2 reader: a unit per segment and plural form, sources as stored', async () => {
    const units = xliff12Format.parse(new TextEncoder().encode((await download()).html));
    const rows = await segments();
    const expected = rows.flatMap((r) =>
      r.source_plural
        ? ['one', 'other'].map((c) => ({ id: `s${r.id}[${c}]`, source: JSON.parse(r.source_plural!)[c] }))
        : [{ id: `s${r.id}`, source: r.source }],
    );
    expect(units.map((u) => ({ id: u.id, source: u.source }))).toEqual(expected);
    const save = units.find((u) => u.id.startsWith(`s${rows.find((r) => r.unit_id === 'save')!.id}`))!;
    expect(save).toMatchObject({
      notes: ['Shown on the checkout button'],
      context: 'checkout',
      maxLength: 20,
    });
    expect(save.flags).toEqual(['signed-off', 'approved']);
  });
});

describe('XLIFF upload', () => {
  it('a round trip with nothing changed changes nothing, byte for byte', async () => {
    const before = await segments();
    const res = await upload((await download()).html);
    expect(res.status).toBe(200);
    expect(res.html).toContain('0 units saved (0 confirmed), 6 unchanged, 0 in conflict, 0 refused.');
    expect(await segments()).toEqual(before);
  });

  it('saves the units changed in the file through the editor: translated, or confirmed when signed off', async () => {
    let xml = (await download()).html;
    xml = withTarget(xml, 'farewell', 'Auf Wiedersehen');
    xml = withTarget(xml, 'markup', 'Tom &amp; Jerry ohne Zeilenumbruch');
    xml = withTarget(xml, 'greeting', 'Hallo {{name}}', 'signed-off');
    // The MT draft of save_all accepted in the CAT tool as it is: confirmed without an edit.
    const draft = await segmentOf('save_all');
    expect(draft.status).toBe('draft');
    xml = withTarget(
      xml,
      'save_all',
      draft.target!.replace(/&/g, '&amp;').replace(/</g, '&lt;'),
      'signed-off',
    );
    const before = await segmentOf('farewell');
    const res = await upload(xml);
    expect(res.status, /role="alert">([^<]*)/.exec(res.html)?.[1]).toBe(200);
    expect(res.html).toContain('4 units saved (2 confirmed), 2 unchanged, 0 in conflict, 0 refused.');
    // QA as in the editor: the markup's tags were lost.
    expect(res.html).toMatch(
      /<h2>QA warnings<\/h2><ul class="qa"><li><strong>markup<\/strong>: ⚠ [^<]*<\/li>/,
    );
    expect(await segmentOf('save_all')).toMatchObject({ target: draft.target, status: 'confirmed' });
    expect(await segmentOf('farewell')).toMatchObject({
      target: 'Auf Wiedersehen',
      status: 'translated',
      origin: 'human',
      updated_by: 'admin@localhost',
      revision: before.revision + 1,
    });
    expect(await segmentOf('greeting')).toMatchObject({ target: 'Hallo {{name}}', status: 'confirmed' });
    // Confirmed text feeds the memory, as in the editor.
    const matches = await (
      await p.call(`/v2/memories/query?id=${job.memoryId}&query=${encodeURIComponent('Hello {{name}}')}`)
    ).json();
    expect(matches[0]).toMatchObject({ target: 'Hallo {{name}}', score: 100 });
  });

  it('saves plural forms from the group, form by form', async () => {
    let xml = (await download()).html;
    xml = withTarget(xml, 'items[one]', '{{count}} Artikel');
    xml = withTarget(xml, 'items[other]', '{{count}} Artikel gesamt');
    const res = await upload(xml);
    expect(res.html).toContain('1 unit saved');
    expect(JSON.parse((await segmentOf('items')).target_plural!)).toEqual({
      one: '{{count}} Artikel',
      other: '{{count}} Artikel gesamt',
    });
  });

  it('a unit changed in the workbench since the download is a conflict shown side by side; nothing is overwritten until the user picks', async () => {
    const downloaded = (await download()).html;
    const farewell = await segmentOf('farewell');
    const save = await segmentOf('save_all');
    // Meanwhile, in the workbench: farewell and save_all change.
    for (const [s, text] of [
      [farewell, 'Tschüss'],
      [save, 'Alle Änderungen sichern'],
    ] as const)
      await c.post(`/workbench/documents/${job.documentId}/segments/${s.id}`, {
        _csrf: csrf,
        target: text,
        action: 'save',
        revision: String(s.revision),
      });
    // In the file: farewell changed too (a conflict); save_all left as downloaded (the workbench's stays).
    const xml = withTarget(downloaded, 'farewell', 'Lebewohl');
    const before = await segments();
    const res = await upload(xml);
    expect(res.status).toBe(409);
    expect(res.html).toContain('0 units saved (0 confirmed), 5 unchanged, 1 in conflict, 0 refused.');
    const row = res.html.slice(res.html.indexOf(`id="conflict-${farewell.id}"`));
    expect(row).toContain('<legend>farewell</legend>');
    const cells = [...row.matchAll(/<td><p class="source-text" lang="de">([^<]*)<\/p><\/td>/g)].map(
      (m) => m[1],
    );
    expect(cells.slice(0, 3)).toEqual(['Auf Wiedersehen', 'Tschüss', 'Lebewohl']);
    expect(await segments()).toEqual(before);

    // The user takes the file's text: saved against the revision the conflict showed.
    const payload = /name="unit_\d+" value="([^"]+)"/
      .exec(row)![1]!
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&');
    const resolved = await c.post(`/workbench/documents/${job.documentId}/xliff/resolve`, {
      _csrf: csrf,
      file_name: 'app.json.de.xlf',
      [`unit_${farewell.id}`]: payload,
      [`choice_${farewell.id}`]: 'file',
    });
    expect(resolved.status).toBe(200);
    expect(resolved.html).toContain('1 unit saved');
    expect((await segmentOf('farewell')).target).toBe('Lebewohl');
    expect((await segmentOf('save_all')).target).toBe('Alle Änderungen sichern');

    // Taking the file's text again with the now stale revision is a conflict again, not an overwrite.
    const again = await c.post(`/workbench/documents/${job.documentId}/xliff/resolve`, {
      _csrf: csrf,
      [`unit_${farewell.id}`]: payload.replace('Lebewohl', 'Adieu'),
      [`choice_${farewell.id}`]: 'file',
    });
    expect(again.status).toBe(409);
    expect((await segmentOf('farewell')).target).toBe('Lebewohl');
  });

  it('a changed unit whose extradata a tool dropped is a conflict (the original unknown), never a blind overwrite', async () => {
    const greeting = await segmentOf('greeting');
    const xml = withTarget((await download()).html, 'greeting', 'Grüß dich, {{name}}').replace(
      new RegExp(`(id="s${greeting.id}"[^>]*?) extradata="[^"]*"`),
      '$1',
    );
    const res = await upload(xml);
    expect(res.status).toBe(409);
    expect(res.html).toContain('1 in conflict');
    expect(res.html).toContain('Not known (the file lost its workbench data).');
    expect((await segmentOf('greeting')).target).toBe(greeting.target);
  });

  it('refuses bad files with a clear error naming the problem, and stores nothing', async () => {
    const good = (await download()).html;
    const second = await createJob(p, { strings: { other: 'Other text' } });
    const foreign = (await download(c, second.documentId)).html;
    const before = await segments();
    const cases: [string, string][] = [
      ['{"not": "xliff"}', 'is not an XLIFF file: it is not well-formed XML'],
      ['<html><body/></html>', 'its root element is &lt;html&gt;, not &lt;xliff&gt;'],
      [good.replace('version="1.2"', 'version="2.0"'), 'is XLIFF 2.0; the workbench reads XLIFF 1.2'],
      [
        good.replace('target-language="de"', 'target-language="fr"'),
        'is en → fr, but this document is en → de.',
      ],
      [
        withTarget(foreign, 'other', 'Anderer Text'),
        'is not a segment of “locales/en/app.json”: this file belongs to another document',
      ],
    ];
    for (const [xml, message] of cases) {
      const res = await upload(xml);
      expect(res.status, message).toBe(422);
      expect(res.html).toContain(message);
      expect(res.html).toContain('Nothing was changed.');
    }
    // A file with a changed unit among them still changes nothing when any unit is not this document's.
    const mixed = withTarget(good, 'farewell', 'Servus').replace(
      '</body>',
      foreign.slice(foreign.indexOf('<trans-unit'), foreign.indexOf('</body>')) + '</body>',
    );
    expect((await upload(mixed)).status).toBe(422);
    expect(await segments()).toEqual(before);
  });

  it('an upload without the session’s CSRF token is refused (403)', async () => {
    const res = await upload((await download()).html, { token: 'forged' });
    expect(res.status).toBe(403);
  });
});

describe('concurrent editing', () => {
  it('every write raises the revision: editor saves, confirm-all, pretranslation', async () => {
    const greeting = await segmentOf('save_all');
    await c.post(`/workbench/documents/${job.documentId}/segments/${greeting.id}`, {
      _csrf: csrf,
      target: 'Alles sichern',
      action: 'save',
    });
    expect((await segmentOf('save_all')).revision).toBe(greeting.revision + 1);
    const page = await c.get(`/workbench/documents/${job.documentId}`);
    const seen = /name="seen" value="(\d+)"/.exec(page.html)![1]!;
    await c.post(`/workbench/documents/${job.documentId}/confirm-all`, { _csrf: csrf, seen });
    const after = await segmentOf('save_all');
    expect(after).toMatchObject({ status: 'confirmed', revision: greeting.revision + 2 });
    // Imported at 0; the pretranslation's fill is a write like any other.
    const fresh = await createJob(p, { strings: { hello: 'Hello there' }, pretranslate: false });
    expect((await segments(fresh.documentId))[0]!.revision).toBe(0);
    const res = await p.call('/v2/documents/pretranslate', {
      method: 'POST',
      json: { id: [fresh.documentId], mode: 'TM+MT' },
    });
    expect(res.ok).toBe(true);
    await p.idle();
    expect((await segments(fresh.documentId))[0]).toMatchObject({ origin: 'mt', revision: 1 });
  });

  it('a save from a form older than the segment is a conflict showing theirs and yours; overwrite saves mine', async () => {
    const other = workbenchClient(p.url);
    await other.signIn(p.key);
    const otherCsrf = csrfOf((await other.get('/workbench')).html);
    const seg = await segmentOf('markup');
    const page = await c.get(`/workbench/documents/${job.documentId}`);
    const revision = new RegExp(`segments/${seg.id}"[\\s\\S]*?name="revision" value="(\\d+)"`).exec(
      page.html,
    )![1]!;
    expect(Number(revision)).toBe(seg.revision);
    // The other person saves first.
    const theirs = await other.post(`/workbench/documents/${job.documentId}/segments/${seg.id}`, {
      _csrf: otherCsrf,
      target: 'Theirs',
      action: 'save',
      revision,
    });
    expect(theirs.status).toBe(303);
    // Mine, from the older form: refused, shown side by side.
    const mine = await c.post(`/workbench/documents/${job.documentId}/segments/${seg.id}`, {
      _csrf: csrf,
      target: 'Mine',
      action: 'save',
      revision,
    });
    expect(mine.status).toBe(409);
    expect(mine.html).toContain('Someone else changed this segment');
    expect(mine.html).toContain('<p class="source-text" lang="de" id="theirs">Theirs</p>');
    expect(mine.html).toContain('>Mine</textarea>');
    expect((await segmentOf('markup')).target).toBe('Theirs');
    // Overwrite with mine: the conflict page's form carries the revision it showed.
    const current = /name="revision" value="(\d+)"/.exec(mine.html)![1]!;
    const overwrite = await c.post(`/workbench/documents/${job.documentId}/segments/${seg.id}`, {
      _csrf: csrf,
      target: 'Mine',
      action: 'save',
      revision: current,
    });
    expect(overwrite.status).toBe(303);
    expect((await segmentOf('markup')).target).toBe('Mine');
  });

  it('two saves racing from the same revision: exactly one wins, the other is a conflict (service)', async () => {
    const editor = segmentEditor({ db: p.database.db, now: Date.now, tm: { apply() {} } as never });
    const seg = await segmentOf('farewell');
    const me = { organizationId: 1, email: 'a@example.com' };
    const results = await Promise.all([
      editor.save(me, job.documentId, seg.id, { target: 'Eins' }, false, { revision: seg.revision }),
      editor.save(me, job.documentId, seg.id, { target: 'Zwei' }, false, { revision: seg.revision }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.reason === 'conflict')).toHaveLength(1);
    expect((await segmentOf('farewell')).revision).toBe(seg.revision + 1);
  });

  it('saveMany saves in one go by the same rules: a stale revision is a conflict, the rest is saved', async () => {
    const editor = segmentEditor({ db: p.database.db, now: Date.now, tm: { apply() {} } as never });
    const [farewell, help] = [await segmentOf('farewell'), await segmentOf('save')];
    const me = { organizationId: 1, email: 'a@example.com' };
    const results = await editor.saveMany(me, job.documentId, [
      {
        segmentId: farewell.id,
        edit: { target: 'Bis bald' },
        confirm: false,
        revision: farewell.revision - 1,
      },
      { segmentId: help.id, edit: { target: 'Speichern' }, confirm: false, revision: help.revision },
      { segmentId: 999_999, edit: { target: 'x' }, confirm: false },
    ]);
    expect(results!.map((r) => (r.ok ? 'ok' : r.reason))).toEqual(['conflict', 'ok', 'not-found']);
    expect((await segmentOf('farewell')).target).toBe(farewell.target);
    expect(await segmentOf('save')).toMatchObject({ target: 'Speichern', revision: help.revision + 1 });
    expect(await editor.saveMany({ organizationId: 999, email: '' }, job.documentId, [])).toBeUndefined();
  });

  it('confirm all leaves segments changed after the page was rendered open, and says so', async () => {
    const page = await c.get(`/workbench/documents/${job.documentId}`);
    const seen = /name="seen" value="(\d+)"/.exec(page.html)![1]!;
    const seg = await segmentOf('markup');
    await new Promise((r) => setTimeout(r, 5));
    await c.post(`/workbench/documents/${job.documentId}/segments/${seg.id}`, {
      _csrf: csrf,
      target: 'Changed after the page was opened',
      action: 'save',
    });
    const res = await c.post(`/workbench/documents/${job.documentId}/confirm-all`, { _csrf: csrf, seen });
    expect(res.location).toContain('notice=changed-since');
    expect((await segmentOf('markup')).status).toBe('translated');
    expect((await segmentOf('farewell')).status).toBe('confirmed');
    expect((await c.get(res.location!)).html).toContain(
      '1 segment was changed by someone else after this page was opened',
    );
  });
});

describe('tenant isolation', () => {
  it('another organization’s session gets 404 on the XLIFF page, download, upload and resolve', async () => {
    const acme = await p.addOrganization('acme-offline');
    const b = workbenchClient(p.url);
    await b.signIn(acme.key);
    const bCsrf = csrfOf((await b.get('/workbench')).html);
    const xml = (await download()).html;
    const before = await segments();
    const reads = [
      await b.get(`/workbench/documents/${job.documentId}/xliff`),
      await b.get(`/workbench/documents/${job.documentId}/xliff/download`),
      await upload(withTarget(xml, 'farewell', 'Gestohlen'), { client: b, token: bCsrf }),
      await b.post(`/workbench/documents/${job.documentId}/xliff/resolve`, { _csrf: bCsrf }),
    ];
    for (const res of reads) {
      expect(res.status).toBe(404);
      expect(res.html).not.toContain('Goodbye');
    }
    expect(await segments()).toEqual(before);
  });
});

describe('a document XML cannot carry', () => {
  it('refuses the download with the segment and the character named, and changes nothing', async () => {
    await p.database.db
      .updateTable('document_segments')
      .set({ notes: 'bell \u0007 here' })
      .where('document_id', '=', job.documentId)
      .where('unit_id', '=', 'farewell')
      .execute();
    const res = await download();
    expect(res.status).toBe(422);
    expect(res.html).toContain('Segment “farewell” contains U+0007, which XLIFF 1.2 (XML 1.0) cannot carry.');
  });
});
