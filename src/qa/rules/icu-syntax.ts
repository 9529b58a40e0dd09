/** A translation of an ICU message must itself be one: the runtime throws on it otherwise (messages.ts). */
import { messageAnalysis } from '../messages.ts';
import { defineRule, type RuleIssue } from '../rule.ts';

export const icuSyntax = defineRule({
  id: 'icu-syntax',
  severity: 'error',
  check: (unit): readonly RuleIssue[] =>
    unit.shared(messageAnalysis).icu.filter((i) => i.rule === 'icu-syntax'),
});
