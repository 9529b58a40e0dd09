import { entryForSource, matchTarget, type SvcConfig, translationPath } from '../../src/config/index.ts';
import type { FileWrite } from '../../src/github/branch-commit.ts';
import type { TranslatedFile } from '../../src/github/pull-request-body.ts';
import type { PlaceholderWarning } from '../../src/translations/placeholder-qa.ts';
import { placeholderWarnings } from '../../src/translations/placeholder-qa.ts';

/** What a batch of events brings to the pull request. */
export interface Collected {
  files: FileWrite[];
  described: TranslatedFile[];
  failures: { sourcePath: string; target: string; message: string }[];
  warnings: PlaceholderWarning[];
  /** Entries that were not written and why (logged). */
  skipped: string[];
}

export const emptyCollected = (): Collected => ({
  files: [],
  described: [],
  failures: [],
  warnings: [],
  skipped: [],
});

/**
 * Places one translated file in the repository: only at the path the config's translation pattern
 * gives for a source the config takes and a language that is a target — never at a name taken
 * from the platform as it is. Anything else is skipped with the reason.
 */
export function placeTranslation(
  into: Collected,
  config: SvcConfig,
  t: {
    sourcePath: string;
    lang: string;
    locale?: string | null;
    bytes: Uint8Array;
    sourceBytes?: Uint8Array;
    words: number;
  },
): void {
  const target = matchTarget(config.targets, t.lang, t.locale ?? undefined);
  if (!target) {
    into.skipped.push(
      `${t.sourcePath}: language ${t.lang}${t.locale ? `-${t.locale}` : ''} is not a target of .svc.yml`,
    );
    return;
  }
  const entry = entryForSource(config, t.sourcePath);
  if (!entry) {
    into.skipped.push(`${JSON.stringify(t.sourcePath)}: not a source file of .svc.yml; nothing written`);
    return;
  }
  let path: string;
  try {
    path = translationPath(entry, t.sourcePath, target, config);
  } catch (error) {
    into.skipped.push(`${t.sourcePath} → ${target}: ${(error as Error).message}`);
    return;
  }
  // A later event for the same path wins: it carries the newer translation.
  const at = into.files.findIndex((f) => f.path === path);
  if (at >= 0) {
    into.files.splice(at, 1);
    into.described.splice(
      into.described.findIndex((d) => d.path === path),
      1,
    );
  }
  into.files.push({ path, content: t.bytes });
  into.described.push({ target, path, sourcePath: t.sourcePath, words: t.words });
  if (t.sourceBytes)
    into.warnings.push(
      ...placeholderWarnings(
        { path: t.sourcePath, bytes: t.sourceBytes },
        { path, bytes: t.bytes },
        entry.format,
      ),
    );
}

/** Adds what one event collected to the batch; a path already there takes the later file. */
export function mergeCollected(into: Collected, from: Collected): void {
  for (const [i, file] of from.files.entries()) {
    const at = into.files.findIndex((f) => f.path === file.path);
    if (at >= 0) {
      into.files.splice(at, 1);
      into.described.splice(
        into.described.findIndex((d) => d.path === file.path),
        1,
      );
    }
    into.files.push(file);
    into.described.push(from.described[i]!);
  }
  into.failures.push(...from.failures);
  into.warnings.push(...from.warnings);
  into.skipped.push(...from.skipped);
}
