import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTmIndex, type TmSegment } from '../../server/engine/tm/index.ts';
import { lowerSameLength } from '../../server/engine/tm/normalize.ts';
import { buildGlossary, missingTerms } from '../../server/services/workbench/glossary.ts';
import { escapeHtml } from '../../server/workbench/html.ts';
import { highlightTerms } from '../../server/workbench/pages/glossary.ts';
import type { Unit } from '../../src/formats/model.ts';
import { formatByName } from '../../src/formats/registry.ts';
import { checkUnit } from '../../src/qa/check-unit.ts';
import { readTermsCsv } from '../../src/qa/terms.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';
import { csrfOf, workbenchClient } from './client.ts';
import { createJob, type JobFixture } from './fixture.ts';

const TERMS = [
  { source: 'shopping cart', target: 'Warenkorb', notes: 'never “Einkaufswagen”' },
  { source: 'cart', target: 'Korb', notes: null },
  { source: 'category', target: 'Kategorie', notes: null },
  { source: 'box', target: 'Feld', notes: null },
  { source: 'sign in', target: 'anmelden', notes: null },
  { source: 'Sign in', target: 'einloggen', notes: null },
];
const en = { sourceLang: 'en', targetLang: 'de' };
const found = (text: string, lang = en) =>
  buildGlossary(TERMS, lang)
    .find(text)
    .map((h) => `${h.text}=${h.term.targets.join('|')}`);

describe('glossary matching', () => {
  it('finds terms in any case, as whole words, the longer term first where two start together', () => {
    expect(found('Your Shopping Cart is empty')).toEqual(['Shopping Cart=Warenkorb']);
    expect(found('The cart, the CART and the cartridge')).toEqual(['cart=Korb', 'CART=Korb']);
    expect(found('Cart')).toEqual(['Cart=Korb']);
    // Rows with one source in two cases are one concept with both translations.
    expect(found('Sign in first')).toEqual(['Sign in=anmelden|einloggen']);
  });

  it('tolerates English plurals and possessives on the last word (-s, -es, y → ies, ’s)', () => {
    expect(found('Two carts, three boxes, all categories')).toEqual([
      'carts=Korb',
      'boxes=Feld',
      'categories=Kategorie',
    ]);
    expect(found('The shopping carts’ contents and the cart’s price')).toEqual([
      'shopping carts’=Warenkorb',
      'cart’s=Korb',
    ]);
    expect(found('Categorys and boxs are not words; carting is another word')).toEqual([]);
    // Glued to markup or punctuation: still words.
    expect(found('<b>Carts</b>/(boxes)')).toEqual(['Carts=Korb', 'boxes=Feld']);
  });

  it('does not inflect terms of other source languages', () => {
    const fr = { sourceLang: 'fr', targetLang: 'de' };
    expect(found('carts and cart', fr)).toEqual(['cart=Korb']);
  });

  it('marks terms as escaped text: a term or translation holding markup stays text', () => {
    const glossary = buildGlossary(
      [{ source: 'alert', target: '"><script>x()</script>', notes: '<img src=x onerror=y()>' }],
      en,
    );
    const text = 'An <b>alert</b> & alerts';
    const marked = highlightTerms(text, glossary.find(text), 7).text;
    expect(marked).toBe(
      'An &lt;b&gt;<mark class="term" tabindex="0" data-tip="alert → &quot;&gt;&lt;script&gt;x()&lt;/script&gt; (&lt;img src=x onerror=y()&gt;)" aria-describedby="term-7-1">alert</mark>&lt;/b&gt; &amp; <mark class="term" tabindex="0" data-tip="alert → &quot;&gt;&lt;script&gt;x()&lt;/script&gt; (&lt;img src=x onerror=y()&gt;)" aria-describedby="term-7-1">alerts</mark>',
    );
    // In a compact row (no panel to describe it): the translation as the title.
    expect(highlightTerms('alerts', glossary.find('alerts')).text).toBe(
      '<mark class="term" title="alert → &quot;&gt;&lt;script&gt;x()&lt;/script&gt; (&lt;img src=x onerror=y()&gt;)">alerts</mark>',
    );
  });

  it('warns about an approved term the translation lacks, through the QA term rule', () => {
    const glossary = buildGlossary(TERMS, en);
    const source = 'Add three boxes to your shopping cart';
    const hits = glossary.find(source);
    expect(missingTerms(glossary, hits, source, 'Drei Felder zum Warenkorb hinzufügen')).toEqual([]);
    expect(missingTerms(glossary, hits, source, 'Drei Kästchen zum Warenkorb hinzufügen')).toEqual([
      { rule: 'term', severity: 'warning', message: 'term "box" should be translated as "Feld"' },
    ]);
    // Nothing to warn about before there is a translation.
    expect(missingTerms(glossary, hits, source, '')).toEqual([]);
  });

  it('the registry’s term rule (`svc-connector qa --terms`) matches plurals the same way', () => {
    const entries = readTermsCsv('en,de\ncart,Warenkorb\n', 'terms.csv');
    const unit = (source: string): Unit => ({
      id: 'k',
      source,
      notes: [],
      flags: [],
      translatable: true,
      location: { line: 1, column: 1, offset: 0, length: 0 },
    });
    const check = (source: string, target: string) =>
      checkUnit(unit(source), unit(target), {
        format: formatByName('json')!,
        sourceLang: 'en',
        lang: 'de',
        terms: entries,
      }).map((i) => i.message);
    expect(check('Empty your carts', 'Leeren Sie Ihre Körbe')).toEqual([
      'term "cart" should be translated as "Warenkorb"',
    ]);
    expect(check('Empty your carts', 'Leeren Sie Ihre Warenkörbe')).toEqual([
      'term "cart" should be translated as "Warenkorb"',
    ]);
    expect(check('Empty your carts', 'Leeren Sie Ihre Warenkorbe')).toEqual([]);
  });
});

