/**
 * In a real browser: the segment card shows the screenshot from CI with the key's box drawn over
 * the very pixels the manifest names, at any displayed size; the page passes axe.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createClient } from '../../src/api/index.ts';
import { artifactsDir, launchBrowser } from '../support/browser.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';
import { syncedJob } from './repository-fixture.ts';

let p: TestPlatform;
let client: Client;
let browser: Browser;
let synced: Awaited<ReturnType<typeof syncedJob>>;
const artefacts = artifactsDir('workbench-screenshots');

beforeAll(async () => {
  p = await startPlatform();
  client = createClient({ baseUrl: p.url, apiKey: p.key });
  synced = await syncedJob(client, p);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await client?.close();
  await p?.close();
  if (synced) await rm(synced.root, { recursive: true, force: true });
});

describe('screenshots and code links in the editor (browser)', () => {
  it("draws the key's box over the named pixels at any width, and passes axe", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console: ${m.text()}`);
    });
    await page.goto(`${p.url}/workbench/login`);
    await page.getByLabel('API key').fill(p.key);
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Sign in' }).click()]);
    await page.goto(`${p.url}/workbench/documents/${synced.documentId}`);

    // Open settings.tabs.general's full card by its key, as a translator would: its code links and
    // its screenshot are panels of that card.
    await page.getByRole('link', { name: /settings\.tabs\.general/ }).click();
    const card = page.locator('li.segment.expanded', {
      has: page.locator('code', { hasText: 'settings.tabs.general' }),
    });
    await card.waitFor();
    await expect.poll(() => card.getByRole('link', { name: 'src/settings/Tabs.tsx:7' }).count()).toBe(1);
    const img = card.getByRole('img', { name: 'Screenshot settings.png, the string outlined in red' });
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(320);

    /** The drawn box in image pixels, measured from the rendered image and rectangle. */
    const measured = async () => {
      const i = (await img.boundingBox())!;
      const r = (await card.locator('rect.key-box').boundingBox())!;
      const scale = 320 / i.width;
      return {
        x: (r.x - i.x) * scale,
        y: (r.y - i.y) * scale,
        w: r.width * scale,
        h: r.height * scale,
        shownWidth: i.width,
      };
    };
    const wide = await measured();
    // The stroke is centred on the edge: within 3 px of the box { x: 24, y: 80, w: 120, h: 32 }.
    for (const [k, v] of Object.entries({ x: 24, y: 80, w: 120, h: 32 }))
      expect(Math.abs(wide[k as 'x'] - v), `${k} at full size`).toBeLessThan(4);
    await card.screenshot({ path: join(artefacts, 'segment-card-with-screenshot.png') });
    await page.screenshot({ path: join(artefacts, 'editor-with-screenshots.png'), fullPage: true });

    // Narrow: the image is scaled down and the box with it.
    await page.setViewportSize({ width: 300, height: 900 });
    await img.scrollIntoViewIfNeeded();
    const narrow = await measured();
    expect(narrow.shownWidth).toBeLessThan(320);
    for (const [k, v] of Object.entries({ x: 24, y: 80, w: 120, h: 32 }))
      expect(Math.abs(narrow[k as 'x'] - v), `${k} scaled down`).toBeLessThan(8);
    await card.screenshot({ path: join(artefacts, 'segment-card-narrow.png') });

    await page.setViewportSize({ width: 1280, height: 900 });
    const axe = await new AxeBuilder({ page }).analyze();
    const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
