import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Client } from '../../src/api/index.ts';
import { settingsFrom } from '../../src/config/settings.ts';
import { runSync, type SyncResult } from '../../src/sync/run.ts';

/**
 * A checkout in a temporary folder and the sync over it as `svc-connector sync --write` runs it:
 * instant mode, the translations written into the folder. `infos` collects the run's log lines,
 * `warnings` its warnings.
 */
export async function workspaceSync(o: { client: Client; config: string; repo: string }) {
  const root = await mkdtemp(join(tmpdir(), `svc-${o.repo}-`));
  const infos: string[] = [];
  const warnings: string[] = [];
  const put = async (path: string, bytes: string | Uint8Array) => {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), bytes);
  };
  const read = (path: string) => readFile(join(root, path), 'utf8');
  /** `as` changes the run: another config, another branch (`main` is the default branch). */
  const sync = (as: { config?: string; ref?: string } = {}): Promise<SyncResult> =>
    runSync({
      client: o.client,
      workspace: root,
      settings: settingsFrom(as.config ?? o.config, '.svc.yml', { base: as.ref ?? 'main' }),
      origin: { owner: 'acme', repo: o.repo, ref: as.ref ?? 'main' },
      defaultBranch: 'main',
      waitTimeoutMs: 30_000,
      log: { info: (m) => infos.push(m), debug: () => {}, warning: (m) => warnings.push(m) },
      sink: async (files) => {
        for (const f of files) await put(f.path, f.content);
        return undefined;
      },
    });
  await put('.svc.yml', o.config);
  return { root, infos, warnings, put, read, sync, remove: () => rm(root, { recursive: true, force: true }) };
}
