import { describe, expect, it } from 'vitest';
import {
  compileQuery,
  keyMatches,
  matchRanges,
  RegexTimeoutError,
  replaceAll,
  withinBudget,
} from '../../server/services/workbench/text-match.ts';

const regexOf = (pattern: string, mode: 'plain' | 'regex' = 'regex', matchCase = false) => {
  const compiled = compileQuery({ pattern, mode, matchCase });
  if ('problem' in compiled) throw new Error(compiled.problem);
  return compiled.regex;
};

describe('compileQuery', () => {
  it('takes plain text literally, special characters included', () => {
    const re = regexOf('a.b (c)? [d] {{x}} $1 \\ /', 'plain');
    expect(matchRanges(re, 'xx a.b (c)? [d] {{x}} $1 \\ / yy')).toEqual([[3, 28]]);
    expect(matchRanges(re, 'aXb (c)? [d] {{x}} $1 \\ /')).toEqual([]);
  });

  it('ignores case unless asked to match it, Unicode-aware', () => {
    expect(matchRanges(regexOf('straße', 'plain'), 'STRASSE Straße')).toEqual([[8, 14]]);
    expect(matchRanges(regexOf('ÄPFEL', 'plain'), 'äpfel')).toEqual([[0, 5]]);
    expect(matchRanges(regexOf('ÄPFEL', 'plain', true), 'äpfel')).toEqual([]);
  });

  it('names the problem of an invalid regular expression', () => {
    expect(compileQuery({ pattern: '(a', mode: 'regex', matchCase: false })).toEqual({
      problem: '“(a” is not a valid regular expression: /(a/giu: Unterminated group.',
    });
    expect(compileQuery({ pattern: '', mode: 'plain', matchCase: false })).toEqual({
      problem: 'The search text is empty.',
    });
  });
});

describe('replaceAll', () => {
  it('replaces every match and says where the inserted text and the matches are', () => {
    expect(replaceAll(regexOf('cart', 'plain'), 'Cart: your cart', 'bag', 'plain')).toEqual({
      text: 'bag: your bag',
      ranges: [
        [0, 3],
        [10, 13],
      ],
      matched: [
        [0, 4],
        [11, 15],
      ],
    });
    expect(replaceAll(regexOf('x', 'plain'), 'abc', 'y', 'plain')).toBeUndefined();
  });

  it('takes $ literally in plain mode', () => {
    expect(replaceAll(regexOf('price', 'plain'), 'price', '$1 $& $$', 'plain')?.text).toBe('$1 $& $$');
  });

  it('expands $1, $<name>, $&, $$ and the surroundings in regex mode as String.prototype.replace does', () => {
    const cases: [string, string, string][] = [
      ['(\\w+) (\\w+)', '$2 $1', 'hello world'],
      ['(?<first>\\w+) (?<second>\\w+)', '$<second>-$<first>-$<none>', 'hello world'],
      ['o', '[$&$$]', 'foo'],
      ['l+', "<$`|$'>", 'hello'],
      ['(a)', '$10 $01 $0 $2', 'a'],
      ['(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)', '$10-$1', 'abcdefghij'],
    ];
    for (const [pattern, replacement, text] of cases) {
      const re = regexOf(pattern, 'regex', true);
      expect(replaceAll(re, text, replacement, 'regex')?.text, pattern).toBe(
        text.replace(new RegExp(pattern, 'gu'), replacement),
      );
    }
  });
});

describe('withinBudget', () => {
  it('stops a catastrophically backtracking expression and says why', () => {
    const re = regexOf('^(a+)+$');
    const started = Date.now();
    expect(() => withinBudget(() => re.test(`${'a'.repeat(40)}!`), 100)).toThrow(RegexTimeoutError);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(withinBudget(() => re.test('aaaa'), 100)).toBe(true);
  });
});

describe('keyMatches', () => {
  it('matches part of the key without wildcards, the whole key with them, ignoring case', () => {
    expect(keyMatches('title', 'checkout.title')).toBe(true);
    expect(keyMatches('TITLE', 'checkout.title')).toBe(true);
    expect(keyMatches('checkout.*', 'checkout.title')).toBe(true);
    expect(keyMatches('checkout.*', 'cart.checkout.title')).toBe(false);
    expect(keyMatches('*.title', 'cart.title')).toBe(true);
    expect(keyMatches('cart.?????', 'cart.title')).toBe(true);
    expect(keyMatches('cart.????', 'cart.title')).toBe(false);
    expect(keyMatches('*a*b*c*', 'xaybzc')).toBe(true);
    expect(keyMatches('*a*b*c*', 'xaybz')).toBe(false);
  });

  it('takes linear-ish time on a pattern that would backtrack as a regular expression', () => {
    const started = Date.now();
    expect(keyMatches(`${'*a'.repeat(30)}*b`, 'a'.repeat(5000))).toBe(false);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
