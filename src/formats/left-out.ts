/**
 * Units a reader leaves out on purpose (DESIGN §10): never sent, never checked, never written to a
 * target — and never in silence. Every run that reads a file counts them per reason.
 */
import type { Unit } from './model.ts';

/** The reason given for a unit the file marks as not to be translated without saying more. */
export const MARKED_NOT_TO_TRANSLATE = 'marked not to be translated';

/** How many units of a file are left out for one reason, and where the first stands. */
export interface LeftOut {
  reason: string;
  count: number;
  /** Ids of the units, in file order. */
  ids: string[];
  /** 1-based line and column of the first unit left out for this reason. */
  line: number;
  column: number;
}

/** The units of a file that are left out, grouped by reason in order of first appearance. */
export function leftOutOf(units: readonly Unit[]): LeftOut[] {
  const byReason = new Map<string, LeftOut>();
  for (const unit of units) {
    if (unit.translatable) continue;
    const reason = unit.leftOut ?? MARKED_NOT_TO_TRANSLATE;
    const entry = byReason.get(reason);
    if (entry) {
      entry.count += 1;
      entry.ids.push(unit.id);
    } else
      byReason.set(reason, {
        reason,
        count: 1,
        ids: [unit.id],
        line: unit.location.line,
        column: unit.location.column,
      });
  }
  return [...byReason.values()];
}

/** `3 units left out: translatable="false" (app_name, build_id, …)` — one line per reason. */
export function describeLeftOut(entry: LeftOut, listed = 3): string {
  const names = entry.ids.slice(0, listed).join(', ') + (entry.ids.length > listed ? ', …' : '');
  return `${entry.count} unit${entry.count === 1 ? '' : 's'} left out: ${entry.reason} (${names})`;
}
