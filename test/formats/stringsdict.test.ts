import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FormatError } from '../../src/formats/errors.ts';
import type { FormatWarning, PluralForms } from '../../src/formats/model.ts';
import { stringsdictFormat } from '../../src/formats/stringsdict/index.ts';
import { describeFormat } from './store-suite.ts';

const dir = 'test/fixtures/stringsdict';
const fixtures = ['Localizable.stringsdict', 'Workouts.stringsdict', 'Shop-crlf.stringsdict'].map(
  (f) => `${dir}/${f}`,
);
describeFormat(stringsdictFormat, { fixtures, bilingual: false, targetLang: 'ru' });
describeFormat(stringsdictFormat, { fixtures, bilingual: false, targetLang: 'ar' });

const enc = (s: string) => new TextEncoder().encode(s);
const dec = (b: Uint8Array) => new TextDecoder().decode(b);
const read = (name: string) => new Uint8Array(readFileSync(`${dir}/${name}`));
const plist = (body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n<plist version="1.0">\n<dict>\n${body}\n</dict>\n</plist>\n`;
const rule = (variable: string, items: string) =>
  `\t\t<key>${variable}</key>\n\t\t<dict>\n\t\t\t<key>NSStringFormatSpecTypeKey</key>\n\t\t\t<string>NSStringPluralRuleType</string>\n\t\t\t<key>NSStringFormatValueTypeKey</key>\n\t\t\t<string>d</string>\n${items}\n\t\t</dict>`;
const item = (category: string, text: string) =>
  `\t\t\t<key>${category}</key>\n\t\t\t<string>${text}</string>`;
const entry = (key: string, format: string, rules: string) =>
  `\t<key>${key}</key>\n\t<dict>\n\t\t<key>NSStringLocalizedFormatKey</key>\n\t\t<string>${format}</string>\n${rules}\n\t</dict>`;

describe('stringsdict: parse', () => {
  it('makes a plural unit per variable and a unit for format keys with text of their own', () => {
    const units = stringsdictFormat.parse(read('Localizable.stringsdict'));
    expect(units.map((u) => u.id)).toEqual([
      '%d new messages|messages',
      'files_in_folders',
      'files_in_folders|files',
      'files_in_folders|folders',
      'Tom & Jerry have %d apples',
      'Tom & Jerry have %d apples|apples',
    ]);
    expect(units[0]).toMatchObject({
      source: '%d new messages',
      sourcePlural: { zero: 'No new messages', one: '%d new message', other: '%d new messages' },
    });
    expect(units[1]!.source).toBe('%#@files@ in %#@folders@');
    expect(units[5]!.sourcePlural).toEqual({ one: 'an apple', other: '%d apples <fresh>' });
  });

  it('skips variable-width rules, non-dict values and positional variables without text', () => {
    const units = stringsdictFormat.parse(read('Workouts.stringsdict'));
    expect(units.map((u) => u.id)).toEqual([
      'workout.duration',
      'workout.duration|hours',
      'workout.duration|minutes',
      'workout.streak|days',
    ]);
  });

  it('normalizes CR LF inside strings and points locations at the other form', () => {
    const bytes = read('Shop-crlf.stringsdict');
    const [format, items] = stringsdictFormat.parse(bytes);
    expect(format!.source).toBe('Your cart has %#@items@.\nCheckout when ready.');
    const at = items!.location;
    expect(
      Buffer.from(bytes)
        .subarray(at.offset, at.offset + at.length)
        .toString(),
    ).toBe('%d items');
  });

  it('reads a plural rule without other, its last form standing in, with a warning; round trips byte for byte', () => {
    const xml = plist(
      entry('k', '%#@n@', rule('n', `${item('one', '%d file')}\n${item('few', '%d files')}`)),
    );
    const warnings: FormatWarning[] = [];
    const units = stringsdictFormat.parse(enc(xml), { onWarning: (w) => warnings.push(w) });
    expect(units).toHaveLength(1);
    expect(units[0]).toMatchObject({
      id: 'k|n',
      source: '%d files',
      sourcePlural: { one: '%d file', few: '%d files', other: '%d files' },
    });
    expect(warnings).toEqual([
      {
        line: 10,
        column: 3,
        message: 'plural rule "n" of "k" has no other form; its few form stands in for other',
      },
    ]);
    expect(dec(stringsdictFormat.render(enc(xml), new Map(), { targetLang: 'en' }))).toBe(xml);
    expect(
      dec(
        stringsdictFormat.render(enc(xml), new Map([['k|n', units[0]!.sourcePlural!]]), { targetLang: 'ru' }),
      ),
    ).toBe(xml);
    // A translation writes the target language's categories, `other` included.
    const de = dec(
      stringsdictFormat.render(enc(xml), new Map([['k|n', { one: '%d Datei', other: '%d Dateien' }]]), {
        targetLang: 'de',
      }),
    );
    expect(stringsdictFormat.parse(enc(de))[0]!.sourcePlural).toEqual({
      one: '%d Datei',
      other: '%d Dateien',
    });
  });

  it('translates a rule without other whose only form the target language does not use', () => {
    const xml = plist(entry('k', '%#@n@', rule('n', item('few', '%d files'))));
    const units = stringsdictFormat.parse(enc(xml), { onWarning: () => {} });
    expect(units[0]!.sourcePlural).toEqual({ few: '%d files', other: '%d files' });
    const de = dec(
      stringsdictFormat.render(enc(xml), new Map([['k|n', { one: '%d Datei', other: '%d Dateien' }]]), {
        targetLang: 'de',
      }),
    );
    expect(de).toBe(
      xml.replace(
        '\t\t\t<key>few</key>\n\t\t\t<string>%d files</string>',
        '\t\t\t<key>one</key>\n\t\t\t<string>%d Datei</string>\n\t\t\t<key>other</key>\n\t\t\t<string>%d Dateien</string>',
      ),
    );
  });

  it('leaves out a plural rule with no forms at all, with a warning', () => {
    const warnings: string[] = [];
    const units = stringsdictFormat.parse(enc(plist(entry('k', 'Got %#@n@', rule('n', '')))), {
      onWarning: (w) => warnings.push(w.message),
    });
    expect(units.map((u) => u.id)).toEqual(['k']);
    expect(warnings).toEqual(['plural rule "n" of "k" has no forms; it is not translated']);
  });

  const bad: [string, string, RegExp][] = [
    ['a key without value', plist('\t<key>k</key>'), /<key> without a value/],
    ['a value without key', plist('\t<string>x</string>'), /expected <key> in <dict>/],
    ['a duplicate key', plist(`${entry('k', 'a %#@n@', '')}\n${entry('k', 'b', '')}`), /duplicate key "k"/],
    ['another root', '<resources/>', /expected a <plist> root/],
    [
      'an entity declaration',
      '<!DOCTYPE plist [<!ENTITY x "y">]><plist><dict/></plist>',
      /entity declarations are refused/,
    ],
    [
      'truncation',
      plist(entry('k', '%#@n@', rule('n', item('other', 'x')))).slice(0, 300),
      /not closed|end of file/,
    ],
  ];
  for (const [what, xml, message] of bad) {
    it(`refuses ${what} with a FormatError`, () => {
      try {
        stringsdictFormat.parse(enc(xml), { fileName: 'Localizable.stringsdict' });
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(FormatError);
        expect((error as FormatError).format()).toMatch(message);
      }
    });
  }

  it('sniffs stringsdict plists', () => {
    expect(stringsdictFormat.sniff!(read('Workouts.stringsdict'))).toBe(true);
    expect(stringsdictFormat.sniff!(enc('<resources/>'))).toBe(false);
  });
});

describe('stringsdict: render', () => {
  const xml = plist(
    entry('files', '%#@n@ left', rule('n', `${item('one', '%d file')}\n${item('other', '%d files')}`)),
  );
  const render = (entries: [string, string | PluralForms][], targetLang: string) =>
    dec(stringsdictFormat.render(enc(xml), new Map(entries), { targetLang }));

  it('creates the target categories in order with the plist indentation', () => {
    const out = render(
      [['files|n', { one: '%d файл', few: '%d файла', many: '%d файлов', other: '%d файла' }]],
      'ru',
    );
    expect(out).toBe(
      xml.replace(
        `${item('one', '%d file')}\n${item('other', '%d files')}`,
        [
          item('one', '%d файл'),
          item('few', '%d файла'),
          item('many', '%d файлов'),
          item('other', '%d файла'),
        ].join('\n'),
      ),
    );
  });

  it('removes categories the target language does not use, keeps zero when the translation gives it', () => {
    expect(render([['files|n', { other: '%d ファイル' }]], 'ja')).toBe(
      xml.replace(`${item('one', '%d file')}\n${item('other', '%d files')}`, item('other', '%d ファイル')),
    );
    const withZero = plist(
      entry(
        'k',
        '%#@n@ left',
        rule('n', [item('zero', 'none'), item('one', 'one'), item('other', 'many')].join('\n')),
      ),
    );
    const out = (forms: PluralForms) =>
      dec(stringsdictFormat.render(enc(withZero), new Map([['k|n', forms]]), { targetLang: 'de' }));
    expect(out({ zero: 'keine', one: 'eine', other: 'viele' })).toBe(
      withZero
        .replace('<string>none<', '<string>keine<')
        .replace('<string>one<', '<string>eine<')
        .replace('<string>many<', '<string>viele<'),
    );
    expect(out({ one: 'eine', other: 'viele' })).toBe(
      withZero
        .replace(`${item('zero', 'none')}\n`, '')
        .replace('<string>one<', '<string>eine<')
        .replace('<string>many<', '<string>viele<'),
    );
  });

  it('translates the format key and escapes XML', () => {
    const out = render([['files', '%#@n@ übrig & <frei>']], 'de');
    expect(out).toContain('<string>%#@n@ übrig &amp; &lt;frei></string>');
  });

  it('keeps CR LF line breaks and writes new lines with them', () => {
    const bytes = read('Shop-crlf.stringsdict');
    const out = dec(
      stringsdictFormat.render(bytes, new Map([['cart.items', 'Im Warenkorb: %#@items@.\nZur Kasse.']]), {
        targetLang: 'de',
      }),
    );
    expect(out).toBe(
      dec(bytes).replace(
        'Your cart has %#@items@.\r\nCheckout when ready.',
        'Im Warenkorb: %#@items@.\r\nZur Kasse.',
      ),
    );
  });
});
