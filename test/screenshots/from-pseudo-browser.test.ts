/**
 * `screenshots upload --from-pseudo` end to end, as an app's UI test would run it: `pseudo
 * --mark-keys` writes the en-XA target of a small i18next project, a page renders its strings in
 * Chromium, a real PNG is taken with each element's innerText and boundingBox() (Playwright)
 * beside it, and the CLI uploads to a platform that then holds each key with the box of the
 * element that shows it — the long key found from its digest, hard-coded text ignored.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPng } from '../../src/screenshots/png.ts';
import { artifactsDir, launchBrowser } from '../support/browser.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';
import { runCli } from '../support/processes.ts';

const LONG = 'legal.terms_of_service_and_privacy_policy_acceptance_notice_at_checkout';

const SOURCE = {
  nav: { home: 'Home', cart: 'Cart' },
  cart: {
    title: 'Your cart',
    items_one: '{{count}} item',
    items_other: '{{count}} items',
    checkout: 'Check out',
  },
  nested: 'Questions? See $t(cart.checkout)',
  legal: {
    terms_of_service_and_privacy_policy_acceptance_notice_at_checkout:
      'By checking out you accept the terms.',
  },
};

let p: TestPlatform;
let browser: Browser;
let page: Page;
let root: string;
let shots: string;

beforeAll(async () => {
  [p, browser] = await Promise.all([startPlatform(), launchBrowser()]);
  page = await browser.newPage({ viewport: { width: 640, height: 360 }, deviceScaleFactor: 1 });
  root = await mkdtemp(join(tmpdir(), 'svc-pseudo-shots-'));
  shots = join(root, 'e2e/screenshots');
  await mkdir(join(root, 'locales'), { recursive: true });
  await mkdir(shots, { recursive: true });
  await writeFile(join(root, 'locales/en.json'), `${JSON.stringify(SOURCE, null, 2)}\n`);
  await writeFile(
    join(root, '.svc.yml'),
    'source: en\ntargets: [de, fr]\nfiles:\n  - source: locales/en.json\n    translation: locales/%lang%.json\n',
  );
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await p?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

const env = () => ({ SVC_API_URL: p.url, SVC_API_KEY: p.key });
const html = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;');

/** The cart screen as the app renders the en-XA strings; element ids say which key each shows. */
function cartScreen(t: typeof SOURCE): string {
  const checkout = html(t.cart.checkout);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Cart</title>
<style>body{font:16px sans-serif;margin:16px} nav a{margin-right:16px} p,h2{margin:8px 0}</style></head><body>
<header><strong>Acme</strong> <nav><a id="home" href="#">${html(t.nav.home)}</a><a id="cart" href="#">${html(t.nav.cart)}</a></nav></header>
<main><h2 id="title">${html(t.cart.title)}</h2>
<p id="items">${html(t.cart.items_other.replace('{{count}}', '3'))}</p>
<button id="checkout" type="button">${checkout}</button>
<p id="nested">${html(t.nested).replace('$t(cart.checkout)', `<b id="nested-inner">${checkout}</b>`)}</p>
<p><small id="legal">${html(t.legal.terms_of_service_and_privacy_policy_acceptance_notice_at_checkout)}</small></p>
<p>Version 1.4.2</p></main></body></html>`;
}

/** What a Playwright UI test saves beside a screenshot: every element's text and box. */
async function elementsOnScreen(tab: Page) {
  const out: { text: string; box: { x: number; y: number; w: number; h: number } | null }[] = [];
  for (const el of await tab.locator('body *').all()) {
    const text = await el.innerText();
    if (text.trim() === '') continue;
    const b = await el.boundingBox();
    out.push({ text, box: b && { x: b.x, y: b.y, w: b.width, h: b.height } });
  }
  return out;
}

/** The box the platform should hold for the element: its bounding box rounded outwards. */
async function boxOf(id: string) {
  const b = (await page.locator(`#${id}`).boundingBox())!;
  const x = Math.floor(b.x);
  const y = Math.floor(b.y);
  return { x, y, w: Math.ceil(b.x + b.width) - x, h: Math.ceil(b.y + b.height) - y };
}

