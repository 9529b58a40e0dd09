/**
 * The language gates of an instant run that writes (issue 37): every target's share of its
 * language's figures after this run's translations, each language's decision per group of files,
 * and the targets held back — their files stay as they were last shipped, and what they would have
 * received is recorded as delivered, so it is written once the language ships.
 */
import type { SyncSettings } from '../config/settings.ts';
import type { UnitText } from '../formats/target.ts';
import { checkFile } from '../qa/check-file.ts';
import { evaluateGates, type GateReport, shareOf, shipsIn, type TargetShare } from '../ship/figures.ts';
import { asksQa, gates, groupOf } from '../ship/policy.ts';
import { type TargetFile, textsToWrite, writeTarget } from '../translations/write-target.ts';
import type { TargetWork } from './targets.ts';

export interface Gated {
  reports: GateReport[];
  /** Targets whose language (in their group of files) does not ship this run. */
  held: Set<TargetWork>;
}

/** Whether the text a target gets for a unit is machine output: this run's, or a pending machine delivery's. */
export const machineOf =
  (w: TargetWork, translations: ReadonlyMap<string, UnitText> | undefined) =>
  (id: string): boolean =>
    translations?.has(id) === true || w.plan.record.pending?.[id]?.m === true;

/** The gates of this run; undefined when the config has no `ship:` policy (every language ships). */
export function gateTargets(
  settings: SyncSettings,
  works: readonly TargetWork[],
  translations: ReadonlyMap<TargetWork, ReadonlyMap<string, UnitText>>,
  shippedBefore: Readonly<Record<string, readonly string[]>> | undefined,
): Gated | undefined {
  const policy = settings.ship;
  if (!gates(policy)) return undefined;
  const askQa = asksQa(policy);
  const shares: TargetShare[] = works.map((w) => {
    const own = translations.get(w);
    const set = textsToWrite(targetFileOf(w, own), translationsOf(w, own));
    return {
      lang: w.lang,
      sourcePath: w.source.file.path,
      exists: w.bytes !== undefined,
      ...shareOf(w.source.units, w.plan, set, machineOf(w, own)),
      qaErrors: askQa ? qaErrorsOf(w, own, settings.source) : 0,
    };
  });
  const reports = evaluateGates(policy, shares, shippedBefore);
  const ships = shipsIn(reports);
  const held = new Set(works.filter((w) => !ships(w.lang, groupOf(policy, w.source.file.path))));
  return { reports, held };
}

/** What a target receives this run: its pending deliveries written again, then this run's translations. */
export const translationsOf = (
  w: TargetWork,
  own: ReadonlyMap<string, UnitText> | undefined,
): Map<string, UnitText> => new Map([...w.plan.reapply, ...(own ?? [])]);

/** A target as write-target.ts writes it; `bytes` as it is now (a multilingual file's earlier languages written in). */
export const targetFileOf = (
  w: TargetWork,
  own: ReadonlyMap<string, UnitText> | undefined,
  bytes: Uint8Array | undefined = w.bytes,
): TargetFile => ({
  format: w.source.format,
  lang: w.lang,
  path: w.path,
  source: { bytes: w.source.file.bytes, units: w.source.units },
  bytes,
  plan: w.plan,
  machine: machineOf(w, own),
});

/** QA errors of a target as this run would write it (a dry write over a copy of its plan). */
function qaErrorsOf(
  w: TargetWork,
  own: ReadonlyMap<string, UnitText> | undefined,
  sourceLang: string,
): number {
  const dry = { ...targetFileOf(w, own), plan: structuredClone(w.plan) };
  const bytes = writeTarget(dry, translationsOf(w, own)) ?? w.bytes;
  if (!bytes) return 0;
  const pair = {
    format: w.source.format,
    sourcePath: w.source.file.path,
    targetPath: w.path,
    source: w.source.file.bytes,
    target: bytes,
    sourceLang,
    lang: w.lang,
  };
  return checkFile(
    pair,
    w.source.units.filter((u) => u.translatable),
  ).findings.filter((f) => f.severity === 'error').length;
}
