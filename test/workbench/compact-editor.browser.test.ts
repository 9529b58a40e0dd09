import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactsDir, launchBrowser } from '../support/browser.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';
import { createJob, type JobFixture } from './fixture.ts';

/**
 * A gettext catalogue: keys (msgctxt), notes (#.), a plural and placeholders, 20 entries so the
 * list is longer than a screen.
 */
const ENTRIES: { ctx: string; id: string; plural?: string; note?: string }[] = [
  { ctx: 'checkout.title', id: 'Checkout', note: 'Title of the checkout page' },
  {
    ctx: 'cart.count',
    id: '{count} item in your cart',
    plural: '{count} items in your cart',
    note: 'Shown next to the cart icon',
  },
  { ctx: 'greeting', id: 'Hello %s, you have %d new messages', note: '%s is the first name' },
  { ctx: 'cart.empty', id: 'Your cart is empty' },
  { ctx: 'cart.total', id: 'Total' },
  { ctx: 'welcome', id: 'Welcome back, {name}' },
  ...Array.from({ length: 14 }, (_, i) => ({
    ctx: `menu.entry${i + 1}`,
    id: `Menu entry number ${i + 1}`,
    note: i % 2 === 0 ? `Entry ${i + 1} of the main menu, keep it short` : undefined,
  })),
];
const quote = (text: string) => JSON.stringify(text);
const PO = `msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\\n"
${ENTRIES.map(
  (e) => `
${e.note ? `#. ${e.note}\n` : ''}msgctxt ${quote(e.ctx)}
msgid ${quote(e.id)}
${e.plural ? `msgid_plural ${quote(e.plural)}\nmsgstr[0] ""\nmsgstr[1] ""` : 'msgstr ""'}
`,
).join('')}`;

let p: TestPlatform;
let job: JobFixture;
let browser: Browser;
const shots = artifactsDir('compact-editor');
/** Segment ids by msgctxt. */
const ids = new Map<string, number>();

async function segment(ctx: string) {
  return p.database.db
    .selectFrom('document_segments')
    .selectAll()
    .where('id', '=', ids.get(ctx)!)
    .executeTakeFirstOrThrow();
}

