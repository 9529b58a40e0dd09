import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FormatError } from '../../src/formats/errors.ts';
import type { FormatWarning } from '../../src/formats/model.ts';
import { xliff2Format } from '../../src/formats/xliff2/index.ts';
import { describeFormat } from './store-suite.ts';

const dir = 'test/fixtures/xliff2';
const fixtures = ['angular-messages.xlf', 'oasis-sample.xlf', 'multi-file-crlf.xlf', 'repeated-ids.xlf'].map(
  (f) => `${dir}/${f}`,
);
describeFormat(xliff2Format, { fixtures, bilingual: true, targetLang: 'ru' });

const enc = (s: string) => new TextEncoder().encode(s);
const dec = (b: Uint8Array) => new TextDecoder().decode(b);
const read = (name: string) => new Uint8Array(readFileSync(`${dir}/${name}`));

describe('xliff2: parse', () => {
  it('makes one unit per segment, with notes, state flags, inline codes as written and translate="no"', () => {
    const units = new Map(xliff2Format.parse(read('oasis-sample.xlf')).map((u) => [u.id, u]));
    expect([...units.keys()]).toEqual(['u1', 'u2#1', 'u2#2', 'u3', 'u4']);
    expect(units.get('u1')).toMatchObject({
      source:
        'Installing the <pc id="1" dataRefStart="d1" dataRefEnd="d2">Widget</pc><ph id="2" dataRef="d3"/>',
      target:
        'Installer le <pc id="1" dataRefStart="d1" dataRefEnd="d2">Widget</pc><ph id="2" dataRef="d3"/>',
      flags: ['translated'],
    });
    expect(units.get('u2#1')).toMatchObject({ notes: ['Two sentences, two segments.'], flags: ['initial'] });
    expect(units.get('u2#2')).toMatchObject({ source: 'Then paste <anywhere> you like.', target: '' });
    expect(units.get('u3')!.translatable).toBe(false);
    expect(units.get('u4')!.source).toBe(
      'Tom & Jerry\'s "Quick" guide — <mrk id="m1" translate="no">ACME</mrk> edition',
    );
  });

  it('prefixes a unit id an earlier <file> used with the file id', () => {
    const units = xliff2Format.parse(read('multi-file-crlf.xlf'));
    expect(units.map((u) => u.id)).toEqual(['nav.home', 'nav.settings', 'mobile#nav.home', 'cart.empty']);
    expect(units[3]!.source).toBe('Your basket is empty.\nAdd something you love!');
  });

  it('reads repeated unit ids and a unit without an id, with a warning each, and addresses every unit', () => {
    const warnings: FormatWarning[] = [];
    const units = xliff2Format.parse(read('repeated-ids.xlf'), { onWarning: (w) => warnings.push(w) });
    expect(units.map((u) => [u.id, u.source])).toEqual([
      ['title', 'Inbox'],
      ['title~2', 'Messages'],
      ['unit-3', 'Updated <ph id="0" equiv="INTERPOLATION" disp="{{ minutes }}"/> minutes ago'],
      // Another <file> may use the id again (XLIFF 2.0 §4.3.1.24): no warning.
      ['admin#title', 'Settings'],
    ]);
    expect(warnings).toEqual([
      {
        line: 9,
        column: 5,
        message: 'duplicate unit id "title" (first on line 4); this one is addressed as "title~2"',
      },
      { line: 17, column: 5, message: '<unit> without an id; it is addressed as "unit-3"' },
    ]);
  });

  it('writes a translation into each of two units that share an id', () => {
    const bytes = read('repeated-ids.xlf');
    const out = dec(
      xliff2Format.render(
        bytes,
        new Map([
          ['title', 'Posteingang'],
          ['title~2', 'Nachrichten'],
          ['unit-3', 'Vor <ph id="0" equiv="INTERPOLATION" disp="{{ minutes }}"/> Minuten aktualisiert'],
        ]),
        { targetLang: 'de' },
      ),
    );
    expect(out).toContain('<source>Inbox</source>\n        <target>Posteingang</target>');
    expect(out).toContain('<source>Messages</source>\n        <target>Nachrichten</target>');
    expect(out).toContain(
      '<target>Vor <ph id="0" equiv="INTERPOLATION" disp="{{ minutes }}"/> Minuten aktualisiert</target>',
    );
    expect(out).toContain('<source>Settings</source>\n      </segment>');
  });

  it('gives a unit whose written id collides with a generated one the next free id', () => {
    const warnings: string[] = [];
    const xml =
      '<xliff version="2.0"><file id="f"><unit id="a"><segment><source>1</source></segment></unit>\n' +
      '<unit id="a~2"><segment><source>2</source></segment></unit>\n' +
      '<unit id="a"><segment><source>3</source></segment></unit></file></xliff>';
    const units = xliff2Format.parse(enc(xml), {
      onWarning: (w) => warnings.push(`${w.line}:${w.column}: ${w.message}`),
    });
    expect(units.map((u) => u.id)).toEqual(['a', 'a~2', 'a~3']);
    expect(warnings).toEqual([
      '3:1: duplicate unit id "a" (first on line 1); this one is addressed as "a~3"',
    ]);
  });

  const bad: [string, string, RegExp][] = [
    ['XLIFF 1.2', '<xliff version="1.2"/>', /XLIFF version 1.2 is not 2.x/],
    [
      'a segment without source',
      '<xliff version="2.0"><file id="f"><unit id="a"><segment/></unit></file></xliff>',
      /segment of "a" has no <source>/,
    ],
    [
      'a mismatched tag',
      '<xliff version="2.0"><file id="f"><unit id="a"><segment><source><pc id="1">x</source></segment></unit></file></xliff>',
      /mismatched end tag <\/source>/,
    ],
  ];
  for (const [what, xml, message] of bad) {
    it(`refuses ${what} with a FormatError`, () => {
      try {
        xliff2Format.parse(enc(xml), { fileName: 'm.xlf' });
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(FormatError);
        expect((error as FormatError).format()).toMatch(message);
      }
    });
  }

  it('sniffs XLIFF 2 documents only', () => {
    expect(xliff2Format.sniff!(read('angular-messages.xlf'))).toBe(true);
    expect(
      xliff2Format.sniff!(enc('<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">')),
    ).toBe(false);
  });
});

