/**
 * History and comments in a real browser (the project's Chromium): restore an earlier version
 * from the editor, add and resolve a comment, the job's comments page; screenshots under
 * test-artifacts/workbench-history/ and an axe-core check (no serious or critical violation) of
 * every page this adds or changes.
 */
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactsDir, launchBrowser } from '../support/browser.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';
import { createJob, type JobFixture } from './fixture.ts';

const STRINGS = {
  title: 'Welcome back',
  greeting: 'Hello {{name}}',
  farewell: 'Goodbye and thanks',
};

let p: TestPlatform;
let job: JobFixture;
let browser: Browser;
const shots = artifactsDir('workbench-history');

/** Runs an action that submits a form or follows a link, and waits for the next page to load. */
async function navigating(page: Page, action: () => Promise<unknown>) {
  const loaded = page.waitForEvent('load');
  await action();
  await loaded;
}

/** axe-core's serious and critical violations on the page, as `rule: target` lines. */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}

async function segmentId(unitId: string): Promise<number> {
  const row = await p.database.db
    .selectFrom('document_segments')
    .select('id')
    .where('document_id', '=', job.documentId)
    .where('unit_id', '=', unitId)
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  p = await startPlatform();
  job = await createJob(p, { strings: STRINGS, template: 'Translate > Review' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await p?.close();
});

describe('history and comments in a real browser', () => {
  it('restores an earlier version, adds and resolves a comment, lists the job’s comments; axe finds nothing serious', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));

    await page.goto(`${p.url}/workbench/login`);
    await page.getByLabel('API key').fill(p.key);
    await navigating(page, () => page.getByRole('button', { name: 'Sign in' }).click());
    await navigating(page, () => page.goto(`${p.url}/workbench/documents/${job.documentId}`));

    // Two versions by a person on top of machine translation's.
    const greeting = page.getByLabel('Translation of segment 2 (de)');
    await greeting.fill('Hallo {{name}}, willkommen');
    await navigating(page, () => page.getByRole('button', { name: 'Save' }).nth(1).click());
    await page.getByText('Segment saved.').waitFor();
    await page.getByLabel('Translation of segment 2 (de)').fill('Hallo {{name}}');
    await navigating(page, () => page.getByLabel('Translation of segment 2 (de)').press('Control+Enter'));
    await page.getByText('Segment confirmed and added to the memory.').waitFor();

    // The history panel of segment 2: three versions, newest first, who and when.
    const id = await segmentId('greeting');
    const row = page.locator(`#seg-${id}`);
    // Its card is open once it has the focus (the key opens it in place), history and comments with it.
    await row.locator('a.key').click();
    await row.getByText('History (3 versions)').click();
    const versions = row.locator('ol.versions > li');
    await expect.poll(() => versions.count()).toBe(3);
    expect(await versions.nth(0).textContent()).toContain('admin@localhost confirmed');
    expect(await versions.nth(0).textContent()).toContain('current text');
    expect(await versions.nth(1).textContent()).toContain('admin@localhost saved');
    expect(await versions.nth(2).textContent()).toContain('Machine translation pretranslated');
    expect(await row.locator('.memory-records').textContent()).toContain('Hallo {{name}}');
    await row.screenshot({ path: join(shots, 'history-panel.png') });
    expect(await seriousViolations(page)).toEqual([]);

    // One click back to the saved version.
    await navigating(page, () =>
      versions
        .nth(1)
        .getByRole('button', { name: /^Restore/ })
        .click(),
    );
    await page.getByText('Earlier version restored.').waitFor();
    expect(await page.getByLabel('Translation of segment 2 (de)').inputValue()).toBe(
      'Hallo {{name}}, willkommen',
    );
    // The redirect's fragment unfolds the history panel, which now starts with the restore.
    const restored = page.locator(`#seg-${id} ol.versions > li`).first();
    await restored.waitFor({ state: 'visible' });
    expect(await restored.textContent()).toContain('admin@localhost restored an earlier version');
    await page.screenshot({ path: join(shots, 'editor-after-restore.png'), fullPage: true });

    // A comment on segment 3, typed as a translator would.
    const farewell = await segmentId('farewell');
    const farewellRow = page.locator(`#seg-${farewell}`);
    await farewellRow.locator('a.key').click();
    await farewellRow.getByText(/^Comments \(none\)/).click();
    await farewellRow
      .getByLabel('New comment on segment 3')
      .fill('Formal or informal “thanks”? <ask the client>');
    await navigating(page, () =>
      farewellRow.getByRole('button', { name: 'Add comment to segment 3' }).click(),
    );
    await page.getByText('Comment added.').waitFor();
    const marked = page.locator(`#seg-${farewell} .comment-marker`);
    expect(await marked.textContent()).toBe('1 open comment');
    expect(await page.locator(`#seg-${farewell} .comment-body`).textContent()).toBe(
      'Formal or informal “thanks”? <ask the client>',
    );
    await page.locator(`#seg-${farewell}`).screenshot({ path: join(shots, 'comment-added.png') });
    expect(await seriousViolations(page)).toEqual([]);

    // The job's comments: open ones with counts, a link back to the segment.
    await navigating(page, () =>
      page.getByRole('link', { name: 'All comments of this job' }).first().click(),
    );
    expect(page.url()).toBe(`${p.url}/workbench/jobs/${job.jobId}/comments`);
    await page.getByRole('link', { name: 'Open (1)' }).waitFor();
    await page.getByRole('link', { name: 'Resolved (0)' }).waitFor();
    await page.screenshot({ path: join(shots, 'job-comments-open.png'), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    await navigating(page, () =>
      page.getByRole('button', { name: /^Resolve the comment on segment 3/ }).click(),
    );
    await page.getByText('Comment resolved.').waitFor();
    await page.getByText('No open comments').waitFor();
    await navigating(page, () => page.getByRole('link', { name: 'Resolved (1)' }).click());
    await page.getByText('resolved by admin@localhost').waitFor();
    await page.screenshot({ path: join(shots, 'job-comments-resolved.png'), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    // From the list to the segment in the editor: the marker is gone once resolved.
    await navigating(page, () =>
      page.getByRole('link', { name: 'locales/en/app.json (de), segment 3' }).click(),
    );
    expect(page.url()).toBe(`${p.url}/workbench/documents/${job.documentId}?focus=${farewell}`);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe(`t-${farewell}`);
    expect(await page.locator(`#seg-${farewell} .comment-marker`).count()).toBe(0);

    // The segment's history page: every version, the memory, the comments.
    await navigating(page, () =>
      page.goto(`${p.url}/workbench/documents/${job.documentId}/segments/${id}/history`),
    );
    await page.getByRole('heading', { name: 'Segment 2: history and comments' }).waitFor();
    await page.screenshot({ path: join(shots, 'segment-history-page.png'), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});
