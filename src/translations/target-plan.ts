/**
 * What a sync does to one target file (DESIGN §7), unit by unit, from the source, what the target
 * holds now and what earlier runs recorded (state.ts):
 * - a unit the target lacks is new: translated (or a pending delivery written again);
 * - a unit seen for the first time counts as current: kept, and taught to the memory;
 * - a unit whose target text changed since it was recorded was edited by a person: kept, taught
 *   as the newer translation, and listed;
 * - a unit whose source text changed since its target was recorded is translated again — unless
 *   a delivery for the current source is pending (its pull request is open): that is written again;
 *   or the change is small (spacing, case, punctuation at the ends, quotes: source-edits.ts): the
 *   translation is kept, recorded for the new text, taught and listed (`smallEdits` says how);
 * - a unit to translate whose source text is one a translation that left the target translated
 *   (a revert, a key added again: the record's `gone`) gets that translation back, byte for byte;
 * - everything else is kept byte for byte; units the source no longer has leave the target — but
 *   never one the source still has and leaves out on purpose (Unit.leftOut: an ARB image, an
 *   Android translatable="false" string): whatever a target holds for it stays as people wrote it.
 * A unit to translate whose source has no words (`%{count}+`, `?`) is never sent: its translation
 * is its source text, written where it changed or where the format has no fallback to the source
 * (write-target.ts), and listed either way.
 * When the target is read from the l10n branch (people committed to it), a delivery of ours found
 * there is still pending (the base does not hold it yet), and any other text there differing from
 * what we delivered or last saw is a person's edit: kept.
 */

import { GONE_LIMIT, type PendingUnit, type TargetRecord, textHash } from '../contracts/sync-state.ts';
import type { Unit } from '../formats/model.ts';
import { sourceText, type UnitText } from '../formats/target.ts';
import { hasWords } from '../text/words.ts';
import { editHash } from './source-edits.ts';

/** What a small edit of a source text does to its translations (`on_source_change.small`). */
export type SmallEdits = 'keep' | 'review' | 'translate';

/** Why a unit is translated: the target lacks it, its source changed, or the target holds it in part. */
export type Reason = 'new' | 'changed' | 'incomplete';

export interface TargetPlan {
  /** Units to translate, and why. */
  translate: Map<string, Reason>;
  /** Units that would be translated but whose source has no words (hasWords), and why. */
  wordless: Map<string, Reason>;
  /**
   * People's forms of plural units the target holds in part ('incomplete'): kept as they are over
   * the translation, which only fills the categories they lack (write-target.ts).
   */
  keep: Map<string, UnitText>;
  /** Pending deliveries to write again, by unit id. */
  reapply: Map<string, UnitText>;
  /** Units that stay as the target has them. */
  kept: number;
  /** Units the source no longer has. */
  remove: Set<string>;
  /** Units a person changed since the last run. */
  edited: string[];
  /** Pairs to teach the memory: existing translations seen for the first time, and people's edits. */
  teach: { id: string; source: UnitText; target: UnitText; check?: true }[];
  /** The target's record after this run, before anything is delivered (see deliver). */
  record: TargetRecord;
  /**
   * Units the source no longer has whose translation the target still holds, with the hashes of
   * the source text it translated (from the record; `n` when small edits count): a rename's old half
   * (renames.ts).
   */
  vanished: Map<string, { s: string; n?: string | undefined; text: UnitText }>;
  /**
   * Units new to the target (no translation, none pending), with their source (and its normalized
   * hash when small edits count): a rename's new half.
   */
  appeared: Map<string, { s: string; n?: string | undefined; source: UnitText }>;
  /** Translations carried from a key the source no longer has to the one that replaced it (renames.ts). */
  renamed: { from: string; fromPath: string; to: string }[];
  /**
   * Units whose source changed only a little, their translation kept (not translated again);
   * `check`: listed for a person to check (`on_source_change.small: review`); `from`: the key the
   * translation moved from, where the key changed with the text (a PO msgid: renames.ts).
   */
  smallEdits: { id: string; check: boolean; from?: { path: string; id: string } }[];
  /** Units written with a translation carried after a small source edit, for a person to check (UnitRecord.k). */
  checks: Set<string>;
  /** Units given back a translation that had left the target, for the source text they have again. */
  restored: string[];
  /**
   * Keys the source no longer has that stay in the target (removals.ts): `removed_keys: report`,
   * or `keep-until-merged` off the default branch (`untilMerged`). The pull request lists them.
   */
  held: { id: string; untilMerged: boolean }[];
}

