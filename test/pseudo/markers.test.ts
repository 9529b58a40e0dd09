/**
 * Key markers: a key written in zero-width characters reads back from the text a screen shows,
 * nested texts and cut-off texts included, long keys through their digest.
 */
import { describe, expect, it } from 'vitest';
import {
  CLOSE,
  decodeMarkedText,
  keyDigest,
  markText,
  OPEN,
  SEP,
  stripMarkers,
} from '../../src/pseudo/markers.ts';

describe('markText', () => {
  it('spells a key as UTF-8 bytes in base-4 zero-width digits between OPEN and SEP', () => {
    // "a" is 0x61 = 1 2 0 1 in base 4: ZWNJ ZWJ U+2062 ZWNJ, after mode digit 0 (U+2062).
    expect(markText('a', 'x')).toBe(`${OPEN}\u2062\u200c\u200d\u2062\u200c${SEP}x${CLOSE}`);
  });

  it('is invisible: only default-ignorable characters are added', () => {
    const marked = markText('settings.title', '[Šéţţîñĝš]');
    expect(stripMarkers(marked)).toBe('[Šéţţîñĝš]');
    expect(
      [...marked.replace('[Šéţţîñĝš]', '')].every((c) => /\p{Default_Ignorable_Code_Point}/u.test(c)),
    ).toBe(true);
  });

  it('marks a key longer than 64 bytes with its 8-byte SHA-256 digest', () => {
    const long = 'Your order has shipped. Track it with the link in the e-mail we sent to %(email)s.';
    expect(markText(long, 'x').length).toBe(1 + 1 + 32 + 1 + 1 + 1);
    expect(keyDigest(long)).toMatch(/^[0-9a-f]{16}$/);
  });
});

describe('decodeMarkedText', () => {
  it('returns every key on screen with its visible text, in order, ignoring unmarked text', () => {
    const screen = `Acme ${markText('nav.home', '[Ĥöɱé]')}\n${markText('nav.search', '[Šéåŕçĥ]')} v1.2`;
    expect(decodeMarkedText(screen)).toEqual([
      { key: 'nav.home', text: '[Ĥöɱé]', complete: true },
      { key: 'nav.search', text: '[Šéåŕçĥ]', complete: true },
    ]);
  });

  it('reads keys in any script, and a text put into another text’s placeholder as its own key', () => {
    const inner = markText('app.name', '[Åçɱé]');
    const outer = markText('home.welcome', `[Ŵéļçöɱé ţö ${inner}!]`);
    expect(decodeMarkedText(`${outer} ${markText('ключ.名前', 'x')}`)).toEqual([
      { key: 'home.welcome', text: '[Ŵéļçöɱé ţö [Åçɱé]!]', complete: true },
      { key: 'app.name', text: '[Åçɱé]', complete: true },
      { key: 'ключ.名前', text: 'x', complete: true },
    ]);
  });

  it('reports a text cut off on screen (no end marker) up to the end of its line', () => {
    const cut = markText('settings.title', '[Šéţţîñĝš one]').slice(0, -8);
    expect(decodeMarkedText(`${cut}\n${markText('ok', 'Ok')}`)).toEqual([
      { key: 'settings.title', text: '[Šéţţîñ', complete: false },
      { key: 'ok', text: 'Ok', complete: true },
    ]);
  });

  it('resolves a digest against the keys given, and names it by its hex otherwise', () => {
    const long = 'x'.repeat(100);
    const screen = markText(long, 'Long');
    expect(decodeMarkedText(screen, { keys: ['other', long] })).toEqual([
      { key: long, text: 'Long', complete: true, digest: true },
    ]);
    expect(decodeMarkedText(screen)).toEqual([
      { key: `#${keyDigest(long)}`, text: 'Long', complete: true, digest: true },
    ]);
  });

  it('ignores stray marker characters that do not form a marker', () => {
    expect(decodeMarkedText(`a${OPEN}b\u2062c${SEP}${CLOSE}`)).toEqual([]);
  });
});
