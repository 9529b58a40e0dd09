/**
 * A repository snapshot (a bare git directory brought by the search tools' `fetch`, kept outside
 * this repository) read at the manifest's commit into a temporary folder: only the files the
 * config's source patterns take and their translations in the languages compared.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { discoverSourceFiles, type SvcConfig, translationResults } from '../../src/config/index.ts';

/** A source file of the checkout and the translation path of each language compared. */
export interface SourceWithTargets {
  source: string;
  /** The config's `format:` for this entry, when it names one. */
  format: string | undefined;
  targets: { lang: string; path: string; existed: boolean }[];
}

function git(gitDir: string, args: string[]): Buffer {
  return execFileSync('git', ['--git-dir', gitDir, ...args], {
    maxBuffer: 512 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Every file path of the tree at `commit`. */
export function treeFiles(gitDir: string, commit: string): string[] {
  return git(gitDir, ['ls-tree', '-r', '-z', '--name-only', commit])
    .toString('utf8')
    .split('\0')
    .filter((p) => p !== '');
}

/**
 * Writes the sources the config takes at `commit` and their existing translations into `root`,
 * byte for byte (`git cat-file blob`: no line-ending or encoding filter applies).
 */
export async function checkout(
  gitDir: string,
  commit: string,
  config: SvcConfig,
  root: string,
): Promise<SourceWithTargets[]> {
  const files = treeFiles(gitDir, commit);
  const inTree = new Set(files);
  const put = async (path: string) => {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), git(gitDir, ['cat-file', 'blob', `${commit}:${path}`]));
  };
  const out: SourceWithTargets[] = [];
  for (const { entry, sources } of discoverSourceFiles(config, files, { fileName: '.svc.yml' })) {
    for (const source of sources) {
      await put(source);
      const targets: SourceWithTargets['targets'] = [];
      for (const result of translationResults(entry, source, config.targets, config)) {
        if ('error' in result) throw result.error;
        const existed = inTree.has(result.path);
        if (existed && result.path !== source) await put(result.path);
        targets.push({ lang: result.lang, path: result.path, existed });
      }
      out.push({ source, format: entry.format, targets });
    }
  }
  return out;
}
