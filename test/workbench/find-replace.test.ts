/**
 * Find and replace in the workbench: filters with counts, plain and regex search (invalid and
 * runaway patterns refused), a job-wide search, the replace preview with placeholder QA, an atomic
 * apply that skips segments changed since the preview, one undo per replace, and tenant isolation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatform, type TestPlatform } from '../support/platform.ts';
import { csrfOf, type WorkbenchClient, workbenchClient } from './client.ts';
import { createJob, type JobFixture } from './fixture.ts';

let p: TestPlatform;
let job: JobFixture;
let c: WorkbenchClient;
let csrf: string;

/** Nested JSON, so the unit ids read `checkout.title` (flat keys with dots are escaped). */
const CONTENT = JSON.stringify({
  checkout: { title: 'Checkout', pay: 'Pay {{amount}} now', cancel: 'Cancel the order' },
  cart: {
    title: 'Your cart',
    empty: 'Your cart is empty',
    items_one: '{{count}} item in your cart',
    items_other: '{{count}} items in your cart',
  },
  profile: { name: 'Name' },
});
/** The German targets (and statuses, TM scores) the tests start from. */
const TARGETS: Record<
  string,
  { target?: string; plural?: Record<string, string>; status: string; score: number }
> = {
  'checkout.title': { target: 'Kasse', status: 'confirmed', score: 100 },
  'checkout.pay': { target: 'Jetzt {{amount}} zahlen', status: 'translated', score: 96 },
  'checkout.cancel': { target: 'Bestellung stornieren', status: 'draft', score: 88 },
  'cart.title': { target: 'Ihr Warenkorb', status: 'translated', score: 80 },
  'cart.empty': { target: 'Ihr Warenkorb ist leer', status: 'reviewed', score: 0 },
  'cart.items': {
    plural: { one: '{{count}} Artikel im Warenkorb', other: '{{count}} Artikel im Warenkorb' },
    status: 'translated',
    score: 0,
  },
  'profile.name': { status: 'new', score: 0 },
};

const db = () => p.database.db;
async function segmentsOf(documentId = job.documentId) {
  return db()
    .selectFrom('document_segments')
    .selectAll()
    .where('document_id', '=', documentId)
    .orderBy('position')
    .execute();
}
async function segmentOf(unitId: string, documentId = job.documentId) {
  const found = (await segmentsOf(documentId)).find((s) => s.unit_id === unitId);
  if (!found) throw new Error(`no segment ${unitId}`);
  return found;
}
async function resetTargets(documentId = job.documentId) {
  for (const [unitId, t] of Object.entries(TARGETS)) {
    await db()
      .updateTable('document_segments')
      .set({
        target: t.target ?? null,
        target_plural: t.plural ? JSON.stringify(t.plural) : null,
        status: t.status as 'new',
        match_score: t.score,
        origin: 'tm',
        updated_by: null,
        updated_at: 1_000,
      })
      .where('document_id', '=', documentId)
      .where('unit_id', '=', unitId)
      .execute();
  }
}
const findUrl = (query: string, documentId = job.documentId) =>
  `/workbench/documents/${documentId}/find?${query}`;
const previewUrl = (query: string, documentId = job.documentId) =>
  `/workbench/documents/${documentId}/replace?${query}`;

/** The fields the preview page's form would post, with every box as the page ticks it. */
function previewForm(html: string): Record<string, string | string[]> {
  const form = /<form method="post" action="[^"]*\/replace">([\s\S]*?)<\/form>/.exec(html)?.[1];
  if (!form) throw new Error('no apply form on the page');
  const fields: Record<string, string | string[]> = {};
  const add = (name: string, value: string) => {
    const decoded = value
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
    const existing = fields[name];
    if (existing === undefined) fields[name] = decoded;
    else fields[name] = [...(Array.isArray(existing) ? existing : [existing]), decoded];
  };
  for (const m of form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) add(m[1]!, m[2]!);
  for (const m of form.matchAll(/<input type="checkbox" name="apply" value="(\d+)"[^>]*?( checked)?>/g))
    if (m[2]) add('apply', m[1]!);
  return fields;
}
async function postForm(path: string, fields: Record<string, string | string[]>) {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const x of Array.isArray(v) ? v : [v]) body.append(k, x);
  const headers = new Headers({ 'content-type': 'application/x-www-form-urlencoded' });
  headers.set('cookie', [...c.jar].map(([k, v]) => `${k}=${v}`).join('; '));
  const res = await fetch(p.url + path, {
    method: 'POST',
    headers,
    body: body.toString(),
    redirect: 'manual',
  });
  return { status: res.status, location: res.headers.get('location'), html: await res.text() };
}

