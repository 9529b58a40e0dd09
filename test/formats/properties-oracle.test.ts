/**
 * java.util.Properties.load as the .properties oracle (issue 34, build item 2; Debian package
 * default-jre-headless): test/support/PropertiesToJson.java, run as a single-file source program,
 * loads files the way Java 9+ resource bundles do (UTF-8, else ISO-8859-1) and prints their keys
 * and values.
 * - the unit set our reader sees is Properties': the same keys with the same values (ISO-8859-1
 *   and UTF-8 files, `\uXXXX`, continuations, `=`, `:` and whitespace separators, `!` comments);
 *   where a key repeats, Properties keeps the last value, which is the unit with the key as id;
 * - every file our writer makes (every unit translated in place, and new keys inserted into a
 *   target) loads back as the texts we meant, whatever they hold (`=`, `:`, `#`, `!`, backslashes,
 *   leading spaces, line breaks, Cyrillic, an emoji, text outside Latin-1 in a Latin-1 file).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Unit } from '../../src/formats/model.ts';
import { propertiesFormat } from '../../src/formats/properties/index.ts';
import { debianTool } from '../support/debian-tool.ts';

const java = debianTool('java', ['-version'], 'default-jre-headless');
const PROGRAM = join(import.meta.dirname, '../support/PropertiesToJson.java');
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
const dir = mkdtempSync(join(tmpdir(), 'svc-properties-oracle-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Keys and values as Properties.load reads each file (one JVM start for all of them). */
function load(files: Record<string, Uint8Array>): Record<string, Record<string, string>> {
  const paths = Object.keys(files).map((name, i) => {
    const path = join(dir, `${i}.properties`);
    writeFileSync(path, files[name]!);
    return path;
  });
  const run = spawnSync('java', [PROGRAM, ...paths], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(`java failed: ${run.error ?? run.stderr}`);
  const loaded = JSON.parse(run.stdout) as Record<string, Record<string, string>>;
  return Object.fromEntries(Object.keys(files).map((name, i) => [name, loaded[paths[i]!]!]));
}

/** Our units as Properties would hold them: the last copy of a repeated key is the key's value. */
function asProperties(units: readonly Unit[], file: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const unit of units) out[unit.id] = unit.source;
  const loaded = oracle[file]!;
  // Earlier copies of a repeated key are `key~N` units; Properties forgets them.
  for (const id of Object.keys(out)) {
    const base = /^(.*)~\d+$/.exec(id)?.[1];
    if (base !== undefined && !(id in loaded) && base in out) delete out[id];
  }
  return out;
}

let oracle: Record<string, Record<string, string>> = {};
beforeAll(() => {
  if (!java.skipped) oracle = load(Object.fromEntries(FIXTURES.map((f) => [f, bytesOf(f)])));
}, 60_000);

describe.skipIf(java.skipped)('java.util.Properties reads what our reader reads', () => {
  it.each(FIXTURES)('%s: the same keys and values', (file) => {
    const units = propertiesFormat.parse(bytesOf(file));
    expect(asProperties(units, file)).toEqual(oracle[file]);
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
        file,
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
