/**
 * The workbench beside each segment: the description, what each placeholder means, a live
 * character count against the length limit (the repository's context rule over the file's), the
 * platform notes and a form to add one — checked in a real browser, with axe.
 */
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactsDir, launchBrowser } from '../support/browser.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';
import { csrfOf, workbenchClient } from './client.ts';
import { createJob, type JobFixture } from './fixture.ts';

const ARB = `{
  "@@locale": "en",
  "inboxCount": "{count} new in your inbox",
  "@inboxCount": {
    "description": "Badge on the inbox tab",
    "placeholders": { "count": { "type": "int", "example": "3" } }
  },
  "save": "Save"
}
`;

let p: TestPlatform;
let job: JobFixture;
let browser: Browser;
const shots = artifactsDir('workbench-context');

beforeAll(async () => {
  p = await startPlatform();
  // The repository's context, as a sync sends it: a limit on "save" the ARB file cannot say.
  const put = await p.call('/v2/files/context', {
    method: 'PUT',
    json: {
      files: [
        {
          name: 'l10n/app_en.arb',
          units: [{ id: 'save', maxLength: 8, origins: { maxLength: 'l10n/app_en.context.yml' } }],
        },
      ],
    },
  });
  expect(put.status).toBe(200);
  job = await createJob(p, { content: ARB, fileName: 'l10n/app_en.arb', pretranslate: false });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await p?.close();
});

describe('the context beside each segment', () => {
  it('shows description, placeholder meanings and the limit without JavaScript; a note added by form is listed', async () => {
    const c = workbenchClient(p.url);
    await c.signIn(p.key);
    const page = await c.get(`/workbench/documents/${job.documentId}`);
    // ARB says the description and placeholders again as the unit's notes: the description shows
    // in the row in short and once in the card, the placeholder's meaning beside it, once.
    expect(page.html.split('Badge on the inbox tab').length - 1).toBe(2);
    expect(page.html).toContain('<li><code>{count}</code> <span class="meaning">int · e.g. 3</span>');
    expect(page.html).not.toContain('Placeholders: {count}');
    expect(page.html).toMatch(/data-max-length="8"/);
    expect(page.html).toContain('At most 8 characters');
    const segment = await p.database.db
      .selectFrom('document_segments')
      .select('id')
      .where('document_id', '=', job.documentId)
      .where('unit_id', '=', 'save')
      .executeTakeFirstOrThrow();
    const sent = await c.post(`/workbench/documents/${job.documentId}/segments/${segment.id}/notes`, {
      _csrf: csrfOf(page.html),
      note: 'Button in the editor toolbar',
    });
    expect(sent.status).toBe(303);
    const posted = await c.get(sent.location!);
    expect(posted.html).toContain('Note added.');
    expect(posted.html).toContain('Button in the editor toolbar <span class="muted">— ');
    const empty = await c.post(`/workbench/documents/${job.documentId}/segments/${segment.id}/notes`, {
      _csrf: csrfOf(page.html),
      note: '   ',
    });
    expect((await c.get(empty.location!)).html).toContain('The note was empty');
    // The API shows the note kept apart from the repository's fields.
    const context = await (await p.call(`/v2/documents/context?id=${job.documentId}`)).json();
    expect(context.find((u: { unit_id: string }) => u.unit_id === 'save')).toMatchObject({
      max_length: 8,
      owners: { maxLength: 'l10n/app_en.context.yml' },
      platform_notes: [{ text: 'Button in the editor toolbar' }],
    });
  });

  it('counts characters live against max_length and passes axe with no serious or critical violation', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${p.url}/workbench/documents/${job.documentId}`);
    await page.getByLabel('API key').fill(p.key);
    const loaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await loaded;
    const field = page.locator('textarea[data-max-length="8"]');
    await field.fill('Speichern');
    const count = page.locator(`[data-count-for="${await field.getAttribute('id')}"]`);
    await expect.poll(() => count.textContent()).toBe(' (9 of 8, too long)');
    await field.fill('Sichern');
    await expect.poll(() => count.textContent()).toBe(' (7 of 8)');
    await page.screenshot({ path: join(shots, 'context-panel.png'), fullPage: true });
    const axe = await new AxeBuilder({ page }).analyze();
    const bad = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await context.close();
  });
});