beforeAll(async () => {
  p = await startPlatform();
  job = await createJob(p, { content: CONTENT, moreTargets: ['fr'], pretranslate: false });
  await resetTargets();
  c = workbenchClient(p.url);
  await c.signIn(p.key);
  csrf = csrfOf((await c.get('/workbench')).html);
});
afterAll(async () => {
  await p.close();
});

describe('find', () => {
  it('the editor links to find and replace', async () => {
    const page = await c.get(`/workbench/documents/${job.documentId}`);
    expect(page.html).toContain(`href="/workbench/documents/${job.documentId}/find"`);
  });

  it('lists every segment with counts per status, QA and TM band when nothing is filtered', async () => {
    const page = await c.get(findUrl(''));
    expect(page.status).toBe(200);
    expect(page.html).toContain('<strong>7</strong> of 7 segments match');
    expect(page.html).toContain(
      'Status: New 1 · Draft 1 · Translated 3 · Confirmed 1 · Reviewed 1. QA: No issues 7. TM: Exact (100–101 %) 1 · Fuzzy 95–99 % 1 · Fuzzy 85–94 % 1 · Fuzzy 75–84 % 1 · No match (under 75 %) 3.',
    );
  });

  it('filters by status, and counts each filter with the others applied (faceted)', async () => {
    const page = await c.get(findUrl('status=translated&band=75'));
    expect(page.html).toContain('<strong>1</strong> of 7 segments match');
    expect(page.html).toContain('>cart.title</a>');
    expect(page.html).not.toContain('>checkout.pay</a>');
    // Status counts ignore the status filter but respect the band: only cart.title is 75–84 %.
    expect(page.html).toContain('Status: Translated 1.');
    // Band counts ignore the band filter but respect the status: the three translated segments' bands.
    expect(page.html).toContain('TM: Fuzzy 95–99 % 1 · Fuzzy 75–84 % 1 · No match (under 75 %) 1.');
    expect(page.html).toMatch(
      /name="status" value="translated" checked> Translated <span class="muted">1<\/span>/,
    );
  });

  it('finds plain text case-insensitively by default, and only in the chosen scope', async () => {
    const both = await c.get(findUrl('q=CART'));
    expect(both.html).toContain('<strong>3</strong> of 7 segments match');
    expect(both.html).toContain('Your <mark>cart</mark> is empty');
    const exact = await c.get(findUrl('q=CART&case=1'));
    expect(exact.html).toContain('<strong>0</strong> of 7');
    const target = await c.get(findUrl('q=warenkorb&in=target'));
    expect(target.html).toContain('<strong>3</strong> of 7');
    expect(target.html).toContain('Ihr <mark>Warenkorb</mark> ist leer');
    // Plural targets are searched in every form.
    expect(target.html).toContain('>cart.items</a>');
    const source = await c.get(findUrl('q=warenkorb&in=source'));
    expect(source.html).toContain('<strong>0</strong> of 7');
  });

  it('finds by regular expression, and escapes what it highlights', async () => {
    const page = await c.get(findUrl(`q=${encodeURIComponent('\\{\\{(\\w+)\\}\\}')}&mode=regex&in=target`));
    expect(page.html).toContain('<strong>2</strong> of 7');
    expect(page.html).toContain('Jetzt <mark>{{amount}}</mark> zahlen');
  });

  it('refuses an invalid regular expression with a message naming the problem', async () => {
    const page = await c.get(findUrl(`q=${encodeURIComponent('(unclosed')}&mode=regex`));
    expect(page.status).toBe(422);
    expect(page.html).toContain('“(unclosed” is not a valid regular expression');
    expect(page.html).toContain('aria-invalid="true"');
  });

  it('stops a catastrophically backtracking regular expression within its time budget', async () => {
    const long = await segmentOf('profile.name');
    await db()
      .updateTable('document_segments')
      .set({ target: `${'a'.repeat(40)}!` })
      .where('id', '=', long.id)
      .execute();
    try {
      const started = Date.now();
      const page = await c.get(findUrl(`q=${encodeURIComponent('^(a+)+$')}&mode=regex`));
      expect(page.status).toBe(422);
      expect(page.html).toContain('was stopped: it backtracks too much');
      expect(Date.now() - started).toBeLessThan(5_000);
      // The server still answers.
      expect((await c.get(findUrl('q=cart'))).status).toBe(200);
    } finally {
      await resetTargets();
    }
  });

  it('filters by key: substring, or a glob with * and ?', async () => {
    const substring = await c.get(findUrl('key=title'));
    expect(substring.html).toContain('<strong>2</strong> of 7');
    const glob = await c.get(findUrl(`key=${encodeURIComponent('checkout.*')}`));
    expect(glob.html).toContain('<strong>3</strong> of 7');
    const one = await c.get(findUrl(`key=${encodeURIComponent('*.t?tle')}`));
    expect(one.html).toContain('<strong>2</strong> of 7');
    expect(one.html).toContain('>checkout.title</a>');
    expect(one.html).toContain('>cart.title</a>');
    expect((await c.get(findUrl(`key=${encodeURIComponent('cart.????')}`))).html).toContain(
      '<strong>0</strong> of 7',
    );
  });

  it('filters by placeholder QA issues (the QA check’s rule set)', async () => {
    const pay = await segmentOf('checkout.pay');
    await db()
      .updateTable('document_segments')
      .set({ target: 'Jetzt zahlen' })
      .where('id', '=', pay.id)
      .execute();
    try {
      const page = await c.get(findUrl('qa=issues'));
      expect(page.html).toContain('<strong>1</strong> of 7');
      expect(page.html).toContain('missing placeholder {{amount}}');
      expect(page.html).toContain('QA: Placeholder issues 1 · No issues 6.');
    } finally {
      await resetTargets();
    }
  });

  it('refuses a value no form offers with a clear message', async () => {
    const page = await c.get(findUrl('status=approved'));
    expect(page.status).toBe(400);
    expect(page.html).toContain('Unknown status “approved”');
  });

  it('links each result to its segment in the editor', async () => {
    const cancel = await segmentOf('checkout.cancel');
    const page = await c.get(findUrl('key=checkout.cancel'));
    expect(page.html).toContain(`href="/workbench/documents/${job.documentId}?focus=${cancel.id}"`);
  });

  it('searches a whole job: matches listed per document (one per target language)', async () => {
    const fr = job.more[0]!;
    await db()
      .updateTable('document_segments')
      .set({ target: 'Votre panier', status: 'translated' })
      .where('document_id', '=', fr.documentId)
      .where('unit_id', '=', 'cart.title')
      .execute();
    const page = await c.get(
      `/workbench/jobs/${job.jobId}/find?q=${encodeURIComponent('ihr|votre')}&mode=regex&in=target`,
    );
    expect(page.status).toBe(200);
    expect(page.html).toContain('<strong>3</strong> of 14 segments match');
    expect(page.html).toContain('(en → de) · 2 matches');
    expect(page.html).toContain('(en → fr) · 1 match');
    expect(page.html).toContain('<mark>Votre</mark> panier');
    // A document still importing is not searched, and the page says so.
    await db()
      .updateTable('documents')
      .set({ import_in_progress: 1 })
      .where('id', '=', fr.documentId)
      .execute();
    try {
      const partial = await c.get(`/workbench/jobs/${job.jobId}/find?q=votre`);
      expect(partial.html).toContain('Not searched: locales/en/app.json (still importing).');
      expect(partial.html).toContain('of 7 segments match');
    } finally {
      await db()
        .updateTable('documents')
        .set({ import_in_progress: 0 })
        .where('id', '=', fr.documentId)
        .execute();
    }
    expect(page.html).toContain(
      `href="/workbench/documents/${fr.documentId}/find?q=ihr%7Cvotre&amp;in=target&amp;mode=regex"`,
    );
  });
});

