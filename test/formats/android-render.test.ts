import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { androidFormat } from '../../src/formats/android/index.ts';
import type { PluralForms } from '../../src/formats/model.ts';
import { dec, enc, read, render, res } from './android-support.ts';

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
