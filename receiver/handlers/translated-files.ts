import { entryForSource, matchTarget, type SvcConfig, translationPath } from '../../src/config/index.ts';
import type { PlaceholderWarning } from '../../src/translations/placeholder-qa.ts';

/** One delivered translation placed in the repository. */
export interface Delivered {
  /** Repository path of the target. */
  path: string;
  lang: string;
  sourcePath: string;
  /** The delivered file. */
  content: Uint8Array;
  /** The source as uploaded: what the translation translates. */
  translatedSource: Uint8Array;
  /**
   * The platform id of the source upload it translates. Ids grow with every upload, so the higher
   * id is the newer source: a translation arriving late (a retried delivery, reconcile finding one
   * the webhook also brought) never replaces a newer one.
   */
  sourceFileId: number;
  words: number;
}

/** What a batch of events brings to the pull request. */
export interface Collected {
  /** By target path and language (a multilingual file takes several languages at one path). */
  delivered: Map<string, Delivered>;
  failures: { sourcePath: string; target: string; message: string }[];
  warnings: PlaceholderWarning[];
  /** Entries that were not written and why (logged). */
  skipped: string[];
}

export const emptyCollected = (): Collected => ({
  delivered: new Map(),
  failures: [],
  warnings: [],
  skipped: [],
});

const keyOf = (d: Pick<Delivered, 'path' | 'lang'>) => `${d.path}\u0000${d.lang}`;

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
  keepNewer(into, {
    path,
    lang: target,
    sourcePath: t.sourcePath,
    content: t.bytes,
    translatedSource: t.sourceBytes,
    sourceFileId: t.sourceFileId,
    words: t.words,
  });
}

/**
 * Adds a delivery unless the batch holds one of the same path and language from a newer upload
 * (then a note in `skipped`); for the same upload, the later event wins.
 */
function keepNewer(into: Collected, d: Delivered): void {
  const held = into.delivered.get(keyOf(d));
  if (held && held.sourceFileId > d.sourceFileId) {
    into.skipped.push(staleNote(d.path, d.sourceFileId, held.sourceFileId));
    return;
  }
  into.delivered.set(keyOf(d), d);
}

/** Why a translation was left out: a newer source's translation of the same path wins. */
export const staleNote = (path: string, sourceFileId: number, newer: number) =>
  `${path}: translation of source upload ${sourceFileId} left out; the one of newer upload ${newer} stays`;

/** Adds what one event collected to the batch; for a path and language already there, the newer source wins. */
export function mergeCollected(into: Collected, from: Collected): void {
  for (const d of from.delivered.values()) keepNewer(into, d);
  into.failures.push(...from.failures);
  into.warnings.push(...from.warnings);
  into.skipped.push(...from.skipped);
}

/** Leaves out the deliveries whose path already holds (on the PR branch) a newer source's translation. */
export function dropOlderThan(into: Collected, written: ReadonlyMap<string, number>): void {
  for (const [key, d] of into.delivered) {
    const newer = written.get(d.path);
    if (newer === undefined || newer <= d.sourceFileId) continue;
    into.skipped.push(staleNote(d.path, d.sourceFileId, newer));
    into.delivered.delete(key);
  }
}

/** The target paths the batch writes. */
export const pathsOf = (into: Collected) => [...new Set([...into.delivered.values()].map((d) => d.path))];
