/**
 * Render cases beyond the shared suite: how new localizations are written (sorted device and
 * substitution names, non-object variations) and the encodings the output is written in (BOM,
 * UTF-16, non-ASCII text before and inside edits, characters outside the BMP).
 */
import { describe, expect, it } from 'vitest';
import type { PluralForms } from '../../src/formats/model.ts';
import { xcstringsFormat } from '../../src/formats/xcstrings/index.ts';

const utf8 = (text: string) => new TextEncoder().encode(text);
const render = (bytes: Uint8Array, translations: Record<string, string | PluralForms>, targetLang = 'de') =>
  xcstringsFormat.render(bytes, new Map(Object.entries(translations)), { targetLang });
const targets = (bytes: Uint8Array, targetLang = 'de') =>
  Object.fromEntries(
    xcstringsFormat.parse(bytes, { targetLang } as never).map((u) => [u.id, u.targetPlural ?? u.target]),
  );

/** A catalog of one string whose English localization is `en` (a JSON object body, two-space style). */
const catalog = (key: string, en: string) =>
  `{\n  "sourceLanguage" : "en",\n  "strings" : {\n    "${key}" : {\n      "localizations" : {\n        "en" : ${en}\n      }\n    }\n  },\n  "version" : "1.0"\n}\n`;

const unit = (indent: string, value: string) =>
  `{\n${indent}  "stringUnit" : {\n${indent}    "state" : "new",\n${indent}    "value" : "${value}"\n${indent}  }\n${indent}}`;

describe('xcstrings render: writing new localizations', () => {
  it('writes device variations in sorted-key order, each with its own translation', () => {
    const i = '            ';
    const en = `{\n          "variations" : {\n            "device" : {\n${i}"mac" : ${unit(i, 'Click')},\n${i}"iphone" : ${unit(i, 'Tap')},\n${i}"applewatch" : ${unit(i, 'Touch')}\n          }\n        }\n      }`;
    const bytes = utf8(catalog('Go', en));
    const out = new TextDecoder().decode(
      render(bytes, {
        'Go|device=mac': 'Klicken',
        'Go|device=iphone': 'Tippen',
        'Go|device=applewatch': 'Berühren',
      }),
    );
    const de = out.slice(out.indexOf('"de" : {'), out.indexOf('"en" : {'));
    expect(de.indexOf('"applewatch"')).toBeLessThan(de.indexOf('"iphone"'));
    expect(de.indexOf('"iphone"')).toBeLessThan(de.indexOf('"mac"'));
    expect(targets(utf8(out))).toEqual({
      'Go|device=mac': 'Klicken',
      'Go|device=iphone': 'Tippen',
      'Go|device=applewatch': 'Berühren',
    });
  });

  it('writes a device variation that is not an object as an empty object, like Xcode', () => {
    const en = `{\n          "variations" : {\n            "device" : {\n              "ipad" : "odd",\n              "mac" : ${unit('              ', 'Click')}\n            }\n          }\n        }`;
    const out = new TextDecoder().decode(render(utf8(catalog('Go', en)), { 'Go|device=mac': 'Klicken' }));
    expect(out).toContain(
      '        "de" : {\n          "variations" : {\n            "device" : {\n              "ipad" : {\n\n              },\n              "mac" : {\n                "stringUnit" : {\n                  "state" : "translated",\n                  "value" : "Klicken"\n                }\n              }\n            }\n          }\n        },\n',
    );
  });

  it('writes plural forms in sorted-key order for the target language', () => {
    const i = '            ';
    const en = `{\n          "variations" : {\n            "plural" : {\n${i}"one" : ${unit(i, '%lld file')},\n${i}"other" : ${unit(i, '%lld files')}\n            }\n          }\n        }`;
    const out = new TextDecoder().decode(
      render(
        utf8(catalog('Files', en)),
        { 'Files|plural': { one: '%lld файл', few: '%lld файла', many: '%lld файлов', other: '%lld файла' } },
        'ru',
      ),
    );
    const ru = out.slice(out.indexOf('"ru" : {'));
    const order = ['"few"', '"many"', '"one"', '"other"'].map((c) => ru.indexOf(c));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(targets(utf8(out), 'ru')['Files|plural']).toEqual({
      one: '%lld файл',
      few: '%lld файла',
      many: '%lld файлов',
      other: '%lld файла',
    });
  });
});

describe('xcstrings render: output encoding', () => {
  const source = catalog('Größe ✓', unit('        ', 'Größe ✓'));

  it('keeps a UTF-8 BOM and the non-ASCII text around the edit', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(source)]);
    const out = render(bytes, { 'Größe ✓': 'Größe 😀 ✓' });
    expect([...out.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(out.subarray(3));
    expect(text.startsWith(source.slice(0, source.indexOf('"en" : {')))).toBe(true);
    expect(text).toContain('"value" : "Größe 😀 ✓"');
    expect(targets(out)).toEqual({ 'Größe ✓': 'Größe 😀 ✓' });
  });

  it('writes UTF-16 catalogs back in UTF-16 with their BOM', () => {
    const bytes = new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(source, 'utf16le')]));
    const out = render(bytes, { 'Größe ✓': 'Größe 😀' });
    expect([...out.subarray(0, 2)]).toEqual([0xff, 0xfe]);
    const expected = render(utf8(source), { 'Größe ✓': 'Größe 😀' });
    expect(Buffer.from(out.subarray(2)).toString('utf16le')).toBe(new TextDecoder().decode(expected));
  });

  it('gives back the original bytes when nothing changes', () => {
    const bytes = utf8(source);
    expect(render(bytes, {})).toBe(bytes);
    // Into the source language, a copy of the source is the source: nothing to write.
    expect(render(bytes, { 'Größe ✓': 'Größe ✓' }, 'en')).toBe(bytes);
  });
});
