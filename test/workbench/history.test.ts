/**
 * A segment's history (every writer records a version; restoring one goes through the editor's
 * rules) and comments on segments (add, list per job, resolve, reopen), through the workbench's
 * routes as a browser would use them, with the database read to check what was stored.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MtProvider } from '../../server/engine/mt/index.ts';
import { tmxOfPairs } from '../../src/translations/teach.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';
import { csrfOf, type WorkbenchClient, workbenchClient } from './client.ts';
import { createJob, type JobFixture } from './fixture.ts';

let p: TestPlatform;
let job: JobFixture;
let c: WorkbenchClient;
let csrf: string;
const STRINGS = { greeting: 'Hello {{name}}', farewell: 'Goodbye', save: 'Save changes' };
const EMAIL = 'admin@localhost';

async function segmentOf(unitId: string, documentId = job.documentId) {
  return p.database.db
    .selectFrom('document_segments')
    .selectAll()
    .where('document_id', '=', documentId)
    .where('unit_id', '=', unitId)
    .executeTakeFirstOrThrow();
}
/** The segment's versions, oldest first. */
async function versions(segmentId: number) {
  return p.database.db
    .selectFrom('segment_versions')
    .selectAll()
    .where('segment_id', '=', segmentId)
    .orderBy('id')
    .execute();
}
const editUrl = (id: number, documentId = job.documentId) =>
  `/workbench/documents/${documentId}/segments/${id}`;
const historyUrl = (id: number, documentId = job.documentId) => `${editUrl(id, documentId)}/history`;

/** Runs once, while the next machine translation is under way (a person saving meanwhile). */
let duringMt: (() => Promise<void>) | undefined;
const mt: MtProvider = {
  name: 'test',
  async translate(req) {
    const hook = duringMt;
    duringMt = undefined;
    await hook?.();
    return req.sources.map((s) => ({ target: `[de] ${s}` }));
  },
};

beforeAll(async () => {
  p = await startPlatform({ mt });
  // Pretranslated with TM+MT on an empty memory: every segment is filled by MT.
  job = await createJob(p, { strings: STRINGS });
  c = workbenchClient(p.url);
  await c.signIn(p.key);
  csrf = csrfOf((await c.get('/workbench')).html);
});
afterAll(async () => {
  await p.close();
});