describe('concordance in the TM index', () => {
  /** Every segment holding the fragment in any case, newest first: the definition. */
  const scan = (segments: TmSegment[], fragment: string, field: 'source' | 'target') =>
    segments
      .filter((s) => lowerSameLength(s[field]).includes(lowerSameLength(fragment)))
      .map((s) => s.id)
      .sort((a, b) => b - a);

  it('finds a fragment anywhere — inside words, across tokens, inside placeholders and tags — as a scan would', () => {
    const words = ['cart', 'Order', 'shipping', 'the', 'user', 'name', 'sign', 'in', 'box', 'é'];
    const pieces = [...words, '{name}', '{{count}}', '%s', '<b>', '</b>', '3', '1,000', '  ', '\t'];
    let seed = 42;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const sentence = () =>
      Array.from({ length: 2 + Math.floor(random() * 8) }, () => pieces[Math.floor(random() * pieces.length)])
        .join(random() < 0.7 ? ' ' : '')
        .trim() || 'x';
    const segments: TmSegment[] = Array.from({ length: 3000 }, (_, i) => ({
      id: i + 1,
      source: sentence(),
      target: sentence().toUpperCase(),
    }));
    const index = createTmIndex();
    index.addMany(segments);
    // Removed and replaced segments are not found any more.
    for (let id = 1; id <= 3000; id += 97) index.remove(id);
    const live = segments.filter((s) => index.has(s.id));
    const fragments = [
      'cart',
      'CART ship',
      'ame}',
      'name',
      's cart',
      '3 box',
      'unt}} or',
      'b>user',
      'er sig',
      'é',
      'rder',
      '1,000 th',
      'the  user',
      'zzz',
    ];
    for (let i = 0; i < 40; i++) {
      const s = live[Math.floor(random() * live.length)]!.source;
      const at = Math.floor(random() * s.length);
      fragments.push(s.slice(at, at + 2 + Math.floor(random() * 10)));
    }
    for (const fragment of fragments) {
      for (const field of ['source', 'target'] as const) {
        const expected = scan(live, fragment, field);
        const result = index.containing(fragment, { field, limit: 10_000 });
        expect({ fragment, field, ids: result.hits.map((h) => h.id) }).toEqual({
          fragment,
          field,
          ids: expected,
        });
        expect(result.total).toBe(expected.length);
      }
    }
    expect(index.containing('cart', {}).via).toBe('index');
  });

  it('orders newest or shortest first, and pages', () => {
    const index = createTmIndex();
    index.addMany([
      { id: 1, source: 'Add to cart now', target: 'a' },
      { id: 2, source: 'cart', target: 'b' },
      { id: 3, source: 'Your cart is empty', target: 'c' },
      { id: 4, source: 'Nothing here', target: 'd' },
    ]);
    const ids = (r: { hits: { id: number }[] }) => r.hits.map((h) => h.id);
    expect(ids(index.containing('CART'))).toEqual([3, 2, 1]);
    expect(ids(index.containing('cart', { order: 'shortest' }))).toEqual([2, 1, 3]);
    const page = index.containing('cart', { limit: 2, offset: 2 });
    expect({ total: page.total, ids: ids(page) }).toEqual({ total: 3, ids: [1] });
  });
});