async function signedIn(
  options: { javaScriptEnabled?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  const page = await context.newPage();
  await page.goto(`${p.url}/workbench/login`);
  await page.getByLabel('API key').fill(p.key);
  await navigating(page, () => page.getByRole('button', { name: 'Sign in' }).click());
  return { context, page };
}

async function navigating(page: Page, action: () => Promise<unknown>) {
  const loaded = page.waitForEvent('load');
  await action();
  await loaded;
}

const editorUrl = (query = '') => `${p.url}/workbench/documents/${job.documentId}${query}`;

/** The segment (msgctxt) holding the focus, and whether it alone is opened as the full card. */
async function focused(page: Page) {
  return page.evaluate(() => {
    const li = document.activeElement?.closest('li.segment');
    const expanded = [...document.querySelectorAll('li.segment.expanded')].map((e) => e.id);
    return {
      id: li ? Number(li.getAttribute('data-segment')) : undefined,
      expanded,
      tag: document.activeElement?.tagName,
    };
  });
}
async function expectFocusOn(page: Page, ctx: string) {
  const id = ids.get(ctx)!;
  await expect.poll(() => focused(page)).toEqual({ id, expanded: [`seg-${id}`], tag: 'TEXTAREA' });
}
const activeValue = (page: Page) =>
  page.evaluate(() => (document.activeElement as HTMLTextAreaElement).value);

async function seriousViolations(page: Page, name: string) {
  const result = await new AxeBuilder({ page }).analyze();
  // axe really ran its rules on this page (a broken injection would report nothing at all).
  expect(result.passes.length, name).toBeGreaterThan(10);
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  return bad.map(
    (v) => `${name}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

beforeAll(async () => {
  p = await startPlatform();
  job = await createJob(p, { content: PO, fileName: 'locales/app.pot', pretranslate: false });
  const rows = await p.database.db
    .selectFrom('document_segments')
    .select(['id', 'context'])
    .where('document_id', '=', job.documentId)
    .execute();
  for (const r of rows) ids.set(r.context!, r.id);
  // Translated: the title, the plural, the empty cart, the total; "welcome" lost its placeholder (QA).
  const set = (ctx: string, values: { target?: string; target_plural?: string }) =>
    p.database.db
      .updateTable('document_segments')
      .set({ ...values, status: 'translated', origin: 'human' })
      .where('id', '=', ids.get(ctx)!)
      .execute();
  await set('checkout.title', { target: 'Kasse' });
  await set('cart.count', {
    target_plural: JSON.stringify({
      one: '{count} Artikel im Warenkorb',
      other: '{count} Artikel im Warenkorb',
    }),
  });
  await set('cart.empty', { target: 'Dein Warenkorb ist leer' });
  await set('cart.total', { target: 'Summe' });
  await set('welcome', { target: 'Willkommen zurück' });
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await p?.close();
});

describe('the compact editor', () => {
  it('shows at least 12 segments on a 1280×900 screen, each with its key, notes, status and "1 word"', async () => {
    const { context, page } = await signedIn();
    await page.goto(editorUrl());
    const visible = await page.$$eval(
      'li.segment',
      (rows) =>
        rows.filter((r) => {
          const box = r.getBoundingClientRect();
          return box.top >= 0 && box.bottom <= window.innerHeight;
        }).length,
    );
    expect(visible).toBeGreaterThanOrEqual(12);
    const first = page.locator(`#seg-${ids.get('checkout.title')}`);
    expect(await first.locator('a.key').innerText()).toContain('checkout.title · Checkout');
    expect(await first.locator('.short').innerText()).toBe('Title of the checkout page');
    expect(await first.locator('.state .badge').innerText()).toBe('translated');
    expect(await first.locator('.words').innerText()).toBe('1 word');
    expect(await page.locator(`#seg-${ids.get('cart.empty')} .words`).innerText()).toBe('4 words');
    // The target is editable in place, one line high; the full card is closed.
    const field = first.getByLabel('Translation of segment 1 (de)');
    expect(await field.inputValue()).toBe('Kasse');
    expect((await field.boundingBox())!.height).toBeLessThan(40);
    expect(await first.locator('.card').isVisible()).toBe(false);
    await page.screenshot({ path: join(shots, 'compact-list.png') });
    await context.close();
  });

  it('lays plural forms side by side: each source form left of its target form, one form per line', async () => {
    const { context, page } = await signedIn();
    await page.goto(editorUrl());
    const id = ids.get('cart.count')!;
    const box = async (selector: string) => (await page.locator(selector).boundingBox())!;
    const [srcOne, trgOne, srcOther, trgOther] = await Promise.all([
      box(`#src-${id}-one`),
      box(`#t-${id}-one`),
      box(`#src-${id}-other`),
      box(`#t-${id}-other`),
    ]);
    expect(srcOne.x + srcOne.width).toBeLessThanOrEqual(trgOne.x);
    expect(Math.abs(srcOne.y - trgOne.y)).toBeLessThan(4);
    expect(srcOther.x + srcOther.width).toBeLessThanOrEqual(trgOther.x);
    expect(srcOther.y).toBeGreaterThanOrEqual(srcOne.y + srcOne.height);
    expect(await page.getByLabel('Translation, plural form “one” of segment 2 (de)').inputValue()).toBe(
      '{count} Artikel im Warenkorb',
    );
    await context.close();
  });

  it('every shortcut works from the keyboard alone, undoably, and the focused row opens as the full card', async () => {
    const { context, page } = await signedIn();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(editorUrl(`?focus=${ids.get('checkout.title')}`));
    await expectFocusOn(page, 'checkout.title');
    expect(await page.locator(`#seg-${ids.get('checkout.title')} .card`).isVisible()).toBe(true);

    // Next and previous segment.
    await page.keyboard.press('Alt+ArrowDown');
    await expectFocusOn(page, 'cart.count');
    await page.keyboard.press('Alt+ArrowDown');
    await expectFocusOn(page, 'greeting');
    await page.keyboard.press('Alt+ArrowUp');
    await expectFocusOn(page, 'cart.count');
    // Next untranslated: the greeting (the title and the plural have translations).
    await page.keyboard.press('Alt+N');
    await expectFocusOn(page, 'greeting');
    await page.screenshot({ path: join(shots, 'focused-card.png') });

    // Copy the source; the browser's own undo takes it back.
    await page.keyboard.press('Alt+C');
    expect(await activeValue(page)).toBe('Hello %s, you have %d new messages');
    await page.keyboard.press('Control+Z');
    expect(await activeValue(page)).toBe('');
    // The n-th placeholder of the source at the caret.
    await page.keyboard.type('Hallo ');
    await page.keyboard.press('Alt+Shift+1');
    await page.keyboard.type(', du hast ');
    await page.keyboard.press('Alt+Shift+2');
    await page.keyboard.type(' neue Nachrichten');
    expect(await activeValue(page)).toBe('Hallo %s, du hast %d neue Nachrichten');
    // Revert to saved (empty), and undo the revert.
    await page.keyboard.press('Alt+R');
    expect(await activeValue(page)).toBe('');
    await page.keyboard.press('Control+Z');
    expect(await activeValue(page)).toBe('Hallo %s, du hast %d neue Nachrichten');
    // The first suggestion (machine translation) replaces the text; undo brings ours back.
    const greeting = page.locator(`#seg-${ids.get('greeting')}`);
    const mt = await greeting.locator('.suggestions li').first().locator('.text').innerText();
    expect(mt.length).toBeGreaterThan(0);
    await page.keyboard.press('Alt+1');
    expect(await activeValue(page)).toBe(mt);
    await page.keyboard.press('Control+Z');
    expect(await activeValue(page)).toBe('Hallo %s, du hast %d neue Nachrichten');

    // Save (Alt+Enter) keeps the focus on the segment.
    await navigating(page, () => page.keyboard.press('Alt+Enter'));
    expect(page.url()).toContain('notice=saved');
    expect(await segment('greeting')).toMatchObject({ target: 'Hallo %s, du hast %d neue Nachrichten' });
    await expectFocusOn(page, 'greeting');

    // Next with QA issues: "welcome" lost its {name}.
    await page.keyboard.press('Alt+Q');
    await expectFocusOn(page, 'welcome');
    expect(await page.locator(`#seg-${ids.get('welcome')} .qa`).innerText()).toContain('{name}');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('Willkommen zurück, ');
    await page.keyboard.press('Alt+Shift+1');
    // Confirm and move on (Ctrl+Enter): the next unconfirmed segment gets the focus.
    await navigating(page, () => page.keyboard.press('Control+Enter'));
    expect(page.url()).toContain('notice=confirmed');
    expect(await segment('welcome')).toMatchObject({
      target: 'Willkommen zurück, {name}',
      status: 'confirmed',
    });
    await expectFocusOn(page, 'menu.entry1');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a mouse click on a row below the open card lands where it was aimed, then that row opens', async () => {
    const { context, page } = await signedIn();
    await page.goto(editorUrl(`?focus=${ids.get('checkout.title')}`));
    await expectFocusOn(page, 'checkout.title');
    // The open card above collapses when the focus moves down: the click must still hit row 4's Save (no scrolling needed).
    const target = ids.get('cart.empty')!;
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const save = page.locator(`#seg-${target}`).getByRole('button', { name: 'Save', exact: true });
    expect((await save.boundingBox())!.y).toBeLessThan(850);
    await page.$eval(`#t-${target}`, (field) => {
      (field as HTMLTextAreaElement).value = 'Der Warenkorb ist leer';
    });
    await navigating(page, () =>
      page.locator(`#seg-${target}`).getByRole('button', { name: 'Save', exact: true }).click(),
    );
    expect(page.url()).toContain(`focus=${target}&notice=saved`);
    expect((await segment('cart.empty')).target).toBe('Der Warenkorb ist leer');
    // Clicking into another row's field opens that row once the click is done.
    const other = ids.get('menu.entry8')!;
    await page.locator(`#t-${other}`).click();
    await expect
      .poll(() => focused(page))
      .toEqual({ id: other, expanded: [`seg-${other}`], tag: 'TEXTAREA' });
    await context.close();
  });

  it('the help overlay opens with ?, lists every data-shortcut of the page, traps the focus and gives it back on Escape', async () => {
    const { context, page } = await signedIn();
    await page.goto(editorUrl(`?focus=${ids.get('cart.total')}`));
    await expectFocusOn(page, 'cart.total');
    // "?" in the translation types a question mark…
    await page.keyboard.press('End');
    await page.keyboard.type('?');
    expect(await activeValue(page)).toBe('Summe?');
    // …and outside a field opens the overlay; the button says so too.
    await page.getByRole('button', { name: 'Keyboard shortcuts' }).focus();
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await dialog.waitFor();
    const listed = await dialog
      .locator('#shortcut-list tr')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-key')));
    const declared = await page.$$eval('[data-shortcut]', (els) => [
      ...new Set(els.map((e) => e.getAttribute('data-shortcut'))),
    ]);
    expect(new Set(listed)).toEqual(new Set(declared));
    for (const key of [
      'Alt+ArrowDown',
      'Alt+ArrowUp',
      'Alt+N',
      'Alt+Q',
      'Alt+C',
      'Alt+R',
      'Alt+1',
      'Alt+Shift+1',
      'Ctrl+Enter',
      'Alt+Enter',
      '?',
    ])
      expect(listed, key).toContain(key);
    expect(await dialog.innerText()).toContain('Ctrl+Z');
    await page.screenshot({ path: join(shots, 'shortcuts-overlay.png') });
    // The focus stays inside while tabbing.
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('dialog'))).toBe(true);
    }
    expect(
      (await new AxeBuilder({ page }).analyze()).violations.filter(
        (v) => v.impact === 'serious' || v.impact === 'critical',
      ),
    ).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Keyboard shortcuts');
    await context.close();
  }, 90_000);

  it('an element added with data-shortcut is triggered by its key and listed, without further wiring', async () => {
    const { context, page } = await signedIn();
    await page.goto(editorUrl(`?focus=${ids.get('cart.total')}`));
    await expectFocusOn(page, 'cart.total');
    await page.evaluate(() => {
      const li = document.activeElement!.closest('li.segment')!;
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = 'Insert glossary term';
      button.setAttribute('data-shortcut', 'Alt+G');
      button.setAttribute('data-shortcut-help', 'Insert the glossary term');
      button.addEventListener('click', () => {
        (window as { __glossary?: number }).__glossary =
          ((window as { __glossary?: number }).__glossary ?? 0) + 1;
      });
      li.querySelector('.card')!.append(button);
    });
    await page.keyboard.press('Alt+G');
    expect(await page.evaluate(() => (window as { __glossary?: number }).__glossary)).toBe(1);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
    await expect.poll(() => page.getByRole('dialog').innerText()).toContain('Insert the glossary term');
    await context.close();
  });

  it('works without JavaScript: rows save and confirm, the key opens the card, links go to the next untranslated, Copy source saves', async () => {
    const { context, page } = await signedIn({ javaScriptEnabled: false });
    await page.goto(editorUrl());
    const entry = ids.get('menu.entry3')!;
    await page.getByLabel('Translation of segment 9 (de)').fill('Menüeintrag Nummer 3');
    await navigating(page, () => page.locator(`#seg-${entry}`).getByRole('button', { name: 'Save' }).click());
    expect(page.url()).toContain(`focus=${entry}`);
    expect(await segment('menu.entry3')).toMatchObject({
      target: 'Menüeintrag Nummer 3',
      status: 'translated',
    });
    // The saved segment is the open card, rendered by the server.
    expect(await page.locator(`#seg-${entry} .card`).isVisible()).toBe(true);
    await navigating(page, () =>
      page.locator(`#seg-${entry}`).getByRole('button', { name: 'Confirm' }).click(),
    );
    expect((await segment('menu.entry3')).status).toBe('confirmed');

    // The key opens a segment as the full card.
    await navigating(page, () => page.locator(`#seg-${ids.get('cart.empty')} a.key`).click());
    expect(page.url()).toContain(`focus=${ids.get('cart.empty')}`);
    expect(await page.locator(`#seg-${ids.get('cart.empty')} .card`).isVisible()).toBe(true);
    // Next untranslated, computed by the server.
    await navigating(page, () => page.getByRole('link', { name: /Next untranslated/ }).click());
    const next = new URL(page.url()).searchParams.get('focus');
    expect(Number(next)).toBe(ids.get('menu.entry1'));
    expect(await page.locator(`#seg-${next} .card`).isVisible()).toBe(true);
    // Copy source posts the source as the translation.
    await navigating(page, () =>
      page
        .locator(`#seg-${next}`)
        .getByRole('button', { name: /Copy source/ })
        .click(),
    );
    expect(await segment('menu.entry1')).toMatchObject({
      target: 'Menu entry number 1',
      status: 'translated',
    });
    await page.screenshot({ path: join(shots, 'no-script.png') });
    await context.close();
  });

  it('has no serious or critical accessibility violations on any workbench page', async () => {
    const { context, page } = await signedIn();
    const problems: string[] = [];
    const check = async (path: string, name: string) => {
      await page.goto(`${p.url}${path}`);
      problems.push(...(await seriousViolations(page, name)));
    };
    await check('/workbench', 'jobs');
    await check(`/workbench/projects/${job.projectId}`, 'project');
    await check(`/workbench/documents/${job.documentId}`, 'editor');
    await check(
      `/workbench/documents/${job.documentId}?focus=${ids.get('cart.count')}`,
      'editor, plural card',
    );
    await check(
      `/workbench/documents/${job.documentId}?focus=${ids.get('greeting')}`,
      'editor, focused card',
    );
    await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
    problems.push(...(await seriousViolations(page, 'shortcuts overlay')));
    await check('/workbench/documents/999999', 'error page');
    await context.close();
    const anonymous = await browser.newContext();
    const login = await anonymous.newPage();
    await login.goto(`${p.url}/workbench/login`);
    problems.push(...(await seriousViolations(login, 'login')));
    await anonymous.close();
    expect(problems).toEqual([]);
  }, 180_000);
});