describe('segment history: every writer records a version', () => {
  it('pretranslation by MT records a version by mt, with the target and status it wrote', async () => {
    const greeting = await segmentOf('greeting');
    expect(greeting.origin).toBe('mt');
    const [first, ...rest] = await versions(greeting.id);
    expect(rest).toEqual([]);
    expect(first).toMatchObject({
      author: 'mt',
      action: 'pretranslate',
      target: greeting.target,
      target_plural: null,
      status: 'draft',
    });
  });

  it('save, confirm and confirm all record versions by the person’s email, in order', async () => {
    const greeting = await segmentOf('greeting');
    await c.post(editUrl(greeting.id), { _csrf: csrf, target: 'Hallo {{name}}', action: 'save' });
    await c.post(editUrl(greeting.id), { _csrf: csrf, target: 'Hallo, {{name}}', action: 'confirm' });
    const farewell = await segmentOf('farewell');
    expect((await c.post(`/workbench/documents/${job.documentId}/confirm-all`, { _csrf: csrf })).status).toBe(
      303,
    );
    expect((await versions(greeting.id)).map((v) => [v.author, v.action, v.target, v.status])).toEqual([
      ['mt', 'pretranslate', expect.any(String), 'draft'],
      [EMAIL, 'save', 'Hallo {{name}}', 'translated'],
      [EMAIL, 'confirm', 'Hallo, {{name}}', 'confirmed'],
    ]);
    expect((await versions(farewell.id)).map((v) => [v.author, v.action, v.target, v.status])).toEqual([
      ['mt', 'pretranslate', farewell.target, 'draft'],
      [EMAIL, 'confirm-all', farewell.target, 'confirmed'],
    ]);
  });

  it('pretranslation from the memory records a version by tm', async () => {
    const next = await createJob(p, {
      strings: { hi: 'Hello {{name}}' },
      fileName: 'locales/en/next.json',
      memoryId: job.memoryId,
    });
    const hi = await segmentOf('hi', next.documentId);
    expect(hi).toMatchObject({ origin: 'tm', target: 'Hallo, {{name}}' });
    expect(await versions(hi.id)).toMatchObject([
      { author: 'tm', action: 'pretranslate', target: 'Hallo, {{name}}', status: 'translated' },
    ]);
  });

  it('an import records an in-context match from the memory as a version by tm', async () => {
    const memory = (await (
      await p.call('/v2/memories', { method: 'POST', json: { name: 'keys', srclang: 'en', trglang: 'de' } })
    ).json()) as { id: number };
    const tmx = tmxOfPairs(
      [{ path: 'locales/de/keys.json', id: 'title', source: 'Welcome back', target: 'Willkommen zurück' }],
      { source: 'en', target: 'de' },
      new Date('2026-01-02T03:04:05Z'),
    );
    const imported = await p.call('/v2/memories/import', {
      method: 'POST',
      headers: {
        'SVC-API': JSON.stringify({ memory_id: memory.id, name: 'keys.tmx' }),
        'content-type': 'application/octet-stream',
      },
      body: tmx,
    });
    expect(imported.status).toBe(200);
    await p.idle();
    const keyed = await createJob(p, {
      strings: { title: 'Welcome back' },
      fileName: 'locales/en/keys.json',
      memoryId: memory.id,
      pretranslate: false,
    });
    const title = await segmentOf('title', keyed.documentId);
    expect(title).toMatchObject({ target: 'Willkommen zurück', status: 'confirmed', origin: 'tm' });
    expect(await versions(title.id)).toMatchObject([
      { author: 'tm', action: 'import', target: 'Willkommen zurück', status: 'confirmed' },
    ]);
    // The history page shows the memory's imported entry for the source too.
    const page = (await c.get(historyUrl(title.id, keyed.documentId))).html;
    expect(page).toContain('<strong>Translation memory</strong> imported');
    expect(page).toMatch(/Willkommen zurück<\/span>\s*<span class="muted">— imported, keys\.tmx, <time/);
  });

  it('pretranslation leaves a segment someone translated meanwhile as they wrote it, and records no version for it', async () => {
    const race = await createJob(p, {
      strings: { one: 'First line', two: 'Second line' },
      fileName: 'locales/en/race.json',
      pretranslate: false,
    });
    const one = await segmentOf('one', race.documentId);
    duringMt = async () => {
      await c.post(editUrl(one.id, race.documentId), { _csrf: csrf, target: 'Erste Zeile', action: 'save' });
    };
    const res = await p.call('/v2/documents/pretranslate', {
      method: 'POST',
      json: { id: [race.documentId], mode: 'TM+MT' },
    });
    expect(res.status).toBeLessThan(300);
    await p.idle();
    expect(duringMt).toBeUndefined();
    expect(await segmentOf('one', race.documentId)).toMatchObject({ target: 'Erste Zeile', origin: 'human' });
    expect((await versions(one.id)).map((v) => [v.author, v.target])).toEqual([[EMAIL, 'Erste Zeile']]);
    const two = await segmentOf('two', race.documentId);
    expect(two).toMatchObject({ target: '[de] Second line', origin: 'mt' });
    expect((await versions(two.id)).map((v) => [v.author, v.target])).toEqual([['mt', '[de] Second line']]);
  });

  it('an import records a version by import for each unit that arrives translated, none for the others', async () => {
    const po = await createJob(p, {
      fileName: 'locales/de/app.po',
      content: [
        'msgid ""',
        'msgstr ""',
        '"Content-Type: text/plain; charset=UTF-8\\n"',
        '',
        'msgid "Open"',
        'msgstr "Öffnen"',
        '',
        'msgid "Close"',
        'msgstr ""',
        '',
      ].join('\n'),
      pretranslate: false,
    });
    const open = await p.database.db
      .selectFrom('document_segments')
      .selectAll()
      .where('document_id', '=', po.documentId)
      .orderBy('position')
      .execute();
    expect(open.map((s) => [s.source, s.target, s.origin])).toEqual([
      ['Open', 'Öffnen', 'file'],
      ['Close', null, null],
    ]);
    expect(await versions(open[0]!.id)).toMatchObject([
      { author: 'import', action: 'import', target: 'Öffnen', status: 'translated' },
    ]);
    expect(await versions(open[1]!.id)).toEqual([]);
  });
});