const TMX = (units: [string, string][]) => `<?xml version="1.0" encoding="UTF-8"?>
<tmx version="1.4"><header srclang="en" segtype="sentence" adminlang="en" datatype="plaintext" o-tmf="x" creationtool="x" creationtoolversion="1"/><body>
${units.map(([s, t]) => `<tu><tuv xml:lang="en"><seg>${s}</seg></tuv><tuv xml:lang="de"><seg>${t}</seg></tuv></tu>`).join('\n')}
</body></tmx>`;

let p: TestPlatform;
let job: JobFixture;
let memoryId: number;

async function importInto(memory: number, name: string, content: string, headerRow?: boolean) {
  const res = await p.call('/v2/memories/import', {
    method: 'POST',
    headers: {
      'svc-api': JSON.stringify({
        memory_id: memory,
        name,
        ...(headerRow === undefined ? {} : { has_header_row: headerRow }),
      }),
      'content-type': 'application/octet-stream',
    },
    body: content,
  });
  expect(res.status).toBeLessThan(300);
  await p.idle();
}

beforeAll(async () => {
  p = await startPlatform();
  const res = await p.call('/v2/memories', {
    method: 'POST',
    json: { name: 'shop en-de', srclang: 'en', trglang: 'de' },
  });
  memoryId = ((await res.json()) as { id: number }).id;
  await importInto(
    memoryId,
    'terms.csv',
    'source,target,notes\nshopping cart,Warenkorb,never “Einkaufswagen”\ncheckout,Kasse,\n',
    true,
  );
  await importInto(
    memoryId,
    'shop.tmx',
    TMX([
      ['Your shopping cart is empty', 'Ihr Warenkorb ist leer'],
      ['Proceed to checkout', 'Weiter zur Kasse'],
      ['Remove the item from the cart', 'Artikel aus dem Korb entfernen'],
      ['Cart', 'Korb'],
      ['Hello {userName}, see &lt;a href="/help"&gt;the help&lt;/a&gt; or %sfaq', 'Hallo {userName}'],
    ]),
  );
  job = await createJob(p, {
    memoryId,
    content: JSON.stringify({
      cart: {
        title: 'Shopping carts',
        empty: 'Your shopping cart is <b>empty</b>',
        count_one: '{{count}} shopping cart',
        count_other: '{{count}} shopping carts',
      },
      checkout: { cta: 'Go to checkout' },
    }),
    moreTargets: ['fr', 'es'],
    pretranslate: false,
  });
});
afterAll(async () => {
  await p?.close();
});

