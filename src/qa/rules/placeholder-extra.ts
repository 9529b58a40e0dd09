/**
 * A placeholder the translation has and the source does not: the runtime has no argument for it.
 * The comparison is the placeholder rule set's (src/qa/placeholders.ts), read once per unit.
 */
import { placeholderFindings } from '../placeholders.ts';
import { defineRule, type RuleIssue } from '../rule.ts';

export const placeholderExtra = defineRule({
  id: 'placeholder-extra',
  severity: 'error',
  check: (unit): readonly RuleIssue[] =>
    unit.shared(placeholderFindings).filter((i) => i.rule === 'placeholder-extra'),
});
