/**
 * A unit without a translation, or with an empty one; in a monolingual file, a copy of the source
 * that is prose (such a file has no other way to say "not translated yet" — bilingual files and
 * catalogs do, an empty target or a state, so a copy there is a choice). Decisive: with nothing
 * to compare, no later rule runs.
 */
import { defineRule } from '../rule.ts';
import { formsOf, type UnitText } from '../unit.ts';

const isEmpty = (t: UnitText) => formsOf(t).every((f) => f.trim() === '');
const same = (a: UnitText, b: UnitText) => JSON.stringify(a) === JSON.stringify(b);
/** Prose worth translating: three words or more (single words, names and codes often stay as they are). */
const prose = (t: string) => (t.match(/\p{L}{2,}/gu)?.length ?? 0) >= 3;

export const untranslated = defineRule({
  id: 'untranslated',
  severity: 'warning',
  decisive: true,
  check(unit) {
    const { text, translation } = unit;
    if (translation === undefined || isEmpty(translation)) return [{ message: 'not translated' }];
    if ((unit.format.holds ?? 'one') === 'one' && same(text, translation) && formsOf(text).some(prose))
      return [{ message: 'translation is the source text' }];
    return [];
  },
});
