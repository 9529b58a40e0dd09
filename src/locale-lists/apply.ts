/**
 * Every `locale_lists:` file of a config after a run's gates (issue 37, item 2): each gains the
 * languages that ship and never one held back (updateLocaleList). The writers give the files as
 * they hold them — the Action's checkout, the receiver's base branch — and write what changes. A
 * list that cannot be edited is reported and left as it is; it never stops the run.
 */
import type { SvcConfig } from '../config/schema.ts';
import type { GateReport } from '../ship/figures.ts';
import { LocaleListError } from './errors.ts';
import { updateLocaleList } from './update.ts';

/** What a run did to one locale list. */
export interface LocaleListChange {
  path: string;
  added: string[];
  removed: string[];
}

/**
 * The languages a list names and those it must not gain. A language held back after it shipped
 * keeps its files as last shipped, so the app still ships it: it stays listed (a list is edited
 * from the base, which may not hold it yet) — unless the entry says `remove_held_back`. A language
 * held back that never shipped is never listed. Without gates, every target ships.
 */
export function shipping(
  config: Pick<SvcConfig, 'targets'>,
  reports: readonly GateReport[] | undefined,
  removeHeldBack = false,
) {
  const heldNow = new Set((reports ?? []).filter((r) => !r.ship).map((r) => r.lang));
  const shippedBefore = new Set((reports ?? []).filter((r) => r.was).map((r) => r.lang));
  const held = (lang: string) => heldNow.has(lang) && (removeHeldBack || !shippedBefore.has(lang));
  return {
    shipped: config.targets.filter((lang) => !held(lang)),
    held: config.targets.filter(held),
  };
}

/** The edited lists (bytes to write by path) and what changed in each. */
export function applyLocaleLists(
  config: Pick<SvcConfig, 'source' | 'targets' | 'languagesMapping' | 'localeLists'>,
  files: ReadonlyMap<string, Uint8Array | undefined>,
  reports: readonly GateReport[] | undefined,
  warn: (message: string, where: { file: string }) => void,
): { writes: { path: string; content: Uint8Array }[]; changes: LocaleListChange[] } {
  const writes: { path: string; content: Uint8Array }[] = [];
  const changes: LocaleListChange[] = [];
  for (const entry of config.localeLists ?? []) {
    const state = {
      source: config.source,
      ...shipping(config, reports, entry.removeHeldBack),
      targets: config.targets,
      mapping: config.languagesMapping,
    };
    try {
      const update = updateLocaleList({ path: entry.path, bytes: files.get(entry.path) }, entry, state);
      if (!update.bytes) continue;
      writes.push({ path: entry.path, content: update.bytes });
      changes.push({ path: entry.path, added: update.added, removed: update.removed });
    } catch (error) {
      if (!(error instanceof LocaleListError)) throw error;
      warn(`${error.message} (the locale list is left as it is)`, { file: entry.path });
    }
  }
  return { writes, changes };
}
