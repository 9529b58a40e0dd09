/**
 * Unnumbered printf conversions reordered: they are filled in order, so each takes the other's argument.
 * The comparison is the placeholder rule set's (src/qa/placeholders.ts), read once per unit.
 */
import { placeholderFindings } from '../placeholders.ts';
import { defineRule, type RuleIssue } from '../rule.ts';

export const placeholderOrder = defineRule({
  id: 'placeholder-order',
  severity: 'error',
  check: (unit): readonly RuleIssue[] =>
    unit.shared(placeholderFindings).filter((i) => i.rule === 'placeholder-order'),
});
