/**
 * The app's locale lists after an instant run that writes (issue 37, item 2): each `locale_lists:`
 * file gains the languages that ship and never one held back, edited with the smallest change
 * (src/locale-lists). A list that cannot be edited is reported and left as it is; it never stops
 * the run.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SyncSettings } from '../config/settings.ts';
import type { FileWrite } from '../github/branch-commit.ts';
import { LocaleListError, updateLocaleList } from '../locale-lists/index.ts';
import type { GateReport } from '../ship/figures.ts';

/** What a run did to one locale list. */
export interface LocaleListChange {
  path: string;
  added: string[];
  removed: string[];
}

/** The languages that ship (every group of theirs) and those held back; without gates, every target ships. */
export function shipping(settings: SyncSettings, reports: readonly GateReport[] | undefined) {
  const held = new Set((reports ?? []).filter((r) => !r.ship).map((r) => r.lang));
  return {
    shipped: settings.targets.filter((lang) => !held.has(lang)),
    held: settings.targets.filter((lang) => held.has(lang)),
  };
}

/** The edited lists (files to write) and what changed in each. */
export async function updateLocaleLists(
  settings: SyncSettings,
  workspace: string,
  reports: readonly GateReport[] | undefined,
  warn: (message: string, where: { file: string }) => void,
): Promise<{ writes: FileWrite[]; changes: LocaleListChange[] }> {
  const writes: FileWrite[] = [];
  const changes: LocaleListChange[] = [];
  const state = {
    source: settings.source,
    ...shipping(settings, reports),
    targets: settings.targets,
    mapping: settings.languagesMapping,
  };
  for (const entry of settings.localeLists ?? []) {
    const bytes = await readFile(join(workspace, entry.path)).then(
      (b) => new Uint8Array(b),
      (error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return undefined;
        throw error;
      },
    );
    try {
      const update = updateLocaleList({ path: entry.path, bytes }, entry, state);
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
