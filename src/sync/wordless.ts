import type { TargetWork } from './targets.ts';

/**
 * What becomes of a target's units with no words to translate (`%{count}+`, `:`), which are never
 * sent (target-plan.ts `wordless`, written by write-target.ts), or undefined when it has none:
 * "2 unit(s) with no words to translate, not sent: written as their source text (…) — "a", "b"".
 * Issue 34: such a unit is reported either way, in the run's log and its summary.
 */
export function describeWordless(w: TargetWork): string | undefined {
  const ids = [...w.plan.wordless.keys()];
  if (ids.length === 0) return undefined;
  const fallback = w.source.format.fallsBackToSource ?? true;
  const fate = fallback
    ? 'new ones are left to the fallback to the source text, others written as their source text'
    : `written as their source text (${w.source.format.name} has no fallback to the source)`;
  const shown = ids
    .slice(0, 5)
    .map((id) => JSON.stringify(id))
    .join(', ');
  return `${ids.length} unit(s) with no words to translate, not sent: ${fate} — ${shown}${ids.length > 5 ? ', …' : ''}`;
}
