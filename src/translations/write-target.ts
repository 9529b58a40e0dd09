/**
 * Writing translations into one target file by the rules of DESIGN §7, shared by every writer:
 * the Action and `sync --write` (translations they fetched) and the receiver (a delivery, merged
 * against the base branch as it is now).
 */

import { type TargetRecord, textHash } from '../contracts/sync-state.ts';
import { FormatError } from '../formats/errors.ts';
import type { FormatModule, PluralCategory, PluralForms, Unit } from '../formats/model.ts';
import {
  editTarget,
  missingForms,
  newTarget,
  sameText,
  sourceText,
  targetTranslations,
  type UnitText,
} from '../formats/target.ts';
import { holdRemovals, type Removals } from './removals.ts';
import { carryRenames } from './renames.ts';
import { deliver, planTarget, type SmallEdits, type TargetPlan } from './target-plan.ts';

export interface TargetFile {
  format: FormatModule;
  lang: string;
  /** Repository path of the target. */
  path: string;
  source: { bytes: Uint8Array; units: readonly Unit[] };
  /** The target as it is now; undefined when there is none. */
  bytes: Uint8Array | undefined;
  plan: TargetPlan;
  /** Whether the text written for a unit is machine output, not people's (default: none is). */
  machine?: (id: string) => boolean;
}

/**
 * The target with `set` written in (new and changed units, pending deliveries) and the plan's
 * removals taken out; every unit written is recorded as delivered in the plan's record. Undefined
 * when nothing changes (or there is no target and nothing to write).
 */
export function writeTarget(
  t: TargetFile,
  translations: ReadonlyMap<string, UnitText>,
): Uint8Array | undefined {
  const options = { targetLang: t.lang, fileName: t.path };
  const set = textsToWrite(t, translations);
  let out: Uint8Array | undefined;
  if (!t.bytes) {
    if (set.size > 0) out = newTarget(t.format, t.source.bytes, set, options);
  } else if (set.size > 0 || t.plan.remove.size > 0) {
    const changes = { source: t.source.bytes, set, remove: t.plan.remove, rename: renamesIn(t) };
    out = editTarget(t.format, t.bytes, changes, options);
  }
  recordDeliveries(t, set);
  if (!out || (t.bytes && Buffer.from(out).equals(Buffer.from(t.bytes)))) return undefined;
  recordCopies(t, out, set);
  return out;
}

/**
 * The plan's renames within this file, new id → old id (a key renamed, or a PO msgid after a small
 * edit): the format renames them in place where it can.
 */
function renamesIn(t: TargetFile): Map<string, string> {
  const rename = new Map<string, string>();
  for (const r of t.plan.renamed) if (r.fromPath === t.path && r.from !== r.to) rename.set(r.to, r.from);
  for (const e of t.plan.smallEdits)
    if (e.from && e.from.path === t.path && e.from.id !== e.id) rename.set(e.id, e.from.id);
  return rename;
}

/**
 * A target held back by its language's gate (src/ship): nothing is written, and what would have
 * been is recorded as delivered, so a later run writes it once the language ships.
 */
export function holdTarget(t: TargetFile, translations: ReadonlyMap<string, UnitText>): void {
  recordDeliveries(t, textsToWrite(t, translations));
}

/** What a writer puts in: the wordless units' texts, the translations, people's own plural forms kept. */
export function textsToWrite(
  t: TargetFile,
  translations: ReadonlyMap<string, UnitText>,
): Map<string, UnitText> {
  const set = new Map([...wordlessTexts(t), ...translations]);
  for (const [id, own] of t.plan.keep) {
    const text = set.get(id);
    if (text !== undefined) set.set(id, withOwnForms(text, own));
  }
  return set;
}

/** Every unit written is recorded as delivered in the plan's record, machine output marked. */
function recordDeliveries(t: TargetFile, set: ReadonlyMap<string, UnitText>): void {
  const units = new Map(t.source.units.map((u) => [u.id, u]));
  for (const [id, text] of set) {
    const unit = units.get(id);
    if (unit)
      deliver(
        t.plan.record,
        id,
        sourceText(unit),
        text,
        unit,
        t.machine?.(id) ?? false,
        t.plan.checks.has(id),
      );
  }
}

/**
 * A translation of a plural people translated in part: every form they wrote, as they wrote it,
 * and the translation's forms only for the categories they left out.
 */
function withOwnForms(text: UnitText, own: UnitText): UnitText {
  if (typeof own === 'string') return own;
  const forms: PluralForms = typeof text === 'string' ? { other: text } : { ...text };
  for (const [category, form] of Object.entries(own) as [PluralCategory, string][]) forms[category] = form;
  return forms;
}

/**
 * Units with no words to translate (planTarget's `wordless`), written as their source text: where
 * their source changed (the old translation is of another text), and where the format's runtime
 * has no fallback to the source (Rails: "translation missing"). Elsewhere a new one is left to the
 * fallback, which shows the same text.
 */
function wordlessTexts(t: TargetFile): Map<string, UnitText> {
  const out = new Map<string, UnitText>();
  if (t.plan.wordless.size === 0) return out;
  const fallback = t.format.fallsBackToSource ?? true;
  for (const unit of t.source.units) {
    const reason = t.plan.wordless.get(unit.id);
    if (reason !== undefined && (reason !== 'new' || !fallback)) out.set(unit.id, sourceText(unit));
  }
  return out;
}

/**
 * Units the written file holds with their source text though nobody translated them (a new file,
 * or one rebuilt from the source, with a translation missing): recorded, so the next run
 * translates them instead of taking them for people's translations.
 */
