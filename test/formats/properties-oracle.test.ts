import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Unit } from '../../src/formats/model.ts';
import { propertiesFormat } from '../../src/formats/properties/index.ts';
import { debianTool } from '../support/debian-tool.ts';
import { asProperties, loadProperties as load } from '../support/oracles/properties.ts';

const java = debianTool('java', ['-version'], 'default-jre-headless');
const FIXTURES = [
  'properties/messages.properties',
  'properties/messages_fr.properties',
  'properties/bundle_utf8.properties',
  'properties/help_en.properties',
  'properties/jmeter_fr_latin1.properties',
  'existing/properties/messages.properties',
  'existing/properties/messages_de.properties',
  'existing/properties/messages_ru.properties',
  'qa/apple-java/java/messages.properties',
  'qa/apple-java/java/messages_de.properties',
];
const bytesOf = (path: string) => readFileSync(join('test/fixtures', path));
let oracle: Record<string, Record<string, string>> = {};
beforeAll(() => {
  if (!java.skipped) oracle = load(Object.fromEntries(FIXTURES.map((f) => [f, bytesOf(f)])));
}, 60_000);

describe.skipIf(java.skipped)('java.util.Properties reads what our reader reads', () => {
  it.each(FIXTURES)('%s: the same keys and values', (file) => {
    const units = propertiesFormat.parse(bytesOf(file));
    expect(asProperties(units, oracle[file]!)).toEqual(oracle[file]);
  });
});

/** Text that needs every escape .properties has. */
function meant(unit: Unit, i: number): string {
  const texts = [
    `  leading spaces, = and : inside, # and ! too: ${unit.id}`,
    `C:\\Temp\\${unit.id}\\`,
    `Zeile 1\nZeile 2\r\n\tTab ${unit.id}`,
    `Русский текст ${unit.id} и эмодзи ✅`,
    `Prix : 12 € — ${unit.id}`,
  ];
  return texts[i % texts.length]!;
}

describe.skipIf(java.skipped)('java.util.Properties loads what our writer writes', () => {
  it('every unit of every fixture translated in place loads back as meant', () => {
    const written: Record<string, Uint8Array> = {};
    const expected: Record<string, Record<string, string>> = {};
    for (const file of FIXTURES) {
      const bytes = bytesOf(file);
      const units = propertiesFormat.parse(bytes);
      const translations = new Map(units.map((u, i) => [u.id, meant(u, i)]));
      written[file] = propertiesFormat.render(bytes, translations, { targetLang: 'de' });
      expected[file] = asProperties(
        units.map((u) => ({ ...u, source: translations.get(u.id)! })),
        oracle[file]!,
      );
    }
    const loaded = load(written);
    for (const file of FIXTURES) expect(loaded[file], file).toEqual(expected[file]);
  });

  it('new keys inserted into a target load back as meant, the target’s own values untouched', () => {
    const pairs = [
      ['properties/messages.properties', 'properties/messages_fr.properties', 'fr'],
      ['existing/properties/messages.properties', 'existing/properties/messages_de.properties', 'de'],
      ['existing/properties/messages.properties', 'existing/properties/messages_ru.properties', 'ru'],
      ['qa/apple-java/java/messages.properties', 'qa/apple-java/java/messages_de.properties', 'de'],
    ] as const;
    const written: Record<string, Uint8Array> = {};
    const expected: Record<string, Record<string, string>> = {};
    for (const [source, target, lang] of pairs) {
      const held = new Set(propertiesFormat.parse(bytesOf(target)).map((u) => u.id));
      const added = propertiesFormat.parse(bytesOf(source)).filter((u) => !held.has(u.id));
      const set = new Map(added.map((u, i) => [u.id, meant(u, i)]));
      written[target] = propertiesFormat.edit!(
        bytesOf(target),
        { source: bytesOf(source), set, remove: new Set() },
        { targetLang: lang },
      );
      expected[target] = { ...oracle[target], ...Object.fromEntries(set) };
    }
    const loaded = load(written);
    for (const [, target] of pairs) expect(loaded[target], target).toEqual(expected[target]);
  });
});