/** A segment's card in an editor page: from its item to the next one (or the list's end). */
function cardIn(html: string, segmentId: number): string {
  const at = html.indexOf(`<li id="seg-${segmentId}"`);
  const next = html.indexOf('<li id="seg-', at + 1);
  return html.slice(at, next < 0 ? html.indexOf('</ol>', at) : next);
}

/** The segment of a unit in a document. */
async function segmentOf(documentId: number, unitId: string) {
  return p.database.db
    .selectFrom('document_segments')
    .selectAll()
    .where('document_id', '=', documentId)
    .where('unit_id', '=', unitId)
    .executeTakeFirstOrThrow();
}

describe('the editor with the project’s termbase', () => {
  it('marks the terms in the source, lists their translations with an Insert button, and warns when one is missing', async () => {
    const c = workbenchClient(p.url);
    await c.signIn(p.key);
    const editor = await c.get(`/workbench/documents/${job.documentId}`);
    expect(editor.status).toBe(200);
    const title = await segmentOf(job.documentId, 'cart.title');
    expect(editor.html).toContain(
      `<mark class="term" tabindex="0" data-tip="shopping cart → Warenkorb (never “Einkaufswagen”)" aria-describedby="term-${title.id}-1">Shopping carts</mark>`,
    );
    expect(editor.html).toMatch(new RegExp(`<span class="term-target" id="term-${title.id}-1">.*Warenkorb`));
    expect(editor.html).toContain(
      `data-insert="Warenkorb" data-insert-into="${title.id}" data-shortcut="Alt+Shift+G"`,
    );
    expect(editor.html).toContain('Insert «<span lang="de">Warenkorb</span>»');
    // Save a translation without the approved term: the term rule warns.
    const save = await c.post(`/workbench/documents/${job.documentId}/segments/${title.id}`, {
      _csrf: csrfOf(editor.html),
      target: 'Einkaufswagen',
      action: 'save',
    });
    expect(save.status).toBe(303);
    const after = await c.get(`/workbench/documents/${job.documentId}`);
    expect(after.html).toContain(
      '⚠ term &quot;shopping cart&quot; should be translated as &quot;Warenkorb&quot;',
    );
    await c.post(`/workbench/documents/${job.documentId}/segments/${title.id}`, {
      _csrf: csrfOf(after.html),
      target: 'Ihre Warenkorbsammlung',
      action: 'save',
    });
    expect((await c.get(`/workbench/documents/${job.documentId}`)).html).not.toContain(
      'should be translated as &quot;Warenkorb&quot;',
    );
  });

  it('marks terms in each plural form, and checks the translation’s forms together (as the QA rule reads a plural)', async () => {
    const c = workbenchClient(p.url);
    await c.signIn(p.key);
    const count = await segmentOf(job.documentId, 'cart.count');
    expect(count.source_plural).not.toBeNull();
    const editor = await c.get(`/workbench/documents/${job.documentId}`);
    const card = editor.html.slice(editor.html.indexOf(`id="seg-${count.id}"`));
    expect(card).toMatch(
      /id="src-\d+-one">\{\{count\}\} <mark class="term"[^>]*>shopping cart<\/mark><\/span>/,
    );
    expect(card).toMatch(
      /id="src-\d+-other">\{\{count\}\} <mark class="term"[^>]*>shopping carts<\/mark><\/span>/,
    );
    // One entry in the panel for both forms.
    expect(cardIn(editor.html, count.id).match(/class="term-target"/g)).toHaveLength(1);
    const save = (one: string, other: string) =>
      c.post(`/workbench/documents/${job.documentId}/segments/${count.id}`, {
        _csrf: csrfOf(editor.html),
        plural_one: one,
        plural_other: other,
        action: 'save',
      });
    const warning = 'term &quot;shopping cart&quot; should be translated as &quot;Warenkorb&quot;';
    const cardOf = async () => cardIn((await c.get(`/workbench/documents/${job.documentId}`)).html, count.id);
    expect((await save('{{count}} Korb', '{{count}} Körbe')).status).toBe(303);
    expect(await cardOf()).toContain(warning);
    await save('{{count}} Warenkorb', '{{count}} Warenkorbe');
    const fixed = await cardOf();
    expect(fixed).toContain('Warenkorbe</textarea>');
    expect(fixed).not.toContain(warning);
  });

  it('shows the same unit in the job’s other languages, read-only, with language and status', async () => {
    const fr = job.more.find((m) => m.trglang === 'fr')!;
    const c = workbenchClient(p.url);
    await c.signIn(p.key);
    const frEditor = await c.get(`/workbench/documents/${fr.documentId}`);
    const frSegment = await segmentOf(fr.documentId, 'checkout.cta');
    await c.post(`/workbench/documents/${fr.documentId}/segments/${frSegment.id}`, {
      _csrf: csrfOf(frEditor.html),
      target: 'Passer à la caisse',
      action: 'confirm',
    });
    const de = await c.get(`/workbench/documents/${job.documentId}`);
    const deSegment = await segmentOf(job.documentId, 'checkout.cta');
    const card = de.html.slice(de.html.indexOf(`id="seg-${deSegment.id}"`));
    const from = card.indexOf('<dl class="references"');
    const references = card.slice(from, card.indexOf('</dl>', from));
    expect(references).toContain(`href="/workbench/documents/${fr.documentId}"`);
    expect(references).toContain('<span class="badge">confirmed</span>');
    expect(references).toContain('<span class="text" lang="fr">Passer à la caisse</span>');
    expect(references).toMatch(
      />es<\/a> <span class="badge">new<\/span><\/dt>\s*<dd><span class="muted">not translated yet/,
    );
    // Read-only: no field or form for the other languages.
    expect(references).not.toMatch(/<textarea|<input|<form/);
    expect(references).not.toContain('lang="de"');
  });
});

