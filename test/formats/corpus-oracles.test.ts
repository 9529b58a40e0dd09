/**
 * The unit-set oracles the corpus runs (test/support/oracles/index.ts, issue 34 build item 3) agree
 * with our reader on every fixture of their format — the same readers the format's oracle test
 * holds us to, wired as the corpus wires them (our translatable units, plural forms compared form
 * by form) — and a planted difference, a unit our reader drops, is reported by each.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectFormat } from '../../src/formats/registry.ts';
import { unitMismatches, unitOracle } from '../support/oracles/index.ts';

// test/fixtures/corpus holds cuts of bugs still open (its README): not these.
const ROOTS = ['test/fixtures', 'test/fixtures/existing'];
const FORMATS = [
  'android',
  'arb',
  'csv',
  'json',
  'markdown',
  'properties',
  'strings',
  'stringsdict',
  'text',
  'xcstrings',
  'xliff12',
  'xliff2',
  'yaml',
];

/** Every fixture file of these formats, with its format (not importer files or locale lists, which are no string files, nor the qa fixtures, whose placeholder errors aapt refuses on purpose). */
const fixtures = ROOTS.flatMap((root) =>
  readdirSync(root)
    .filter(
      (d) =>
        !['importers', 'existing', 'corpus', 'qa', 'locale-lists'].includes(d) &&
        statSync(join(root, d)).isDirectory(),
    )
    .flatMap((d) =>
      readdirSync(join(root, d), { recursive: true, encoding: 'utf8' }).map((f) => join(root, d, f)),
    ),
)
  .filter((path) => statSync(path).isFile())
  .map((path) => ({ path, bytes: new Uint8Array(readFileSync(path)) }))
  .map(({ path, bytes }) => ({ path, bytes, format: detectFormat(path, bytes) }))
  .filter((f) => f.format && FORMATS.includes(f.format.name));

describe('the corpus oracles agree with our reader on the fixtures', () => {
  it('covers every format with an oracle', () => {
    expect(new Set(fixtures.map((f) => f.format!.name))).toEqual(new Set(FORMATS));
  });

  for (const { path, bytes, format } of fixtures) {
    const oracle = unitOracle(format!.name);
    it.skipIf(!oracle)(`${path} (${format!.name}): the same units and texts`, () => {
      const units = format!.parse(bytes, { fileName: path }).filter((u) => u.translatable);
      const { ours, theirs } = oracle!.read(bytes, units, path);
      expect(theirs.size).toBeGreaterThan(0);
      expect(unitMismatches(ours, theirs)).toEqual([]);
      // Planted: our reader without its last unit.
      const dropped = oracle!.read(bytes, units.slice(0, -1), path);
      expect(unitMismatches(dropped.ours, dropped.theirs).length).toBeGreaterThan(0);
    });
  }
});
