/**
 * A QA rule: one file under `src/qa/rules/` exporting `defineRule({ id, severity, check })`, and
 * one line in the registry (`src/qa/rules/index.ts`), whose order is the order findings of one
 * unit are listed in. A rule reads the unit under check (unit.ts) — its source, its translation
 * and what the format says about them — never a format by name.
 */
import type { Severity } from './types.ts';
import type { CheckedUnit } from './unit.ts';

/** What a rule found; its severity is the rule's unless the finding says otherwise. */
export interface RuleIssue {
  message: string;
  severity?: Severity;
}

export interface QaRule<Id extends string = string> {
  /** The stable id findings carry (scripts and check runs filter on it). */
  id: Id;
  /** The severity of its findings: an error breaks at run time; a warning reads wrong; a notice is worth a look. */
  severity: Severity;
  /**
   * When it finds something, no later rule runs: `untranslated` (there is nothing to compare).
   * Every later rule may take the translation as given.
   */
  decisive?: boolean;
  check(unit: CheckedUnit): readonly RuleIssue[];
}

/** Declares a rule, keeping its id as a literal type (RuleId is the union of the registry's ids). */
export function defineRule<const Id extends string>(rule: QaRule<Id>): QaRule<Id> {
  return rule;
}
