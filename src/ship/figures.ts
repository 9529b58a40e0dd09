/**
 * A run's language gates: each language's figures per group of files, and whether it ships
 * (gate.ts) — against `leave` when it shipped last time, `enter` otherwise; on a language's first
 * gated run, it counts as shipped when its target files exist already (people ship it today).
 */
import type { TargetRecord } from '../contracts/sync-state.ts';
import type { Unit } from '../formats/model.ts';
import type { UnitText } from '../formats/target.ts';
import { type Decision, decide, describeFigures, type Figures, type Gate } from './gate.ts';
import { type Group, gateOf, groupOf, type ShipPolicy } from './policy.ts';

/** What one target file adds to its language's figures. */
export interface TargetShare {
  lang: string;
  sourcePath: string;
  /** The target file exists in the repository. */
  exists: boolean;
  units: number;
  translated: number;
  reviewed: number;
  /** QA errors of the target as it would be written (0 when the gate does not ask). */
  qaErrors: number;
}

export interface GateReport extends Decision {
  lang: string;
  group: Group;
  gate: Gate;
  figures: Figures;
  /** Shipped before this run (or, on the language's first gated run, its files existed). */
  was: boolean;
}

/**
 * One target's units, translated and reviewed after this run: a unit is translated when it is
 * written now (`set`) or needs nothing (`plan.translate` lacks it); reviewed when its translation is
 * not machine output — people wrote it in the repository, confirmed it, or a job delivered it.
 */
export function shareOf(
  units: readonly Unit[],
  plan: { translate: ReadonlyMap<string, unknown>; record: TargetRecord },
  set: ReadonlyMap<string, UnitText>,
  machine: (id: string) => boolean,
): Pick<TargetShare, 'units' | 'translated' | 'reviewed'> {
  const share = { units: 0, translated: 0, reviewed: 0 };
  for (const unit of units) {
    if (!unit.translatable || unit.leftOut !== undefined) continue;
    share.units++;
    const written = set.has(unit.id);
    if (!written && plan.translate.has(unit.id)) continue;
    share.translated++;
    if (!(written ? machine(unit.id) : plan.record.units[unit.id]?.m)) share.reviewed++;
  }
  return share;
}

/**
 * A target's share as the state recorded it (a writer that sees only some targets — the receiver
 * at delivery — counts the others from what earlier runs recorded): undefined for a record from
 * before gates (no size or source).
 */
export function recordShare(lang: string, record: TargetRecord): TargetShare | undefined {
  if (record.size === undefined || record.source === undefined) return undefined;
  const share: TargetShare = {
    lang,
    sourcePath: record.source,
    exists: Object.keys(record.units).length > 0,
    units: record.size,
    translated: 0,
    reviewed: 0,
    qaErrors: 0,
  };
  const pending = record.pending ?? {};
  for (const [id, unit] of Object.entries(record.units)) {
    share.translated++;
    if (!(pending[id] ? pending[id].m : unit.m)) share.reviewed++;
  }
  for (const [id, unit] of Object.entries(pending)) {
    if (record.units[id]) continue;
    share.translated++;
    if (!unit.m) share.reviewed++;
  }
  share.translated = Math.min(share.translated, share.units);
  share.reviewed = Math.min(share.reviewed, share.units);
  return share;
}

/** Every language's gate per group of files, from the targets' shares. */
export function evaluateGates(
  policy: ShipPolicy,
  shares: readonly TargetShare[],
  shippedBefore: Readonly<Record<string, readonly string[]>> | undefined,
): GateReport[] {
  const groups = new Map<string, { lang: string; group: Group; figures: Figures; exists: boolean }>();
  for (const s of shares) {
    const group = groupOf(policy, s.sourcePath);
    const key = `${s.lang}\u0000${group}`;
    const g = groups.get(key) ?? {
      lang: s.lang,
      group,
      figures: { units: 0, translated: 0, reviewed: 0, qaErrors: 0 },
      exists: false,
    };
    g.figures.units += s.units;
    g.figures.translated += s.translated;
    g.figures.reviewed += s.reviewed;
    g.figures.qaErrors += s.qaErrors;
    g.exists ||= s.exists;
    groups.set(key, g);
  }
  return [...groups.values()].map(({ lang, group, figures, exists }) => {
    const before = shippedBefore?.[lang];
    const was = before ? before.includes(group) : exists;
    const gate = gateOf(policy, lang, group);
    const decision = decide(gate, figures, was);
    // Held back, it must enter again: say what that takes.
    if (!decision.ship && was) decision.missing = decide(gate, figures, false).missing;
    return { lang, group, gate, figures, was, ...decision };
  });
}

/** Whether `lang` ships the files of `group` by these reports. */
export function shipsIn(reports: readonly GateReport[]): (lang: string, group: Group) => boolean {
  const shipping = new Set(reports.filter((r) => r.ship).map((r) => `${r.lang}\u0000${r.group}`));
  return (lang, group) => shipping.has(`${lang}\u0000${group}`);
}

/** The groups each language ships after this run, for the state file. */
export function shippedAfter(reports: readonly GateReport[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const r of reports) {
    out[r.lang] ??= [];
    if (r.ship) out[r.lang]!.push(r.group);
  }
  return out;
}

/** One line per language and group: shipped or held back, the figures against the gate, what is missing. */
export function describeGate(r: GateReport): string {
  const where = r.group === '' ? r.lang : `${r.lang} (${r.group})`;
  const state = r.ship
    ? r.was
      ? 'shipped'
      : 'ships now'
    : r.was
      ? 'held back (it shipped before)'
      : 'held back';
  const figures = describeFigures(r.gate, r.figures, r.was);
  return `${where}: ${state} — ${figures}${r.missing.length > 0 ? `; to ship: ${r.missing.join(', ')}` : ''}`;
}
