import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactsDir, launchBrowser } from '../support/browser.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';
import { createJob, type JobFixture } from './fixture.ts';

let p: TestPlatform;
let job: JobFixture;
let browser: Browser;
const shots = artifactsDir('workbench-terms');

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

/** Serious and critical axe violations of the page as it is, described. */
async function axeProblems(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

async function navigating(page: Page, action: () => Promise<unknown>) {
  const loaded = page.waitForEvent('load');
  await action();
  await loaded;
}

beforeAll(async () => {
  p = await startPlatform();
  const res = await p.call('/v2/memories', {
    method: 'POST',
    json: { name: 'shop en-de', srclang: 'en', trglang: 'de' },
  });
  const memoryId = ((await res.json()) as { id: number }).id;
  await importInto(
    memoryId,
    'terms.csv',
    'source,target,notes\nshopping cart,Warenkorb,never “Einkaufswagen”\ncheckout,Kasse,\n',
    true,
  );
  const units = Array.from(
    { length: 30 },
    (_, i) =>
      `<tu><tuv xml:lang="en"><seg>Item ${i + 1} was added to your shopping cart</seg></tuv><tuv xml:lang="de"><seg>Artikel ${i + 1} liegt im Warenkorb</seg></tuv></tu>`,
  );
  await importInto(
    memoryId,
    'shop.tmx',
    `<?xml version="1.0" encoding="UTF-8"?>
<tmx version="1.4"><header srclang="en" segtype="sentence" adminlang="en" datatype="plaintext" o-tmf="x" creationtool="x" creationtoolversion="1"/><body>
${units.join('\n')}
<tu><tuv xml:lang="en"><seg>Proceed to checkout</seg></tuv><tuv xml:lang="de"><seg>Weiter zur Kasse</seg></tuv></tu>
</body></tmx>`,
  );
  job = await createJob(p, {
    memoryId,
    content: JSON.stringify({
      cart: { title: 'Your shopping carts', pay: 'Go to checkout from the shopping cart' },
    }),
    moreTargets: ['fr'],
    pretranslate: false,
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await p?.close();
});

describe('glossary, other languages and concordance in a real browser', () => {
  it('marks terms with their translation on focus, inserts one with Alt+Shift+G, warns, shows the other languages, searches the memory', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console: ${m.text()}`);
    });

    // A French translation of the second unit, to be shown as a reference in German.
    const fr = job.more[0]!;
    await page.goto(`${p.url}/workbench/documents/${fr.documentId}`);
    await page.getByLabel('API key').fill(p.key);
    await navigating(page, () => page.getByRole('button', { name: 'Sign in' }).click());
    const frField = page.getByLabel('Translation of segment 2 (fr)');
    await frField.fill('Passer à la caisse depuis le panier');
    await navigating(page, () => frField.press('Control+Enter'));

    await navigating(page, () => page.goto(`${p.url}/workbench/documents/${job.documentId}`));
    expect(await axeProblems(page)).toEqual([]);

    // The term is marked; focusing it (keyboard) shows its approved translation.
    const mark = page.locator('li.segment').first().locator('mark.term');
    await expect.poll(() => mark.count()).toBe(1);
    expect(await mark.textContent()).toBe('shopping carts');
    await page.getByLabel('Translation of segment 1 (de)').focus();
    // Shift+Tab from the field goes back through the source's marks.
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('shopping carts');
    const tooltip = await mark.evaluate((el) => getComputedStyle(el, '::after').content);
    expect(tooltip).toBe('"shopping cart → Warenkorb (never “Einkaufswagen”)"');
    const description = await mark.evaluate(
      (el) => document.getElementById(el.getAttribute('aria-describedby')!)?.textContent,
    );
    expect(description).toBe('approved translation: Warenkorb (never “Einkaufswagen”)');
    await page.screenshot({ path: join(shots, 'term-tooltip.png') });

    // Type, then Alt+Shift+G inserts the first term's translation at the caret.
    const field = page.getByLabel('Translation of segment 1 (de)');
    await field.focus();
    await page.keyboard.type('Ihre ');
    await page.keyboard.press('Alt+Shift+G');
    expect(await field.inputValue()).toBe('Ihre Warenkorb');
    // Each term has its button; the second segment's two terms are both listed.
    const second = page.locator('li.segment').nth(1);
    expect(await second.locator('mark.term').allTextContents()).toEqual(['checkout', 'shopping cart']);
    const secondField = page.getByLabel('Translation of segment 2 (de)');
    await secondField.fill('Zur  gehen');
    await secondField.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(4, 4));
    await second.getByRole('button', { name: 'Insert «Kasse» for «checkout»' }).click();
    expect(await secondField.inputValue()).toBe('Zur Kasse gehen');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe(await secondField.getAttribute('id'));

    // Saved without "Warenkorb": the QA term warning.
    await navigating(page, () => second.getByRole('button', { name: 'Save', exact: true }).click());
    const warning = page.locator('li.segment').nth(1).locator('ul.qa');
    expect(await warning.textContent()).toContain('term "shopping cart" should be translated as "Warenkorb"');

    // The French translation, read-only, with its language and status.
    const reference = page.locator('li.segment').nth(1).locator('dl.references');
    expect(await reference.locator('[lang="fr"]').textContent()).toBe('Passer à la caisse depuis le panier');
    expect(await reference.locator('.badge').textContent()).toBe('confirmed');
    await page.locator('li.segment').nth(1).scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(shots, 'editor-glossary-references.png'), fullPage: true });
    expect(await axeProblems(page)).toEqual([]);

    // Concordance from the card: the results open in their own tab, the editor stays.
    const search = page.locator('li.segment').nth(1).getByLabel('Search the memory for');
    await search.fill('SHOPPING CART');
    const opened = context.waitForEvent('page');
    await search.press('Enter');
    const results = await opened;
    await results.waitForLoadState('load');
    expect(results.url()).toContain(`/workbench/documents/${job.documentId}/concordance?q=SHOPPING+CART`);
    await results.getByText('30 entries hold «SHOPPING CART» in the source · page 1 of 2.').waitFor();
    expect(await results.locator('ol.concordance mark').first().textContent()).toBe('shopping cart');
    expect(await results.locator('ol.concordance > li').count()).toBe(20);
    await results.screenshot({ path: join(shots, 'concordance.png'), fullPage: true });
    expect(await axeProblems(results)).toEqual([]);
    // Keyboard: the next page, then the translations with the fragment.
    await navigating(results, () => results.getByRole('link', { name: 'Next page' }).click());
    expect(await results.locator('ol.concordance > li').count()).toBe(10);
    await results.getByLabel('Search the memory for').fill('Kasse');
    await results.getByLabel('in', { exact: true }).selectOption('target');
    await navigating(results, () => results.getByLabel('Search the memory for').press('Enter'));
    await results.getByText('1 entry holds «Kasse» in the translation.').waitFor();
    expect(await results.locator('ol.concordance mark').textContent()).toBe('Kasse');
    await results.screenshot({ path: join(shots, 'concordance-target.png'), fullPage: true });
    expect(await axeProblems(results)).toEqual([]);
    // A one-letter search is refused by name (the browser's own check aside).
    await navigating(results, () =>
      results.goto(`${p.url}/workbench/documents/${job.documentId}/concordance?q=a`),
    );
    await results.getByText('Type at least 2 characters to search the memory.').waitFor();
    expect(await axeProblems(results)).toEqual([]);
    expect(page.url()).toContain(`/workbench/documents/${job.documentId}`);
    expect(problems).toEqual([]);
    await context.close();
  });
});
