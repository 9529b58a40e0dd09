/**
 * updateLocaleList on realistic files of all four kinds: the list gains the shipped languages and
 * the source, loses a held-back one only with remove_held_back, and nothing outside the list
 * changes by a byte. Each result is read back by the file's own toolchain (oracles.ts).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { LocaleListEntry } from '../../src/config/locale-lists.ts';
import { LocaleListError, type ShipState, updateLocaleList } from '../../src/locale-lists/index.ts';
import { debianTool } from '../support/debian-tool.ts';
import { plistlib, rubyYaml, xmllintLocales } from './oracles.ts';

const xmllint = debianTool('xmllint', ['--version'], 'libxml2-utils');
const python = debianTool('python3', ['-c', 'import plistlib'], 'python3');
const ruby = debianTool('ruby', ['-e', '1'], 'ruby');

const STATE: ShipState = {
  source: 'en',
  targets: ['de', 'fr', 'pt-BR', 'zh-Hans', 'nb'],
  shipped: ['de', 'pt-BR', 'zh-Hans', 'nb'],
  held: ['fr'],
  mapping: {},
};
const NEW = ['pt-BR', 'zh-Hans', 'nb'];

const fixture = (name: string) => new Uint8Array(readFileSync(`test/fixtures/locale-lists/${name}`));
const text = (bytes: Uint8Array | undefined) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);

function entryFor(
  path: string,
  kind: LocaleListEntry['kind'],
  at?: string,
  removeHeldBack = false,
): LocaleListEntry {
  return { path, kind, ...(at !== undefined ? { at } : {}), removeHeldBack };
}

/**
 * Asserts that every byte `after` changed lies inside the original's list: from `open` to the
 * `close` after it (ASCII fixtures: string indexes are byte offsets).
 */
function expectOnlyListChanged(before: Uint8Array, after: Uint8Array, open: string, close: string): void {
  const original = text(before);
  const listStart = original.indexOf(open);
  const listEnd = original.indexOf(close, listStart + open.length) + close.length;
  expect(listStart).toBeGreaterThanOrEqual(0);
  let start = 0;
  const shorter = Math.min(before.length, after.length);
  while (start < shorter && before[start] === after[start]) start++;
  let tail = 0;
  while (tail < shorter - start && before[before.length - 1 - tail] === after[after.length - 1 - tail])
    tail++;
  expect(start, 'first changed byte').toBeGreaterThanOrEqual(listStart);
  expect(before.length - tail, 'last changed byte').toBeLessThanOrEqual(listEnd);
}

