/**
 * Keeps the platform's screenshots of a repository in step with a folder (issue 38, item 4). Each
 * PNG is a REFERENCE file named `screenshots/<path>`, labelled `svc:screenshot` (this tool's mark:
 * it never touches a file without it, so a person's reference files are safe) and `repo:<o>/<r>`,
 * and marked as a screenshot of its keys with their boxes (PUT /v2/files/screenshot).
 *
 * One listing says what is there. Unchanged (same MD5, same keys and boxes): nothing sent. New:
 * upload and mark. Content changed: upload the new file, mark it, delete the old one (in that
 * order, so the workbench never lacks it). Only keys changed: mark again. Gone from the folder:
 * deleted. A run cut short leaves what the next run repairs: an upload not yet marked is marked.
 */
import type { Client, FileRecord } from '../api/index.ts';
import type { ScreenshotKey } from '../api/schemas/file-context.ts';
import { mapConcurrent } from '../concurrency/map-concurrent.ts';
import { repoLabel } from '../contracts/labels.ts';
import type { LocalScreenshot } from './local.ts';

export const SCREENSHOT_LABEL = 'svc:screenshot';
export const SCREENSHOT_PREFIX = 'screenshots/';

export interface ScreenshotSyncOptions {
  client: Client;
  repository: { owner: string; repo: string };
  screenshots: readonly LocalScreenshot[];
  /** Show what would happen; send nothing but the listing. */
  dryRun?: boolean;
  concurrency?: number;
  signal?: AbortSignal;
  log?: (message: string) => void;
}

export interface ScreenshotSyncResult {
  uploaded: string[];
  replaced: string[];
  /** Same image, keys or boxes changed. */
  relabelled: string[];
  unchanged: string[];
  removed: string[];
  /** Requests sent to the platform, the listing included. */
  requests: number;
}

const sameKeys = (a: readonly ScreenshotKey[], b: readonly ScreenshotKey[]) =>
  a.length === b.length &&
  a.every((k, i) => {
    const o = b[i]!;
    return (
      k.key === o.key &&
      k.box?.x === o.box?.x &&
      k.box?.y === o.box?.y &&
      k.box?.w === o.box?.w &&
      k.box?.h === o.box?.h
    );
  });

/** Sorted as the platform lists them, for comparison. */
const sortedKeys = (keys: readonly ScreenshotKey[]) =>
  [...keys].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));

export async function syncScreenshots(o: ScreenshotSyncOptions): Promise<ScreenshotSyncResult> {
  const { client } = o;
  const call = o.signal ? { signal: o.signal } : {};
  const log = o.log ?? (() => {});
  const labels = [SCREENSHOT_LABEL, repoLabel(o.repository)];
  const result: ScreenshotSyncResult = {
    uploaded: [],
    replaced: [],
    relabelled: [],
    unchanged: [],
    removed: [],
    requests: 1,
  };
  const listed = await client.files.list({ labels }, call);
  // Newest first: when a run was cut short between upload and delete, the newer file is kept.
  const byName = new Map<string, FileRecord[]>();
  for (const f of [...listed].sort((a, b) => b.id - a.id)) {
    const list = byName.get(f.name) ?? [];
    list.push(f);
    byName.set(f.name, list);
  }

  type Step = { path: string; run: () => Promise<number> };
  const steps: Step[] = [];
  const remove = (files: readonly FileRecord[]) => async () => {
    for (const f of files) await client.files.delete(f.id, call);
    return files.length;
  };
  const mark = (id: number, keys: ScreenshotKey[]) => client.files.setScreenshot(id, keys, call);
  const upload = async (s: LocalScreenshot) => {
    const record = await client.files.upload(
      { name: SCREENSHOT_PREFIX + s.path, content: s.bytes, fileHash: s.md5, category: 'REFERENCE', labels },
      call,
    );
    await mark(record.id, s.keys);
  };

  for (const s of o.screenshots) {
    const name = SCREENSHOT_PREFIX + s.path;
    const there = byName.get(name) ?? [];
    byName.delete(name);
    const same = there.find((f) => f.file_hash === s.md5);
    const others = there.filter((f) => f !== same);
    if (same) {
      const keysMatch = same.screenshot !== undefined && sameKeys(sortedKeys(same.screenshot.keys), s.keys);
      if (keysMatch) result.unchanged.push(s.path);
      else result.relabelled.push(s.path);
      if (keysMatch && others.length === 0) continue;
      steps.push({
        path: s.path,
        run: async () => {
          if (!keysMatch) await mark(same.id, s.keys);
          return (keysMatch ? 0 : 1) + (await remove(others)());
        },
      });
    } else if (there.length > 0) {
      result.replaced.push(s.path);
      steps.push({
        path: s.path,
        run: async () => {
          await upload(s);
          return 2 + (await remove(there)());
        },
      });
    } else {
      result.uploaded.push(s.path);
      steps.push({
        path: s.path,
        run: async () => {
          await upload(s);
          return 2;
        },
      });
    }
  }
  for (const [name, files] of byName) {
    result.removed.push(name.startsWith(SCREENSHOT_PREFIX) ? name.slice(SCREENSHOT_PREFIX.length) : name);
    steps.push({ path: name, run: remove(files) });
  }
  if (o.dryRun) return result;
  const counts = await mapConcurrent(steps, o.concurrency ?? 4, async (step) => {
    const n = await step.run();
    log(`${step.path}: ${n} request(s)`);
    return n;
  });
  result.requests += counts.reduce((a, b) => a + b, 0);
  return result;
}
