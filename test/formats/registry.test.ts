import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FormatModule } from '../../src/formats/model.ts';
import { detectFormat, FORMATS, supportedExtensions } from '../../src/formats/registry.ts';

const enc = (s: string) => new TextEncoder().encode(s);

/** Every FormatModule exported by a format's folder (src/formats/<folder>/index.ts). */
async function formatModulesInTree(): Promise<Set<FormatModule>> {
  const found = new Set<FormatModule>();
  const root = join(import.meta.dirname, '../../src/formats');
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    const index = join(root, entry.name, 'index.ts');
    if (!entry.isDirectory() || !existsSync(index)) continue;
    for (const value of Object.values(await import(index)) as Partial<FormatModule>[])
      if (
        typeof value?.name === 'string' &&
        typeof value.parse === 'function' &&
        typeof value.render === 'function'
      )
        found.add(value as FormatModule);
  }
  return found;
}

describe('format registry', () => {
  it('holds every format module of src/formats once', async () => {
    const names = FORMATS.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    const inTree = await formatModulesInTree();
    expect(inTree.size).toBeGreaterThan(0);
    expect(new Set(FORMATS)).toEqual(inTree);
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
