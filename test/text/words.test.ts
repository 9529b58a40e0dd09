import { describe, expect, it } from 'vitest';
import { monotonicAlignment } from '../../server/engine/mt/align.ts';
import { hasWords, splitWords } from '../../src/text/words.ts';

describe('splitWords', () => {
  it('keeps placeholders whole as words and puts tags and punctuation in delimiters', () => {
    expect(splitWords('Hi <b>{name}</b>, you have %d new e-mails!', 'en')).toEqual({
      words: ['Hi', '{name}', 'you', 'have', '%d', 'new', 'e', 'mails'],
      delimiters: ['', ' <b>', '</b>, ', ' ', ' ', ' ', ' ', '-', '!'],
    });
  });

  it('splits Japanese into words without spaces', () => {
    const { words, delimiters } = splitWords('ファイルを削除しました。', 'ja');
    expect(words.length).toBeGreaterThan(1);
    expect(delimiters.at(-1)).toBe('。');
    expect(delimiters.map((d, i) => d + (words[i] ?? '')).join('')).toBe('ファイルを削除しました。');
  });

  it('gives one empty delimiter for empty text and survives an invalid language tag', () => {
    expect(splitWords('', 'en')).toEqual({ words: [], delimiters: [''] });
    expect(splitWords('a b', 'not a tag!').words).toEqual(['a', 'b']);
  });
});

describe('monotonicAlignment', () => {
  it('anchors identical words and pairs the words between them along the diagonal', () => {
    const source = ['Delete', '{name}', 'from', 'the', 'list'];
    const target = ['{name}', 'aus', 'der', 'Liste', 'löschen'];
    // "Delete" has no target word before the anchor to pair with, so it stays unaligned.
    expect(monotonicAlignment(source, target)).toEqual([
      [1, 0],
      [2, 1],
      [2, 2],
      [3, 3],
      [4, 4],
    ]);
  });

  it('covers every word of both sides when lengths differ', () => {
    const pairs = monotonicAlignment(['a', 'b'], ['x', 'y', 'z', 'w']);
    expect(new Set(pairs.map(([s]) => s))).toEqual(new Set([0, 1]));
    expect(new Set(pairs.map(([, t]) => t))).toEqual(new Set([0, 1, 2, 3]));
    for (let i = 1; i < pairs.length; i++) {
      expect(pairs[i]![0] >= pairs[i - 1]![0] && pairs[i]![1] >= pairs[i - 1]![1]).toBe(true);
    }
  });

  it('is empty when either side has no words', () => {
    expect(monotonicAlignment([], ['a'])).toEqual([]);
    expect(monotonicAlignment(['a'], [])).toEqual([]);
  });
});

describe('hasWords', () => {
  it('finds no words in a .stringsdict format key made of variable references (issue 34, finding 3)', () => {
    // `%#@character_count@` read as `%#@` and a word `character_count@` was sent to translation.
    expect(hasWords('%#@character_count@')).toBe(false);
    expect(hasWords('%#@names@%#@count_mutual@')).toBe(false);
    expect(hasWords('%1$#@files@ / %2$#@folders@')).toBe(false);
    expect(hasWords('Input limit exceeds %#@character_count@')).toBe(true);
  });
});
