/**
 * The plural forms the target language needs (CLDR): in each plural argument of an ICU message,
 * and in a plural unit of the file's own plural syntax (plurals.ts: a missing category is an error
 * where the format needs every one written, a warning where it falls back). A plural source
 * translated as one text is an error: the runtime looks for forms it does not find.
 */
import { messageAnalysis } from '../messages.ts';
import { formIssues } from '../plurals.ts';
import { defineRule, type RuleIssue } from '../rule.ts';

export const pluralCategories = defineRule({
  id: 'plural-categories',
  severity: 'error',
  check(unit): readonly RuleIssue[] {
    const issues = unit.shared(messageAnalysis).icu.filter((i) => i.rule === 'plural-categories');
    const translation = unit.translated;
    if (typeof unit.text === 'string') return issues;
    if (typeof translation === 'string')
      return [...issues, { message: 'the source is a plural but the translation has no plural forms' }];
    const required = unit.format.pluralFormsRequired ?? false;
    return [...issues, ...formIssues(unit.context.lang, translation, required)];
  },
});
