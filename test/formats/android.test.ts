import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { androidFormat } from '../../src/formats/android/index.ts';
import { FormatError } from '../../src/formats/errors.ts';
import type { FormatWarning, PluralForms } from '../../src/formats/model.ts';
import { describeFormat } from './store-suite.ts';

const dir = 'test/fixtures/android';
const fixtures = ['strings.xml', 'messaging.xml', 'settings-crlf-bom.xml'].map((f) => `${dir}/${f}`);
describeFormat(androidFormat, { fixtures, bilingual: false, targetLang: 'ru' });
describeFormat(androidFormat, { fixtures, bilingual: false, targetLang: 'ar' });

const enc = (s: string) => new TextEncoder().encode(s);
const dec = (b: Uint8Array) => new TextDecoder().decode(b);
const read = (name: string) => new Uint8Array(readFileSync(`${dir}/${name}`));
const res = (body: string) => `<resources>\n${body}\n</resources>\n`;
const render = (xml: string, entries: [string, string | PluralForms][], targetLang = 'de') =>
  dec(androidFormat.render(enc(xml), new Map(entries), { targetLang }));

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

describe('android: render', () => {
  it('escapes apostrophes, quotes, newlines, a leading @ or ?, & and <', () => {
    const out = render(res('  <string name="a">x</string>\n  <string name="b">y</string>'), [
      ['a', 'L\'été "chaud"\nà <Paris> & co'],
      ['b', '@home?'],
    ]);
    expect(out).toBe(
      res(
        '  <string name="a">L\\\'été \\"chaud\\"\\nà &lt;Paris> &amp; co</string>\n  <string name="b">\\@home?</string>',
      ),
    );
  });

  it('quotes a plain value only when its spaces would collapse, and keeps a quoted value quoted', () => {
    const xml = res(
      '<string name="a">x</string><string name="b">"x"</string><string name="c">"it\'s"</string>',
    );
    const out = render(xml, [
      ['a', ' two  spaces '],
      ['b', 'one'],
      ['c', "c'est"],
    ]);
    expect(out).toContain('<string name="a">" two  spaces "</string>');
    expect(out).toContain('<string name="b">"one"</string>');
    expect(out).toContain('<string name="c">"c\'est"</string>');
  });

  it('keeps CDATA sections and markup, and fills a self-closing string', () => {
    const units = new Map(androidFormat.parse(read('strings.xml')).map((u) => [u.id, u]));
    const out = dec(
      androidFormat.render(
        read('strings.xml'),
        new Map([
          [
            'terms',
            'Mit der Anmeldung akzeptierst du die <a href="https://example.com/terms">AGB</a> & "Datenschutz".',
          ],
          ['styled', 'Tippe auf <b>Sichern</b> &amp; weiter'],
        ]),
        { targetLang: 'de' },
      ),
    );
    expect(out).toContain(
      '<string name="terms"><![CDATA[Mit der Anmeldung akzeptierst du die <a href=\\"https://example.com/terms\\">AGB</a> & \\"Datenschutz\\".]]></string>',
    );
    expect(out).toContain('<string name="styled">Tippe auf <b>Sichern</b> &amp;amp; weiter</string>');
    expect(units.get('html_escaped')!.source).toBe('Hello <b>friend</b>');
    const empty = render(res('<string name="e"/>'), [['e', 'Leer']]);
    expect(empty).toBe(res('<string name="e">Leer</string>'));
  });

  it('keeps a tag the source had as escaped text escaped', () => {
    const out = dec(
      androidFormat.render(read('strings.xml'), new Map([['html_escaped', 'Hallo <b>Freund</b>']]), {
        targetLang: 'de',
      }),
    );
    expect(out).toContain('<string name="html_escaped">Hallo &lt;b&gt;Freund&lt;/b&gt;</string>');
  });

  it('refuses a translation with unpaired markup, naming the string', () => {
    expect(() => render(res('<string name="a"><b>x</b></string>'), [['a', '<b>kaputt']])).toThrow(
      /translation of "a": the translation's <b> has no matching tag/,
    );
  });

  it('creates the target language plural items in order with the same indentation, removes unused ones', () => {
    const xml = res(
      '    <plurals name="p">\n        <item quantity="one">%d file</item>\n        <item quantity="other">%d files</item>\n    </plurals>',
    );
    const ru = render(
      xml,
      [['p', { one: '%d файл', few: '%d файла', many: '%d файлов', other: '%d файла' }]],
      'ru',
    );
    expect(ru).toBe(
      res(
        '    <plurals name="p">\n        <item quantity="one">%d файл</item>\n        <item quantity="few">%d файла</item>\n        <item quantity="many">%d файлов</item>\n        <item quantity="other">%d файла</item>\n    </plurals>',
      ),
    );
    const ja = render(xml, [['p', { other: '%d ファイル' }]], 'ja');
    expect(ja).toBe(
      res('    <plurals name="p">\n        <item quantity="other">%d ファイル</item>\n    </plurals>'),
    );
  });

  it('keeps a plural item outside the target language when the translation gives it', () => {
    const xml = res(
      '<plurals name="p">\n  <item quantity="zero">none</item>\n  <item quantity="other">%d</item>\n</plurals>',
    );
    expect(render(xml, [['p', { zero: 'keine', one: 'eine', other: '%d' }]])).toBe(
      res(
        '<plurals name="p">\n  <item quantity="zero">keine</item>\n  <item quantity="one">eine</item>\n  <item quantity="other">%d</item>\n</plurals>',
      ),
    );
    expect(render(xml, [['p', { one: 'eine', other: '%d' }]])).toBe(
      res(
        '<plurals name="p">\n  <item quantity="one">eine</item>\n  <item quantity="other">%d</item>\n</plurals>',
      ),
    );
  });

  it('keeps CRLF, BOM and everything around a translated value', () => {
    const bytes = read('settings-crlf-bom.xml');
    const out = androidFormat.render(bytes, new Map([['pref_theme', 'Design\nneu']]), { targetLang: 'de' });
    const expected = dec(bytes).replace('>Theme<', '>Design\\nneu<');
    expect(Buffer.from(out).subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(dec(out)).toBe(expected);
  });
});

describe('android: property tests', () => {
  // Random text never forms a lowercase tag: an unpaired <b> or <a> is refused on purpose (tested above).
  const noTags = (s: string) => !/<\/?[a-z]/.test(s);
  const awkward = fc.oneof(
    {
      weight: 3,
      arbitrary: fc
        .string({
          unit: fc.constantFrom(
            'a',
            'B',
            ' ',
            "'",
            '"',
            '@',
            '?',
            '\\',
            '\n',
            '\t',
            '&',
            '<',
            '>',
            'é',
            '😀',
            '中',
            '%',
            '$',
            '1',
          ),
        })
        .filter(noTags),
    },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }).filter(noTags) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '',
        ' ',
        '@string/x',
        '?',
        '"',
        "'",
        '\\n',
        ']]>',
        '  lead',
        'trail  ',
        '<b>bold</b> ',
        'x <i>y</i>  z',
      ),
    },
  );
  const clean = (s: string) => s.replace(/[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]/g, '');
  const entry = fc.record({
    name: fc.stringMatching(/^[a-z][a-z0-9_.]{0,10}$/),
    style: fc.constantFrom('plain', 'quoted', 'cdata', 'empty', 'plurals'),
    comment: fc.option(
      fc
        .string({ unit: fc.constantFrom('a', ' ', '-', '@', "'", '\n') })
        .filter((c) => !c.includes('--') && !c.endsWith('-')),
    ),
    value: awkward.map(clean),
    other: awkward.map(clean),
  });
  type Entry = typeof entry extends fc.Arbitrary<infer T> ? T : never;
  const files = fc.uniqueArray(entry, { selector: (e) => e.name, minLength: 1, maxLength: 8 });

  /** A resources file in the generated styles, with every value put in by render. */
  function build(entries: Entry[]) {
    const skeleton = entries
      .map((e) => {
        const note = e.comment === null ? '' : `    <!--${e.comment}-->\n`;
        const body =
          e.style === 'plurals'
            ? `<plurals name="${e.name}">\n        <item quantity="one">x</item>\n        <item quantity="other">y</item>\n    </plurals>`
            : e.style === 'empty'
              ? `<string name="${e.name}"/>`
              : `<string name="${e.name}">${e.style === 'quoted' ? '"x"' : e.style === 'cdata' ? '<![CDATA[x]]>' : 'x'}</string>`;
        return `${note}    ${body}\n`;
      })
      .join('');
    const xml = `<?xml version="1.0" encoding="utf-8"?>\n<resources>\n${skeleton}</resources>\n`;
    const values = new Map<string, string | PluralForms>(
      entries.map((e) => [e.name, e.style === 'plurals' ? { one: e.value, other: e.other } : e.value]),
    );
    return { bytes: androidFormat.render(enc(xml), values, { targetLang: 'en' }), values };
  }

  const expectValues = (bytes: Uint8Array, values: Map<string, string | PluralForms>) => {
    const units = new Map(androidFormat.parse(bytes).map((u) => [u.id, u]));
    for (const [name, value] of values) {
      const unit = units.get(name)!;
      if (typeof value === 'string') expect(unit.source, name).toBe(value);
      else expect(unit.sourcePlural, name).toEqual(value);
    }
  };

  it('generated resources: every value reads back as rendered; no translations and same values keep the bytes', () => {
    fc.assert(
      fc.property(files, (entries) => {
        const { bytes, values } = build(entries);
        expectValues(bytes, values);
        expect(
          Buffer.from(androidFormat.render(bytes, new Map(), { targetLang: 'de' })).equals(
            Buffer.from(bytes),
          ),
        ).toBe(true);
        expect(
          Buffer.from(androidFormat.render(bytes, values, { targetLang: 'en' })).equals(Buffer.from(bytes)),
        ).toBe(true);
      }),
    );
  });

  it('generated resources: translations (Russian plurals too) survive render then parse', () => {
    fc.assert(
      fc.property(files, fc.array(awkward.map(clean), { minLength: 8, maxLength: 8 }), (entries, texts) => {
        const { bytes } = build(entries);
        const translations = new Map<string, string | PluralForms>(
          entries.map((e, i) => {
            const t = texts[i]!;
            return [
              e.name,
              e.style === 'plurals' ? { one: t, few: `${t}ы`, many: `${t} штук`, other: `${t}!` } : t,
            ];
          }),
        );
        expectValues(androidFormat.render(bytes, translations, { targetLang: 'ru' }), translations);
      }),
    );
  });
});
