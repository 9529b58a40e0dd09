/**
 * A placeholder the translation writes differently (`%{count}` → `%{количество}`, or `%d` → `%@`, another argument class): the runtime fills the source's name or reads the argument as what it is not.
 * The comparison is the placeholder rule set's (src/qa/placeholders.ts), read once per unit.
 */
import { placeholderFindings } from '../placeholders.ts';
import { defineRule, type RuleIssue } from '../rule.ts';

export const placeholderRenamed = defineRule({
  id: 'placeholder-renamed',
  severity: 'error',
  check: (unit): readonly RuleIssue[] =>
    unit.shared(placeholderFindings).filter((i) => i.rule === 'placeholder-renamed'),
});
