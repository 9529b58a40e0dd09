/**
 * One text made pseudo: letters accented, padded and bracketed (en-XA) or shown right-to-left
 * (ar-XB), with every placeholder, tag and ICU syntax kept byte for byte.
 */
import { describe, expect, it } from 'vitest';
import { findPlaceholders } from '../../src/formats/placeholders.ts';
import { PseudoError } from '../../src/pseudo/errors.ts';
import { PDF, RLM, RLO } from '../../src/pseudo/letters.ts';
import { pseudoProfile } from '../../src/pseudo/profiles.ts';
import { pseudoText } from '../../src/pseudo/text.ts';

const xa = pseudoProfile('en-XA');
const xb = pseudoProfile('ar-XB');
const codes = (t: string) => findPlaceholders(t, { icuQuoting: false }).map((p) => p.text);

describe('pseudoText (en-XA)', () => {
  it('accents letters, pads by 30 % with a visible filler and brackets the text', () => {
    // 8 visible characters: 3 of filler (a space and "on").
    expect(pseudoText('Settings', { profile: xa })).toBe('[Šéţţîñĝš on]');
    expect(pseudoText('Remind me later', { profile: xa })).toBe('[Ŕéɱîñð ɱé ļåţéŕ one]');
  });

  it('pads as the profile says: --expand 0 adds nothing, 100 doubles', () => {
    expect(pseudoText('Save', { profile: pseudoProfile('en-XA', { expand: 0 }) })).toBe('[Šåṽé]');
    expect(pseudoText('Save file', { profile: pseudoProfile('en-XA', { expand: 100 }) })).toBe(
      '[Šåṽé ƒîļé one two]',
    );
  });

  it('keeps leading and trailing whitespace outside the brackets, and blank texts as they are', () => {
    expect(pseudoText('  Hello, %{name}!  ', { profile: xa })).toBe('  [Ĥéļļö, %{name}! on]  ');
    expect(pseudoText('', { profile: xa })).toBe('');
    expect(pseudoText(' \n', { profile: xa })).toBe(' \n');
  });

  it.each([
    ['printf and positional', 'Uploaded %d files to %s, %1$s of %2$lld (100%% done)'],
    ['Python and Ruby', 'Hello, %(name)s! You have %{count} items, %<total>.2f'],
    ['i18next', 'Hi {{name}}, {{- html}} {{count, number}} see $t(common.more)'],
    ['ICU arguments', 'Last seen {date, date, short} by {user}'],
    ['tags and entities', 'Read <a href="https://acme.example/terms">the terms</a> &amp; <b>agree</b>'],
    ['XLIFF inline codes', 'Welcome, <x id="INTERPOLATION" equiv-text="{{ user }}"/>!'],
    ['Symfony parameters', 'Delete %count% files?'],
  ])('keeps %s byte for byte', (_, text) => {
    const out = pseudoText(text, { profile: xa });
    expect(codes(out)).toEqual(codes(text));
    expect(out).not.toBe(text);
  });

  it('keeps URLs, Markdown code and link destinations, and the content of <xliff:g>', () => {
    const md = pseudoText('See [the docs](https://acme.example/docs) and run `npm install`', { profile: xa });
    expect(md).toContain('](https://acme.example/docs)');
    expect(md).toContain('`npm install`');
    expect(md).toContain('[Šéé [ţĥé ðöçš]');
    const android = pseudoText('Open <xliff:g id="app" example="Acme">Acme Mail</xliff:g> now', {
      profile: xa,
    });
    expect(android).toContain('<xliff:g id="app" example="Acme">Acme Mail</xliff:g>');
  });

  it('pads each ICU plural branch on its own and leaves keywords, selectors and # untouched', () => {
    const text = '{count, plural, =0{No messages} one{# message} other{# messages}}';
    expect(pseudoText(text, { profile: xa, icu: true })).toBe(
      '[{count, plural, =0{Ñö ɱéššåĝéš one} one{# ɱéššåĝé on} other{# ɱéššåĝéš on}}]',
    );
    const nested = 'You {g, select, female {have {n, plural, one {# song} other {# songs}}} other {own}}';
    const out = pseudoText(nested, { profile: xa, icu: true });
    expect(out).toBe(
      '[Ýöû {g, select, female {ĥåṽé {n, plural, one {# šöñĝ o} other {# šöñĝš o}} o} other {öŵñ}} o]',
    );
  });

  it('ends a URL at an ICU brace, so the branch around it is still padded as a branch', () => {
    const text = '{site, select, acme {See https://acme.example/{page}} other {Help}}';
    expect(pseudoText(text, { profile: xa, icu: true })).toBe(
      '[{site, select, acme {Šéé https://acme.example/{page} o} other {Ĥéļþ o}}]',
    );
  });

  it('reads ICU quoting only in ICU messages', () => {
    // An ICU message: '{' is a literal brace, so the text around it is text.
    expect(pseudoText("It's '{'literal'}' {name}", { profile: xa, icu: true })).toContain('{name}');
    // Not ICU: an apostrophe quotes nothing, so {name} stays a placeholder.
    expect(pseudoText("l'{name} arrive", { profile: xa })).toBe("[ļ'{name} åŕŕîṽé on]");
  });
});

describe('pseudoText (ar-XB)', () => {
  it("wraps each word in RLM RLO … PDF RLM as Android's ar-XB does, placeholders as one word", () => {
    expect(pseudoText('Hello %1$s', { profile: xb })).toBe(
      `[${RLM}${RLO}Hello${PDF}${RLM} ${RLM}${RLO}%1$s${PDF}${RLM}]`,
    );
  });

  it('leaves tags and ICU syntax outside the overrides', () => {
    const out = pseudoText('{n, plural, one {<b>#</b> day} other {# days}}', { profile: xb, icu: true });
    expect(out.startsWith('[{n, plural, one {<b>')).toBe(true);
    expect(out).toContain('} other {');
    expect(codes(out.replace(/[\u200f\u202e\u202c]/g, ''))).toEqual(
      codes('{n, plural, one {<b>#</b> day} other {# days}}'),
    );
  });
});

describe('pseudoProfile', () => {
  it('knows en-XA, ar-XB and any language with region XA or XB', () => {
    expect(pseudoProfile('en_xa')).toMatchObject({ lang: 'en-XA', accents: true, rtl: false, expand: 30 });
    expect(pseudoProfile('ar-XB')).toMatchObject({ lang: 'ar-XB', accents: false, rtl: true });
    expect(pseudoProfile('de-XA').lang).toBe('de-XA');
    expect(pseudoProfile('he-XB').rtl).toBe(true);
  });

  it('refuses a real language and a bad --expand with a message naming the problem', () => {
    expect(() => pseudoProfile('de')).toThrow(
      new PseudoError(
        '"de" is not a pseudo-locale: use en-XA (accented, expanded), ar-XB (right-to-left), or another language with region XA or XB',
      ),
    );
    expect(() => pseudoProfile('en-XA', { expand: -5 })).toThrow(/--expand must be a whole percentage/);
  });
});
