/**
 * What a TMX import can carry (XML 1.0 §2.2): a pair holding a character it cannot is found
 * before the import is built, so teaching leaves it out with a warning instead of sending a
 * document the platform must reject whole.
 */
import { describe, expect, it } from 'vitest';
import { type TaughtPair, tmxOfPairs, untaughtCharacter } from '../../src/translations/teach.ts';

const pair = (target: TaughtPair['target'], source: TaughtPair['source'] = 'Save'): TaughtPair => ({
  path: 'README-zh-Hans.md',
  id: 'p3',
  source,
  target,
});
const languages = { source: 'en', target: 'zh-Hans' };
const at = new Date('2026-01-02T03:04:05Z');

describe('untaughtCharacter', () => {
  it('names the first character XML 1.0 cannot carry, in source or target', () => {
    expect(untaughtCharacter(pair('通过设置\b TTL'))).toBe('U+0008');
    expect(untaughtCharacter(pair('ok', 'bell \u0007'))).toBe('U+0007');
    expect(untaughtCharacter(pair('\uFFFE'))).toBe('U+FFFE');
    expect(untaughtCharacter(pair('lone \uD800 surrogate'))).toBe('U+D800');
  });

  it('checks every plural form', () => {
    expect(untaughtCharacter(pair({ one: 'ein', other: 'viele\u001b' }, { one: 'one', other: 'many' }))).toBe(
      'U+001B',
    );
  });

  it('accepts tab, line breaks, astral characters and U+FFFD', () => {
    expect(untaughtCharacter(pair('a\tb\nc\r\nd 😀 \uFFFD'))).toBeUndefined();
  });
});

describe('tmxOfPairs', () => {
  it('refuses a pair TMX cannot carry with a TypeError naming file, key and character', () => {
    expect(() => tmxOfPairs([pair('通过设置\b TTL')], languages, at)).toThrow(
      new TypeError('[teach] README-zh-Hans.md: p3: U+0008 cannot be written in TMX (XML 1.0)'),
    );
  });

  it('writes the others', () => {
    expect(tmxOfPairs([pair('保存')], languages, at)).toContain('<seg>保存</seg>');
  });
});
