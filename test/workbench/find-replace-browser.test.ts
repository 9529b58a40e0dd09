/**
 * Find and replace in a real browser (the project's Chromium): from the editor's link, filter and
 * search, preview a replace, untick a change, apply, then undo — by keyboard and mouse, with
 * screenshots as artefacts and an axe-core check of every find and replace page.
 */
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactsDir, launchBrowser } from '../support/browser.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';
import { createJob, type JobFixture } from './fixture.ts';

const CONTENT = JSON.stringify({
  cart: {
    title: 'Your cart',
    empty: 'Your cart is empty',
    total: 'Cart total: {{amount}}',
  },
  checkout: { title: 'Checkout', pay: 'Pay now' },
});
const TARGETS: Record<string, string> = {
  'cart.title': 'Ihr Warenkorb',
  'cart.empty': 'Ihr Warenkorb ist leer',
  'cart.total': 'Warenkorb gesamt: {{amount}}',
  'checkout.title': 'Kasse',
  'checkout.pay': 'Jetzt zahlen',
};

let p: TestPlatform;
let job: JobFixture;
let browser: Browser;
const shots = artifactsDir('workbench-find-replace');

async function navigating(page: Page, action: () => Promise<unknown>) {
  const loaded = page.waitForEvent('load');
  await action();
  await loaded;
}

/** No serious or critical axe-core violation on the page (WCAG 2.1 A and AA rules). */
async function expectAccessible(page: Page, what: string) {
  const result = await new AxeBuilder({ page: page as never })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const bad = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(bad, what).toEqual([]);
}

async function target(unitId: string) {
  const row = await p.database.db
    .selectFrom('document_segments')
    .select(['target', 'status'])
    .where('document_id', '=', job.documentId)
    .where('unit_id', '=', unitId)
    .executeTakeFirstOrThrow();
  return row;
}

beforeAll(async () => {
  p = await startPlatform();
  job = await createJob(p, { content: CONTENT, pretranslate: false, moreTargets: ['fr'] });
  for (const [unitId, text] of Object.entries(TARGETS))
    await p.database.db
      .updateTable('document_segments')
      .set({ target: text, status: 'translated', origin: 'mt' })
      .where('document_id', '=', job.documentId)
      .where('unit_id', '=', unitId)
      .execute();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await p?.close();
});

describe('find and replace in a real browser', () => {
  it('filter → preview → untick → apply → undo, by keyboard and mouse, every page accessible', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));

    await page.goto(`${p.url}/workbench/login`);
    await page.getByLabel('API key').fill(p.key);
    await navigating(page, () => page.getByRole('button', { name: 'Sign in' }).click());
    await page.goto(`${p.url}/workbench/documents/${job.documentId}`);
    await navigating(page, () => page.getByRole('link', { name: 'Find and replace' }).click());
    expect(page.url()).toBe(`${p.url}/workbench/documents/${job.documentId}/find`);
    await expectAccessible(page, 'find page');

    // Type the search and submit it with Enter, as from the keyboard.
    await page.getByLabel('Find', { exact: true }).fill('warenkorb');
    await page.getByLabel('Target', { exact: true }).check();
    await navigating(page, () => page.getByLabel('Find', { exact: true }).press('Enter'));
    await page.getByText('3 of 5 segments match').waitFor();
    expect(await page.locator('table.results mark').first().textContent()).toBe('Warenkorb');
    await page.screenshot({ path: join(shots, 'find-results.png'), fullPage: true });
    await expectAccessible(page, 'find results');

    // Filter by key with a glob and by status, with the counts beside each value.
    await page.getByLabel('Key').fill('cart.t*');
    await navigating(page, () => page.getByRole('button', { name: 'Find', exact: true }).click());
    await page.getByText('2 of 5 segments match').waitFor();
    expect(await page.getByText('Translated 2', { exact: false }).count()).toBeGreaterThan(0);
    await page.getByLabel('Key').fill('');
    await navigating(page, () => page.getByLabel('Key').press('Enter'));
    await page.getByText('3 of 5 segments match').waitFor();

    // The job-wide view lists the German document's matches and the French one's (none).
    await navigating(page, () => page.getByRole('link', { name: /Search every document/ }).click());
    await page.getByText('(en → de) · 3 matches').waitFor();
    await page.getByText('(en → fr) · 0 matches').waitFor();
    await page.screenshot({ path: join(shots, 'find-job.png'), fullPage: true });
    await expectAccessible(page, 'job-wide find');
    await navigating(page, () => page.getByRole('link', { name: /in locales\/en\/app.json \(de\)/ }).click());

    // Preview the replace: Tab to "Replace with", type, Tab to the preview button, Enter.
    await page.getByLabel('Replace with').focus();
    await page.keyboard.type('Einkaufswagen');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Find');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Preview replace');
    await navigating(page, () => page.keyboard.press('Enter'));
    await page.getByText('3 segments would change').waitFor();
    expect(await page.locator('table.preview ins').first().textContent()).toBe('Einkaufswagen');
    await page.screenshot({ path: join(shots, 'replace-preview.png'), fullPage: true });
    await expectAccessible(page, 'replace preview');

    // Untick one change with the keyboard (Space on its checkbox), apply the others with the mouse.
    await page.getByLabel('Replace in cart.title').focus();
    await page.keyboard.press('Space');
    expect(await page.getByLabel('Replace in cart.title').isChecked()).toBe(false);
    await navigating(page, () => page.getByRole('button', { name: 'Apply replace' }).click());
    await page.getByText('Replaced in 2 segments.').waitFor();
    expect(await target('cart.empty')).toEqual({
      target: 'Ihr Einkaufswagen ist leer',
      status: 'translated',
    });
    expect((await target('cart.title')).target).toBe('Ihr Warenkorb');
    await page.screenshot({ path: join(shots, 'replace-applied.png'), fullPage: true });
    await expectAccessible(page, 'replace result');

    // Undo, from the keyboard: Tab to the button, Enter.
    const undo = page.getByRole('button', { name: 'Undo replace' });
    await undo.focus();
    await navigating(page, () => page.keyboard.press('Enter'));
    await page.getByText('Replace undone: 2 segments restored.').waitFor();
    expect(await target('cart.empty')).toEqual({ target: 'Ihr Warenkorb ist leer', status: 'translated' });
    expect(await target('cart.total')).toEqual({
      target: 'Warenkorb gesamt: {{amount}}',
      status: 'translated',
    });
    await page.screenshot({ path: join(shots, 'replace-undone.png'), fullPage: true });
    await expectAccessible(page, 'after undo');

    expect(problems).toEqual([]);

    // An invalid regular expression: the form comes back (422) with the problem, announced.
    await page.goto(
      `${p.url}/workbench/documents/${job.documentId}/find?q=${encodeURIComponent('(oops')}&mode=regex`,
    );
    await page.getByRole('alert').getByText('is not a valid regular expression').waitFor();
    await expectAccessible(page, 'find problem');
    await page.screenshot({ path: join(shots, 'find-invalid-regex.png'), fullPage: true });
    await context.close();
  }, 180_000);
});
