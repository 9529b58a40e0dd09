import { describe, expect, it } from 'vitest';
import { fixTarget } from '../../../../server/engine/tm/fixup.ts';
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
