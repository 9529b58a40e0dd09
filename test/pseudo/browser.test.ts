/**
 * Markers survive a real screen: an i18next JSON target made with `--mark-keys` is rendered into
 * a page in Chromium (texts as an app would put them: text nodes, markup, a nested `$t(…)`),
 * `document.body.innerText` and the accessibility tree are read back, and decodeMarkedText returns
 * the keys with the text each shows. The markers take no width, and ar-XB words render right-to-left.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonFormat } from '../../src/formats/json/index.ts';
import { pseudoFile } from '../../src/pseudo/file.ts';
import { decodeMarkedText, stripMarkers } from '../../src/pseudo/markers.ts';
import { pseudoProfile } from '../../src/pseudo/profiles.ts';
import { artifactsDir, launchBrowser } from '../support/browser.ts';

const source = new Uint8Array(readFileSync('test/fixtures/qa/app/locales/en.json'));

/** The target's texts by key path (`cart.checkout`), plural forms as `key_one`. */
function texts(bytes: Uint8Array): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (node: unknown, path: string[]) => {
    if (typeof node === 'string') out.set(path.join('.'), node);
    else for (const [k, v] of Object.entries(node as object)) walk(v, [...path, k]);
  };
  walk(JSON.parse(new TextDecoder().decode(bytes)), []);
  return out;
}

const html = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;');

/** A page as an app renders these strings: placeholders filled, markup as markup, nesting resolved. */
function page(t: Map<string, string>, dir: 'ltr' | 'rtl'): string {
  const fill = (s: string) => s.replace('{{name}}', 'Ada').replace('{{count}}', '3');
  return `<!doctype html><html lang="en" dir="${dir}"><head><meta charset="utf-8"><title>Shop</title>
<style>body{font:16px sans-serif} .probe{display:inline-block}</style></head><body>
<header><h1>Acme</h1><button type="button">${html(fill(t.get('cart.checkout')!))}</button></header>
<main><p>${html(fill(t.get('greeting')!))}</p>
<p>${html(fill(t.get('cart.items_other')!))}</p>
<p>${html(t.get('nested')!).replace('$t(cart.checkout)', html(t.get('cart.checkout')!))}</p>
<p>${t.get('legal')}</p>
<p><span>${html(t.get('title')!)}</span></p></main></body></html>`;
}

let browser: Browser;
let tab: Page;
beforeAll(async () => {
  browser = await launchBrowser();
  tab = await browser.newPage();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

describe('markers read back from a rendered page', () => {
  it('decodeMarkedText(document.body.innerText) names every key on screen with its text', async () => {
    const { bytes } = pseudoFile(jsonFormat, source, { profile: pseudoProfile('en-XA'), markKeys: true });
    const t = texts(bytes);
    await tab.setContent(page(t, 'ltr'));
    await tab.screenshot({ path: join(artifactsDir('pseudo'), 'en-XA-marked.png'), fullPage: true });
    const onScreen = await tab.evaluate(() => document.body.innerText);
    const found = decodeMarkedText(onScreen);
    expect(found.map((f) => f.key)).toEqual([
      'cart.checkout',
      'greeting',
      'cart.items',
      'nested',
      'cart.checkout',
      'legal',
      'title',
    ]);
    expect(found.every((f) => f.complete)).toBe(true);
    expect(found[0]!.text).toBe('[Ĝö ţö ţĥé šĥöþþîñĝ çåŕţ one tw]');
    expect(found[0]!.text).toBe(stripMarkers(t.get('cart.checkout')!));
    expect(found[1]!.text).toBe('[Ĥéļļö, Ada! on]');
    // The nested text is its own key inside the other's, and part of what the other shows.
    expect(found[3]!.text).toBe(`[Šéé ${found[4]!.text} o]`);
    // The accessibility tree (what screen readers and UI tests read) carries the same markers.
    const tree = await tab.locator('body').ariaSnapshot();
    expect(decodeMarkedText(tree).map((f) => f.key)).toEqual(found.map((f) => f.key));
    // Markup is rendered, not shown: the legal text reads without its <strong>.
    expect(found[5]!.text).toBe(stripMarkers(t.get('legal')!).replace(/<\/?strong>/g, ''));
  });

  it('markers take no room on screen', async () => {
    const { bytes: marked } = pseudoFile(jsonFormat, source, {
      profile: pseudoProfile('en-XA'),
      markKeys: true,
    });
    const { bytes: plain } = pseudoFile(jsonFormat, source, { profile: pseudoProfile('en-XA') });
    const a = texts(marked).get('title')!;
    const b = texts(plain).get('title')!;
    expect(a).not.toBe(b);
    await tab.setContent(
      `<!doctype html><meta charset="utf-8"><span class="a">${html(a)}</span><br><span class="b">${html(b)}</span>`,
    );
    const width = (sel: string) => tab.$eval(sel, (el) => el.getBoundingClientRect().width);
    expect(await width('.a')).toBe(await width('.b'));
  });

  it('ar-XB: each word renders right-to-left, and its keys still read back', async () => {
    const { bytes } = pseudoFile(jsonFormat, source, { profile: pseudoProfile('ar-XB'), markKeys: true });
    const t = texts(bytes);
    await tab.setContent(page(t, 'rtl'));
    await tab.screenshot({ path: join(artifactsDir('pseudo'), 'ar-XB-marked.png'), fullPage: true });
    // In "Your", the Y (first in the text) stands to the right of the r (last): the word is reversed.
    const [first, last] = await tab.$eval('main span', (span) => {
      const node = span.firstChild as Text;
      const at = (i: number) => {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        return range.getBoundingClientRect().left;
      };
      const y = node.data.indexOf('Your');
      return [at(y), at(y + 3)];
    });
    expect(first).toBeGreaterThan(last);
    const found = decodeMarkedText(await tab.evaluate(() => document.body.innerText));
    expect(found.map((f) => f.key)).toContain('title');
  });
});
