/**
 * The merged editor used as a translator would, on a job as rich as a real one (full-card-fixture.ts:
 * a termbase, context rules, a plural, placeholders with meanings, code links, a screenshot, team
 * notes, a comment, history, a second target language): the list stays compact, the focused card
 * shows every piece once in one order, the keyboard works with every panel present, everything
 * works without JavaScript, and axe finds nothing serious on the editor and the pages around it.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createClient } from '../../src/api/index.ts';
import { artifactsDir, launchBrowser } from '../support/browser.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';
import { csrfOf, workbenchClient } from './client.ts';
import { type RichJob, richJob } from './full-card-fixture.ts';

let p: TestPlatform;
let client: Client;
let browser: Browser;
let job: RichJob;
const shots = artifactsDir('workbench-full-card');
/** Segment ids of the German document by key. */
const ids = new Map<string, number>();
const DESCRIPTION = 'Button at the bottom of the shopping cart';
const SAVED = 'An der Theke {{total}} zahlen';

/** The order of the card's headings, the same for every segment (each present when it has something to say). */
const CARD_HEADINGS = [
  'Placeholders',
  'Suggestions',
  'Glossary',
  'Used in code',
  'Screenshots',
  'Other languages',
  'History (1 version)',
  'Comments (1 open of 1)',
  'Concordance',
];

async function segment(documentId: number, key: string) {
  return p.database.db
    .selectFrom('document_segments')
    .selectAll()
    .where('document_id', '=', documentId)
    .where('unit_id', '=', key)
    .executeTakeFirstOrThrow();
}

beforeAll(async () => {
  p = await startPlatform();
  client = createClient({ baseUrl: p.url, apiKey: p.key });
  job = await richJob(client, p);
  const rows = await p.database.db
    .selectFrom('document_segments')
    .select(['id', 'unit_id'])
    .where('document_id', '=', job.de.documentId)
    .execute();
  for (const r of rows) ids.set(r.unit_id, r.id);

  // What the team did before: a note and a question on cart.pay, a German draft that misses the
  // approved term (a QA warning), and the French translation (a reference in German).
  const wb = workbenchClient(p.url);
  await wb.signIn(p.key);
  const csrf = csrfOf((await wb.get(`/workbench/documents/${job.de.documentId}`)).html);
  const pay = ids.get('cart.pay')!;
  const posted = async (path: string, fields: Record<string, string>) => {
    const res = await wb.post(path, { _csrf: csrf, ...fields });
    expect(res.status, path).toBe(303);
  };
  await posted(`/workbench/documents/${job.de.documentId}/segments/${pay}/notes`, {
    note: 'The button is narrow on phones',
  });
  await posted(`/workbench/documents/${job.de.documentId}/segments/${pay}/comments`, {
    body: 'Is “checkout” the page or the act of paying?',
    back: 'editor',
  });
  await posted(`/workbench/documents/${job.de.documentId}/segments/${pay}`, {
    target: SAVED,
    action: 'save',
    revision: String((await segment(job.de.documentId, 'cart.pay')).revision),
  });
  const fr = await segment(job.fr.documentId, 'cart.pay');
  await posted(`/workbench/documents/${job.fr.documentId}/segments/${fr.id}`, {
    target: 'Payer {{total}} à la caisse',
    action: 'save',
    revision: String(fr.revision),
  });
  browser = await launchBrowser();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await client?.close();
  await p?.close();
  if (job) await rm(job.root, { recursive: true, force: true });
});

async function signedIn(javaScriptEnabled = true): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, javaScriptEnabled });
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