describe('Android locales_config.xml', () => {
  const before = fixture('locales_config.xml');
  const entry = entryFor('app/src/main/res/xml/locales_config.xml', 'android');

  it('appends the shipped languages as BCP 47 names after the last <locale>, keeps iw and fr, changes only the list', () => {
    const result = updateLocaleList({ path: entry.path, bytes: before }, entry, STATE);
    expect(result.added).toEqual(NEW);
    expect(result.removed).toEqual([]);
    expect(text(result.bytes)).toBe(
      text(before).replace(
        '    <locale android:name="fr"/>\n',
        '    <locale android:name="fr"/>\n    <locale android:name="pt-BR"/>\n    <locale android:name="zh-Hans"/>\n    <locale android:name="nb"/>\n',
      ),
    );
    expectOnlyListChanged(before, result.bytes!, '<locale-config', '</locale-config>');
  });

  it('ignores an android_code mapping: the file takes BCP 47 tags, not resource qualifiers', () => {
    const mapping = { android_code: { 'zh-Hans': 'b+zh+Hans' }, locale: { 'pt-BR': 'pt_BR' } };
    const result = updateLocaleList({ path: entry.path, bytes: before }, entry, { ...STATE, mapping });
    expect(result.added).toEqual(NEW);
  });

  it('with remove_held_back takes the held-back fr out with its line', () => {
    const result = updateLocaleList(
      { path: entry.path, bytes: before },
      { ...entry, removeHeldBack: true },
      STATE,
    );
    expect(result.removed).toEqual(['fr']);
    expect(text(result.bytes)).not.toContain('"fr"');
    expect(text(result.bytes)).toContain(
      '    <locale android:name="iw"/>\n    <locale android:name="pt-BR"/>\n',
    );
  });

  it('creates a missing file with the source and the shipped languages', () => {
    const result = updateLocaleList({ path: entry.path, bytes: undefined }, entry, STATE);
    expect(result.added).toEqual(['en', 'de', ...NEW]);
    expect(text(result.bytes)).toContain(
      '<locale-config xmlns:android="http://schemas.android.com/apk/res/android">\n    <locale android:name="en"/>\n',
    );
  });

  it('fills an empty <locale-config> one level deeper than it', () => {
    const empty = new TextEncoder().encode(
      '<locale-config xmlns:android="http://schemas.android.com/apk/res/android">\n</locale-config>\n',
    );
    const result = updateLocaleList({ path: entry.path, bytes: empty }, entry, { ...STATE, shipped: ['de'] });
    expect(text(result.bytes)).toBe(
      '<locale-config xmlns:android="http://schemas.android.com/apk/res/android">\n    <locale android:name="en"/>\n    <locale android:name="de"/>\n</locale-config>\n',
    );
  });

  it('appends after the last <locale> on the same line when the file keeps the list on one line', () => {
    const inline = new TextEncoder().encode(
      '<locale-config xmlns:android="http://schemas.android.com/apk/res/android"><locale android:name="en" /></locale-config>',
    );
    const result = updateLocaleList({ path: entry.path, bytes: inline }, entry, {
      ...STATE,
      shipped: ['de'],
    });
    expect(text(result.bytes)).toBe(
      '<locale-config xmlns:android="http://schemas.android.com/apk/res/android"><locale android:name="en" /><locale android:name="de" /></locale-config>',
    );
  });

  it('keeps new items inside the root when its end tag follows the last <locale> on that line', () => {
    const tight = new TextEncoder().encode(
      '<locale-config xmlns:android="http://schemas.android.com/apk/res/android">\n  <locale android:name="en"/></locale-config>\n',
    );
    const result = updateLocaleList({ path: entry.path, bytes: tight }, entry, { ...STATE, shipped: ['de'] });
    expect(text(result.bytes)).toBe(
      '<locale-config xmlns:android="http://schemas.android.com/apk/res/android">\n  <locale android:name="en"/><locale android:name="de"/></locale-config>\n',
    );
  });

  it('refuses an XML file whose root is not <locale-config>, naming the file', () => {
    const other = new TextEncoder().encode('<resources><string name="a">A</string></resources>');
    const update = () => updateLocaleList({ path: 'res/xml/x.xml', bytes: other }, entry, STATE);
    expect(update).toThrow(LocaleListError);
    expect(update).toThrow("res/xml/x.xml: its root element is <resources>, not Android's <locale-config>");
  });

  describe.skipIf(!xmllint.available)('read back by xmllint', () => {
    it('is well-formed and lists what we meant, the created file too', () => {
      const edited = updateLocaleList(
        { path: entry.path, bytes: before },
        { ...entry, removeHeldBack: true },
        STATE,
      );
      expect(xmllintLocales(edited.bytes!)).toEqual(['en', 'de', 'iw', ...NEW]);
      const created = updateLocaleList({ path: entry.path, bytes: undefined }, entry, STATE);
      expect(xmllintLocales(created.bytes!)).toEqual(['en', 'de', ...NEW]);
    });
  });
  it.runIf(xmllint.required)('has xmllint in CI', () => expect.fail('xmllint is missing in CI'));
});

