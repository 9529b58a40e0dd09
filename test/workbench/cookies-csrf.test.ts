import { describe, expect, it } from 'vitest';
import { safeNext } from '../../server/workbench/auth.ts';
import { parseCookies, serializeCookie } from '../../server/workbench/cookies.ts';
import { newToken, tokensMatch } from '../../server/workbench/csrf.ts';
import { idParam } from '../../server/workbench/params.ts';
import { launchBrowser, packagedChromium } from '../support/browser.ts';

describe('workbench cookies', () => {
  it('sets HttpOnly, SameSite=Strict and Path=/workbench always, Secure only over HTTPS', () => {
    expect(serializeCookie('svc_wb', 'abc', { secure: false, maxAge: 60 })).toBe(
      'svc_wb=abc; Path=/workbench; HttpOnly; SameSite=Strict; Max-Age=60',
    );
    expect(serializeCookie('svc_wb', 'abc', { secure: true })).toBe(
      'svc_wb=abc; Path=/workbench; HttpOnly; SameSite=Strict; Secure',
    );
  });

  it('refuses a value that could smuggle attributes into the header', () => {
    expect(() => serializeCookie('svc_wb', 'a; Domain=evil.example', { secure: false })).toThrow(TypeError);
    expect(() => serializeCookie('bad name', 'a', { secure: false })).toThrow(TypeError);
  });

  it('parses a Cookie header, keeping the first of two same-named cookies and skipping malformed pairs', () => {
    const cookies = parseCookies('a=1; junk; svc_wb="tok"; a=2; =x');
    expect([...cookies]).toEqual([
      ['a', '1'],
      ['svc_wb', 'tok'],
    ]);
    expect(parseCookies(undefined).size).toBe(0);
  });
});

describe('CSRF tokens', () => {
  it('are 256-bit URL-safe strings, different each time', () => {
    const a = newToken();
    expect(a).toMatch(/^[\w-]{43}$/);
    expect(newToken()).not.toBe(a);
  });

  it('match only the same token; missing, empty, non-string or different-length tokens never match', () => {
    const t = newToken();
    expect(tokensMatch(t, t)).toBe(true);
    expect(tokensMatch(`${t.slice(0, -1)}x`, t)).toBe(t.endsWith('x'));
    for (const sent of [undefined, '', ['a'], 42, t.slice(1)]) expect(tokensMatch(sent, t)).toBe(false);
    expect(tokensMatch('', '')).toBe(false);
    expect(tokensMatch(t, undefined)).toBe(false);
  });
});

describe('request parameters', () => {
  it('return only to workbench paths after sign-in', () => {
    expect(safeNext('/workbench/documents/4?filter=unconfirmed')).toBe(
      '/workbench/documents/4?filter=unconfirmed',
    );
    for (const bad of [
      '//evil.example',
      'https://evil.example',
      '/workbench/../v2',
      '/workbenchx',
      '/\\evil',
      7,
    ])
      expect(safeNext(bad)).toBe('/workbench');
  });

  it('accept only positive integer ids', () => {
    expect(idParam('42')).toBe(42);
    for (const bad of ['0', '-1', '1e3', '01', 'abc', '9'.repeat(16), undefined])
      expect(idParam(bad)).toBeUndefined();
  });
});

describe('the browser helper', () => {
  it('fails naming the path when the Chromium it is given is missing, instead of skipping', async () => {
    await expect(launchBrowser('/nonexistent/chromium')).rejects.toThrow(
      'Chromium is not installed at /nonexistent/chromium',
    );
  });

  it('launches the Chromium @sparticuz/chromium ships, unpacked once, when it is given that one', async () => {
    const [first, second] = await Promise.all([packagedChromium(), packagedChromium()]);
    expect(first).toBe(second);
    const browser = await launchBrowser(first);
    try {
      const page = await browser.newPage();
      await page.setContent('<p id="x">Übersetzung</p>');
      expect(await page.textContent('#x')).toBe('Übersetzung');
    } finally {
      await browser.close();
    }
  });
});
