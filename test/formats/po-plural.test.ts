import { describe, expect, it } from 'vitest';
import { compilePlural, parsePluralForms } from '../../src/formats/po/plural-expr.ts';
import { pluralFormsFor, pluralMapping } from '../../src/formats/po/plural-forms.ts';

describe('po: plural expression evaluator', () => {
  it('follows C precedence and integer semantics', () => {
    const f = compilePlural(
      'n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2',
    );
    expect([1, 2, 5, 11, 21, 22, 25, 111, 112].map(f)).toEqual([0, 1, 2, 2, 0, 1, 2, 2, 2]);
    expect(compilePlural('1 + 2 * 3 - 4 / 3')(0)).toBe(6);
    expect(compilePlural('!(n > 1)')(0)).toBe(1);
    expect(compilePlural('-n + 10 % 4')(1)).toBe(1);
    expect(compilePlural('n == 0 ? 0 : n == 1 ? 1 : 2')(7)).toBe(2);
    expect(compilePlural('(n != 1)')(1)).toBe(0);
  });

  it('refuses anything that is not a plural expression, without evaluating it', () => {
    for (const bad of ['process.exit(1)', 'n = 1', 'n ? 1', '(n', 'n n', '', 'n >> 1', 'constructor']) {
      expect(() => compilePlural(bad), bad).toThrow(SyntaxError);
    }
  });

  it('parses Plural-Forms values and rejects placeholders', () => {
    expect(parsePluralForms('nplurals=2; plural=(n != 1);')?.nplurals).toBe(2);
    expect(parsePluralForms(' nplurals = 1 ; plural = 0 ')?.plural(5)).toBe(0);
    expect(parsePluralForms('nplurals=INTEGER; plural=EXPRESSION;')).toBeUndefined();
    expect(parsePluralForms('nplurals=2; plural=n/0;')?.nplurals).toBe(2);
  });
});

describe('po: msgstr index ↔ CLDR category, derived from the formula and Intl.PluralRules', () => {
  const mapping = (lang: string) => pluralMapping(lang, parsePluralForms(pluralFormsFor(lang)!)!);

  it('maps two-form, one-form and Slavic languages', () => {
    expect(mapping('de').categoryOf).toEqual(['one', 'other']);
    expect(mapping('ja').categoryOf).toEqual(['other']);
    expect(mapping('ru').categoryOf).toEqual(['one', 'few', 'many']);
    expect(mapping('pl').categoryOf).toEqual(['one', 'few', 'many']);
    expect(mapping('cs').categoryOf).toEqual(['one', 'few', 'other']);
  });

  it('maps Arabic six forms in gettext order', () => {
    expect(mapping('ar').categoryOf).toEqual(['zero', 'one', 'two', 'few', 'many', 'other']);
  });

  it('reads categories without integer samples from the last form, and French many from the plural form', () => {
    expect(mapping('ru').indexOf.get('other')).toBe(2);
    expect(mapping('fr').indexOf.get('many')).toBe(1);
    expect(mapping('fr').categoryOf).toEqual(['one', 'other']);
  });

  it('prefers the full locale (pt_BR) over the language', () => {
    expect(pluralFormsFor('pt-BR')).toBe('nplurals=2; plural=(n > 1);');
    expect(pluralFormsFor('pt')).toBe('nplurals=2; plural=(n != 1);');
    expect(pluralFormsFor('xx')).toBeUndefined();
  });
});
