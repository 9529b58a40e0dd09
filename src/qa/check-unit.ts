/**
 * Every rule of the registry over one unit: its source (from the source file) against its
 * translation (from the target file), in the registry's order. A decisive rule that finds
 * something (no translation) ends the check.
 */
import type { Unit } from '../formats/model.ts';
import { RULES } from './rules/index.ts';
import type { UnitIssue } from './types.ts';
import { CheckedUnit, type UnitContext } from './unit.ts';

export type { UnitContext } from './unit.ts';

export function checkUnit(source: Unit, target: Unit | undefined, context: UnitContext): UnitIssue[] {
  const unit = new CheckedUnit(source, target, context);
  const issues: UnitIssue[] = [];
  for (const rule of RULES) {
    const found = rule.check(unit);
    for (const issue of found)
      issues.push({ rule: rule.id, severity: issue.severity ?? rule.severity, message: issue.message });
    if (found.length > 0 && rule.decisive) break;
  }
  return issues;
}
