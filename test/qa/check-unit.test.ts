import { describe, expect, it } from 'vitest';
import type { Unit } from '../../src/formats/model.ts';
import { formatByName } from '../../src/formats/registry.ts';
import { checkUnit, type UnitContext } from '../../src/qa/check-unit.ts';

const unit = (fields: Partial<Unit>): Unit => ({
  id: 'k',
  source: '',
  notes: [],
  flags: [],
  translatable: true,
  location: { line: 1, column: 1, offset: 0, length: 0 },
  ...fields,
});
const ctx = (format = 'json'): UnitContext => ({
  format: formatByName(format)!,
  sourceLang: 'en',
  lang: 'de',
  terms: [],
});
const rules = (issues: { rule: string; severity: string; message: string }[]) =>
  issues.map((i) => `${i.rule} ${i.severity}: ${i.message}`);

describe('checkUnit', () => {
  it('no target, or an empty one, is untranslated', () => {
    expect(rules(checkUnit(unit({ source: 'Save' }), undefined, ctx()))).toEqual([
      'untranslated warning: not translated',
    ]);
    expect(
      rules(checkUnit(unit({ source: 'Save' }), unit({ source: 'Save', target: '  ' }), ctx('po'))),
    ).toEqual(['untranslated warning: not translated']);
  });

  it('a copy of the source is untranslated in monolingual files when it is prose, never in bilingual ones', () => {
    const prose = 'Your cart is empty';
    expect(rules(checkUnit(unit({ source: prose }), unit({ source: prose }), ctx()))).toEqual([
      'untranslated warning: translation is the source text',
    ]);
    expect(checkUnit(unit({ source: 'Dashboard' }), unit({ source: 'Dashboard' }), ctx())).toEqual([]);
    expect(checkUnit(unit({ source: prose }), unit({ source: prose, target: prose }), ctx('po'))).toEqual([]);
  });

  it('a plural source needs plural forms in the translation', () => {
    const source = unit({ source: '%d songs', sourcePlural: { one: '%d song', other: '%d songs' } });
    expect(rules(checkUnit(source, unit({ source: '%d Lieder' }), ctx('android')))).toEqual([
      'plural-categories error: the source is a plural but the translation has no plural forms',
    ]);
  });

  it('length limits count characters (code points), not UTF-16 units', () => {
    const source = unit({ source: 'Cart', maxLength: 3 });
    expect(checkUnit(source, unit({ source: 'Cart', target: '🛒🛒🛒' }), ctx('xliff12'))).toEqual([]);
    expect(rules(checkUnit(source, unit({ source: 'Cart', target: 'Korb' }), ctx('xliff12')))).toEqual([
      'length-limit error: translation is 4 characters long; the file allows 3',
    ]);
  });
});
