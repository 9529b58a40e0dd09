import { describe, expect, it } from 'vitest';
import { adaptTarget, fixTarget } from '../../../../server/engine/tm/fixup.ts';
import { normalizeText } from '../../../../server/engine/tm/normalize.ts';
import { variableTokens } from '../../../../server/engine/tm/tokens.ts';

const fix = (query: string, source: string, target: string) =>
  fixTarget(variableTokens(query), variableTokens(source), target);

describe('fixTarget', () => {
  it('puts the query number into the target', () => {
    expect(fix('Delete 5 files', 'Delete 3 files', '3 Dateien löschen')).toBe('5 Dateien löschen');
  });

  it('renames placeholders and tags wherever the target puts them', () => {
    expect(fix('Hi {user}, see <i>this</i>', 'Hi {name}, see <b>this</b>', '<b>Dies</b> für {name}')).toBe(
      '<i>Dies</i> für {user}',
    );
  });

  it('keeps the order of repeated tokens', () => {
    expect(fix('%s and %d', '%s and %s', '%s und %s')).toBe('%s und %d');
  });

  it('finds a number the target writes with other separators', () => {
    expect(fix('Copy 2,500 files', 'Copy 1,000 files', '1.000 Dateien kopieren')).toBe(
      '2,500 Dateien kopieren',
    );
  });

  it('gives up rather than half-fix a target that spells the number out', () => {
    expect(fix('Delete 5 files', 'Delete 1 files', 'Eine Datei löschen')).toBeUndefined();
  });

  it('has nothing to fix when the tokens are equal', () => {
    expect(fix('Delete 3 files', 'Delete 3 files', '3 Dateien löschen')).toBeUndefined();
  });
});

describe('adaptTarget', () => {
  const adapt = (query: string, source: string, target: string) =>
    adaptTarget(normalizeText(query), normalizeText(source), target);

  it("takes the match source's tags out of the target when the query has none", () => {
    expect(adapt('Save all files', 'Save <b>all</b> files', '<b>Alle</b> Dateien speichern')).toBe(
      'Alle Dateien speichern',
    );
    expect(adapt('Line one and two', 'Line one <br/> and two', 'Zeile eins <br/> und zwei')).toBe(
      'Zeile eins und zwei',
    );
  });

  it('still fixes numbers and placeholders, and gives up when it cannot', () => {
    expect(adapt('Delete 5 files', 'Delete <b>3</b> files', '<b>3</b> Dateien löschen')).toBe(
      '5 Dateien löschen',
    );
    expect(adapt('Delete 5 files', 'Delete <b>1</b> files', '<b>Eine</b> Datei löschen')).toBeUndefined();
  });

  it('renames tags among themselves when the query has tags too', () => {
    expect(adapt('Save <i>all</i> files', 'Save <b>all</b> files', '<b>Alle</b> Dateien speichern')).toBe(
      '<i>Alle</i> Dateien speichern',
    );
    expect(adapt('Save all files', 'Save all files', 'Alle Dateien speichern')).toBeUndefined();
  });
});
