import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FormatError } from '../../src/formats/errors.ts';
import type { FormatWarning } from '../../src/formats/model.ts';
import { xliff12Format } from '../../src/formats/xliff12/index.ts';
import { describeFormat } from './store-suite.ts';

const dir = 'test/fixtures/xliff12';
const fixtures = ['angular-messages.xlf', 'okapi-manual.xlf', 'xcode-export-crlf.xlf'].map(
  (f) => `${dir}/${f}`,
);
describeFormat(xliff12Format, { fixtures: fixtures.slice(0, 3), bilingual: true, targetLang: 'ar' });

const enc = (s: string) => new TextEncoder().encode(s);
const dec = (b: Uint8Array) => new TextDecoder().decode(b);
const read = (name: string) => new Uint8Array(readFileSync(`${dir}/${name}`));
const render = (xml: string, entries: [string, string][], targetLang = 'de') =>
  dec(xliff12Format.render(enc(xml), new Map(entries), { targetLang }));

describe('xliff12: parse', () => {
  it('reads trans-units with inline tags as written, notes, flags, maxwidth and translate="no"', () => {
    const units = new Map(xliff12Format.parse(read('okapi-manual.xlf')).map((u) => [u.id, u]));
    expect(units.get('1')).toMatchObject({
      source: 'Installing the <bpt id="1"><b></bpt>Widget<ept id="1"></b></ept>',
      target: 'Installer le <bpt id="1"><b></bpt>Widget<ept id="1"></b></ept>',
      flags: ['translated'],
      translatable: true,
    });
    expect(units.get('NONTU-title')!.translatable).toBe(false);
    expect(units.get('5')!.translatable).toBe(false);
    expect(units.get('2')!.notes).toEqual(['Keep the keyboard shortcut as is.']);
    expect(units.get('3')).toMatchObject({ maxLength: 40, target: '', flags: ['needs-review-translation'] });
    expect(units.get('4')).toMatchObject({
      source: 'Tom & Jerry\'s "Quick" guide — 50% off < today only',
      flags: ['final', 'approved'],
    });
    expect(units.get('6')!.source).toBe(
      'See <g id="1" ctype="x-html-em">chapter <x id="2" ctype="x-html-br"/>two</g> for details.',
    );
  });

  it('prefixes an id an earlier <file> used with the file original, normalizes CR LF in text', () => {
    const units = xliff12Format.parse(read('xcode-export-crlf.xlf'));
    expect(units.map((u) => u.id)).toEqual([
      'CFBundleDisplayName',
      'NSLocationWhenInUseUsageDescription',
      '%@ feels like %@',
      'Weather/en.lproj/Localizable.strings#CFBundleDisplayName',
      'Chance of rain: %lld%%',
      'Multi-line',
      'BYZ-38-t0r.title',
    ]);
    expect(units[5]!.source).toBe('First line\nSecond line\twith tab');
    expect(units[4]!.notes).toEqual(['']);
  });

  it('reads gettext context and reports the source location', () => {
    const xml = `<xliff version="1.2"><file original="a"><body>
  <trans-unit id="a"><source>Open</source><context-group><context context-type="x-po-msgctxt">menu</context></context-group></trans-unit>
</body></file></xliff>`;
    const [unit] = xliff12Format.parse(enc(xml));
    expect(unit).toMatchObject({ context: 'menu', location: { line: 2, column: 30, offset: 76, length: 4 } });
  });

  it('reads a repeated trans-unit id and a trans-unit without an id with a warning each; merge writes each back', () => {
    const xml = `<xliff version="1.2"><file original="a"><body>
  <trans-unit id="a"><source>One</source></trans-unit>
  <trans-unit id="a"><source>Two</source></trans-unit>
  <trans-unit><source>Three</source></trans-unit>
</body></file><file original="b"><body>
  <trans-unit id="a"><source>Four</source></trans-unit>
</body></file></xliff>`;
    const warnings: FormatWarning[] = [];
    const units = xliff12Format.parse(enc(xml), { onWarning: (w) => warnings.push(w) });
    expect(units.map((u) => [u.id, u.source])).toEqual([
      ['a', 'One'],
      ['a~2', 'Two'],
      ['unit-3', 'Three'],
      ['b#a', 'Four'],
    ]);
    expect(warnings).toEqual([
      {
        line: 3,
        column: 3,
        message: 'duplicate trans-unit id "a" (first on line 2); this one is addressed as "a~2"',
      },
      { line: 4, column: 3, message: '<trans-unit> without an id; it is addressed as "unit-3"' },
    ]);
    expect(xliff12Format.render(enc(xml), new Map(), { targetLang: 'de' })).toEqual(enc(xml));
    const out = new TextDecoder().decode(
      xliff12Format.render(
        enc(xml),
        new Map([
          ['a', 'Eins'],
          ['a~2', 'Zwei'],
          ['unit-3', 'Drei'],
          ['b#a', 'Vier'],
        ]),
        { targetLang: 'de' },
      ),
    );
    expect(xliff12Format.parse(enc(out)).map((u) => u.target)).toEqual(['Eins', 'Zwei', 'Drei', 'Vier']);
  });

  const bad: [string, string, RegExp][] = [
    [
      'a unit without source',
      '<xliff version="1.2"><file><body><trans-unit id="a"/></body></file></xliff>',
      /1:34: trans-unit "a" has no <source>/,
    ],
    [
      'XLIFF 2.0',
      '<xliff version="2.0" xmlns="urn:oasis:names:tc:xliff:document:2.0"/>',
      /XLIFF version 2.0 is not 1.2/,
    ],
    ['another document', '<resources/>', /expected an <xliff> root element/],
    ['truncated', '<xliff version="1.2"><file><body><trans-unit id="a"><source>Hi', /not closed/],
  ];
  for (const [what, xml, message] of bad) {
    it(`refuses ${what} with a FormatError`, () => {
      try {
        xliff12Format.parse(enc(xml), { fileName: 'x.xlf' });
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(FormatError);
        expect((error as FormatError).format()).toMatch(message);
      }
    });
  }

  it('sniffs XLIFF 1.2 but not 2.0', () => {
    expect(xliff12Format.sniff!(read('angular-messages.xlf'))).toBe(true);
    expect(xliff12Format.sniff!(enc('<xliff version="2.0" srcLang="en">'))).toBe(false);
  });
});

