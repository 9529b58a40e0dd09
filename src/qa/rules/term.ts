/** A source term of the project's termbase whose approved translation the translation lacks (terms.ts). */
import { defineRule, type RuleIssue } from '../rule.ts';
import { termIssues } from '../terms.ts';
import { formsOf } from '../unit.ts';

export const term = defineRule({
  id: 'term',
  severity: 'warning',
  check(unit): readonly RuleIssue[] {
    const { terms, sourceLang, lang } = unit.context;
    if (terms.length === 0) return [];
    const source = formsOf(unit.text).join('\n');
    return termIssues(terms, source, formsOf(unit.translated).join('\n'), sourceLang, lang);
  },
});
