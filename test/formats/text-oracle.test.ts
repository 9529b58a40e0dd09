/**
 * Plain text files against a second reader (issue 34, build item 2): no tool of its own reads the
 * platform's `.txt` files, so test/support/oracles/text.ts reads them by the rule
 * src/formats/text-lines documents — one unit per line that holds more than whitespace, its text
 * the line without the whitespace at its ends, ids `l1`, `l2`, … counting those lines; LF or CRLF
 * line ends; UTF-8 (BOM or not), UTF-16 with a BOM, else Latin-1. So:
 * - the units our reader sees are the second reader's, with the same texts, for every fixture (CRLF,
 *   tabs, lines of only spaces, NBSP at a line's ends, a BOM, no final line break, Latin-1);
 * - every file our writer makes (a target written from the source, a target edited with a changed
 *   unit and an added one) reads back as the texts we meant — a translation is one line, so a line
 *   break in it is meant as a space (the format's documented rule);
 * - a planted difference (our reader dropping a line, or keeping a line's edge spaces) is reported.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FormatModule, Unit } from '../../src/formats/model.ts';
import { editTarget, newTarget } from '../../src/formats/target.ts';
import { textFormat } from '../../src/formats/text-lines/index.ts';
import { unitMismatches } from '../support/oracles/compare.ts';
import { textOracleUnits } from '../support/oracles/text.ts';

const dir = 'test/fixtures/text';
const FIXTURES = readdirSync(dir).filter((f) => f.endsWith('.txt'));
const bytesOf = (file: string) => new Uint8Array(readFileSync(join(dir, file)));
const ours = (format: FormatModule, bytes: Uint8Array) =>
  new Map(format.parse(bytes).map((u) => [u.id, u.source]));
const latin1 = (file: string) => file.startsWith('latin1');

/** A translation: with a line break (written as a space), edge spaces (not part of a unit), symbols. */
const de = (text: string, n: number, file: string) =>
  latin1(file)
    ? [`Übersetzt: ${text}`, `«${text}» - déjà`][n % 2]!
    : [`${text} „DE“ ✓`, `${text}\nzweite Zeile`, `Grüße 😀 ${text}`][n % 3]!;
const asLine = (text: string) => text.replace(/\r?\n|\r/g, ' ');

describe('text: a reader of the documented line rule reads the units our reader reads', () => {
  it.each(FIXTURES)('%s: the same ids with the same texts', (file) => {
    const bytes = bytesOf(file);
    const theirs = textOracleUnits(bytes);
    expect(theirs.size).toBeGreaterThan(2);
    expect(unitMismatches(ours(textFormat, bytes), theirs)).toEqual([]);
  });
});

describe('text: the second reader reads back what our writer writes', () => {
  it.each(FIXTURES)('%s: a target written from the source reads as the texts we meant', (file) => {
    const source = bytesOf(file);
    const set = new Map([...ours(textFormat, source)].map(([id, text], n) => [id, de(text, n, file)]));
    const out = newTarget(textFormat, source, set, { targetLang: 'de' });
    const meant = new Map([...set].map(([id, text]) => [id, asLine(text)]));
    expect(unitMismatches(meant, textOracleUnits(out))).toEqual([]);
  });

  it.each(FIXTURES)('%s: a target edited (a unit changed, one added) keeps the rest as it was', (file) => {
    const source = bytesOf(file);
    const ids = [...ours(textFormat, source).keys()];
    const all = new Map(ids.map((id, n) => [id, de(id, n, file)]));
    const [changed, added] = [ids[0]!, ids[ids.length - 1]!];
    const people = editTarget(
      textFormat,
      newTarget(textFormat, source, all, { targetLang: 'de' }),
      { source, set: new Map(), remove: new Set([added]) },
      { targetLang: 'de' },
    );
    const before = textOracleUnits(people);
    expect(before.has(added)).toBe(false);
    const set = new Map([
      [changed, 'Geändert'],
      [added, latin1(file) ? 'Neu hinzugefügt' : 'Neu\nhinzugefügt ✓'],
    ]);
    const out = editTarget(textFormat, people, { source, set, remove: new Set() }, { targetLang: 'de' });
    const meant = new Map(before);
    for (const [id, text] of set) meant.set(id, asLine(text));
    expect(unitMismatches(meant, textOracleUnits(out))).toEqual([]);
  });
});

describe('text: a planted difference is reported', () => {
  const bytes = bytesOf('welcome-crlf.txt');
  const planted = (bend: (units: Unit[]) => Unit[]): FormatModule => ({
    ...textFormat,
    parse: (b: Uint8Array) => bend(textFormat.parse(b)),
  });

  it('a reader that drops a line (the ids after it shift)', () => {
    const dropping = planted((units) =>
      units.filter((u) => u.id !== 'l2').map((u, n) => ({ ...u, id: `l${n + 1}` })),
    );
    const found = unitMismatches(ours(dropping, bytes), textOracleUnits(bytes));
    expect(found[0]).toEqual({
      id: 'l2',
      ours: 'Press Ctrl+S to save.',
      theirs: 'Your notes are stored on this device.',
    });
  });

  it('a reader that keeps the spaces at a line’s ends', () => {
    const untrimmed = planted((units) =>
      units.map((u) => (u.id === 'l3' ? { ...u, source: `   ${u.source}   ` } : u)),
    );
    expect(unitMismatches(ours(untrimmed, bytes), textOracleUnits(bytes))).toEqual([
      { id: 'l3', ours: '   Press Ctrl+S to save.   ', theirs: 'Press Ctrl+S to save.' },
    ]);
  });
});
