import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { xcstringsFormat } from '../../src/formats/xcstrings/index.ts';
import { xliff2Format } from '../../src/formats/xliff2/index.ts';
import { TargetLocator } from '../../src/qa/positions.ts';
import { repoRoot } from '../support/processes.ts';

describe('where a translation stands in its target file', () => {
  it("string catalogs: each language's own value, or the key when the language has none", () => {
    const bytes = readFileSync(join(repoRoot, 'test/fixtures/existing/xcstrings/Localizable.xcstrings'));
    for (const [lang, expected] of [
      [
        'de',
        {
          Notes: '75:24',
          Save: '91:24',
          'Hello, %@!': '65:24',
          Delete: '57:6',
          '%lld notes|plural': '13:30',
        },
      ],
      ['ru', { Notes: '81:24', Save: '86:6', 'Hello, %@!': '60:6', '%lld notes|plural': '31:30' }],
    ] as const) {
      const units = xcstringsFormat.parse(bytes, { targetLang: lang });
      const locator = new TargetLocator(xcstringsFormat, bytes, lang);
      for (const [id, at] of Object.entries(expected)) {
        const { line, column } = locator.locate(units.find((u) => u.id === id)!);
        expect(`${line}:${column}`, `${lang} ${id}`).toBe(at);
      }
    }
  });

  it('XLIFF 2 size restrictions count only under the code-point profile', () => {
    const xliff = (profile: string) =>
      new TextEncoder().encode(`<?xml version="1.0"?>
<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" xmlns:slr="urn:oasis:names:tc:xliff:sizerestriction:2.0" version="2.0" srcLang="en" trgLang="de">
  <file id="f">
    <slr:profiles generalProfile="${profile}"/>
    <unit id="a" slr:sizeRestriction="10"><segment><source>Save</source><target>Sichern</target></segment></unit>
    <unit id="b"><segment><source>Cancel</source></segment></unit>
  </file>
</xliff>`);
    const limits = (profile: string) => {
      const bytes = xliff(profile);
      const locator = new TargetLocator(xliff2Format, bytes, 'de');
      return xliff2Format.parse(bytes).map((u) => locator.limit(u));
    };
    expect(limits('xliff:codepoints')).toEqual([10, undefined]);
    expect(limits('xliff:gui')).toEqual([undefined, undefined]);
  });
});