describe('replace', () => {
  it('previews each change with before and after highlighted, and its status change', async () => {
    await resetTargets();
    const page = await c.get(previewUrl('q=Warenkorb&in=target&with=Einkaufswagen'));
    expect(page.status).toBe(200);
    expect(page.html).toContain('<strong>3</strong> segments would change');
    expect(page.html).toContain('Ihr <del>Warenkorb</del> ist leer');
    expect(page.html).toContain('Ihr <ins>Einkaufswagen</ins> ist leer');
    // Nothing changed yet.
    expect((await segmentOf('cart.empty')).target).toBe('Ihr Warenkorb ist leer');
  });

  it('refuses to replace in the source, and an empty search', async () => {
    const source = await c.get(previewUrl('q=cart&in=source&with=x'));
    expect(source.status).toBe(422);
    expect(source.html).toContain('Replace changes translations, never the source');
    const empty = await c.get(previewUrl('q=&with=x'));
    expect(empty.status).toBe(422);
    expect(empty.html).toContain('Type the text to replace');
  });

  it('applies in one go: every plural form, status as the editor saves it, one undo record', async () => {
    await resetTargets();
    const preview = await c.get(previewUrl('q=Warenkorb&in=target&with=Einkaufswagen'));
    const res = await postForm(`/workbench/documents/${job.documentId}/replace`, previewForm(preview.html));
    expect(res.status).toBe(303);
    expect(res.location).toMatch(/\/replacements\/\d+\?notice=applied&n=3&k=0$/);
    expect(await segmentOf('cart.empty')).toMatchObject({
      target: 'Ihr Einkaufswagen ist leer',
      status: 'translated',
      origin: 'human',
      updated_by: 'admin@localhost',
    });
    expect(JSON.parse((await segmentOf('cart.items')).target_plural!)).toEqual({
      one: '{{count}} Artikel im Einkaufswagen',
      other: '{{count}} Artikel im Einkaufswagen',
    });
    const records = await db().selectFrom('workbench_replacements').selectAll().execute();
    expect(records.at(-1)).toMatchObject({
      segment_count: 3,
      pattern: 'Warenkorb',
      replacement: 'Einkaufswagen',
    });
    const result = await c.get(res.location!);
    expect(result.html).toContain('Replaced in 3 segments.');
    expect(result.html).toContain('Undo replace');
  });

  it('undo restores every segment’s previous target, status, origin, editor and time exactly', async () => {
    await resetTargets();
    // Everything but the revision, which every write raises (two writes: the replace and its undo).
    const unrevised = async () => (await segmentsOf()).map(({ revision: _, ...row }) => row);
    const before = await unrevised();
    const preview = await c.get(
      previewUrl('q=Warenkorb&in=target&with=Korb&status=translated&status=reviewed'),
    );
    const applied = await postForm(
      `/workbench/documents/${job.documentId}/replace`,
      previewForm(preview.html),
    );
    const page = applied.location!.split('?')[0]!;
    expect((await segmentOf('cart.empty')).status).toBe('translated');
    const undo = await postForm(`${page}/undo`, { _csrf: csrf });
    expect(undo.status).toBe(303);
    expect(undo.location).toBe(`${page}?notice=undone&n=3&k=0`);
    expect(await unrevised()).toEqual(before);
    expect((await c.get(undo.location!)).html).toContain('Replace undone: 3 segments restored.');
    const again = await postForm(`${page}/undo`, { _csrf: csrf });
    expect(again.location).toBe(`${page}?notice=already-undone`);
  });

  it('skips, and reports, a segment someone changed after the preview; undo leaves a later edit alone', async () => {
    await resetTargets();
    const preview = await c.get(previewUrl('q=Warenkorb&in=target&with=Korb'));
    const empty = await segmentOf('cart.empty');
    // A colleague saves the segment in the editor between preview and apply.
    await c.post(`/workbench/documents/${job.documentId}/segments/${empty.id}`, {
      _csrf: csrf,
      target: 'Der Warenkorb ist leer',
      action: 'save',
    });
    const applied = await postForm(
      `/workbench/documents/${job.documentId}/replace`,
      previewForm(preview.html),
    );
    expect(applied.location).toMatch(/notice=applied&n=2&k=1$/);
    expect((await segmentOf('cart.empty')).target).toBe('Der Warenkorb ist leer');
    expect((await segmentOf('cart.title')).target).toBe('Ihr Korb');
    const result = await c.get(applied.location!);
    expect(result.html).toContain('cart.empty</a>: changed by someone after the preview');
    // Someone edits a replaced segment; undo restores the others and leaves theirs.
    const title = await segmentOf('cart.title');
    await c.post(`/workbench/documents/${job.documentId}/segments/${title.id}`, {
      _csrf: csrf,
      target: 'Mein Korb',
      action: 'save',
    });
    const undo = await postForm(`${applied.location!.split('?')[0]}/undo`, { _csrf: csrf });
    expect(undo.location).toMatch(/notice=undone&n=1&k=1$/);
    expect((await segmentOf('cart.title')).target).toBe('Mein Korb');
    expect(JSON.parse((await segmentOf('cart.items')).target_plural!).other).toBe(
      '{{count}} Artikel im Warenkorb',
    );
  });

  it('regex mode expands $1 groups; a result that breaks a placeholder is flagged and left unticked', async () => {
    await resetTargets();
    const query = `q=${encodeURIComponent('\\{\\{(\\w+)\\}\\}')}&mode=regex&in=target&with=${encodeURIComponent('{$1}')}`;
    const preview = await c.get(previewUrl(query));
    expect(preview.html).toContain('Jetzt <ins>{amount}</ins> zahlen');
    expect(preview.html).toContain('would break a placeholder and are not ticked');
    expect(preview.html).toContain('Breaks a placeholder: not ticked.');
    const fields = previewForm(preview.html);
    expect(fields.apply).toBeUndefined();
    const none = await postForm(`/workbench/documents/${job.documentId}/replace`, fields);
    expect(none.status).toBe(422);
    expect(none.html).toContain('No segment was ticked');
    // Ticking one anyway is the person's call.
    const pay = await segmentOf('checkout.pay');
    const forced = await postForm(`/workbench/documents/${job.documentId}/replace`, {
      ...fields,
      apply: String(pay.id),
    });
    expect(forced.location).toMatch(/notice=applied&n=1&k=0$/);
    expect((await segmentOf('checkout.pay')).target).toBe('Jetzt {amount} zahlen');
    const harmless = await c.get(
      previewUrl(
        `q=${encodeURIComponent('(\\w+) (\\w+)')}&mode=regex&in=target&with=${encodeURIComponent('$2 $1')}&key=checkout.cancel`,
      ),
    );
    expect(harmless.html).toContain('<ins>stornieren Bestellung</ins>');
    expect(harmless.html).toMatch(/name="apply" value="\d+" id="apply-\d+" checked/);
  });

  it('accepts an apply form with thousands of ticks (one per change), and reports segments that are gone', async () => {
    const ids = Array.from({ length: 1500 }, (_, i) => String(900_000 + i));
    const res = await postForm(`/workbench/documents/${job.documentId}/replace`, {
      _csrf: csrf,
      q: 'Warenkorb',
      in: 'target',
      mode: 'plain',
      with: 'Korb',
      versions: ids.map((id) => `${id}:AAAAAAAAAAAAAAAA`).join(' '),
      apply: ids,
    });
    expect(res.status).toBe(303);
    expect(res.location).toMatch(/notice=applied&n=0&k=1500$/);
    expect((await c.get(res.location!)).html).toContain('segment 900000: no longer in the document');
  });

  it('a done or delivered document refuses to replace or undo', async () => {
    await resetTargets();
    const preview = await c.get(previewUrl('q=Kasse&in=target&with=Bezahlen'));
    const fields = previewForm(preview.html);
    const applied = await postForm(`/workbench/documents/${job.documentId}/replace`, fields);
    expect((await segmentOf('checkout.title')).target).toBe('Bezahlen');
    await db().updateTable('jobs').set({ status: 'delivered' }).where('id', '=', job.jobId).execute();
    try {
      const locked = await c.get(previewUrl('q=Bezahlen&in=target&with=Kasse'));
      expect(locked.html).toContain('the document is read-only');
      expect(locked.html).toMatch(/<button class="primary" type="submit" disabled>Apply replace/);
      const refused = await postForm(`/workbench/documents/${job.documentId}/replace`, fields);
      expect(refused.location).toContain('notice=locked');
      const undo = await postForm(`${applied.location!.split('?')[0]}/undo`, { _csrf: csrf });
      expect(undo.location).toContain('notice=locked');
      expect((await segmentOf('checkout.title')).target).toBe('Bezahlen');
    } finally {
      await db().updateTable('jobs').set({ status: 'active' }).where('id', '=', job.jobId).execute();
    }
  });

  it('refuses an apply or an undo without the session’s CSRF token, and changes nothing', async () => {
    await resetTargets();
    const before = await segmentsOf();
    const preview = await c.get(previewUrl('q=Warenkorb&in=target&with=Korb'));
    const res = await postForm(`/workbench/documents/${job.documentId}/replace`, {
      ...previewForm(preview.html),
      _csrf: 'forged',
    });
    expect(res.status).toBe(403);
    expect(await segmentsOf()).toEqual(before);
    const applied = await postForm(
      `/workbench/documents/${job.documentId}/replace`,
      previewForm(preview.html),
    );
    const after = await segmentsOf();
    const undo = await postForm(`${applied.location!.split('?')[0]}/undo`, { _csrf: 'forged' });
    expect(undo.status).toBe(403);
    expect(await segmentsOf()).toEqual(after);
  });
});