async function seriousViolations(page: Page, name: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  expect(result.passes.length, name).toBeGreaterThan(10);
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${name}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const editor = (query = '') => `${p.url}/workbench/documents/${job.de.documentId}${query}`;
const card = (page: Page, key: string) => page.locator(`#seg-${ids.get(key)}`);

/** The card's headings as read (without the hidden "of segment 5"), in document order. */
async function headings(page: Page, key: string): Promise<string[]> {
  return card(page, key)
    .locator('h3')
    .evaluateAll((els) =>
      els
        .filter((el) => el.getClientRects().length > 0)
        .map((el) => {
          const copy = el.cloneNode(true) as HTMLElement;
          for (const hidden of copy.querySelectorAll('.visually-hidden')) hidden.remove();
          return copy.textContent!.trim();
        }),
    );
}

/** How many times each text shows in the segment's visible text. */
async function shown(page: Page, key: string, texts: string[]): Promise<Record<string, number>> {
  const text = await card(page, key).innerText();
  return Object.fromEntries(texts.map((t) => [t, text.split(t).length - 1]));
}

/** Rows wholly on screen, and the ids of rows showing any part of a card. */
async function layout(page: Page) {
  return page.evaluate(() => {
    const rows = [...document.querySelectorAll('li.segment')];
    return {
      onScreen: rows.filter((li) => {
        const r = li.getBoundingClientRect();
        return r.top >= 0 && r.bottom <= window.innerHeight;
      }).length,
      withCard: rows
        .filter((li) =>
          [...li.querySelectorAll('.card, .card-panel')].some((c) => c.getClientRects().length > 0),
        )
        .map((li) => li.id),
    };
  });
}

const EVERY_PIECE = [
  DESCRIPTION,
  'At most 32 characters',
  'At most 180 px wide in Roboto-14',
  "the cart's total with its currency",
  'The button is narrow on phones',
  'Is “checkout” the page or the act of paying?',
  'term "checkout" should be translated as "Kasse"',
  'src/cart/Cart.tsx:7',
  'Payer {{total}} à la caisse',
];

describe('the full card of a rich job', () => {
  it('without JavaScript: the focused card shows everything once, in order, and its forms work', async () => {
    const { context, page } = await signedIn(false);
    await page.goto(editor(`?focus=${ids.get('cart.pay')}`));
    expect(await headings(page, 'cart.pay')).toEqual(CARD_HEADINGS);
    expect(await shown(page, 'cart.pay', EVERY_PIECE)).toEqual(
      Object.fromEntries(EVERY_PIECE.map((t) => [t, 1])),
    );
    // The server counts the saved text (the script is not there to do it).
    expect(await page.locator(`#len-${ids.get('cart.pay')}`).innerText()).toBe(
      `At most 32 characters (${SAVED.length} of 32).`,
    );
    // Buttons that only the script can carry out are not offered.
    expect(
      await card(page, 'cart.pay')
        .getByRole('button', { name: /^Insert/ })
        .count(),
    ).toBe(0);
    expect((await layout(page)).withCard).toEqual([`seg-${ids.get('cart.pay')}`]);
    await card(page, 'cart.pay').screenshot({ path: join(shots, 'card-without-javascript.png') });

    // The note's field sits in the card's details, its form after the segment's: it posts alone.
    await page.getByLabel('Add a note to segment 5').fill('Keep it under 20 characters if you can');
    await navigating(page, () => card(page, 'cart.pay').getByRole('button', { name: 'Add note' }).click());
    await page.getByText('Note added.').waitFor();
    expect(await shown(page, 'cart.pay', ['Keep it under 20 characters if you can'])).toEqual({
      'Keep it under 20 characters if you can': 1,
    });
    expect(await page.getByLabel('Translation of segment 5 (de)').inputValue()).toBe(SAVED);

    // The comment form, and the segment's own Save with the text typed.
    await page.getByLabel('New comment on segment 5').fill('Checkout means the till here.');
    await navigating(page, () => card(page, 'cart.pay').getByRole('button', { name: 'Add comment' }).click());
    await page.getByText('Comment added.').waitFor();
    expect(await headings(page, 'cart.pay')).toContain('Comments (2 open of 2)');
    await page.getByLabel('Translation of segment 5 (de)').fill('An der Kasse {{total}} zahlen');
    await navigating(page, () =>
      card(page, 'cart.pay').getByRole('button', { name: 'Save', exact: true }).click(),
    );
    await page.getByText('Segment saved.').waitFor();
    expect((await segment(job.de.documentId, 'cart.pay')).target).toBe('An der Kasse {{total}} zahlen');
    expect(await page.getByText('should be translated as "Kasse"').count()).toBe(0);
    await page.screenshot({ path: join(shots, 'editor-without-javascript.png'), fullPage: true });
    await context.close();
  });

  it('with JavaScript: twelve rows and more on screen, one card at a time, keys, live count, axe', async () => {
    const { context, page } = await signedIn();
    await page.goto(editor());
    const compact = await layout(page);
    expect(compact.onScreen).toBeGreaterThanOrEqual(12);
    expect(compact.withCard).toEqual([]);
    await page.screenshot({ path: join(shots, 'editor-compact.png') });

    // The key opens the card in place; no other row shows any of its panels.
    await card(page, 'cart.pay').locator('a.key').click();
    const field = page.getByLabel('Translation of segment 5 (de)');
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
    expect((await layout(page)).withCard).toEqual([`seg-${ids.get('cart.pay')}`]);
    expect(await headings(page, 'cart.pay')).toEqual(
      CARD_HEADINGS.map((h) =>
        h.replace('(1 open of 1)', '(2 open of 2)').replace('(1 version)', '(2 versions)'),
      ),
    );
    const pieces = [
      ...EVERY_PIECE.filter((t) => !t.includes('should be translated')),
      'Checkout means the till here.',
    ];
    expect(await shown(page, 'cart.pay', pieces)).toEqual(Object.fromEntries(pieces.map((t) => [t, 1])));
    await card(page, 'cart.pay').screenshot({ path: join(shots, 'card-every-panel.png') });
    await page.screenshot({ path: join(shots, 'editor-card-open.png') });
    expect(await seriousViolations(page, 'editor with the full card')).toEqual([]);
    // On a narrow window the card folds into one column, nothing wider than the screen.
    await page.setViewportSize({ width: 760, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(760);
    await card(page, 'cart.pay').screenshot({ path: join(shots, 'card-narrow.png') });
    await page.setViewportSize({ width: 1280, height: 900 });

    // The live count follows typing and "Use" (Alt+1: the 100 % TM match).
    const count = page.locator(`[data-count-for="t-${ids.get('cart.pay')}"]`);
    await field.fill('');
    await field.pressSequentially('Jetzt');
    await expect.poll(() => count.textContent()).toBe(' (5 of 32)');
    await page.keyboard.press('Alt+1');
    expect(await field.inputValue()).toBe('{{total}} an der Kasse bezahlen');
    await expect.poll(() => count.textContent()).toBe(' (31 of 32)');
    await page.keyboard.type(' sofort');
    await expect.poll(() => count.textContent()).toBe(' (38 of 32, too long)');
    expect(await count.getAttribute('class')).toBe('over');

    // The overlay lists the glossary's key; the key inserts the approved term at the caret.
    await card(page, 'cart.pay').locator('a.key').focus();
    await page.keyboard.press('?');
    const overlay = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await overlay.waitFor();
    expect(await overlay.locator('tr[data-key="Alt+Shift+G"]').innerText()).toContain(
      'Insert the first glossary term of the focused segment',
    );
    for (const key of ['Alt+1', 'Alt+2', 'Alt+Shift+1', 'Ctrl+Enter', 'Alt+ArrowDown', 'Alt+C'])
      expect(await overlay.locator(`tr[data-key="${key}"]`).count(), key).toBe(1);
    await page.screenshot({ path: join(shots, 'shortcuts-overlay.png') });
    await page.keyboard.press('Escape');
    await field.fill('An der ');
    await page.keyboard.press('Alt+Shift+G');
    expect(await field.inputValue()).toBe('An der Kasse');
    await page.keyboard.type(' ');
    await page.keyboard.press('Alt+Shift+1');
    expect(await field.inputValue()).toBe('An der Kasse {{total}}');
    await expect.poll(() => count.textContent()).toBe(' (22 of 32)');

    // Typing a note: the glossary key inserts where the caret is, Ctrl+Enter sends the note.
    const note = page.getByLabel('Add a note to segment 5');
    await note.fill('Always ');
    await page.keyboard.press('Alt+Shift+G');
    expect(await note.inputValue()).toBe('Always Kasse');
    expect(await field.inputValue()).toBe('An der Kasse {{total}}');
    await navigating(page, () => note.press('Control+Enter'));
    await page.getByText('Note added.').waitFor();
    expect((await segment(job.de.documentId, 'cart.pay')).status).toBe('translated');

    // Next and previous with every panel in the page; Ctrl+Enter confirms and moves on.
    const focusedRow = () => page.evaluate(() => document.activeElement?.closest('li.segment')?.id);
    await page.getByLabel('Translation of segment 5 (de)').focus();
    await page.keyboard.press('Alt+ArrowDown');
    await expect.poll(focusedRow).toBe(`seg-${ids.get('cart.items')}`);
    expect((await layout(page)).withCard).toEqual([`seg-${ids.get('cart.items')}`]);
    // The plural's card: its placeholder meaning once, no length line, the same order.
    expect(await headings(page, 'cart.items')).toEqual([
      'Placeholders',
      'Suggestions',
      'Glossary',
      'Other languages',
      'History (0 versions)',
      'Comments (none)',
      'Concordance',
    ]);
    expect(await shown(page, 'cart.items', ['number of articles in the cart'])).toEqual({
      'number of articles in the cart': 1,
    });
    await page.keyboard.press('Alt+ArrowUp');
    await expect.poll(focusedRow).toBe(`seg-${ids.get('cart.pay')}`);
    await page.keyboard.press('Alt+2');
    await navigating(page, () => page.keyboard.press('Control+Enter'));
    await page.getByText('Segment confirmed').waitFor();
    expect((await segment(job.de.documentId, 'cart.pay')).status).toBe('confirmed');
    await expect.poll(focusedRow).not.toBe(`seg-${ids.get('cart.pay')}`);
    await context.close();
  });

  it('the pages around the editor pass axe: find and replace, concordance, history, comments, XLIFF, conflict', async () => {
    const { context, page } = await signedIn();
    const problems: string[] = [];
    await page.goto(editor());
    await navigating(page, () => page.getByRole('link', { name: 'Find and replace' }).click());
    await page.getByLabel('Find', { exact: true }).fill('shopping cart');
    await navigating(page, () => page.getByLabel('Find', { exact: true }).press('Enter'));
    await page.getByLabel('Replace with').fill('basket');
    await navigating(page, () => page.getByRole('button', { name: 'Preview replace' }).click());
    problems.push(...(await seriousViolations(page, 'replace preview')));
    await page.screenshot({ path: join(shots, 'replace-preview.png'), fullPage: true });

    await page.goto(`${p.url}/workbench/documents/${job.de.documentId}/concordance?q=Kasse&in=target`);
    await page.getByRole('status').waitFor();
    problems.push(...(await seriousViolations(page, 'concordance')));
    await page.goto(
      `${p.url}/workbench/documents/${job.de.documentId}/segments/${ids.get('cart.pay')}/history`,
    );
    problems.push(...(await seriousViolations(page, 'history')));
    await page.screenshot({ path: join(shots, 'history-page.png'), fullPage: true });
    await page.goto(`${p.url}/workbench/jobs/${job.jobId}/comments?state=all`);
    problems.push(...(await seriousViolations(page, 'job comments')));
    await page.goto(`${p.url}/workbench/documents/${job.de.documentId}/xliff`);
    problems.push(...(await seriousViolations(page, 'XLIFF')));

    // A conflict: someone saves the segment after this page was loaded.
    await page.goto(editor(`?focus=${ids.get('cart.title')}`));
    const wb = workbenchClient(p.url);
    await wb.signIn(p.key);
    const title = await segment(job.de.documentId, 'cart.title');
    await wb.post(`/workbench/documents/${job.de.documentId}/segments/${title.id}`, {
      _csrf: csrfOf((await wb.get(editor().slice(p.url.length))).html),
      target: 'Ihr Warenkorb',
      action: 'save',
      revision: String(title.revision),
    });
    await page.getByLabel('Translation of segment 4 (de)').fill('Dein Warenkorb');
    await navigating(page, () =>
      card(page, 'cart.title').getByRole('button', { name: 'Save', exact: true }).click(),
    );
    await page.getByRole('heading', { name: 'Someone else changed this segment' }).waitFor();
    problems.push(...(await seriousViolations(page, 'conflict')));
    await page.screenshot({ path: join(shots, 'conflict.png'), fullPage: true });
    expect(problems).toEqual([]);
    await context.close();
  });
});
