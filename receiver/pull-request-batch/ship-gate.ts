/**
 * Language gates at delivery (issue 37): the same `ship:` policy the Action applies, counted over
 * every target the state records (the delivered ones as just merged). A held-back language's
 * delivered files are not written — what they would have received stays recorded as pending and
 * is written by a later delivery or sync once the language ships.
 */
import type { SyncSettings } from '../../src/config/settings.ts';
import type { SyncState } from '../../src/contracts/sync-state.ts';
import { checkFile } from '../../src/qa/check-file.ts';
import {
  evaluateGates,
  type GateReport,
  recordShare,
  shippedAfter,
  shipsIn,
  type TargetShare,
} from '../../src/ship/figures.ts';
import { asksQa, gates, groupOf } from '../../src/ship/policy.ts';
import type { MergedBatch } from './merge-base.ts';

export interface BatchGates {
  reports: GateReport[];
  /** Written paths whose every language is held back: left out of the pull request. */
  held: Set<string>;
}

/** The gates of a batch, and what they hold back; undefined without a `ship:` policy. */
export function gateBatch(
  settings: SyncSettings,
  state: SyncState,
  batch: MergedBatch,
): BatchGates | undefined {
  const policy = settings.ship;
  if (!gates(policy)) return undefined;
  const shares: TargetShare[] = [];
  const byTarget = new Map<string, TargetShare>();
  for (const lang of settings.targets)
    for (const [path, record] of Object.entries(state.targets[lang] ?? {})) {
      const share = recordShare(lang, record);
      if (!share) continue;
      shares.push(share);
      byTarget.set(`${lang}\u0000${path}`, share);
    }
  if (asksQa(policy))
    for (const file of batch.files) {
      const written = batch.sources.get(file.path);
      if (!written) continue;
      const target = typeof file.content === 'string' ? new TextEncoder().encode(file.content) : file.content;
      for (const lang of written.langs) {
        const share = byTarget.get(`${lang}\u0000${file.path}`);
        if (!share) continue;
        const pair = { ...written, targetPath: file.path, target, sourceLang: settings.source, lang };
        share.qaErrors = checkFile(pair).findings.filter((f) => f.severity === 'error').length;
      }
    }
  const reports = evaluateGates(policy, shares, state.shipped);
  state.shipped = { ...state.shipped, ...shippedAfter(reports) };
  const ships = shipsIn(reports);
  const held = new Set<string>();
  for (const [path, written] of batch.sources) {
    const group = groupOf(policy, written.sourcePath);
    if (written.langs.every((lang) => !ships(lang, group))) held.add(path);
  }
  return { reports, held };
}