/**
 * Plans one target. `existing` is what the target file holds (undefined when there is no file);
 * `record` what earlier runs recorded for it; `fresh` ignores the record (`--all`: every
 * existing translation counts as current and is taught again); `onBranch`: `existing` is the l10n
 * branch's head, not the base.
 */
export function planTarget(
  units: readonly Unit[],
  existing: ReadonlyMap<string, UnitText> | undefined,
  record: TargetRecord | undefined,
  options: {
    fresh?: boolean;
    onBranch?: boolean;
    /** Whether a target's text lacks forms its language needs (missingForms in src/formats/target.ts). */
    incomplete?: (unit: Unit, text: UnitText) => boolean;
    /** What a small source edit does (default `review`: the translation is kept, listed to check). */
    smallEdits?: SmallEdits;
  } = {},
): TargetPlan {
  const seen = options.fresh ? {} : (record?.units ?? {});
  const pendingBefore = options.fresh ? {} : (record?.pending ?? {});
  const plan: TargetPlan = {
    translate: new Map(),
    wordless: new Map(),
    keep: new Map(),
    reapply: new Map(),
    kept: 0,
    remove: new Set(),
    edited: [],
    teach: [],
    record: { units: {}, size: units.filter((u) => u.translatable && u.leftOut === undefined).length },
    vanished: new Map(),
    appeared: new Map(),
    renamed: [],
    smallEdits: [],
    checks: new Set(),
    restored: [],
    held: [],
  };
  const pending: NonNullable<TargetRecord['pending']> = {};
  const gone = { ...record?.gone };
  const small = options.smallEdits ?? 'review';
  const ids = new Set<string>();
  for (const unit of units) {
    ids.add(unit.id);
    if (!unit.translatable) continue;
    const source = sourceText(unit);
    const s = textHash(source);
    /** Whether `n`, the normalized hash of an earlier source text, makes this change a small edit. */
    const checked = small === 'review' ? { k: true as const } : {};
    const isSmall = (n: string | undefined) =>
      small !== 'translate' && n !== undefined && n === editHash(source, unit);
    /** Writes a pending delivery again: one for this source, or for a text it is a small edit of. */
    const reapplies = (w: PendingUnit | undefined): boolean => {
      if (!w || (w.s !== s && !isSmall(w.n))) return false;
      plan.reapply.set(unit.id, w.text);
      pending[unit.id] = w.s === s ? w : { ...w, s, n: editHash(source, unit)!, ...checked };
      if (w.s !== s) plan.smallEdits.push({ id: unit.id, check: small === 'review' });
      if (w.k || (w.s !== s && small === 'review')) plan.checks.add(unit.id);
      return true;
    };
    /**
     * Gives back a translation that left the target, for this very source text. It stays
     * remembered: in job mode nothing writes it before a delivery of the file (the receiver's
     * merge plans it again then).
     */
    const restores = (): boolean => {
      const back = gone[`${s}:${unit.id}`];
      if (back === undefined) return false;
      plan.reapply.set(unit.id, back);
      plan.teach.push({ id: unit.id, source, target: back });
      plan.restored.push(unit.id);
      return true;
    };
    const current = (t: string) => {
      const n = editHash(source, unit);
      return n === undefined ? { s, t } : { s, t, n };
    };
    const now = existing?.get(unit.id);
    let waiting = pendingBefore[unit.id];
    let before = seen[unit.id];
    if (options.onBranch && now !== undefined && waiting && textHash(waiting.text) === textHash(now)) {
      // Our delivery, still only on the l10n branch: pending as before, written again or replaced.
      if (before) plan.record.units[unit.id] = before;
      if (!reapplies(waiting) && !restores()) plan.translate.set(unit.id, 'changed');
      continue;
    }
    if (now !== undefined && waiting && textHash(waiting.text) === textHash(now)) {
      // Our delivery reached the base (its pull request was merged).
      before = {
        s: waiting.s,
        t: textHash(now),
        ...(waiting.n ? { n: waiting.n } : {}),
        ...(waiting.m ? { m: true as const } : {}),
        ...(waiting.k ? { k: true as const } : {}),
      };
      waiting = undefined;
    }
    if (now === undefined) {
      if (!reapplies(waiting) && !restores()) {
        plan.translate.set(unit.id, 'new');
        plan.appeared.set(unit.id, {
          s,
          source,
          ...(small === 'translate' ? {} : { n: editHash(source, unit) }),
        });
      }
      continue;
    }
    const t = textHash(now);
    if (!options.fresh && record?.copied?.[unit.id] === s && t === s) {
      // Our own placeholder: the source text we had to write, still there.
      plan.translate.set(unit.id, 'new');
      plan.record.copied ??= {};
      plan.record.copied[unit.id] = s;
      continue;
    }
    if (!before || before.t !== t) {
      // On the branch, a text other than the one we delivered there is a person's edit of it.
      if (before || (options.onBranch && waiting)) plan.edited.push(unit.id);
      plan.teach.push({ id: unit.id, source, target: now });
      plan.record.units[unit.id] = current(t);
      keepOrComplete(plan, unit, now, options.incomplete);
      continue;
    }
    if (before.s === s) {
      // Older state files lack the normalized hash: the first run that finds the text current adds it.
      plan.record.units[unit.id] = before.n === undefined ? current(t) : before;
      keepOrComplete(plan, unit, now, options.incomplete);
      continue;
    }
    plan.record.units[unit.id] = before;
    if (reapplies(waiting)) continue;
    if (isSmall(before.n)) {
      // Only spacing, case, end punctuation or quotes changed: the translation still says it.
      plan.record.units[unit.id] = { ...current(t), ...checked };
      plan.smallEdits.push({ id: unit.id, check: small === 'review' });
      plan.teach.push({
        id: unit.id,
        source,
        target: now,
        ...(small === 'review' ? { check: true as const } : {}),
      });
      keepOrComplete(plan, unit, now, options.incomplete);
      continue;
    }
    // The translation of the text before leaves the target: a revert brings it back.
    const back = restores();
    remember(gone, unit.id, before.s, now);
    if (!back) plan.translate.set(unit.id, 'changed');
  }
  if (existing)
    for (const [id, text] of existing) {
      if (ids.has(id)) continue;
      plan.remove.add(id);
      // The source text it translates: our delivery's, when the target shows what we delivered.
      const delivered = pendingBefore[id];
      const ours = delivered && textHash(delivered.text) === textHash(text) ? delivered : seen[id];
      if (ours === undefined) continue;
      const { s, n } = ours;
      plan.vanished.set(id, { s, text, ...(small === 'translate' ? {} : { n }) });
      remember(gone, id, s, text);
      // Known while the target holds it (removed_keys: report), so it is still ours next run.
      if (seen[id]) plan.record.units[id] = seen[id];
    }
  const kept = Object.keys(gone);
  for (const key of kept.slice(0, Math.max(0, kept.length - GONE_LIMIT))) delete gone[key];
  if (Object.keys(gone).length > 0) plan.record.gone = gone;
  for (const unit of units) {
    const reason = plan.translate.get(unit.id);
    if (
      reason === undefined ||
      hasWords(unit.source) ||
      Object.values(unit.sourcePlural ?? {}).some((t) => hasWords(t))
    )
      continue;
    plan.translate.delete(unit.id);
    plan.wordless.set(unit.id, reason);
  }
  if (Object.keys(pending).length > 0) plan.record.pending = pending;
  return plan;
}

