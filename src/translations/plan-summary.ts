/**
 * What a run's target plans add up to: the pairs each language's memory is taught, and the units
 * per language the pull request body and the step summary show. Shared by the Action's writers
 * (incremental.ts) and the receiver's merge with the base.
 */
import type { LanguageUnits } from '../github/pull-request-body.ts';
import { movedKeys } from './removals.ts';
import type { TargetPlan } from './target-plan.ts';
import type { TaughtPair } from './teach.ts';

/** One planned target: its language, repository path (and its source's, when known) and plan. */
export interface PlannedTarget {
  lang: string;
  path: string;
  sourcePath?: string | undefined;
  plan: TargetPlan;
}

/** The pairs to teach, by language: people's translations seen first, and their edits. */
export function pairsOf(targets: Iterable<PlannedTarget>): Map<string, TaughtPair[]> {
  const pairs = new Map<string, TaughtPair[]>();
  for (const { lang, path, plan } of targets)
    for (const t of plan.teach) {
      const list = pairs.get(lang) ?? [];
      list.push({ path, ...t });
      pairs.set(lang, list);
    }
  return pairs;
}

/**
 * Units per language; `translated` is how many units of that target were written from translations.
 * A renamed key counts as kept (its translation moved with it), and its old key is not "removed";
 * so does a translation restored for a source text that came back (issue 36).
 */
export function unitsOf(targets: Iterable<PlannedTarget & { translated: number }>): LanguageUnits[] {
  const all = [...targets];
  const moved = movedKeys(all);
  const byLang = new Map<
    string,
    LanguageUnits & {
      removed: LanguageUnits['removed'][number][];
      edited: LanguageUnits['edited'][number][];
      renamed: NonNullable<LanguageUnits['renamed']>[number][];
      smallEdits: NonNullable<LanguageUnits['smallEdits']>[number][];
      restored: NonNullable<LanguageUnits['restored']>[number][];
      held: NonNullable<LanguageUnits['held']>[number][];
    }
  >();
  for (const { lang, path, sourcePath, plan, translated } of all) {
    const l = byLang.get(lang) ?? {
      target: lang,
      translated: 0,
      kept: 0,
      removed: [],
      edited: [],
      renamed: [],
      smallEdits: [],
      restored: [],
      held: [],
    };
    // A renamed key's translation is written like a delivery (reapply), but it is kept, not
    // translated; so is a restored one.
    const carried = plan.renamed.length + plan.restored.length + plan.smallEdits.filter((e) => e.from).length;
    l.translated += translated + plan.reapply.size - carried;
    l.kept += plan.kept + carried;
    for (const id of plan.remove)
      if (!moved.has(`${lang}\u0000${path}\u0000${id}`)) l.removed.push({ path, id });
    for (const id of plan.edited) l.edited.push({ path, id });
    for (const r of plan.renamed) l.renamed.push({ ...r, path });
    const source = sourcePath ? { source: sourcePath } : {};
    for (const { id, check } of plan.smallEdits) l.smallEdits.push({ path, id, check, ...source });
    for (const id of plan.restored) l.restored.push({ path, id, ...source });
    for (const h of plan.held) l.held.push({ path, ...h });
    byLang.set(lang, l);
  }
  return [...byLang.values()];
}
