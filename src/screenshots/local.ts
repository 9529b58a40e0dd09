/**
 * A folder of screenshots as the tool takes it: every PNG under it (any depth) listed in the
 * manifest, each checked (signature, IHDR size, complete file) with its boxes inside the image.
 * Every problem is collected, so one run shows them all; nothing is uploaded while any remains.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { glob } from 'tinyglobby';
import type { ScreenshotKey } from '../api/schemas/file-context.ts';
import { MANIFEST_NAMES, ManifestError, parseManifest } from './manifest.ts';
import { boxProblem, readPng } from './png.ts';

export interface LocalScreenshot {
  /** Path relative to the folder, `/`-separated. */
  path: string;
  bytes: Uint8Array;
  md5: string;
  width: number;
  height: number;
  /** Sorted by key, as the platform lists them. */
  keys: ScreenshotKey[];
}

export class ScreenshotFolderError extends Error {
  override name = 'ScreenshotFolderError';
  readonly dir: string;
  readonly problems: string[];
  constructor(dir: string, problems: string[]) {
    super(
      `${dir}: ${problems.length} problem(s) with the screenshots:\n${problems.map((p) => `  ${p}`).join('\n')}`,
    );
    this.dir = dir;
    this.problems = problems;
  }
}

const byKey = (a: ScreenshotKey, b: ScreenshotKey) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/** Reads and checks the folder's manifest and PNG files. */
export async function readScreenshotFolder(dir: string): Promise<LocalScreenshot[]> {
  const found = await glob(['**/*'], {
    cwd: dir,
    dot: false,
    onlyFiles: true,
    followSymbolicLinks: false,
    ignore: ['**/node_modules/**'],
  });
  const manifests = MANIFEST_NAMES.filter((n) => found.includes(n));
  if (manifests.length === 0)
    throw new ScreenshotFolderError(dir, [
      `no manifest: add screenshots.yml (or .json) listing, for each PNG file, the keys it shows`,
    ]);
  if (manifests.length > 1)
    throw new ScreenshotFolderError(dir, [`${manifests.join(' and ')}: keep one manifest`]);
  const manifestName = manifests[0]!;
  let manifest: Map<string, ScreenshotKey[]>;
  try {
    manifest = parseManifest(manifestName, await readFile(join(dir, manifestName), 'utf8'));
  } catch (error) {
    if (error instanceof ManifestError) throw new ScreenshotFolderError(dir, [error.message]);
    throw error;
  }
  const pngs = found.filter((p) => p.toLowerCase().endsWith('.png')).sort();
  const problems: string[] = [];
  for (const p of pngs)
    if (!manifest.has(p)) problems.push(`${p}: not in ${manifestName}; list the keys it shows there`);
  for (const p of manifest.keys())
    if (!pngs.includes(p)) problems.push(`${manifestName}: "${p}" names no PNG file in the folder`);
  const present = new Map([...manifest].filter(([p]) => pngs.includes(p)));
  return loadScreenshots(dir, present, problems);
}

/**
 * The PNG files a manifest names (each a file in `dir`), read and checked with their boxes.
 * `problems` found before (the manifest's) are reported with the files' own; any throws
 * ScreenshotFolderError. Shared by the manifest and the keys read from pseudo text (from-pseudo.ts).
 */
export async function loadScreenshots(
  dir: string,
  manifest: ReadonlyMap<string, readonly ScreenshotKey[]>,
  problems: string[] = [],
): Promise<LocalScreenshot[]> {
  const out: LocalScreenshot[] = [];
  for (const path of [...manifest.keys()].sort()) {
    const keys = manifest.get(path)!;
    const bytes = new Uint8Array(await readFile(join(dir, path)));
    const png = readPng(bytes);
    if ('problem' in png) {
      problems.push(`${path} ${png.problem}`);
      continue;
    }
    for (const k of keys) {
      const problem = k.box ? boxProblem(k.box, png) : undefined;
      if (problem) problems.push(`${path}: key "${k.key}": ${problem}`);
    }
    out.push({
      path,
      bytes,
      md5: createHash('md5').update(bytes).digest('hex'),
      width: png.width,
      height: png.height,
      keys: [...keys].sort(byKey),
    });
  }
  if (problems.length > 0) throw new ScreenshotFolderError(dir, problems);
  return out;
}
