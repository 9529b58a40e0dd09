import type { TargetWork } from './targets.ts';

/**
 * What became of a target's units whose source changed a little, came back, was renamed or left
 * (issue 36), one line each: the run's log and its summary say it in every mode, so a run that
 * writes no file (a typo fixed, a key kept with `removed_keys: report`) still tells it.
 */
export function describeSourceChanges(w: TargetWork): string[] {
  const ids = (list: readonly string[]) => list.map((id) => JSON.stringify(id)).join(', ');
  const { smallEdits, restored, held, renamed } = w.plan;
  const check = smallEdits.filter((e) => e.check).map((e) => e.id);
  const kept = smallEdits.filter((e) => !e.check).map((e) => e.id);
  const out: string[] = [];
  if (renamed.length > 0)
    out.push(
      `renamed, translations kept: ${renamed.map((r) => `${JSON.stringify(r.from)} → ${JSON.stringify(r.to)}`).join(', ')}`,
    );
  if (check.length > 0) out.push(`kept after a small source edit — check: ${ids(check)}`);
  if (kept.length > 0) out.push(`kept after a small source edit: ${ids(kept)}`);
  if (restored.length > 0) out.push(`restored from an earlier version, nothing sent: ${ids(restored)}`);
  if (held.length > 0)
    out.push(
      `removed from the source, kept in the target${held[0]!.untilMerged ? ' until the change is on the default branch' : ' (removed_keys: report)'}: ${ids(held.map((h) => h.id))}`,
    );
  return out;
}
