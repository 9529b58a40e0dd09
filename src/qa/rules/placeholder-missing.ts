/**
 * A placeholder of the source the translation lost (an argument, or an inline code: an error; an HTML tag: a warning, it may be the translator's choice).
 * The comparison is the placeholder rule set's (src/qa/placeholders.ts), read once per unit.
 */
import { placeholderFindings } from '../placeholders.ts';
import { defineRule, type RuleIssue } from '../rule.ts';

export const placeholderMissing = defineRule({
  id: 'placeholder-missing',
  severity: 'error',
  check: (unit): readonly RuleIssue[] =>
    unit.shared(placeholderFindings).filter((i) => i.rule === 'placeholder-missing'),
});