describe('Info.plist CFBundleLocalizations', () => {
  const before = fixture('Info.plist');
  const entry = entryFor('ios/App/Info.plist', 'plist');

  it("appends <string> items with the array's tabs, changes only the array", () => {
    const result = updateLocaleList({ path: entry.path, bytes: before }, entry, STATE);
    expect(result.added).toEqual(NEW);
    expect(text(result.bytes)).toContain(
      '\t\t<string>fr</string>\n\t\t<string>pt-BR</string>\n\t\t<string>zh-Hans</string>\n\t\t<string>nb</string>\n\t</array>\n\t<key>CFBundleName</key>',
    );
    expectOnlyListChanged(before, result.bytes!, '<key>CFBundleLocalizations</key>', '</array>');
  });

  it('opens an empty <array/>', () => {
    const empty = text(before).replace(/<array>\n\t\t<string>en<\/string>[\s\S]*?<\/array>/, '<array/>');
    const result = updateLocaleList({ path: entry.path, bytes: new TextEncoder().encode(empty) }, entry, {
      ...STATE,
      shipped: ['de'],
    });
    expect(text(result.bytes)).toContain(
      '<key>CFBundleLocalizations</key>\n\t<array>\n\t\t<string>en</string>\n\t\t<string>de</string>\n\t</array>\n',
    );
  });

  it('says what to add when the plist has no CFBundleLocalizations', () => {
    const without = text(before).replace('<key>CFBundleLocalizations</key>', '<key>CFBundleOther</key>');
    expect(() =>
      updateLocaleList({ path: entry.path, bytes: new TextEncoder().encode(without) }, entry, STATE),
    ).toThrow(
      "ios/App/Info.plist: has no CFBundleLocalizations: add <key>CFBundleLocalizations</key> with an <array> of the app's languages to its top-level <dict>",
    );
  });

  it('says how to convert a binary plist rather than failing to read it', () => {
    const binary = new Uint8Array([...new TextEncoder().encode('bplist00'), 0xd1, 0x01, 0x02]);
    expect(() => updateLocaleList({ path: entry.path, bytes: binary }, entry, STATE)).toThrow(
      'ios/App/Info.plist: is a binary property list: convert it to XML (plutil -convert xml1) so its list can be edited',
    );
  });

  describe.skipIf(!python.available)('read back by plistlib', () => {
    it('holds the languages we meant, and every other key as it was', () => {
      const result = updateLocaleList(
        { path: entry.path, bytes: before },
        { ...entry, removeHeldBack: true },
        STATE,
      );
      const written = plistlib(result.bytes!);
      expect(written.CFBundleLocalizations).toEqual(['en', 'de', ...NEW]);
      expect({ ...written, CFBundleLocalizations: null }).toEqual({
        ...plistlib(before),
        CFBundleLocalizations: null,
      });
    });
  });
  it.runIf(python.required)('has python3 in CI', () => expect.fail('python3 is missing in CI'));
});

