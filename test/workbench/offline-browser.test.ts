/**
 * Offline XLIFF and concurrent editing in the project's Chromium (issue 39, items 6 and 7): download
 * the document, edit the file, upload it, settle the conflict shown side by side; two browser
 * contexts editing one segment, the second sees the conflict and overwrites. Screenshots go to
 * test-artifacts/workbench-offline; axe-core finds no serious or critical violation on the pages.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactsDir, launchBrowser } from '../support/browser.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';
import { createJob, type JobFixture } from './fixture.ts';

const STRINGS = { greeting: 'Hello {{name}}', farewell: 'Goodbye and thanks', help: 'Open the help center' };

let p: TestPlatform;
let job: JobFixture;
let browser: Browser;
const shots = artifactsDir('workbench-offline');

async function segmentOf(unitId: string) {
  return p.database.db
    .selectFrom('document_segments')
    .selectAll()
    .where('document_id', '=', job.documentId)
    .where('unit_id', '=', unitId)
    .executeTakeFirstOrThrow();
}

async function navigating(page: Page, action: () => Promise<unknown>) {
  const loaded = page.waitForEvent('load');
  await action();
  await loaded;
}

/** No serious or critical axe-core violation on the page. */
async function accessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function signedIn(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${p.url}/workbench/login`);
  await page.getByLabel('API key').fill(p.key);
  await navigating(page, () => page.getByRole('button', { name: 'Sign in' }).click());
  return { context, page };
}

beforeAll(async () => {
  p = await startPlatform();
  job = await createJob(p, { strings: STRINGS, template: 'Translate > Review > Secondary review' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await p?.close();
});

describe('offline XLIFF and conflicts in a real browser', () => {
  it('download, edit the file, upload: the unit changed in the workbench meanwhile is shown side by side and settled per unit', async () => {
    const { context, page } = await signedIn();
    await page.goto(`${p.url}/workbench/documents/${job.documentId}`);
    await navigating(page, () => page.getByRole('link', { name: 'Download XLIFF / Upload XLIFF' }).click());
    await page.getByRole('heading', { name: 'Translate “locales/en/app.json” offline' }).waitFor();
    await accessible(page);
    await page.screenshot({ path: join(shots, 'xliff-page.png'), fullPage: true });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download XLIFF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('app.json.de.xlf');
    const original = readFileSync((await download.path())!, 'utf8');
    expect(original).toContain('resname="farewell"');

    // Meanwhile someone changes "farewell" in the workbench.
    await page.goto(`${p.url}/workbench/documents/${job.documentId}`);
    const farewellField = page.getByLabel('Translation of segment 2 (de)');
    await farewellField.fill('Tschüss, danke');
    await navigating(page, () =>
      page.locator('li.segment').nth(1).getByRole('button', { name: 'Save', exact: true }).click(),
    );
    expect((await segmentOf('farewell')).target).toBe('Tschüss, danke');

    // The translator's CAT tool changes "greeting" and "farewell" in the file.
    const edited = original
      .replace(/(resname="greeting"[\s\S]*?<target[^>]*>)[^<]*(<\/target>)/, '$1Hallo {{name}}$2')
      .replace(/(resname="farewell"[\s\S]*?<target[^>]*>)[^<]*(<\/target>)/, '$1Auf Wiedersehen und danke$2');
    const path = join(shots, 'edited.xlf');
    writeFileSync(path, edited);

    await page.goto(`${p.url}/workbench/documents/${job.documentId}/xliff`);
    await page.getByLabel('XLIFF file').setInputFiles(path);
    await navigating(page, () => page.getByRole('button', { name: 'Upload XLIFF' }).click());
    await page.getByText('1 unit saved (0 confirmed), 1 unchanged, 1 in conflict, 0 refused.').waitFor();
    expect((await segmentOf('greeting')).target).toBe('Hallo {{name}}');
    // Side by side: when downloaded, in the workbench now, in the file; nothing overwritten yet.
    const conflict = page.getByRole('group', { name: 'farewell' });
    const cells = await conflict.locator('td').allInnerTexts();
    const downloaded = /resname="farewell"[\s\S]*?<target[^>]*>([^<]*)<\/target>/.exec(original)![1]!;
    expect(cells.map((t) => t.trim())).toEqual([downloaded, 'Tschüss, danke', 'Auf Wiedersehen und danke']);
    expect((await segmentOf('farewell')).target).toBe('Tschüss, danke');
    await accessible(page);
    await page.screenshot({ path: join(shots, 'xliff-conflict.png'), fullPage: true });

    await conflict.getByLabel('Take my file’s text').check();
    await navigating(page, () => page.getByRole('button', { name: 'Apply my choices' }).click());
    await page.getByText('1 unit saved (0 confirmed), 0 unchanged, 0 in conflict, 0 refused.').waitFor();
    expect((await segmentOf('farewell')).target).toBe('Auf Wiedersehen und danke');
    await accessible(page);
    await page.screenshot({ path: join(shots, 'xliff-resolved.png'), fullPage: true });
    await context.close();
  });

  it('two people edit one segment: the second save shows both texts, and "overwrite with mine" saves it', async () => {
    const a = await signedIn();
    const b = await signedIn();
    for (const { page } of [a, b]) await page.goto(`${p.url}/workbench/documents/${job.documentId}`);
    const field = (page: Page) => page.getByLabel('Translation of segment 3 (de)');
    const save = (page: Page) =>
      page.locator('li.segment').nth(2).getByRole('button', { name: 'Save', exact: true });

    await field(a.page).fill('Hilfe öffnen (A)');
    await navigating(a.page, () => save(a.page).click());
    await a.page.getByText('Segment saved.').waitFor();

    await field(b.page).fill('Hilfecenter öffnen (B)');
    await navigating(b.page, () => save(b.page).click());
    await b.page.getByRole('heading', { name: 'Someone else changed this segment' }).waitFor();
    expect(await b.page.locator('#theirs').innerText()).toBe('Hilfe öffnen (A)');
    expect(await b.page.getByLabel('Your translation (de)').inputValue()).toBe('Hilfecenter öffnen (B)');
    expect((await segmentOf('help')).target).toBe('Hilfe öffnen (A)');
    await accessible(b.page);
    await b.page.screenshot({ path: join(shots, 'segment-conflict.png'), fullPage: true });

    await navigating(b.page, () => b.page.getByRole('button', { name: 'Overwrite with mine' }).click());
    await b.page.getByText('Segment saved.').waitFor();
    expect((await segmentOf('help')).target).toBe('Hilfecenter öffnen (B)');

    // A's page is now stale in turn: A's next save is a conflict, never a silent overwrite.
    await field(a.page).fill('Hilfe öffnen (A, again)');
    await navigating(a.page, () => save(a.page).click());
    await a.page.getByRole('heading', { name: 'Someone else changed this segment' }).waitFor();
    await navigating(a.page, () => a.page.getByRole('link', { name: 'Keep theirs' }).click());
    expect((await segmentOf('help')).target).toBe('Hilfecenter öffnen (B)');
    await a.context.close();
    await b.context.close();
  });
});
