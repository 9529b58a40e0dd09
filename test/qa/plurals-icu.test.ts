import { describe, expect, it } from 'vitest';
import { formatByName } from '../../src/formats/registry.ts';
import { icuIssues, isIcuMessage } from '../../src/qa/icu.ts';
import { categoryIssues, formIssues } from '../../src/qa/plurals.ts';

const messages = (issues: { severity: string; message: string }[]) =>
  issues.map((i) => `${i.severity}: ${i.message}`);

describe('plural categories (CLDR through Intl.PluralRules)', () => {
  it('a missing category is a warning (runtimes show other), an extra one a warning, zero is always allowed', () => {
    expect(messages(categoryIssues('ru', ['one', 'few', 'other']))).toEqual([
      'warning: missing plural category many: ru needs one, few, many, other (numbers in it show the other form)',
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
      'warning: missing plural categories one, few, many: ru needs one, few, many, other (numbers in them show the other form)',
    ]);
    expect(messages(categoryIssues('de', ['=1']))).toEqual([
      'error: missing plural category other: de needs one, other',
    ]);
  });

  it('ordinals follow the ordinal rules; an unknown tag checks nothing', () => {
    expect(messages(categoryIssues('en', ['one', 'other'], 'ordinal'))).toEqual([
      'warning: missing ordinal plural categories two, few: en needs one, two, few, other (numbers in them show the other form)',
    ]);
    expect(categoryIssues('not a tag!', ['other'])).toEqual([]);
  });

  it('a category only large numbers reach (French many) is a warning when missing', () => {
    expect(messages(categoryIssues('fr', ['one', 'other']))).toEqual([
      'warning: missing plural category many: fr uses it only for large numbers such as 1000000 (most runtimes fall back to other)',
    ]);
    expect(categoryIssues('fr', ['one', 'many', 'other'])).toEqual([]);
    expect(messages(categoryIssues('fr', ['many', 'other']))).toEqual([
      'warning: missing plural category one: fr needs one, many, other (numbers in it show the other form)',
    ]);
  });

  it('an empty form is shown as it is: nothing, an error where integers reach it', () => {
    expect(messages(formIssues('de', { one: '%d Lied', other: ' ' }))).toEqual([
      'error: empty plural category other: de needs one, other, and numbers in it show nothing',
    ]);
  });

  it('without other, a missing category has nothing to fall back to: an error', () => {
    expect(messages(categoryIssues('ru', ['one', 'few']))).toEqual([
      'error: missing plural categories many, other: ru needs one, few, many, other',
    ]);
    // Russian other alone (fractions only) in a file's own syntax: integer counts never reach it.
    expect(
      messages(formIssues('ru', { one: 'файл', few: 'файла', many: 'файлов', other: '' }, false)),
    ).toEqual([
      'notice: no plural form other: ru uses it only for fractions such as 1.5, which integer counts never reach',
    ]);
  });

  it('ICU, i18next, Rails, stringsdict and String Catalogs show other for a missing category (lichess-org/mobile, element-x-ios)', () => {
    const lichess =
      '{count, plural, =1{Поддерживал lichess.org в течение месяца} few{Поддерживал lichess.org в течение {count} месяца} many{Поддерживал lichess.org в течение {count} месяцев} other{Поддерживал lichess.org в течение {count} месяцев}}';
    expect(messages(icuIssues(lichess, 'ru'))).toEqual([
      'warning: {count}: missing plural category one: ru needs one, few, many, other (numbers in it show the other form)',
    ]);
    for (const format of ['json', 'yaml', 'stringsdict', 'xcstrings', 'android'])
      expect(
        messages(
          formIssues('ru', { one: '%d файл', other: '%d файлов' }, formatByName(format)!.pluralFormsRequired),
        ),
      ).toEqual([
        'warning: missing plural categories few, many: ru needs one, few, many, other (numbers in them show the other form)',
      ]);
  });

  it('PO: every msgstr[i] the Plural-Forms asks for must be there (msgfmt rejects the file otherwise)', () => {
    expect(
      messages(
        formIssues('ru', { one: '%d файл', other: '%d файлов' }, formatByName('po')!.pluralFormsRequired),
      ),
    ).toEqual(['error: missing plural categories few, many: ru needs one, few, many, other']);
  });

  it('forms that are all the same text: a missing category shows that text too (flutter/gallery)', () => {
    expect(
      icuIssues('{hours,plural,=1{1 ч.}few{{hours} ч.}many{{hours} ч.}other{{hours} ч.}}', 'ru'),
    ).toEqual([]);
    expect(formIssues('ru', { one: '%lld фото', few: '%lld фото', other: '%lld фото' }, false)).toEqual([]);
  });
});

describe('ICU messages', () => {
  it('is decided by format and by the source: ARB always, elsewhere an ICU argument that is not i18next', () => {
    expect(isIcuMessage('icu', 'Hello {name}')).toBe(true);
    expect(isIcuMessage(undefined, '{count, plural, one {# item} other {# items}}')).toBe(true);
    expect(isIcuMessage(undefined, 'Hello {name}')).toBe(true);
    expect(isIcuMessage(undefined, 'Hello {{name}}')).toBe(false);
    expect(isIcuMessage(undefined, 'Plain text')).toBe(false);
    expect(isIcuMessage(undefined, 'Broken {brace')).toBe(false);
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
      'warning: {n}: missing plural categories few, many: ru needs one, few, many, other (numbers in them show the other form)',
    ]);
    expect(messages(icuIssues('{n, selectordinal, other {#th}}', 'en'))).toEqual([
      'warning: {n}: missing ordinal plural categories one, two, few: en needs one, two, few, other (numbers in them show the other form)',
    ]);
  });
});
