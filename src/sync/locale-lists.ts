/**
 * The app's locale lists after an instant run that writes (issue 37, item 2), read from the
 * checkout (applyLocaleLists in src/locale-lists).
 */
import { join } from 'node:path';
import type { SyncSettings } from '../config/settings.ts';
import type { FileWrite } from '../github/branch-commit.ts';
import { applyLocaleLists, type LocaleListChange } from '../locale-lists/apply.ts';
import type { GateReport } from '../ship/figures.ts';
import { readIfPresent } from './targets.ts';

export type { LocaleListChange };

export async function updateLocaleLists(
  settings: SyncSettings,
  workspace: string,
  reports: readonly GateReport[] | undefined,
  warn: (message: string, where: { file: string }) => void,
): Promise<{ writes: FileWrite[]; changes: LocaleListChange[] }> {
  const files = new Map<string, Uint8Array | undefined>();
  for (const entry of settings.localeLists ?? [])
    files.set(entry.path, await readIfPresent(join(workspace, entry.path)));
  return applyLocaleLists(settings, files, reports, warn);
}