/**
 * A current translation is kept — unless it lacks plural forms its language needs: then the unit
 * is translated for those alone, and every form people wrote stays (plan.keep).
 */
function keepOrComplete(
  plan: TargetPlan,
  unit: Unit,
  now: UnitText,
  incomplete: ((unit: Unit, text: UnitText) => boolean) | undefined,
): void {
  if (!incomplete?.(unit, now)) {
    plan.kept += 1;
    return;
  }
  plan.translate.set(unit.id, 'incomplete');
  plan.keep.set(unit.id, now);
}

/**
 * Remembers a translation leaving the target as the newest of `gone` (the oldest are dropped
 * first). One remembered already stays where it is: a key kept after its removal is seen leaving
 * on every run, and the state file should not change for it.
 */
function remember(gone: NonNullable<TargetRecord['gone']>, id: string, s: string, text: UnitText): void {
  const key = `${s}:${id}`;
  const known = gone[key];
  if (known !== undefined && textHash(known) === textHash(text)) return;
  delete gone[key];
  gone[key] = text;
}

/** Records a translation we deliver for `unit` (its source now is `source`). */
export function deliver(
  record: TargetRecord,
  id: string,
  source: UnitText,
  text: UnitText,
  unit?: Unit,
  machine = false,
  check = false,
): void {
  const n = editHash(source, unit);
  record.pending ??= {};
  record.pending[id] = {
    s: textHash(source),
    text,
    ...(n ? { n } : {}),
    ...(machine ? { m: true } : {}),
    ...(check ? { k: true } : {}),
  };
}