describe('segment history: no writer forgets it', () => {
  const root = join(import.meta.dirname, '..', '..');
  const sources = readdirSync(join(root, 'server'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => ({
      file: relative(root, join(root, 'server', f)),
      text: readFileSync(join(root, 'server', f), 'utf8'),
    }));

  it('only the segments store writes document_segments rows', () => {
    const writing = sources.filter((s) => /(updateTable|insertInto)\(\s*['"]document_segments/.test(s.text));
    expect(writing.map((s) => s.file)).toEqual(['server/store/jobs/segments.ts']);
  });

  it('every file that writes segments through the store also records their versions', () => {
    const writers = sources.filter(
      (s) =>
        s.file !== 'server/store/jobs/segments.ts' &&
        /\b(updateSegment|updateSegmentAt|updateSegmentIfUnchanged|updateSegments|insertDocumentSegments|fillUntranslatedSegment)\(/.test(
          s.text,
        ),
    );
    expect(writers.map((s) => s.file).sort()).toEqual([
      'server/services/documents/pretranslate.ts',
      'server/services/workbench/replacements.ts',
      'server/services/workbench/segment-edit.ts',
      'server/work/handlers/document-import.ts',
    ]);
    for (const w of writers) expect(w.text, w.file).toMatch(/\brecordVersions\(/);
  });
});

describe('segment history: the panel, the page and restoring a version', () => {
  it('the editor shows each segment’s versions (who, what, when) and the memory’s entry for its source', async () => {
    const greeting = await segmentOf('greeting');
    const page = await c.get(`/workbench/documents/${job.documentId}`);
    expect(page.html).toContain(`<div id="history-${greeting.id}">`);
    expect(page.html).toContain('History (3 versions)');
    expect(page.html).toMatch(
      /<strong>Machine translation<\/strong> pretranslated · <time datetime="[^"]+">/,
    );
    expect(page.html).toContain(`<strong>${EMAIL}</strong> confirmed`);
    // The memory holds the confirmed text, by whom and from which file.
    expect(page.html).toMatch(
      new RegExp(
        `<span class="text" lang="de">Hallo, \\{\\{name\\}\\}</span>\\s*<span class="muted">— ${EMAIL}, locales/en/app.json, <time`,
      ),
    );
  });

  it('restores an earlier version through the editor’s rules: saved as translated, QA shown, recorded as a new version', async () => {
    const greeting = await segmentOf('greeting');
    const all = await versions(greeting.id);
    const mt = all[0]!;
    // The current text has no Restore button; the earlier ones do.
    const history = await c.get(historyUrl(greeting.id));
    expect(history.status).toBe(200);
    expect(history.html).toContain('Segment 1: history and comments');
    expect(history.html).toContain('current text');
    expect(history.html).toContain(`name="version" value="${mt.id}"`);
    expect(history.html).not.toContain(`name="version" value="${all[2]!.id}"`);

    const res = await c.post(`${editUrl(greeting.id)}/restore`, { _csrf: csrf, version: String(mt.id) });
    expect(res.status).toBe(303);
    expect(res.location).toBe(
      `/workbench/documents/${job.documentId}?focus=${greeting.id}&notice=restored#history-${greeting.id}`,
    );
    expect(await segmentOf('greeting')).toMatchObject({
      target: mt.target,
      status: 'translated',
      origin: 'human',
      updated_by: EMAIL,
    });
    const after = await versions(greeting.id);
    expect(after).toHaveLength(4);
    expect(after[3]).toMatchObject({
      author: EMAIL,
      action: 'restore',
      target: mt.target,
      status: 'translated',
    });
    const editor = await c.get(res.location!);
    expect(editor.html).toContain('Earlier version restored.');
    // The fake MT keeps the placeholder, so QA has nothing to say; the restored text is in the field.
    expect(editor.html).toContain(`id="t-${greeting.id}" name="target"`);
    expect(editor.html).toContain(`${mt.target}</textarea>`);
    expect(editor.html).toContain('restored an earlier version');

    // Placeholder QA runs on restored text as on typed text.
    await c.post(editUrl(greeting.id), { _csrf: csrf, target: 'Hallo zusammen', action: 'save' });
    const lost = (await versions(greeting.id)).at(-1)!;
    await c.post(editUrl(greeting.id), { _csrf: csrf, target: 'Hallo {{name}}', action: 'save' });
    const again = await c.post(`${editUrl(greeting.id)}/restore`, { _csrf: csrf, version: String(lost.id) });
    expect((await segmentOf('greeting')).target).toBe('Hallo zusammen');
    expect((await c.get(again.location!)).html).toContain('missing placeholder {{name}}');
  });

  it('a restore from the history page returns there', async () => {
    const greeting = await segmentOf('greeting');
    const confirmed = (await versions(greeting.id)).find((v) => v.action === 'confirm')!;
    const res = await c.post(`${editUrl(greeting.id)}/restore`, {
      _csrf: csrf,
      version: String(confirmed.id),
      back: 'history',
    });
    expect(res.location).toBe(`${historyUrl(greeting.id)}?notice=restored#history-${greeting.id}`);
    expect((await segmentOf('greeting')).target).toBe('Hallo, {{name}}');
    expect((await c.get(res.location!)).html).toContain('Earlier version restored.');

    // The editor's panel holds the newest five of the eight versions and links to all of them.
    expect(await versions(greeting.id)).toHaveLength(8);
    const editor = (await c.get(`/workbench/documents/${job.documentId}`)).html;
    const panel = editor.slice(editor.indexOf(`<div id="history-${greeting.id}">`));
    const list = panel.slice(0, panel.indexOf('</ol>'));
    expect(list.match(/<li>/g)).toHaveLength(5);
    expect(list).toContain('restored an earlier version');
    expect(editor).toContain('History (8 versions)');
    expect(panel).toMatch(/All 8 versions<span class="visually-hidden"> of segment 1<\/span>/);
    // The history page shows all eight.
    const page = (await c.get(historyUrl(greeting.id))).html;
    expect(page.slice(page.indexOf('<ol class="versions">')).split('</ol>')[0]!.match(/<li>/g)).toHaveLength(
      8,
    );
  });

  it('refuses a version of another segment, or one that does not exist, with 404 and changes nothing', async () => {
    const greeting = await segmentOf('greeting');
    const farewell = await segmentOf('farewell');
    const theirs = (await versions(farewell.id))[0]!;
    for (const version of [String(theirs.id), '999999', 'abc', '']) {
      const res = await c.post(`${editUrl(greeting.id)}/restore`, { _csrf: csrf, version });
      expect(res.status, version).toBe(404);
    }
    expect((await segmentOf('greeting')).target).toBe('Hallo, {{name}}');
    // CSRF applies to restoring like every POST.
    expect((await c.post(`${editUrl(greeting.id)}/restore`, { version: String(theirs.id) })).status).toBe(
      403,
    );
  });

  it('once the project is done, restoring is refused as locked and records nothing', async () => {
    const done = await createJob(p, {
      strings: { a: 'Alpha' },
      fileName: 'locales/en/done.json',
      template: 'Translate only',
    });
    const a = await segmentOf('a', done.documentId);
    await c.post(editUrl(a.id, done.documentId), { _csrf: csrf, target: 'Alpha!', action: 'confirm' });
    for (const stage of ['0', '1'])
      await c.post(`/workbench/projects/${done.projectId}/complete-stage`, { _csrf: csrf, stage });
    const before = await versions(a.id);
    const res = await c.post(`${editUrl(a.id, done.documentId)}/restore`, {
      _csrf: csrf,
      version: String(before[0]!.id),
    });
    expect(res.location).toContain('notice=locked');
    expect(await versions(a.id)).toEqual(before);
    expect((await segmentOf('a', done.documentId)).target).toBe('Alpha!');
    const page = await c.get(historyUrl(a.id, done.documentId));
    expect(page.html).toContain('versions can no longer be restored');
    expect(page.html).not.toContain('name="version"');
  });
});

describe('comments on segments', () => {
  const commentsUrl = (id: number) => `${editUrl(id)}/comments`;

  it('adds a comment as plain text, shows it with a marker in the editor row, and lists it on the job’s page', async () => {
    const save = await segmentOf('save');
    const res = await c.post(commentsUrl(save.id), {
      _csrf: csrf,
      body: '  Is this <b>“Save”</b> or\r\n“Apply”?  ',
    });
    expect(res.status).toBe(303);
    expect(res.location).toBe(
      `/workbench/documents/${job.documentId}?focus=${save.id}&notice=comment-added#comments-${save.id}`,
    );
    const stored = await p.database.db
      .selectFrom('segment_comments')
      .selectAll()
      .where('segment_id', '=', save.id)
      .execute();
    expect(stored).toMatchObject([
      { author: EMAIL, body: 'Is this <b>“Save”</b> or\n“Apply”?', resolved_at: null, job_id: job.jobId },
    ]);
    const editor = await c.get(res.location!);
    expect(editor.html).toContain('Comment added.');
    expect(editor.html).toContain('Is this &lt;b&gt;“Save”&lt;/b&gt; or\n“Apply”?');
    expect(editor.html).not.toContain('<b>“Save”');
    expect(editor.html).toContain('<span class="badge comment-marker">1 open comment</span>');
    // The focused segment's card shows its comments (a panel after the segment's form).
    expect(editor.html).toContain(
      `<h3 id="panel-comments-${save.id}">Comments (1 open of 1)<span class="visually-hidden"> of segment`,
    );
    const list = await c.get(`/workbench/jobs/${job.jobId}/comments`);
    expect(list.status).toBe(200);
    expect(list.html).toContain('Open (1)');
    expect(list.html).toContain('Resolved (0)');
    expect(list.html).toContain(
      `href="/workbench/documents/${job.documentId}?focus=${save.id}">locales/en/app.json (de), segment 3</a>`,
    );
    expect(list.html).toContain('Is this &lt;b&gt;');
  });

  it('refuses an empty or too long comment with a clear error and keeps the text', async () => {
    const save = await segmentOf('save');
    const empty = await c.post(commentsUrl(save.id), { _csrf: csrf, body: ' \r\n ' });
    expect(empty.status).toBe(400);
    expect(empty.html).toContain('The comment is empty');
    const long = `${'ü'.repeat(2000)}!`;
    const tooLong = await c.post(commentsUrl(save.id), { _csrf: csrf, body: long });
    expect(tooLong.status).toBe(400);
    expect(tooLong.html).toContain('The comment is too long: at most 2000 characters.');
    expect(tooLong.html).toContain(`aria-invalid="true" autofocus>${long}</textarea>`);
    const control = await c.post(commentsUrl(save.id), { _csrf: csrf, body: 'bell\u0007' });
    expect(control.status).toBe(400);
    expect(control.html).toContain('control characters');
    // Exactly 2000 characters (not UTF-16 units) is accepted.
    const astral = '😀'.repeat(2000);
    expect((await c.post(commentsUrl(save.id), { _csrf: csrf, body: astral, back: 'history' })).status).toBe(
      303,
    );
    const count = await p.database.db
      .selectFrom('segment_comments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('segment_id', '=', save.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(2);
  });

  it('resolves and reopens a comment; the job’s page filters by state with counts', async () => {
    const save = await segmentOf('save');
    const [first] = await p.database.db
      .selectFrom('segment_comments')
      .selectAll()
      .where('segment_id', '=', save.id)
      .orderBy('id')
      .execute();
    const resolved = await c.post(`/workbench/comments/${first!.id}/resolve`, {
      _csrf: csrf,
      back: 'job',
      state: 'open',
    });
    expect(resolved.location).toBe(
      `/workbench/jobs/${job.jobId}/comments?state=open&notice=comment-resolved`,
    );
    const row = await p.database.db
      .selectFrom('segment_comments')
      .selectAll()
      .where('id', '=', first!.id)
      .executeTakeFirstOrThrow();
    expect(row.resolved_by).toBe(EMAIL);
    expect(row.resolved_at).toEqual(expect.any(Number));
    const open = await c.get(resolved.location!);
    expect(open.html).toContain('Comment resolved.');
    expect(open.html).toContain('Open (1)');
    expect(open.html).toContain('Resolved (1)');
    expect(open.html).toContain('All (2)');
    expect(open.html).not.toContain('Is this &lt;b&gt;');
    const done = await c.get(`/workbench/jobs/${job.jobId}/comments?state=resolved`);
    expect(done.html).toContain('Is this &lt;b&gt;');
    expect(done.html).toContain(`action="/workbench/comments/${first!.id}/reopen"`);
    // Resolving twice keeps the first resolution.
    await c.post(`/workbench/comments/${first!.id}/resolve`, { _csrf: csrf });
    expect(
      (
        await p.database.db
          .selectFrom('segment_comments')
          .select('resolved_at')
          .where('id', '=', first!.id)
          .executeTakeFirstOrThrow()
      ).resolved_at,
    ).toBe(row.resolved_at);
    const reopened = await c.post(`/workbench/comments/${first!.id}/reopen`, { _csrf: csrf });
    expect(reopened.location).toBe(
      `/workbench/documents/${job.documentId}?focus=${save.id}&notice=comment-reopened#comments-${save.id}`,
    );
    const editor = await c.get(reopened.location!);
    expect(editor.html).toContain('2 open comments');
    expect((await c.get(`/workbench/jobs/${job.jobId}/comments?state=all`)).html).toContain('Open (2)');
    // Every comment POST needs the session's CSRF token.
    for (const path of [`/workbench/comments/${first!.id}/resolve`, commentsUrl(save.id)])
      expect((await c.post(path, { body: 'x' })).status).toBe(403);
  });

  it('the jobs overview links to each job’s comments', async () => {
    const page = await c.get('/workbench');
    expect(page.html).toContain(`href="/workbench/jobs/${job.jobId}/comments">Comments`);
  });
});

describe('tenant isolation of history and comments', () => {
  it('another organization’s session gets 404 on every new route and sees none of our comments', async () => {
    const save = await segmentOf('save');
    const [version] = await versions(save.id);
    const versionsBefore = (await versions(save.id)).length;
    const [comment] = await p.database.db
      .selectFrom('segment_comments')
      .selectAll()
      .where('segment_id', '=', save.id)
      .execute();
    const acme = await p.addOrganization('acme-history');
    const them = workbenchClient(p.url);
    await them.signIn(acme.key);
    const theirCsrf = csrfOf((await them.get('/workbench')).html);
    const attempts = [
      await them.get(historyUrl(save.id)),
      await them.get(`/workbench/jobs/${job.jobId}/comments`),
      await them.get(`/workbench/jobs/${job.jobId}/comments?state=all`),
      await them.post(`${editUrl(save.id)}/restore`, { _csrf: theirCsrf, version: String(version!.id) }),
      await them.post(`${editUrl(save.id)}/comments`, { _csrf: theirCsrf, body: 'sneaky' }),
      await them.post(`/workbench/comments/${comment!.id}/resolve`, { _csrf: theirCsrf }),
      await them.post(`/workbench/comments/${comment!.id}/reopen`, { _csrf: theirCsrf }),
    ];
    for (const res of attempts) {
      expect(res.status).toBe(404);
      expect(res.html).not.toContain('Is this');
      expect(res.html).not.toContain('Release 2.0');
    }
    // Exactly the page of a segment or job that does not exist (but for the per-response nonce).
    const strip = (html: string) => html.replace(/nonce="[^"]+"/g, '');
    expect(strip(attempts[0]!.html)).toBe(strip((await them.get(historyUrl(999999, 999999))).html));
    expect(strip(attempts[1]!.html)).toBe(strip((await them.get('/workbench/jobs/999999/comments')).html));
    // Their own job lists only their comments, and ours are untouched.
    const theirs = await createJob(p, {
      key: acme.key,
      strings: { s: 'Secret' },
      fileName: 'locales/en/acme.json',
    });
    const list = await them.get(`/workbench/jobs/${theirs.jobId}/comments?state=all`);
    expect(list.status).toBe(200);
    expect(list.html).toContain('All (0)');
    expect(list.html).not.toContain('Is this');
    const ours = await p.database.db
      .selectFrom('segment_comments')
      .selectAll()
      .where('id', '=', comment!.id)
      .executeTakeFirstOrThrow();
    expect(ours.resolved_at).toBeNull();
    expect(await versions(save.id)).toHaveLength(versionsBefore);
    expect(
      await p.database.db.selectFrom('segment_comments').select('id').where('body', '=', 'sneaky').execute(),
    ).toEqual([]);
    // And our session cannot reach theirs either.
    expect((await c.get(`/workbench/jobs/${theirs.jobId}/comments`)).status).toBe(404);
  });

  it('answers malformed ids with the 404 page', async () => {
    for (const path of [
      '/workbench/jobs/abc/comments',
      '/workbench/jobs/0/comments',
      `/workbench/documents/${job.documentId}/segments/x/history`,
    ])
      expect((await c.get(path)).status, path).toBe(404);
    expect((await c.post('/workbench/comments/1e3/resolve', { _csrf: csrf })).status).toBe(404);
  });
});