describe('screenshots upload --from-pseudo, from a real screen', () => {
  it('uploads each screenshot with the keys on it and the boxes of the elements showing them', async () => {
    const pseudo = runCli(['pseudo', '--lang', 'en-XA', '--mark-keys', '--root', root]);
    expect(await pseudo.exit, pseudo.stderr.join('\n')).toBe(0);
    const target = JSON.parse(await readFile(join(root, 'locales/en-XA.json'), 'utf8')) as typeof SOURCE;

    await page.setContent(cartScreen(target));
    const png = await page.screenshot({ path: join(shots, 'cart.png') });
    await writeFile(join(artifactsDir('screenshots'), 'from-pseudo-cart.png'), png);
    await writeFile(join(shots, 'cart.json'), JSON.stringify(await elementsOnScreen(page), null, 2));

    const expected = {
      'nav.home': await boxOf('home'),
      'nav.cart': await boxOf('cart'),
      'cart.title': await boxOf('title'),
      'cart.items': await boxOf('items'),
      'cart.checkout': await boxOf('checkout'),
      nested: await boxOf('nested'),
      [LONG]: await boxOf('legal'),
    };
    const cartKeys = Object.entries(expected)
      .map(([key, box]) => ({ key, box }))
      .sort((a, b) => (a.key < b.key ? -1 : 1));
    expect(readPng(png)).toEqual({ width: 640, height: 360 });

    // A second screen as a simpler test saves it: the page's text (document.body.innerText), no boxes.
    await page.setContent(
      `<!doctype html><meta charset="utf-8"><title>Summary</title><h2>${html(target.cart.title)}</h2><p>${html(target.cart.items_one.replace('{{count}}', '1'))} · Acme</p>`,
    );
    await page.screenshot({
      path: join(shots, 'summary.png'),
      clip: { x: 0, y: 0, width: 640, height: 120 },
    });
    await writeFile(join(shots, 'summary.txt'), await page.evaluate(() => document.body.innerText));

    // --dry-run: the manifest as read, and the note that the checkout text is shown twice.
    const dry = runCli(
      ['screenshots', 'upload', shots, '--from-pseudo', '--root', root, '--repo', 'acme/shop', '--dry-run'],
      env(),
    );
    expect(await dry.exit, dry.stderr.join('\n')).toBe(0);
    const b = expected['cart.checkout'];
    expect(dry.stdout).toEqual([
      '# screenshots.yml as read from the pseudo text (2 screenshot(s))',
      'cart.png:',
      ...cartKeys.flatMap((k) => [
        `  - key: ${k.key}`,
        `    box: { x: ${k.box.x}, y: ${k.box.y}, w: ${k.box.w}, h: ${k.box.h} }`,
      ]),
      'summary.png:',
      '  - cart.items',
      '  - cart.title',
      'would be uploaded: cart.png',
      'would be uploaded: summary.png',
      'screenshots: 2 uploaded, 0 replaced, 0 relabelled, 0 unchanged, 0 removed (dry run) — 1 request(s)',
    ]);
    expect(dry.stderr.join('')).toBe(
      `svc-connector screenshots: note: cart.json: key "cart.checkout" is shown in 2 places; the box given is the one at x ${b.x}, y ${b.y} (its own text, else the first)\n`,
    );

    const run = runCli(
      ['screenshots', 'upload', shots, '--from-pseudo', '--root', root, '--repo', 'acme/shop'],
      env(),
    );
    expect(await run.exit, run.stderr.join('\n')).toBe(0);
    expect(run.stdout.at(-1)).toBe(
      'screenshots: 2 uploaded, 0 replaced, 0 relabelled, 0 unchanged, 0 removed — 5 request(s)',
    );
    const files = (await (await p.call('/v2/files?labels=svc:screenshot')).json()) as {
      name: string;
      category: string;
      labels: string[];
      screenshot: { width: number; height: number; keys: unknown[] };
    }[];
    const byName = Object.fromEntries(files.map((f) => [f.name, f]));
    expect(Object.keys(byName).sort()).toEqual(['screenshots/cart.png', 'screenshots/summary.png']);
    expect(byName['screenshots/cart.png']!.category).toBe('REFERENCE');
    expect(byName['screenshots/cart.png']!.labels).toEqual(['repo:acme/shop', 'svc:screenshot']);
    expect(byName['screenshots/cart.png']!.screenshot).toEqual({ width: 640, height: 360, keys: cartKeys });
    expect(byName['screenshots/summary.png']!.screenshot).toEqual({
      width: 640,
      height: 120,
      keys: [{ key: 'cart.items' }, { key: 'cart.title' }],
    });
  }, 60_000);
});
