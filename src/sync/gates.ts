/**
 * The language gates of an instant run that writes (issue 37): every target's share of its
 * language's figures after this run's translations, each language's decision per group of files,
 * and the targets held back — their files stay as they were last shipped, and what they would have
 * received is recorded as delivered, so it is written once the language ships.
 */
import type { SyncSettings } from '../config/settings.ts';
import type { UnitText } from '../formats/target.ts';
import { checkFile } from '../qa/check-file.ts';
import { evaluateGates, type GateReport, shareOf, type TargetShare } from '../ship/figures.ts';
import { gates, groupOf } from '../ship/policy.ts';
import { textsToWrite, writeTarget } from '../translations/write-target.ts';
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
  const askQa = [policy.gate, ...Object.values(policy.languages), ...policy.files.map((f) => f.gate)].some(
    (g) => g.qa === 'errors',
  );
  const shares: TargetShare[] = works.map((w) => {
    const own = translations.get(w);
    const file = targetFile(w, own);
    const set = textsToWrite(file, new Map([...w.plan.reapply, ...(own ?? [])]));
    return {
      lang: w.lang,
      sourcePath: w.source.file.path,
      exists: w.bytes !== undefined,
      ...shareOf(w.source.units, w.plan, set, machineOf(w, own)),
      qaErrors: askQa ? qaErrorsOf(w, own, settings.source) : 0,
    };
  });
  const reports = evaluateGates(policy, shares, shippedBefore);
  const shipping = new Set(reports.filter((r) => r.ship).map((r) => `${r.lang}\u0000${r.group}`));
  const held = new Set(
    works.filter((w) => !shipping.has(`${w.lang}\u0000${groupOf(policy, w.source.file.path)}`)),
  );
  return { reports, held };
}

const targetFile = (w: TargetWork, own: ReadonlyMap<string, UnitText> | undefined) => ({
  format: w.source.format,
  lang: w.lang,
  path: w.path,
  source: { bytes: w.source.file.bytes, units: w.source.units },
  bytes: w.bytes,
  plan: w.plan,
  machine: machineOf(w, own),
});

/** QA errors of a target as this run would write it (a dry write over a copy of its plan). */
function qaErrorsOf(
  w: TargetWork,
  own: ReadonlyMap<string, UnitText> | undefined,
  sourceLang: string,
): number {
  const dry = { ...targetFile(w, own), plan: structuredClone(w.plan) };
  const bytes = writeTarget(dry, new Map([...w.plan.reapply, ...(own ?? [])])) ?? w.bytes;
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
