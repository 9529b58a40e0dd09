/**
 * Which repository files are sources: each `files:` entry's matches, minus its ignores and minus
 * files that are themselves translation paths (so `locales/*.json` with `locales/%lang%.json`
 * takes `en.json` but not `de.json`). Ambiguities are config errors, found before anything is
 * uploaded: a file taken by two entries, or two sources sharing one translation path.
 */
import { escapePath, glob } from 'tinyglobby';
import { ConfigError } from './errors.ts';
import { literalRoots } from './glob.ts';
import type { FileEntry, SvcConfig } from './schema.ts';
import { matchSource, translationResults } from './translation-paths.ts';

/** One entry's source files, sorted. */
export interface DiscoveredEntry {
  /** Index in `files:`. */
  index: number;
  entry: FileEntry;
  sources: string[];
}

export interface DiscoverOptions {
  /** Config file name for error messages (default `.svc.yml`). */
  fileName?: string;
}

/** Code-unit order: the same on every machine, unlike localeCompare. */
const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * For each `files:` entry, the paths in `listFiles` it takes as sources, in stable (code-unit)
 * order. Throws ConfigError when a path is taken by two entries, when two sources would share a
 * translation path, or when a translation path would be unsafe.
 */
export function discoverSourceFiles(
  config: SvcConfig,
  listFiles: readonly string[],
  { fileName = '.svc.yml' }: DiscoverOptions = {},
): DiscoveredEntry[] {
  const files = [...new Set(listFiles)].sort(byCodeUnit);
  const candidates = config.files.map((entry) => files.filter((path) => matchSource(entry, path)));

  // Every candidate's translations, computed once: first to drop candidates that are translations
  // themselves, then to check what is left.
  const outputs = new Set<string>();
  const results = config.files.map((entry, i) =>
    candidates[i]!.map((source) => {
      const list = translationResults(entry, source, config.targets, config);
      // A multilingual file's translation is the file itself: not a translation of another source.
      for (const result of list) if ('path' in result && result.path !== source) outputs.add(result.path);
      return list;
    }),
  );

  const owner = new Map<string, number>();
  const produced = new Map<string, { source: string; lang: string }>();
  const fail = (index: number, key: 'source' | 'translation', problem: string): never => {
    throw new ConfigError(fileName, [{ keyPath: `files[${index}].${key}`, problem }]);
  };
  return config.files.map((entry, index) => {
    const sources: string[] = [];
    candidates[index]!.forEach((source, k) => {
      if (outputs.has(source)) return;
      sources.push(source);
      const first = owner.get(source);
      if (first !== undefined) {
        fail(
          index,
          'source',
          `"${source}" is also matched by files[${first}].source; narrow one of them or add an ignore`,
        );
      }
      owner.set(source, index);
      for (const result of results[index]![k]!) {
        const { lang } = result;
        if ('error' in result) {
          fail(
            index,
            'translation',
            `gives an unusable path for "${source}" (${lang}): ${result.error.message}`,
          );
          return;
        }
        const other = produced.get(result.path);
        if (other && !(other.source === source && result.path === source)) {
          const which = other.lang === lang ? lang : `${other.lang} and ${lang}`;
          fail(
            index,
            'translation',
            `"${other.source}" and "${source}" both map to "${result.path}" (${which})`,
          );
        }
        produced.set(result.path, { source, lang });
      }
    });
    return { index, entry, sources };
  });
}

/**
 * Lists the files under `root` that the config's source patterns could match, starting each walk
 * at a pattern's literal directory and never entering `.git` or `node_modules`. Symbolic links are
 * not followed or listed: a link could point outside the repository and upload a file from
 * elsewhere on the machine. tinyglobby walks (rather than `fs.promises.glob`, whose `**` skips
 * dotfiles with no option to include them); our own matcher then decides (src/config/glob.ts).
 */
export async function listCandidateFiles(root: string, config: SvcConfig): Promise<string[]> {
  const starts = new Set(config.files.flatMap((entry) => literalRoots(entry.source)));
  return glob(
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
}

/** discoverSourceFiles over the files found on disk under `root` (skipping .git and node_modules). */
export async function discoverSourceFilesOnDisk(
  root: string,
  config: SvcConfig,
  options: DiscoverOptions = {},
): Promise<DiscoveredEntry[]> {
  return discoverSourceFiles(config, await listCandidateFiles(root, config), options);
}
