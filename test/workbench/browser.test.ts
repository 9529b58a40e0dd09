import { join } from 'node:path';
import { unzipSync } from 'fflate';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactsDir, launchBrowser } from '../support/browser.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';
import { createJob, type JobFixture } from './fixture.ts';

const STRINGS = {
  title: 'Welcome <script>window.__pwned = 1</script>',
  greeting: 'Hello {{name}}',
  farewell: 'Goodbye and thanks',
  help: 'Open the help center',
};
const EDITED_GREETING = 'Hallo {{name}}, schön dich zu sehen';
const EDITED_FAREWELL = 'Tschüss und danke';

let p: TestPlatform;
let hooks: WebhookReceiver;
let job: JobFixture;
let browser: Browser;
const shots = artifactsDir('workbench');

/** Presses Tab until the focused element satisfies `wanted` (keyboard-only use), at most 60 times. */
async function tabTo(page: Page, wanted: (el: { tag: string; text: string; label: string }) => boolean) {
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab');
    const el = await page.evaluate(() => {
      const a = document.activeElement as HTMLElement | null;
      return {
        tag: a?.tagName ?? '',
        text: (a?.textContent ?? '').trim(),
        label: a?.id ? (document.querySelector(`label[for="${a.id}"]`)?.textContent ?? '').trim() : '',
      };
    });
    if (wanted(el)) return el;
  }
  throw new Error('tabbing never reached the wanted element');
}

/** Runs an action that submits a form or follows a link, and waits for the next page to load. */
async function navigating(page: Page, action: () => Promise<unknown>) {
  const loaded = page.waitForEvent('load');
  await action();
  await loaded;
}

beforeAll(async () => {
  p = await startPlatform({ webhooks: { retryScale: 0.001 } });
  hooks = await startWebhookReceiver();
  await p.call('/v3/connectors/configuration/webhooks', {
    method: 'POST',
    json: { webhookName: 'delivery', webhookUrl: `${hooks.url}/hook`, eventType: ['JOB_DELIVER'] },
  });
  job = await createJob(p, { strings: STRINGS, template: 'Translate > Review > Secondary review' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await p?.close();
  await hooks?.close();
});

describe('the workbench in a real browser', () => {
  it('sign in, edit two segments, confirm all, complete every stage: JOB_DELIVER, the zip holds the edits, TM answers', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('dialog', (d) => {
      problems.push(`dialog: ${d.message()}`);
      void d.dismiss();
    });
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));

    // Signed out, the editor sends us to sign in first.
    await page.goto(`${p.url}/workbench/documents/${job.documentId}`);
    await expect.poll(() => page.url()).toContain('/workbench/login?next=');
    expect(await page.content()).not.toContain('Goodbye and thanks');
    await page.getByLabel('API key').fill(p.key);
    await navigating(page, () => page.getByRole('button', { name: 'Sign in' }).click());
    expect(page.url()).toBe(`${p.url}/workbench/documents/${job.documentId}`);

    // Back to the start and in through the links, as a translator would.
    await navigating(page, () => page.getByRole('link', { name: 'Jobs' }).click());
    await navigating(page, () => page.getByRole('link', { name: 'Release 2.0 (en → de)' }).click());
    await navigating(page, () => page.getByRole('link', { name: 'locales/en/app.json' }).click());
    expect(page.url()).toBe(`${p.url}/workbench/documents/${job.documentId}`);

    // The source holding <script> is shown as text and never ran.
    await page.getByText(STRINGS.title, { exact: true }).waitFor();
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();

    // Edit two segments: type, Ctrl+Enter confirms and moves the focus to the next open segment.
    const greeting = page.getByLabel('Translation of segment 2 (de)');
    await greeting.fill(EDITED_GREETING);
    await navigating(page, () => greeting.press('Control+Enter'));
    expect(page.url()).toContain('notice=confirmed');
    // The browser applies autofocus at its first rendering after load: on a busy machine, a moment later.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-keyshortcuts')))
      .toBe('Control+Enter');
    const focusedLabel = await page.evaluate(
      () => document.querySelector(`label[for="${document.activeElement?.id}"]`)?.textContent,
    );
    expect(focusedLabel).toBe('Translation of segment 3 (de)');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(EDITED_FAREWELL);
    await navigating(page, () => page.keyboard.press('Control+Enter'));
    await page.getByText('Segment confirmed and added to the memory.').waitFor();
    expect(await page.getByLabel('Translation of segment 3 (de)').inputValue()).toBe(EDITED_FAREWELL);
    await page.screenshot({ path: join(shots, 'editor-after-edits.png'), fullPage: true });

    // Focus is visible: the focused field carries the focus outline.
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)).toBe('solid');

    await navigating(page, () =>
      page.getByRole('button', { name: 'Confirm all translated segments' }).click(),
    );
    expect(page.url()).toContain('notice=confirmed-all');
    await page.getByLabel('Show only unconfirmed segments').check();
    await navigating(page, () => page.getByRole('button', { name: 'Apply filter' }).click());
    await page.getByText('No unconfirmed segments').waitFor();
    await page.screenshot({ path: join(shots, 'editor-all-confirmed.png'), fullPage: true });

    // Every stage, keyboard only: Tab to the stage button and press Enter.
    await navigating(page, () => page.getByRole('link', { name: 'Release 2.0 (en → de)' }).click());
    const stages = ['Start Translate', 'Complete Translate', 'Complete Review', 'Complete Secondary review'];
    for (const [i, label] of stages.entries()) {
      await tabTo(page, (el) => el.tag === 'BUTTON' && el.text === label);
      await navigating(page, () => page.keyboard.press('Enter'));
      expect(page.url(), label).toMatch(i === stages.length - 1 ? /notice=delivered/ : /notice=advanced/);
    }
    await page.getByText('the job was delivered').waitFor();
    await page.screenshot({ path: join(shots, 'project-done.png'), fullPage: true });
    expect(problems).toEqual([]);
    await context.close();

    // The webhook endpoint got JOB_DELIVER for this job.
    await p.idle();
    const delivered = (await hooks.waitFor(1)).find((r) => r.headers['svc-event-type'] === 'JOB_DELIVER');
    expect(JSON.parse(delivered!.body)).toMatchObject({
      id: job.jobId,
      isDelivered: true,
      eventType: 'JOB_DELIVER',
    });

    // The job's zip holds the edited text.
    expect((await p.call(`/v2/jobs/${job.jobId}/export?type=files`)).status).toBe(200);
    await p.idle();
    const download = await p.call(`/v2/jobs/${job.jobId}/download`);
    expect(download.status).toBe(200);
    const zip = unzipSync(new Uint8Array(await download.arrayBuffer()));
    const file = JSON.parse(new TextDecoder().decode(zip['de/locales/en/app.json']!)) as Record<
      string,
      string
    >;
    expect(file.greeting).toBe(EDITED_GREETING);
    expect(file.farewell).toBe(EDITED_FAREWELL);

    // The memory answers with the confirmed translations.
    for (const [source, target] of [
      [STRINGS.greeting, EDITED_GREETING],
      [STRINGS.farewell, EDITED_FAREWELL],
    ]) {
      const res = await p.call(`/v2/memories/query?id=${job.memoryId}&query=${encodeURIComponent(source!)}`);
      const matches = (await res.json()) as { target: string; score: number }[];
      expect(matches[0]).toMatchObject({ target, score: 100 });
    }
  }, 120_000);
});