function recordCopies(t: TargetFile, out: Uint8Array, set: ReadonlyMap<string, UnitText>): void {
  const read = { fileName: t.path, sourceUnits: t.source.units };
  const before = t.bytes ? targetTranslations(t.format, t.bytes, t.lang, read) : new Map();
  const after = targetTranslations(t.format, out, t.lang, read);
  const copied: Record<string, string> = {};
  const already = t.plan.record.copied ?? {};
  for (const unit of t.source.units) {
    if (!unit.translatable || set.has(unit.id) || (before.has(unit.id) && !already[unit.id])) continue;
    const source = sourceText(unit);
    if (sameText(after.get(unit.id), source)) copied[unit.id] = textHash(source);
  }
  if (Object.keys(copied).length > 0) t.plan.record.copied = copied;
  else delete t.plan.record.copied;
}

export interface Delivery {
  format: FormatModule;
  lang: string;
  path: string;
  /** The source on the base branch now. */
  baseSource: Uint8Array;
  /**
   * The target on the base branch now; undefined when there is none. When people committed to
   * the l10n branch, its head's target instead (with `onBranch`), so their edits there are kept.
   */
  baseTarget: Uint8Array | undefined;
  /** `baseTarget` was read from the l10n branch (l10nBranchTargets in src/github). */
  onBranch?: boolean;
  /** The source as it was uploaded: the text the delivery translates. */
  translatedSource: Uint8Array;
  /** The delivered file (the platform's rendering of the translated source). */
  delivered: Uint8Array;
  record: TargetRecord | undefined;
  /** What a small source edit does (`on_source_change.small`; default `review`). */
  smallEdits?: SmallEdits | undefined;
  /** What becomes of keys the source removed (removals.ts; default `remove`). */
  removals?: Removals | undefined;
  /** The delivery is machine output (instant translation), not people's work in a job. */
  machine?: boolean | undefined;
}

export interface MergedDelivery {
  bytes: Uint8Array | undefined;
  plan: TargetPlan;
  /** Units written from the delivery. */
  written: string[];
  /** Delivered units left out because their source changed on the base since the upload. */
  stale: string[];
}

/**
 * A delivered translation merged into the base branch as it is now: a delivered unit is written
 * only where the target needs it (new, or its source changed since its translation — planTarget)
 * and the base's source still says what was translated. Everything else in the target stays as
 * the branch has it, so a change pushed between upload and delivery is never lost or undone.
 * A target that does not parse throws its FormatError (it is never overwritten).
 */
export function mergeDelivery(d: Delivery): MergedDelivery {
  const parse = { fileName: d.path };
  const units = d.format.parse(d.baseSource, parse);
  const existing = d.baseTarget
    ? targetTranslations(d.format, d.baseTarget, d.lang, { ...parse, sourceUnits: units })
    : undefined;
  const plan = planTarget(units, existing, d.record, {
    ...(d.onBranch ? { onBranch: true } : {}),
    incomplete: (unit, text) => missingForms(d.format, unit, text, d.lang).length > 0,
    ...(d.smallEdits ? { smallEdits: d.smallEdits } : {}),
  });
  // A key renamed in this file since the last run keeps the translation people wrote under its old
  // name, over what the job delivered for the new one (renames.ts; DESIGN §7).
  carryRenames([{ lang: d.lang, path: d.path, plan }], d.smallEdits);
  holdRemovals([{ lang: d.lang, path: d.path, plan }], d.removals ?? 'remove');
  const translated = new Map<string, UnitText>();
  try {
    for (const u of d.format.parse(d.translatedSource, parse)) translated.set(u.id, sourceText(u));
  } catch (error) {
    throw error instanceof FormatError ? error : new FormatError(String(error), { file: d.path });
  }
  const delivered = targetTranslations(d.format, d.delivered, d.lang, parse);
  const now = new Map(units.map((u) => [u.id, sourceText(u)]));
  const set = new Map<string, UnitText>(plan.reapply);
  const written: string[] = [];
  const stale: string[] = [];
  for (const id of plan.translate.keys()) {
    const text = delivered.get(id);
    if (text === undefined) continue;
    if (!sameText(translated.get(id), now.get(id))) {
      stale.push(id);
      continue;
    }
    set.set(id, text);
    written.push(id);
  }
  if (!d.machine) {
    // A translation kept after a small source edit went to the job for a person to check (the
    // run that uploaded it marked it so, and nobody changed it in the repository since): what they
    // delivered is their check, written where it differs from the kept text (issue 36).
    const was = d.record;
    const checked = [
      ...Object.entries(plan.record.units).flatMap(([id, u]) => (u.k && was?.units[id]?.k ? [id] : [])),
      ...[...plan.checks].filter((id) => was?.pending?.[id]?.k),
    ];
    for (const id of checked) {
      const text = delivered.get(id);
      if (text === undefined || !sameText(translated.get(id), now.get(id))) continue;
      const unit = plan.record.units[id];
      if (unit?.k) {
        const { k: _, ...rest } = unit;
        plan.record.units[id] = rest;
      }
      plan.checks.delete(id);
      const kept = set.get(id) ?? existing?.get(id);
      if (kept !== undefined && sameText(kept, text)) continue;
      set.set(id, text);
      written.push(id);
    }
  }
  const fromDelivery = new Set(written);
  const bytes = writeTarget(
    {
      format: d.format,
      lang: d.lang,
      path: d.path,
      source: { bytes: d.baseSource, units },
      bytes: d.baseTarget,
      plan,
      // What the delivery brings is the machine's when it is; a pending delivery keeps its own mark.
      machine: (id) => (fromDelivery.has(id) ? d.machine === true : plan.record.pending?.[id]?.m === true),
    },
    set,
  );
  return { bytes, plan, written, stale };
}
