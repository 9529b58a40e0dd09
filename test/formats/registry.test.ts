import { describe, expect, it } from 'vitest';
import { detectFormat, FORMATS, supportedExtensions } from '../../src/formats/registry.ts';

const enc = (s: string) => new TextEncoder().encode(s);

describe('format registry', () => {
  it('holds every format once', () => {
    const names = FORMATS.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.length).toBe(14);
    expect(supportedExtensions()).toEqual(
      expect.arrayContaining([
        'json',
        'yml',
        'po',
        'xlf',
        'xml',
        'strings',
        'stringsdict',
        'xcstrings',
        'properties',
        'arb',
        'csv',
        'md',
        'txt',
      ]),
    );
  });

  it.each([
    ['a.json', '{"a": "b"}', 'json'],
    ['a.arb', '{"@@locale": "en", "a": "b"}', 'arb'],
    ['Localizable.xcstrings', '{"sourceLanguage": "en", "strings": {}, "version": "1.0"}', 'xcstrings'],
    [
      'values/strings.xml',
      '<?xml version="1.0"?>\n<resources><string name="a">b</string></resources>',
      'android',
    ],
    [
      'm.xlf',
      '<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2"><file/></xliff>',
      'xliff12',
    ],
    [
      'm.xlf',
      '<xliff version="2.0" xmlns="urn:oasis:names:tc:xliff:document:2.0" srcLang="en"><file id="f"/></xliff>',
      'xliff2',
    ],
    ['de.po', 'msgid "a"\nmsgstr "b"\n', 'po'],
    ['config/locales/en.yml', 'en:\n  a: b\n', 'yaml'],
    ['README.md', '# Title\n', 'markdown'],
    ['notes.txt', 'hello\n', 'text'],
  ])('%s is %s', (name, content, expected) => {
    expect(detectFormat(name, enc(content))?.name).toBe(expected);
  });

  it('finds nothing for a file no format claims or recognises', () => {
    expect(detectFormat('logo.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBeUndefined();
  });
});