describe('xliff2: render', () => {
  it('inserts a target after the source, marks the segment translated and adds trgLang', () => {
    const bytes = read('angular-messages.xlf');
    const out = dec(
      xliff2Format.render(bytes, new Map([['introductionHeader', 'Hallo i18n!']]), { targetLang: 'de' }),
    );
    expect(out).toBe(
      dec(bytes)
        .replace('srcLang="en-US">', 'srcLang="en-US" trgLang="de">')
        .replace(
          '      <segment>\n        <source>Hello i18n!</source>',
          '      <segment state="translated">\n        <source>Hello i18n!</source>\n        <target>Hallo i18n!</target>',
        ),
    );
  });

  it('replaces existing targets, updates state and trgLang, keeps inline codes', () => {
    const bytes = read('oasis-sample.xlf');
    const out = dec(
      xliff2Format.render(
        bytes,
        new Map([
          ['u2#2', 'Dann <überall> einfügen.'],
          ['u4', 'Tom & Jerrys Kurzanleitung — <mrk id="m1" translate="no">ACME</mrk>-Ausgabe'],
        ]),
        { targetLang: 'de' },
      ),
    );
    expect(out).toContain('trgLang="de"');
    expect(out).toContain('<segment id="s2" state="translated">');
    expect(out).toContain('<target>Dann &lt;überall&gt; einfügen.</target>');
    expect(out).toContain('<segment state="translated">');
    expect(out).toContain(
      '<target>Tom &amp; Jerrys Kurzanleitung — <mrk id="m1" translate="no">ACME</mrk>-Ausgabe</target>',
    );
  });

  it('refuses a translation that breaks an inline code pair', () => {
    expect(() =>
      xliff2Format.render(read('oasis-sample.xlf'), new Map([['u1', 'Le <pc id="1">Widget']]), {
        targetLang: 'fr',
      }),
    ).toThrow(/translation of unit "u1": the translation's <pc id="1"> has no matching tag/);
  });

  it('keeps CR LF and writes new targets with it', () => {
    const bytes = read('multi-file-crlf.xlf');
    const out = dec(
      xliff2Format.render(bytes, new Map([['cart.empty', 'Dein Korb ist leer.\nLeg etwas hinein!']]), {
        targetLang: 'de-DE',
      }),
    );
    expect(out).toContain(
      '<source>Your basket is empty.\r\nAdd something you love!</source>\r\n\t\t\t\t<target>Dein Korb ist leer.\r\nLeg etwas hinein!</target>',
    );
    expect(out).toContain('trgLang="de-DE"');
  });
});
