import { describe, expect, it } from 'vitest';
import { androidFormat } from '../../src/formats/android/index.ts';
import { FormatError } from '../../src/formats/errors.ts';
import type { FormatWarning } from '../../src/formats/model.ts';
import { dec, dir, enc, read, res } from './android-support.ts';
import { describeFormat } from './store-suite.ts';

const fixtures = ['strings.xml', 'messaging.xml', 'settings-crlf-bom.xml'].map((f) => `${dir}/${f}`);
describeFormat(androidFormat, { fixtures, bilingual: false, targetLang: 'ru' });
describeFormat(androidFormat, { fixtures, bilingual: false, targetLang: 'ar' });

describe('android: parse', () => {
  const units = new Map(androidFormat.parse(read('strings.xml')).map((u) => [u.id, u]));

  it('undoes aapt escapes: apostrophes, quotes, \\@, \\?, \\n, \\t, \\\\, \\u', () => {
    expect(units.get('dont_panic')!.source).toBe('Don\'t panic – it\'s only a "test"');
    expect(units.get('mention_hint')!.source).toBe('@mention someone or ask ?');
    expect(units.get('two_lines')!.source).toBe('First line\nSecond line\twith a tab');
    expect(units.get('backslash')!.source).toBe('C:\\Users\\shoebox');
    expect(units.get('unicode_escape')!.source).toBe('Copyright © 2024');
  });

  it('keeps whitespace inside quotes and collapses it elsewhere', () => {
    expect(units.get('spaced')!.source).toBe('  Keep   these spaces  ');
    const messaging = new Map(androidFormat.parse(read('messaging.xml')).map((u) => [u.id, u]));
    expect(messaging.get('long_explanation')!.source).toBe(
      'Messages are end-to-end encrypted. Nobody outside this chat can read them.',
    );
  });

  it('keeps inline markup as written, CDATA as text, and decodes entities', () => {
    expect(units.get('welcome_message')!.source).toBe(
      'Welcome back, <xliff:g id="user_name" example="Alex">%1$s</xliff:g>!',
    );
    expect(units.get('styled')!.source).toBe('Tap <b>Save</b> to keep <i>all</i> changes & continue');
    expect(units.get('terms')!.source).toBe(
      'By signing up you accept our <a href="https://example.com/terms">Terms</a> & "Privacy Policy".',
    );
  });

  it('reads notes from the comment before a resource, translatable="false" and references', () => {
    expect(units.get('title_home')!.notes).toEqual(['Title of the main screen']);
    expect(units.get('welcome_message')!.notes).toEqual([]);
    expect(units.get('app_name')!.translatable).toBe(false);
    expect(units.get('app_name_ref')!.translatable).toBe(false);
    expect(units.get('missing_translation')!.translatable).toBe(true);
  });

  it('reads plurals as one unit and arrays as one unit per item', () => {
    expect(units.get('cart_items')).toMatchObject({
      source: '%d items in your cart',
      sourcePlural: { one: '%d item in your cart', other: '%d items in your cart' },
      notes: ['Shown in the cart badge. %d is the number of items.'],
    });
    expect(units.get('sort_options[2]')!.source).toBe('By name (A–Z)');
    const messaging = new Map(androidFormat.parse(read('messaging.xml')).map((u) => [u.id, u]));
    expect(messaging.get('send#tablet')!.source).toBe('Send message');
    expect(messaging.get('reactions[0]')!.translatable).toBe(false);
    expect(messaging.get('mute_durations[2]')!.translatable).toBe(false);
    expect(messaging.get('percent_done')!.flags).toEqual(['formatted=false']);
    expect(messaging.get('empty_draft')!.source).toBe('');
  });

  const bad: [string, string, RegExp][] = [
    [
      'a duplicate name',
      res('<string name="a">x</string>\n<string name="a">y</string>'),
      /3:1: duplicate resource "a"/,
    ],
    [
      'a plural item with an unknown quantity',
      res('<plurals name="p"><item quantity="lots">x</item></plurals>'),
      /not a plural category/,
    ],
    ['a bad \\u escape', res('<string name="a">\\u12</string>'), /invalid unicode escape/],
    // aapt2 fails the build on it (StringBuilder::AppendText), so it is refused here too.
    [
      'an unescaped apostrophe',
      res('<string name="a">Don\'t save</string>'),
      /2:1: string: unescaped apostrophe \(aapt2 refuses it: write \\' or quote the text\)/,
    ],
    ['a string without name', res('<string>x</string>'), /without a name/],
    ['another root', '<plist/>', /expected a <resources> root/],
    [
      'a truncated file',
      '<resources>\n<string name="a">x',
      /2:19: unexpected end of file: <string> opened at line 2/,
    ],
    ['a mismatched tag', res('<string name="a"><b>x</i></string>'), /mismatched end tag/],
  ];
  it('reads plurals without other with a warning, as aapt2 builds them, and translates them', () => {
    const xml = res(
      '<plurals name="p">\n  <item quantity="one">%d file</item>\n  <item quantity="few">%d files</item>\n</plurals>',
    );
    const warnings: FormatWarning[] = [];
    const [unit] = androidFormat.parse(enc(xml), { onWarning: (w) => warnings.push(w) });
    expect(unit).toMatchObject({
      id: 'p',
      source: '%d files',
      sourcePlural: { one: '%d file', few: '%d files', other: '%d files' },
    });
    expect(warnings).toEqual([
      { line: 2, column: 1, message: 'plurals "p" has no item for other; its few item stands in for other' },
    ]);
    expect(dec(androidFormat.render(enc(xml), new Map(), { targetLang: 'de' }))).toBe(xml);
    const de = dec(
      androidFormat.render(enc(xml), new Map([['p', { one: '%d Datei', other: '%d Dateien' }]]), {
        targetLang: 'de',
      }),
    );
    expect(de).toBe(
      res(
        '<plurals name="p">\n  <item quantity="one">%d Datei</item>\n  <item quantity="other">%d Dateien</item>\n</plurals>',
      ),
    );
    const onlyFew = res('<plurals name="q">\n  <item quantity="few">%d files</item>\n</plurals>');
    expect(
      dec(
        androidFormat.render(enc(onlyFew), new Map([['q', { one: '%d Datei', other: '%d Dateien' }]]), {
          targetLang: 'de',
        }),
      ),
    ).toBe(
      res(
        '<plurals name="q">\n  <item quantity="one">%d Datei</item>\n  <item quantity="other">%d Dateien</item>\n</plurals>',
      ),
    );
  });

  it('reads apostrophes that are escaped or inside double quotes, as aapt2 does', () => {
    const units = androidFormat.parse(
      enc(
        res(
          '<string name="a">Don\\\'t</string>\n<string name="b">"Don\'t"</string>\n<string name="c"><a href=\'x\'>x</a></string>',
        ),
      ),
    );
    expect(units.map((u) => u.source)).toEqual(["Don't", "Don't", "<a href='x'>x</a>"]);
  });

  for (const [what, xml, message] of bad) {
    it(`refuses ${what} with a FormatError`, () => {
      try {
        androidFormat.parse(enc(xml), { fileName: 'strings.xml' });
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(FormatError);
        expect((error as FormatError).format()).toMatch(message);
      }
    });
  }

  it('sniffs resources files', () => {
    expect(androidFormat.sniff!(read('settings-crlf-bom.xml'))).toBe(true);
    expect(androidFormat.sniff!(enc('<plist version="1.0"/>'))).toBe(false);
  });
});