describe('concordance page', () => {
  const url = (q: Record<string, string>) =>
    `/workbench/documents/${job.documentId}/concordance?${new URLSearchParams(q)}`;

  it('lists the memory’s entries holding a fragment, highlighted, newest first; in targets with in=target', async () => {
    const c = workbenchClient(p.url);
    await c.signIn(p.key);
    const page = await c.get(url({ q: 'CART' }));
    expect(page.status).toBe(200);
    expect(page.html).toContain('3 entries hold «CART» in the source.');
    const items = [...page.html.matchAll(/<li>\s*<div class="pair">([\s\S]*?)<\/li>/g)].map((m) => m[1]!);
    expect(items.map((i) => /Source: <\/span>(.*?)<\/p>/.exec(i)![1])).toEqual([
      '<mark>Cart</mark>',
      'Remove the item from the <mark>cart</mark>',
      'Your shopping <mark>cart</mark> is empty',
    ]);
    expect(items[0]).toContain('shop.tmx');
    const shortest = await c.get(url({ q: 'cart', order: 'shortest' }));
    expect(shortest.html.indexOf('<mark>Cart</mark>')).toBeLessThan(
      shortest.html.indexOf('Your shopping <mark>cart</mark>'),
    );
    const target = await c.get(url({ q: 'korb', in: 'target' }));
    expect(target.html).toContain('3 entries hold «korb» in the translation.');
    expect(target.html).toContain('Ihr Waren<mark>korb</mark> ist leer');
    // Inside a placeholder, a tag, across a token, after a printf placeholder: found all the same.
    for (const q of ['USERNAME', 'href', 'ello {user', 'help">the', 'sfaq', 'the help'])
      expect((await c.get(url({ q }))).html).toContain(`1 entry holds «${escapeHtml(q)}» in the source.`);
    const none = await c.get(url({ q: 'Einkaufswagen' }));
    expect(none.html).toContain('No entry of the memory holds «Einkaufswagen» in its source.');
    const empty = await c.get(url({}));
    expect(empty.status).toBe(200);
    expect(empty.html).toContain('Type a word or any part of a sentence');
  });

  it('pages through many hits', async () => {
    const other = await p.call('/v2/memories', {
      method: 'POST',
      json: { name: 'big en-de', srclang: 'en', trglang: 'de' },
    });
    const big = ((await other.json()) as { id: number }).id;
    await importInto(
      big,
      'many.tmx',
      TMX(Array.from({ length: 45 }, (_, i) => [`Order number ${i + 1} shipped`, `Bestellung ${i + 1}`])),
    );
    const bigJob = await createJob(p, {
      memoryId: big,
      strings: { a: 'Order' },
      fileName: 'locales/en/orders.json',
      pretranslate: false,
    });
    const c = workbenchClient(p.url);
    await c.signIn(p.key);
    const path = (q: string) => `/workbench/documents/${bigJob.documentId}/concordance?${q}`;
    const first = await c.get(path('q=shipped'));
    expect(first.html).toContain('45 entries hold «shipped» in the source · page 1 of 3.');
    expect(first.html).toContain('Order number 45 <mark>shipped</mark>');
    expect(first.html).toContain('href="/workbench/documents/');
    expect(first.html).toContain(
      'concordance?q=shipped&amp;in=source&amp;order=recent&amp;page=2">Next page',
    );
    const third = await c.get(path('q=shipped&page=3'));
    expect((third.html.match(/<mark>shipped<\/mark>/g) ?? []).length).toBe(5);
    expect(third.html).toContain('Order number 1 <mark>shipped</mark>');
    expect(third.html).toContain('<ol class="concordance" start="41">');
  });

  it('refuses bad input by name, with 400', async () => {
    const c = workbenchClient(p.url);
    await c.signIn(p.key);
    for (const [q, message] of [
      [{ q: 'a' }, 'Type at least 2 characters to search the memory.'],
      [{ q: 'x'.repeat(201) }, 'Search for at most 200 characters (got 201).'],
      [
        { q: 'cart', in: 'notes' },
        '&quot;in&quot; must be &quot;source&quot; or &quot;target&quot;, not &quot;notes&quot;.',
      ],
      [
        { q: 'cart', order: 'best' },
        '&quot;order&quot; must be &quot;recent&quot; or &quot;shortest&quot;, not &quot;best&quot;.',
      ],
      [{ q: 'cart', page: '0' }, '&quot;page&quot; must be a page number from 1 to 500, not &quot;0&quot;.'],
    ] as const) {
      const res = await c.get(url(q));
      expect(res.status).toBe(400);
      expect(res.html).toContain(message);
    }
  });

  it('another organization’s document answers 404, exactly like one that does not exist, and its memory is never read', async () => {
    const acme = await p.addOrganization('acme-terms');
    const theirs = await createJob(p, {
      key: acme.key,
      strings: { secret: 'Acme launch plans' },
      pretranslate: false,
    });
    const c = workbenchClient(p.url);
    await c.signIn(p.key);
    const foreign = await c.get(`/workbench/documents/${theirs.documentId}/concordance?q=cart`);
    const missing = await c.get('/workbench/documents/999999/concordance?q=cart');
    expect(foreign.status).toBe(404);
    const strip = (html: string) => html.replace(/nonce="[^"]+"/g, '');
    expect(strip(foreign.html)).toBe(strip(missing.html));
    // Their own editor shows them their memory, and none of ours.
    const a = workbenchClient(p.url);
    await a.signIn(acme.key);
    const own = await a.get(`/workbench/documents/${theirs.documentId}/concordance?q=cart`);
    expect(own.status).toBe(200);
    expect(own.html).toContain('No entry of the memory holds «cart» in its source.');
    const editor = await a.get(`/workbench/documents/${theirs.documentId}`);
    expect(editor.html).not.toContain('Warenkorb');
    expect(editor.html).not.toContain('class="references"');
  });
});
