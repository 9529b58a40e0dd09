/** A translation of a java.text.MessageFormat pattern must be one: `MessageFormat.format` throws otherwise (messages.ts). */
import { messageAnalysis } from '../messages.ts';
import { defineRule, type RuleIssue } from '../rule.ts';

export const messageformatSyntax = defineRule({
  id: 'messageformat-syntax',
  severity: 'error',
  check: (unit): readonly RuleIssue[] => unit.shared(messageAnalysis).java,
});
