import { entryForSource, matchTarget, type SvcConfig, translationPath } from '../../src/config/index.ts';
import type { FileWrite } from '../../src/github/branch-commit.ts';
import type { TranslatedFile } from '../../src/github/pull-request-body.ts';
import type { PlaceholderWarning } from '../../src/translations/placeholder-qa.ts';

/** What a batch of events brings to the pull request. */
export interface Collected {
  files: FileWrite[];
  /**
   * The platform id of the source upload each file of `files` translates, by path. Ids grow with
   * every upload, so the higher id is the newer source: a translation arriving late (a retried
   * delivery, reconcile finding one the webhook also brought) never replaces a newer one.
   */
  sourceIds: Map<string, number>;
  described: TranslatedFile[];
  /** Per file of `files`: its language and the source text it translates (for the merge with the base). */
  deliveries: Map<string, { lang: string; sourcePath: string; translatedSource: Uint8Array }>;
  failures: { sourcePath: string; target: string; message: string }[];
  warnings: PlaceholderWarning[];
  /** Entries that were not written and why (logged). */
  skipped: string[];
}

export const emptyCollected = (): Collected => ({
  files: [],
  sourceIds: new Map(),
  described: [],
  deliveries: new Map(),
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
    /** The source as uploaded: what the translation translates. */
    sourceBytes: Uint8Array;
    words: number;
    /** The source upload's platform file id. */
    sourceFileId: number;
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
  if (!keepNewer(into, path, t.sourceFileId)) return;
  into.files.push({ path, content: t.bytes });
  into.sourceIds.set(path, t.sourceFileId);
  into.described.push({ target, path, sourcePath: t.sourcePath, words: t.words });
  into.deliveries.set(path, { lang: target, sourcePath: t.sourcePath, translatedSource: t.sourceBytes });
}

/**
 * Makes room for a translation of `path` from source upload `sourceFileId`: false (and a note in
 * `skipped`) when the batch already holds one from a newer upload; otherwise the batch's own
 * older or equal one is taken out (for the same upload, the later event wins).
 */
function keepNewer(into: Collected, path: string, sourceFileId: number): boolean {
  const held = into.sourceIds.get(path);
  if (held === undefined) return true;
  if (held > sourceFileId) {
    into.skipped.push(staleNote(path, sourceFileId, held));
    return false;
  }
  into.files.splice(
    into.files.findIndex((f) => f.path === path),
    1,
  );
  into.described.splice(
    into.described.findIndex((d) => d.path === path),
    1,
  );
  into.sourceIds.delete(path);
  into.deliveries.delete(path);
  return true;
}

/** Why a translation was left out: a newer source's translation of the same path wins. */
export const staleNote = (path: string, sourceFileId: number, newer: number) =>
  `${path}: translation of source upload ${sourceFileId} left out; the one of newer upload ${newer} stays`;

/** Adds what one event collected to the batch; for a path already there, the newer source wins. */
export function mergeCollected(into: Collected, from: Collected): void {
  for (const [i, file] of from.files.entries()) {
    const sourceFileId = from.sourceIds.get(file.path)!;
    if (!keepNewer(into, file.path, sourceFileId)) continue;
    into.files.push(file);
    into.sourceIds.set(file.path, sourceFileId);
    into.described.push(from.described[i]!);
    into.deliveries.set(file.path, from.deliveries.get(file.path)!);
  }
  into.failures.push(...from.failures);
  into.warnings.push(...from.warnings);
  into.skipped.push(...from.skipped);
}

/** Leaves out the files whose path already holds (on the PR branch) a newer source's translation. */
export function dropOlderThan(into: Collected, written: ReadonlyMap<string, number>): void {
  for (const file of [...into.files]) {
    const newer = written.get(file.path);
    const mine = into.sourceIds.get(file.path)!;
    if (newer === undefined || newer <= mine) continue;
    into.skipped.push(staleNote(file.path, mine, newer));
    into.files.splice(into.files.indexOf(file), 1);
    into.described.splice(
      into.described.findIndex((d) => d.path === file.path),
      1,
    );
    into.sourceIds.delete(file.path);
    into.deliveries.delete(file.path);
  }
}
