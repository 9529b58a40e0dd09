/**
 * CSV string tables against csv-parse as the second reader (issue 34, build item 2). The rule is
 * RFC 4180 (fields separated by the delimiter, records by CRLF or LF; a field in double quotes may
 * hold the delimiter and line breaks, a quote in it is doubled), read by csv-parse, an
 * implementation written apart from ours; which fields are units follows src/formats/csv's
 * documented columns, written again in test/support/oracles/csv.ts. So:
 * - the units our reader sees are csv-parse's records' keys with the same source texts, for every
 *   fixture (a header or positional columns, a BOM, CRLF, quoted commas, doubled quotes, embedded
 *   line breaks, blank lines, `;` delimiters, Magento's 2- and 4-column files);
 * - every file our writer makes (a target written from the source, a target edited with a changed
 *   unit and an added one) is read back by csv-parse as the texts we meant;
 * - a planted difference (our reader dropping a unit, or bending a text) is reported.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { csvFormat } from '../../src/formats/csv/index.ts';
import type { FormatModule } from '../../src/formats/model.ts';
import { editTarget, newTarget } from '../../src/formats/target.ts';
import { unitMismatches } from '../support/oracles/compare.ts';
import { csvComparable, csvOracleUnits as csvParse } from '../support/oracles/csv.ts';

const dir = 'test/fixtures/csv';
const FIXTURES = readdirSync(dir).filter((f) => f.endsWith('.csv'));
const bytesOf = (file: string) => new Uint8Array(readFileSync(join(dir, file)));
const units = (format: FormatModule, bytes: Uint8Array) =>
  new Map(format.parse(bytes).map((u) => [u.id, u.source]));
const ours = (format: FormatModule, bytes: Uint8Array) => csvComparable(units(format, bytes));
const csvOracleUnits = (bytes: Uint8Array) => csvComparable(csvParse(bytes));

/** A translation holding everything a field must quote: the delimiters, quotes, line breaks, edge spaces. */
const de = (text: string, n: number) =>
  [
    `${text} „DE“, "zitiert"`,
    ` ${text}; mit Semikolon `,
    `${text}\nzweite Zeile\r\ndritte`,
    `Grüße ✓ 😀 ${text}`,
  ][n % 4]!;

describe('csv: csv-parse (RFC 4180) reads the units our reader reads', () => {
  it.each(FIXTURES)('%s: the same keys with the same texts', (file) => {
    const bytes = bytesOf(file);
    const theirs = csvOracleUnits(bytes);
    expect(theirs.size).toBeGreaterThan(2);
    expect(unitMismatches(ours(csvFormat, bytes), theirs)).toEqual([]);
  });
});

describe('csv: csv-parse reads back what our writer writes', () => {
  it.each(FIXTURES)('%s: a target written from the source reads as the texts we meant', (file) => {
    const source = bytesOf(file);
    const meant = new Map([...units(csvFormat, source)].map(([id, text], n) => [id, de(text, n)]));
    const out = newTarget(csvFormat, source, meant, { targetLang: 'de' });
    expect(unitMismatches(csvComparable(meant), csvOracleUnits(out))).toEqual([]);
  });

  it.each(FIXTURES)('%s: a target edited (a unit changed, one added) keeps the rest as it was', (file) => {
    const source = bytesOf(file);
    const ids = [...units(csvFormat, source).keys()];
    const all = new Map(ids.map((id, n) => [id, de(id, n)]));
    const [changed, added] = [ids[0]!, ids[ids.length - 1]!];
    // People's target: every unit translated but the last.
    const people = editTarget(
      csvFormat,
      newTarget(csvFormat, source, all, { targetLang: 'de' }),
      { source, set: new Map(), remove: new Set([added]) },
      { targetLang: 'de' },
    );
    const before = units(csvFormat, people);
    expect(unitMismatches(csvComparable(before), csvOracleUnits(people))).toEqual([]);
    expect(before.has(added)).toBe(false);
    const set = new Map([
      [changed, 'Geändert, mit "Anführungszeichen"\nund Zeilenumbruch'],
      [added, 'Neu; hinzugefügt, am Ende '],
    ]);
    const out = editTarget(csvFormat, people, { source, set, remove: new Set() }, { targetLang: 'de' });
    const meant = new Map(before);
    for (const [id, text] of set) meant.set(id, text);
    expect(unitMismatches(csvComparable(meant), csvOracleUnits(out))).toEqual([]);
  });
});

describe('csv: a planted difference is reported', () => {
  const bytes = bytesOf('app-strings.csv');
  const planted = (
    bend: (units: ReturnType<FormatModule['parse']>) => ReturnType<FormatModule['parse']>,
  ) => ({
    ...csvFormat,
    parse: (b: Uint8Array) => bend(csvFormat.parse(b)),
  });

  it('a reader that drops a unit', () => {
    const dropping = planted((units) => units.filter((u) => u.id !== 'nav.search'));
    expect(unitMismatches(ours(dropping, bytes), csvOracleUnits(bytes))).toEqual([
      { id: 'nav.search', ours: undefined, theirs: 'Search "All Notes"' },
    ]);
  });

  it('a reader that leaves a doubled quote doubled', () => {
    const bending = planted((units) => units.map((u) => ({ ...u, source: u.source.replace(/"/g, '""') })));
    expect(unitMismatches(ours(bending, bytes), csvOracleUnits(bytes))).toEqual([
      { id: 'nav.search', ours: 'Search ""All Notes""', theirs: 'Search "All Notes"' },
    ]);
  });
});