describe('xliff12: render', () => {
  const doc = `<?xml version="1.0"?>
<xliff version="1.2">
  <file original="a" source-language="en" target-language="fr">
    <body>
      <trans-unit id="a">
        <source>Save &amp; close</source>
      </trans-unit>
      <trans-unit id="b"><source>Keep</source><target state="new">Garder</target></trans-unit>
      <trans-unit id="c">
        <source>Click <g id="1">here</g></source>
        <target/>
      </trans-unit>
    </body>
  </file>
</xliff>
`;

  it('inserts a target after the source with its indentation and state, and sets target-language', () => {
    const out = render(doc, [['a', 'Speichern & schließen']]);
    expect(out).toBe(
      doc
        .replace('target-language="fr"', 'target-language="de"')
        .replace(
          '<source>Save &amp; close</source>',
          '<source>Save &amp; close</source>\n        <target state="translated">Speichern &amp; schließen</target>',
        ),
    );
  });

  it('replaces an existing target and its state; fills a self-closing target', () => {
    const out = render(doc, [
      ['b', 'Behalten'],
      ['c', 'Klicken Sie <g id="1">hier</g>'],
    ]);
    expect(out).toContain('<target state="translated">Behalten</target>');
    expect(out).toContain('<target state="translated">Klicken Sie <g id="1">hier</g></target>');
  });

  it('leaves the file untouched for a translation equal to the existing target', () => {
    expect(render(doc, [['b', 'Garder']])).toBe(doc);
  });

  it('writes a translation equal to the source as a target (an MT or TM answer like German "Browser")', () => {
    expect(render(doc, [['a', 'Save & close']])).toContain(
      '<source>Save &amp; close</source>\n        <target state="translated">Save &amp; close</target>',
    );
  });

  it('refuses a translation whose inline tags do not pair, pointing at the unit', () => {
    try {
      render(doc, [['c', 'Klicken Sie <g id="1">hier']]);
      expect.unreachable();
    } catch (error) {
      expect((error as FormatError).format()).toBe(
        '<input>:10:9: translation of unit "c": the translation\'s <g id="1"> has no matching tag',
      );
    }
  });

  it('writes new text with the document line breaks and keeps the rest byte-identical (CRLF, UTF-8)', () => {
    const bytes = read('xcode-export-crlf.xlf');
    const out = dec(
      xliff12Format.render(bytes, new Map([['Multi-line', 'Erste Zeile\nZweite']]), { targetLang: 'de' }),
    );
    expect(out).toContain('<target state="translated">Erste Zeile\r\nZweite</target>');
    expect(out.replace(/\r\n\s*<target state="translated">Erste Zeile\r\nZweite<\/target>/, '')).toBe(
      dec(bytes),
    );
  });

  it('keeps UTF-16 with BOM', () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(doc, 'utf16le')]);
    const out = Buffer.from(xliff12Format.render(utf16, new Map([['a', 'Ü']]), { targetLang: 'fr' }));
    expect(out.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xfe]));
    expect(out.subarray(2).toString('utf16le')).toContain('<target state="translated">Ü</target>');
  });

  it('property: any translation text round-trips through render and parse', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 40 }),
        fc.string({ unit: 'grapheme', maxLength: 20 }),
        (a, c) => {
          const clean = (s: string) => s.replace(/[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]/g, '');
          const ta = clean(a);
          const tc = `${clean(c)} <g id="1">x</g>`;
          const units = xliff12Format.parse(
            enc(
              render(doc, [
                ['a', ta],
                ['c', tc],
              ]),
            ),
          );
          const byId = new Map(units.map((u) => [u.id, u]));
          if (ta !== 'Save & close') expect(byId.get('a')!.target).toBe(ta);
          expect(byId.get('c')!.target).toBe(tc);
        },
      ),
    );
  });
});
