import { describe, expect, it } from 'vitest';
import { icuIssues, isIcuMessage } from '../../src/qa/icu.ts';
import { categoryIssues, formIssues } from '../../src/qa/plurals.ts';

const messages = (issues: { severity: string; message: string }[]) =>
  issues.map((i) => `${i.severity}: ${i.message}`);

describe('plural categories (CLDR through Intl.PluralRules)', () => {
  it('a missing category is an error, an extra one a warning, zero is always allowed', () => {
    expect(messages(categoryIssues('ru', ['one', 'few', 'other']))).toEqual([
      'error: missing plural category many: ru needs one, few, many, other',
    ]);
    expect(messages(categoryIssues('de', ['one', 'few', 'other']))).toEqual([
      'warning: plural category few is never used in de (it needs one, other)',
    ]);
    expect(categoryIssues('de', ['zero', 'one', 'other'])).toEqual([]);
    expect(categoryIssues('ja', ['other'])).toEqual([]);
  });

  it('exact selectors cover a category only when they hold all its integers', () => {
    expect(categoryIssues('de', ['=0', '=1', 'other'])).toEqual([]);
    expect(messages(categoryIssues('ru', ['=0', '=1', 'other']))).toEqual([
      'error: missing plural categories one, few, many: ru needs one, few, many, other',
    ]);
    expect(messages(categoryIssues('de', ['=1']))).toEqual([
      'error: missing plural category other: de needs one, other',
    ]);
  });

  it('ordinals follow the ordinal rules; an unknown tag checks nothing', () => {
    expect(messages(categoryIssues('en', ['one', 'other'], 'ordinal'))).toEqual([
      'error: missing ordinal plural categories two, few: en needs one, two, few, other',
    ]);
    expect(categoryIssues('not a tag!', ['other'])).toEqual([]);
  });

  it('a category only large numbers reach (French many) is a warning when missing', () => {
    expect(messages(categoryIssues('fr', ['one', 'other']))).toEqual([
      'warning: missing plural category many: fr uses it only for large numbers such as 1000000 (most runtimes fall back to other)',
    ]);
    expect(categoryIssues('fr', ['one', 'many', 'other'])).toEqual([]);
    expect(messages(categoryIssues('fr', ['many', 'other']))).toEqual([
      'error: missing plural category one: fr needs one, many, other',
    ]);
  });

  it('empty forms count as missing', () => {
    expect(messages(formIssues('de', { one: '%d Lied', other: ' ' }))).toEqual([
      'error: missing plural category other: de needs one, other',
    ]);
  });
});

describe('ICU messages', () => {
  it('is decided by format and by the source: ARB always, elsewhere an ICU argument that is not i18next', () => {
    expect(isIcuMessage('arb', 'Hello {name}')).toBe(true);
    expect(isIcuMessage('json', '{count, plural, one {# item} other {# items}}')).toBe(true);
    expect(isIcuMessage('json', 'Hello {name}')).toBe(true);
    expect(isIcuMessage('json', 'Hello {{name}}')).toBe(false);
    expect(isIcuMessage('json', 'Plain text')).toBe(false);
    expect(isIcuMessage('properties', 'Broken {brace')).toBe(false);
  });

  it('a translation that does not parse is an icu-syntax error', () => {
    expect(messages(icuIssues('Hallo {name', 'de'))).toEqual([
      'error: translation is not a valid ICU message: expect argument closing brace',
    ]);
    expect(messages(icuIssues('{n, plural, one {# Datei} other {# Dateien}', 'de'))).toEqual([
      'error: translation is not a valid ICU message: expect argument closing brace',
    ]);
  });

  it('checks plural categories of nested plurals and selectordinals', () => {
    const text =
      '{gender, select, female {{n, plural, one {# Datei} other {# Dateien}}} other {{n, selectordinal, other {#.}}}}';
    expect(icuIssues(text, 'de')).toEqual([]);
    expect(messages(icuIssues(text, 'ru'))).toEqual([
      'error: {n}: missing plural categories few, many: ru needs one, few, many, other',
    ]);
    expect(messages(icuIssues('{n, selectordinal, other {#th}}', 'en'))).toEqual([
      'error: {n}: missing ordinal plural categories one, two, few: en needs one, two, few, other',
    ]);
  });
});