describe('JSON array by pointer (i18next config)', () => {
  it('appends to an inline array on its line, changes only the array, and JSON.parse reads the rest unchanged', () => {
    const before = fixture('i18next-inline.json');
    const entry = entryFor('src/i18n/config.json', 'json', '/supportedLngs');
    const result = updateLocaleList({ path: entry.path, bytes: before }, entry, STATE);
    expect(text(result.bytes)).toContain('"supportedLngs": ["en", "de", "fr", "pt-BR", "zh-Hans", "nb"],\n');
    expectOnlyListChanged(before, result.bytes!, '["en"', ']');
    const expected = { ...JSON.parse(text(before)), supportedLngs: ['en', 'de', 'fr', ...NEW] };
    expect(JSON.parse(text(result.bytes))).toEqual(expected);
  });

  it("appends one per line with the file's tabs and no trailing comma, leaving x-pseudo alone", () => {
    const before = fixture('i18next-lines.json');
    const entry = entryFor('config.json', 'json', '/i18n/supportedLngs', true);
    const result = updateLocaleList({ path: entry.path, bytes: before }, entry, STATE);
    expect(text(result.bytes)).toContain(
      '"supportedLngs": [\n\t\t\t"en",\n\t\t\t"de",\n\t\t\t"x-pseudo",\n\t\t\t"pt-BR",\n\t\t\t"zh-Hans",\n\t\t\t"nb"\n\t\t],',
    );
    expectOnlyListChanged(before, result.bytes!, '[\n\t\t\t"en"', ']');
    expect(JSON.parse(text(result.bytes)).i18n.supportedLngs).toEqual(['en', 'de', 'x-pseudo', ...NEW]);
  });

  it("spells a language as languages_mapping maps it, and matches the list's underscores", () => {
    const bytes = new TextEncoder().encode('{"locales": ["en_US", "de_DE"]}\n');
    const entry = entryFor('l.json', 'json', '/locales');
    const mapping = { locale: { 'zh-Hans': 'zh_CN' } };
    const result = updateLocaleList({ path: 'l.json', bytes }, entry, { ...STATE, mapping });
    expect(result.added).toEqual(['en', 'de', 'pt_BR', 'zh_CN', 'nb']);
  });

  it('keeps CRLF line ends and the BOM', () => {
    const bytes = new TextEncoder().encode('\uFEFF{\r\n  "lngs": [\r\n    "en"\r\n  ]\r\n}\r\n');
    const entry = entryFor('l.json', 'json', '/lngs');
    const result = updateLocaleList({ path: 'l.json', bytes }, entry, { ...STATE, shipped: ['de'] });
    expect([...result.bytes!.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(text(result.bytes)).toBe('\uFEFF{\r\n  "lngs": [\r\n    "en",\r\n    "de"\r\n  ]\r\n}\r\n');
  });

  it('fills an empty array, and replaces the only item when it is removed', () => {
    const entry = entryFor('l.json', 'json', '/lngs', true);
    const empty = updateLocaleList(
      { path: 'l.json', bytes: new TextEncoder().encode('{"lngs": []}') },
      entry,
      STATE,
    );
    expect(text(empty.bytes)).toBe('{"lngs": ["en", "de", "pt-BR", "zh-Hans", "nb"]}');
    const onlyHeld = updateLocaleList(
      { path: 'l.json', bytes: new TextEncoder().encode('{"lngs": ["fr"]}') },
      entry,
      { ...STATE, shipped: [] },
    );
    expect(text(onlyHeld.bytes)).toBe('{"lngs": ["en"]}');
    expect(onlyHeld.removed).toEqual(['fr']);
  });

  it('names the file and the missing key; a file that does not parse is left alone', () => {
    const entry = entryFor('src/i18n/config.json', 'json', '/i18n/supportedLngs');
    const bytes = fixture('i18next-inline.json');
    expect(() => updateLocaleList({ path: entry.path, bytes }, entry, STATE)).toThrow(
      'src/i18n/config.json: has no /i18n/supportedLngs: the top level has no "i18n"',
    );
    const broken = new TextEncoder().encode('{"supportedLngs": ["en",]}');
    expect(() => updateLocaleList({ path: entry.path, bytes: broken }, entry, STATE)).toThrow(
      /^src\/i18n\/config\.json: cannot be read: .*\(line 1, column \d+\)$/,
    );
  });

  it('refuses to create a missing JSON file, saying why', () => {
    const entry = entryFor('src/i18n/config.json', 'json', '/supportedLngs');
    expect(() => updateLocaleList({ path: entry.path, bytes: undefined }, entry, STATE)).toThrow(
      /^src\/i18n\/config\.json: does not exist: create it with the list in it first/,
    );
  });
});

describe('YAML sequence by path (Rails settings)', () => {
  it('appends to a flow sequence inside an anchored mapping, keeping the comment after it', () => {
    const before = fixture('application-flow.yml');
    const entry = entryFor('config/application.yml', 'yaml', 'defaults.i18n.available_locales');
    const result = updateLocaleList({ path: entry.path, bytes: before }, entry, STATE);
    expect(text(result.bytes)).toContain('available_locales: [en, de, pt-BR, zh-Hans, nb]   # keep in step');
    expectOnlyListChanged(before, result.bytes!, '[en', ']');
  });

  it('says where to point when the list comes in through a << merge', () => {
    const entry = entryFor('config/application.yml', 'yaml', 'production.i18n.available_locales');
    expect(() =>
      updateLocaleList({ path: entry.path, bytes: fixture('application-flow.yml') }, entry, STATE),
    ).toThrow(
      'config/application.yml: has no production.i18n.available_locales: production has no "i18n" (it merges another mapping with <<: point at into that one)',
    );
  });

  it('appends to a block sequence of symbols, written like the last item', () => {
    const before = fixture('application-block.yml');
    const entry = entryFor('config/application.yml', 'yaml', 'i18n.available_locales', true);
    const result = updateLocaleList({ path: entry.path, bytes: before }, entry, STATE);
    expect(result.removed).toEqual(['fr']);
    expect(text(result.bytes)).toContain(
      '  available_locales:\n    - :en\n    - :de\n    - :pt-BR\n    - :zh-Hans\n    - :nb\n  raise',
    );
    expectOnlyListChanged(before, result.bytes!, '    - :en', ':fr\n');
  });

  it("quotes a plain code Ruby's YAML 1.1 would read as a boolean (Norwegian no)", () => {
    const bytes = new TextEncoder().encode('i18n:\n  locales: [en]\n');
    const entry = entryFor('a.yml', 'yaml', 'i18n.locales');
    const result = updateLocaleList({ path: 'a.yml', bytes }, entry, {
      ...STATE,
      targets: ['no'],
      shipped: ['no'],
    });
    expect(text(result.bytes)).toBe("i18n:\n  locales: [en, 'no']\n");
  });

  it('removes a last item that ends the file without a line break, leaving no blank line', () => {
    const bytes = new TextEncoder().encode('locales:\r\n  - en\r\n  - fr');
    const entry = entryFor('a.yml', 'yaml', 'locales', true);
    const result = updateLocaleList({ path: 'a.yml', bytes }, entry, { ...STATE, shipped: ['de'] });
    expect(text(result.bytes)).toBe('locales:\r\n  - en\r\n  - de');
  });

  it('does not copy a comment between items into the separator', () => {
    const bytes = new TextEncoder().encode('locales: [\n  en, # English\n  fr\n]\n');
    const result = updateLocaleList({ path: 'a.yml', bytes }, entryFor('a.yml', 'yaml', 'locales'), {
      ...STATE,
      shipped: ['de'],
    });
    expect(text(result.bytes)).toBe('locales: [\n  en, # English\n  fr,\n  de\n]\n');
  });

  it('names the file and what is missing or not a list', () => {
    const bytes = new TextEncoder().encode('i18n:\n  available_locales:\n');
    const entry = entryFor('config/app.yml', 'yaml', 'i18n.available_locales');
    expect(() => updateLocaleList({ path: entry.path, bytes }, entry, STATE)).toThrow(
      'config/app.yml: i18n.available_locales is empty: write it as a list, like available_locales: [en]',
    );
    expect(() =>
      updateLocaleList({ path: entry.path, bytes }, { ...entry, at: 'i18n.locales' }, STATE),
    ).toThrow('config/app.yml: has no i18n.locales: i18n has no "locales"');
  });

  describe.skipIf(!ruby.available)("read back by Ruby's YAML", () => {
    it('gives Rails the languages we meant and every other setting as it was', () => {
      for (const [name, at] of [
        ['application-flow.yml', 'defaults.i18n.available_locales'],
        ['application-block.yml', 'i18n.available_locales'],
      ] as const) {
        const before = fixture(name);
        const entry = entryFor(name, 'yaml', at, true);
        const written = rubyYaml(updateLocaleList({ path: name, bytes: before }, entry, STATE).bytes!);
        const lists = (doc: unknown) =>
          [...JSON.stringify(doc).matchAll(/"available_locales":(\[[^\]]*\])/g)].map((m) =>
            JSON.parse(m[1]!),
          );
        expect(lists(written).length).toBeGreaterThan(0);
        for (const list of lists(written)) expect(list).toEqual(['en', 'de', ...NEW]);
        const rest = (doc: unknown) => JSON.stringify(doc).replace(/"available_locales":\[[^\]]*\]/g, '');
        expect(rest(written)).toBe(rest(rubyYaml(before)));
      }
      const norwegian = updateLocaleList(
        { path: 'a.yml', bytes: new TextEncoder().encode('locales: [en]\n') },
        entryFor('a.yml', 'yaml', 'locales'),
        { ...STATE, targets: ['no'], shipped: ['no'] },
      );
      expect(rubyYaml(norwegian.bytes!)).toEqual({ locales: ['en', 'no'] });
    });
  });
  it.runIf(ruby.required)('has ruby in CI', () => expect.fail('ruby is missing in CI'));
});

describe('every kind', () => {
  it('returns no bytes when the list already holds the source and every shipped language', () => {
    const bytes = new TextEncoder().encode('{"l": ["de", "en", "pt-BR", "zh-Hans", "nb", "fr"]}');
    const result = updateLocaleList({ path: 'l.json', bytes }, entryFor('l.json', 'json', '/l'), STATE);
    expect(result).toEqual({ bytes: undefined, added: [], removed: [] });
  });

  it('never adds a held-back language, even one the ship gate also calls shipped', () => {
    const bytes = new TextEncoder().encode('{"l": ["en"]}');
    const result = updateLocaleList({ path: 'l.json', bytes }, entryFor('l.json', 'json', '/l'), {
      ...STATE,
      shipped: ['fr', 'de'],
    });
    expect(result.added).toEqual(['de']);
  });
});
