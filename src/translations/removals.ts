/**
 * Keys removed from the source (issue 36, `removed_keys`): by default they leave the targets; with
 * `report` they stay and the pull request lists them, so people decide; with `keep-until-merged`
 * they stay until the source change is on the repository's default branch. Either way planTarget
 * has remembered their translations (the record's `gone`): a key that comes back gets its own.
 */
import type { SvcConfig } from '../config/schema.ts';
import type { PlannedTarget } from './plan-summary.ts';

/** What a run does with keys the source removed: take them out, or keep them and list them. */
export type Removals = 'remove' | 'report' | 'until-merged';

/**
 * The setting for this run: `keep-until-merged` removes on the default branch only. A run that
 * cannot tell its default branch (`onDefaultBranch` undefined) keeps the keys: nothing is lost,
 * and a run on the default branch that knows it takes them out.
 */
export function removalsFor(
  setting: SvcConfig['removedKeys'],
  onDefaultBranch: boolean | undefined,
): Removals {
  if (setting === 'keep-until-merged') return onDefaultBranch ? 'remove' : 'until-merged';
  return setting;
}

/** The old keys whose translation moved to a new key (a rename, or a PO msgid's small edit), by language. */
export function movedKeys(targets: readonly PlannedTarget[]): Set<string> {
  const moved = new Set<string>();
  for (const { lang, plan } of targets) {
    for (const r of plan.renamed) moved.add(`${lang}\u0000${r.fromPath}\u0000${r.from}`);
    for (const e of plan.smallEdits) if (e.from) moved.add(`${lang}\u0000${e.from.path}\u0000${e.from.id}`);
  }
  return moved;
}

/**
 * Keeps the keys the source removed in their targets (plan.remove → plan.held), unless `removals`
 * is `remove`. A renamed key's old name still goes: its translation moved to the new one.
 */
export function holdRemovals(targets: readonly PlannedTarget[], removals: Removals): void {
  if (removals === 'remove') return;
  const moved = movedKeys(targets);
  for (const { lang, path, plan } of targets)
    for (const id of plan.remove) {
      if (moved.has(`${lang}\u0000${path}\u0000${id}`)) continue;
      plan.remove.delete(id);
      plan.held.push({ id, untilMerged: removals === 'until-merged' });
    }
}
