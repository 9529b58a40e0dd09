/**
 * The files `usage:` names in `.svc.yml`, read as text for the code-link search. The walk starts
 * at each pattern's literal directory, never enters `.git` or `node_modules`, and follows no
 * symbolic link (as for source files, src/config/discover.ts); our own matcher decides.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { escapePath, glob } from 'tinyglobby';
import { mapConcurrent } from '../concurrency/map-concurrent.ts';
import { compileGlob, literalRoots, matchGlob } from '../config/glob.ts';

/** Larger files are generated or minified bundles, not where people write `t('key')`. */
export const MAX_USAGE_FILE_BYTES = 1024 * 1024;

export interface UsageFiles {
  files: { path: string; text: string }[];
  /** Files matched but not searched, with the reason (the run says so). */
  skipped: { path: string; reason: string }[];
}

const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Repository paths under `root` matching any of `patterns`, in code-unit order. */
export async function listUsageFiles(root: string, patterns: readonly string[]): Promise<string[]> {
  if (patterns.length === 0) return [];
  const globs = patterns.map(compileGlob);
  const starts = new Set(patterns.flatMap(literalRoots));
  const listed = await glob(
    [...starts].map((start) => (start === '' ? '**' : `${escapePath(start)}/**`)),
    {
      cwd: root,
      dot: true,
      onlyFiles: true,
      followSymbolicLinks: false,
      expandDirectories: false,
      ignore: ['**/.git/**', '**/node_modules/**'],
    },
  );
  return [...new Set(listed)].filter((p) => globs.some((g) => matchGlob(g, p))).sort(byCodeUnit);
}

/** Reads the usage files as UTF-8 text; large and binary files are skipped with a reason. */
export async function readUsageFiles(root: string, patterns: readonly string[]): Promise<UsageFiles> {
  const paths = await listUsageFiles(root, patterns);
  const skipped: UsageFiles['skipped'] = [];
  const read = await mapConcurrent(paths, 16, async (path) => {
    const bytes = await readFile(join(root, path));
    if (bytes.length > MAX_USAGE_FILE_BYTES) {
      skipped.push({ path, reason: `larger than ${MAX_USAGE_FILE_BYTES / 1024 / 1024} MiB` });
      return undefined;
    }
    if (bytes.includes(0)) {
      skipped.push({ path, reason: 'binary' });
      return undefined;
    }
    return { path, text: bytes.toString('utf8') };
  });
  return {
    files: read.filter((f): f is { path: string; text: string } => f !== undefined),
    skipped: skipped.sort((a, b) => byCodeUnit(a.path, b.path)),
  };
}
