import { describe, expect, it } from 'vitest';
import { androidFormat } from '../../src/formats/android/index.ts';
import { FormatError } from '../../src/formats/errors.ts';
import type { PluralForms } from '../../src/formats/model.ts';

const bytes = (s: string) => new TextEncoder().encode(s);
const text = (b: Uint8Array) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(b);

function edit(
  target: string,
  set: Record<string, string | PluralForms> = {},
  remove: string[] = [],
  lang = 'de',
  source = EN,
) {
  const changes = { source: bytes(source), set: new Map(Object.entries(set)), remove: new Set(remove) };
  return text(androidFormat.edit!(bytes(target), changes, { targetLang: lang }));
}

const EN = `<?xml version="1.0" encoding="utf-8"?>
<resources xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2">
    <string name="app_name" translatable="false">Shoebox</string>

    <!-- Title of the main screen -->
    <string name="title_home">Home</string>
    <string name="welcome">Welcome back, <xliff:g id="user" example="Alex">%1$s</xliff:g>!</string>
    <string name="percent" formatted="false">100% sure</string>

    <!-- Shown in the cart badge. -->
    <plurals name="cart_items">
        <item quantity="one">%d item in your cart</item>
        <item quantity="other">%d items in your cart</item>
    </plurals>

    <string-array name="sort_options">
        <item>Newest first</item>
        <item>Oldest first</item>
        <item>By name</item>
    </string-array>
</resources>
`;

// A German values-de/strings.xml: two-space indentation, its own comment, welcome before title_home.
const DE = `<?xml version="1.0" encoding="utf-8"?>
<resources xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2">
  <!-- Bitte duzen -->
  <string name="welcome">Willkommen zurück, <xliff:g id="user" example="Alex">%1$s</xliff:g>!</string>
  <string name="title_home">Start</string>
  <string-array name="sort_options">
    <item>Neueste zuerst</item>
    <item>Älteste zuerst</item>
  </string-array>
</resources>
`;

describe('android edit', () => {
  it('inserts a string after its preceding source resource, with formatted="false" and the target indentation', () => {
    // Source order: title_home, welcome, percent; the target holds welcome first, and percent follows it.
    expect(edit(DE, { percent: "100 % sicher, dass es's gibt" })).toBe(
      DE.replace(
        '%1$s</xliff:g>!</string>\n',
        `%1$s</xliff:g>!</string>\n  <string name="percent" formatted="false">100 % sicher, dass es\\'s gibt</string>\n`,
      ),
    );
  });

  it('inserts a Russian plurals with the items Russian needs', () => {
    const ru = '<resources>\n    <string name="title_home">Главная</string>\n</resources>\n';
    const out = edit(
      ru,
      { cart_items: { one: '%d товар', few: '%d товара', many: '%d товаров', other: '%d товара' } },
      [],
      'ru',
    );
    expect(out).toBe(
      '<resources>\n    <string name="title_home">Главная</string>\n    <plurals name="cart_items">\n        <item quantity="one">%d товар</item>\n        <item quantity="few">%d товара</item>\n        <item quantity="many">%d товаров</item>\n        <item quantity="other">%d товара</item>\n    </plurals>\n</resources>\n',
    );
  });

  it('appends a new item to an array the target holds', () => {
    expect(edit(DE, { 'sort_options[2]': 'Nach Name' })).toBe(
      DE.replace(
        '<item>Älteste zuerst</item>\n',
        '<item>Älteste zuerst</item>\n    <item>Nach Name</item>\n',
      ),
    );
  });

  it('never inserts a translatable="false" resource', () => {
    expect(edit(DE, { app_name: 'Schuhkarton' })).toBe(DE);
  });

  it('removes a string with its comment, a whole array, and one item of an array that stays', () => {
    expect(edit(DE, {}, ['welcome'])).toBe(DE.replace(/ {2}<!-- Bitte duzen -->\n.*\n/, ''));
    expect(edit(DE, {}, ['sort_options[0]', 'sort_options[1]'])).toBe(
      DE.replace(/ {2}<string-array[\s\S]*<\/string-array>\n/, ''),
    );
    expect(edit(DE, {}, ['sort_options[1]'])).toBe(DE.replace('    <item>Älteste zuerst</item>\n', ''));
  });

  it('keeps CRLF and the BOM', () => {
    const de = '\ufeff<resources>\r\n    <string name="title_home">Start</string>\r\n</resources>\r\n';
    expect(edit(de, { welcome: 'Hallo <xliff:g id="user" example="Alex">%1$s</xliff:g>!' })).toBe(
      '\ufeff<resources>\r\n    <string name="title_home">Start</string>\r\n    <string name="welcome">Hallo <xliff:g id="user" example="Alex">%1$s</xliff:g>!</string>\r\n</resources>\r\n',
    );
  });

  it('throws a FormatError with line and column for a target that does not parse', () => {
    try {
      edit('<resources>\n  <string name="a">A</strin>\n</resources>\n', { title_home: 'x' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(FormatError);
      expect((error as FormatError).line).toBe(2);
    }
  });
});