describe('tenant isolation', () => {
  it('another organization’s session sees 404 on every find and replace page, exactly like a missing one', async () => {
    await resetTargets();
    const preview = await c.get(previewUrl('q=Warenkorb&in=target&with=Korb'));
    const fields = previewForm(preview.html);
    const applied = await postForm(`/workbench/documents/${job.documentId}/replace`, fields);
    const replacement = applied.location!.split('?')[0]!;
    const acme = await p.addOrganization('acme-find');
    const other = workbenchClient(p.url);
    await other.signIn(acme.key);
    const otherCsrf = csrfOf((await other.get('/workbench')).html);
    const doc = job.documentId;
    const responses = [
      await other.get(findUrl('q=Warenkorb')),
      await other.get(`/workbench/jobs/${job.jobId}/find?q=Warenkorb`),
      await other.get(previewUrl('q=Warenkorb&in=target&with=Korb')),
      await other.get(replacement),
      await other.post(`/workbench/documents/${doc}/replace`, {
        ...(fields as Record<string, string>),
        _csrf: otherCsrf,
      }),
      await other.post(`${replacement}/undo`, { _csrf: otherCsrf }),
    ];
    for (const res of responses) {
      expect(res.status).toBe(404);
      expect(res.html).not.toContain('Warenkorb');
    }
    const strip = (html: string) => html.replace(/nonce="[^"]+"/g, '');
    expect(strip(responses[0]!.html)).toBe(strip((await other.get(findUrl('', 999999))).html));
    expect((await segmentOf('cart.title')).target).toBe('Ihr Korb');
  });
});
