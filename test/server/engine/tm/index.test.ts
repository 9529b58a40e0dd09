import { describe, expect, it } from 'vitest';
import { createTmIndex, type TmSegment } from '../../../../server/engine/tm/index.ts';

const memory = (segments: TmSegment[]) => {
  const index = createTmIndex();
  index.addMany(segments);
  return index;
};
const seg = (id: number, source: string, target = `T${id}`): TmSegment => ({ id, source, target });

describe('createTmIndex: query', () => {
  const index = memory([
    seg(1, 'Open the settings page to change your account password today', 'Öffnen Sie die Einstellungen'),
    seg(2, 'Delete 3 files', '3 Dateien löschen'),
    seg(
      3,
      'Hello {name}, you have %d new <b>messages</b> in your inbox',
      'Hallo {name}, %d neue <b>Nachrichten</b>',
    ),
    seg(4, 'The invoice was paid on time by the customer', 'Die Rechnung wurde bezahlt'),
  ]);

  it('returns an exact source with score 100 and its target', () => {
    expect(index.query('Delete 3 files')).toEqual([
      { id: 2, score: 100, source: 'Delete 3 files', target: '3 Dateien löschen' },
    ]);
  });

  it('scores one changed word in a 10-word segment between 75 and 99', () => {
    const [match] = index.query('Open the settings page to change your profile password today');
    expect(match?.id).toBe(1);
    expect(match?.score).toBeGreaterThanOrEqual(75);
    expect(match?.score).toBeLessThan(100);
    expect(match?.fixedTarget).toBeUndefined();
  });

  it('returns nothing for unrelated text', () => {
    expect(index.query('Quarterly revenue grew faster than expected')).toEqual([]);
  });

  it('scores a source differing only in placeholder names and tags at least 90 and fixes its target', () => {
    const [match] = index.query('Hello {user}, you have %s new <i>messages</i> in your inbox');
    expect(match?.id).toBe(3);
    expect(match?.score).toBeGreaterThanOrEqual(90);
    expect(match?.fixedTarget).toBe('Hallo {user}, %s neue <i>Nachrichten</i>');
  });

  it('fixes numbers in the target', () => {
    expect(index.query('Delete 5 files')).toEqual([
      {
        id: 2,
        score: 99,
        source: 'Delete 3 files',
        target: '3 Dateien löschen',
        fixedTarget: '5 Dateien löschen',
      },
    ]);
  });

  it('ignores case by default at a small cost, and charges edits when case-sensitive', () => {
    expect(index.query('DELETE 3 FILES')[0]?.score).toBe(99);
    expect(index.query('DELETE 3 FILES', { caseSensitive: true })).toEqual([]);
    expect(index.query('Delete 3 files', { caseSensitive: true })[0]?.score).toBe(100);
  });

  it('applies minScore', () => {
    const query = 'Open the settings page to change your profile password today';
    const score = index.query(query)[0]!.score;
    expect(index.query(query, { minScore: score + 1 })).toEqual([]);
    expect(index.query(query, { minScore: score })).toHaveLength(1);
  });
});

describe('createTmIndex: ranking', () => {
  const index = memory([
    seg(1, 'Save the file'),
    seg(2, 'Save the files'),
    seg(3, 'Save these files'),
    seg(4, 'Save the file'),
    seg(5, 'Save all the files'),
    seg(6, 'Save the file'),
  ]);

  it('returns matches best first, ties with the newer id first', () => {
    const ids = index.query('Save the file').map((m) => [m.id, m.score]);
    expect(ids).toEqual([
      [6, 100],
      [4, 100],
      [1, 100],
      [2, 92],
      [3, 81],
    ]);
    // "Save all the files" is 5 edits from 18 characters: 72, below the default cut-off.
    expect(index.query('Save the file', { minScore: 70 }).at(-1)).toMatchObject({ id: 5, score: 72 });
  });

  it('caps the number of matches at n', () => {
    expect(index.query('Save the file', { n: 2 }).map((m) => m.id)).toEqual([6, 4]);
    expect(index.query('Save the file', { n: 4 }).map((m) => m.id)).toEqual([6, 4, 1, 2]);
  });
});

describe('createTmIndex: updates', () => {
  it('removes a segment so that it is no longer found', () => {
    const index = memory([seg(1, 'Delete the selected files'), seg(2, 'Delete the selected folders')]);
    expect(index.remove(1)).toBe(true);
    expect(index.remove(1)).toBe(false);
    expect(index.size).toBe(1);
    expect(index.has(1)).toBe(false);
    expect(index.query('Delete the selected files').map((m) => m.id)).toEqual([2]);
  });

  it('replaces a segment added again under the same id', () => {
    const index = memory([seg(1, 'Delete the selected files', 'old')]);
    index.add(seg(1, 'Delete the selected files', 'new'));
    expect(index.size).toBe(1);
    expect(index.query('Delete the selected files')).toEqual([
      { id: 1, score: 100, source: 'Delete the selected files', target: 'new' },
    ]);
  });

  it('stays correct across the compaction that many removals trigger', () => {
    const index = createTmIndex();
    for (let id = 0; id < 5000; id++)
      index.add(seg(id, `Item number ${id} of the catalogue entry ${id % 7}`));
    for (let id = 0; id < 5000; id++) if (id % 3 !== 0) index.remove(id);
    expect(index.size).toBe(1667);
    const matches = index.query('Item number 4998 of the catalogue entry 0', { n: 3 });
    expect(matches.map((m) => m.id)).toEqual([4998, 4977, 4956]);
    expect(matches[0]?.score).toBe(100);
    expect(index.stats().postings).toBeLessThan(1667 * 60);
  });
});

describe('createTmIndex: bad input', () => {
  const index = createTmIndex();

  it('refuses segments without a safe integer id or string texts', () => {
    expect(() => index.add({ id: 1.5, source: 'a', target: 'b' })).toThrow(TypeError);
    expect(() => index.add({ id: 1, source: 3 as unknown as string, target: 'b' })).toThrow(/source/);
    expect(() => index.add(null as unknown as TmSegment)).toThrow(/segment/);
  });

  it('refuses a bad n or minScore', () => {
    expect(() => index.query('a', { n: 0 })).toThrow(/n must be/);
    expect(() => index.query('a', { minScore: 101 })).toThrow(/minScore/);
    expect(() => index.query('a', { minScore: Number.NaN })).toThrow(/minScore/);
  });

  it('matches a very long (30,000-character) query one edit away', () => {
    const long = Array.from({ length: 3000 }, (_, i) => `word${i % 97} ${i}`).join(' ');
    const local = memory([seg(1, long), seg(2, 'Save')]);
    const [match] = local.query(long.replace('word5 ', 'wort5 '));
    expect(match?.id).toBe(1);
    expect(match?.score).toBe(99);
  });

  it('answers an empty or whitespace query without failing', () => {
    const local = memory([seg(1, ' '), seg(2, 'Save')]);
    expect(local.query('')).toEqual([{ id: 1, score: 99, source: ' ', target: 'T1' }]);
    expect(local.query('   ').map((m) => m.id)).toEqual([1]);
  });
});
