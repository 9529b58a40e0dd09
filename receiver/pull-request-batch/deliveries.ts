import { entryForSource, matchTarget, type SvcConfig, translationPath } from '../../src/config/index.ts';

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
  /** Machine output (instant translation), not people's. */
  machine?: true;
}

/** A translation the platform could not make (listed in the PR body and a comment). */
export interface Failure {
  sourcePath: string;
  target: string;
  message: string;
}

/** A translated file as the platform hands it over, before it is placed by the config. */
export interface TranslatedFile {
  sourcePath: string;
  lang: string;
  locale?: string | null;
  bytes: Uint8Array;
  /** The source as uploaded: what the translation translates. */
  sourceBytes: Uint8Array;
  words: number;
  /** The source upload's platform file id. */
  sourceFileId: number;
  /** Machine output (instant translation), not translated or reviewed by people in a job. */
  machine?: true;
}

/** Why a translation was left out: a newer source's translation of the same path wins. */
export const staleNote = (path: string, sourceFileId: number, newer: number) =>
  `${path}: translation of source upload ${sourceFileId} left out; the one of newer upload ${newer} stays`;

const keyOf = (d: Pick<Delivered, 'path' | 'lang'>) => `${d.path}\u0000${d.lang}`;

/**
 * What events bring to a pull request: the delivered files by target path and language (a
 * multilingual file takes several languages at one path), where of two translations of one path
 * and language the newer source upload wins; the translations that failed; and notes on what was
 * left out and why (logged).
 */
export class Deliveries {
  readonly #delivered = new Map<string, Delivered>();
  readonly #failures: Failure[] = [];
  readonly #notes: string[] = [];

  /**
   * Places one translated file in the repository: only at the path the config's translation
   * pattern gives for a source the config takes and a language that is a target — never at a name
   * taken from the platform as it is. Anything else is left out with a note.
   */
  place(config: SvcConfig, t: TranslatedFile): void {
    const target = matchTarget(config.targets, t.lang, t.locale ?? undefined);
    if (!target) {
      this.note(
        `${t.sourcePath}: language ${t.lang}${t.locale ? `-${t.locale}` : ''} is not a target of .svc.yml`,
      );
      return;
    }
    const entry = entryForSource(config, t.sourcePath);
    if (!entry) {
      this.note(`${JSON.stringify(t.sourcePath)}: not a source file of .svc.yml; nothing written`);
      return;
    }
    let path: string;
    try {
      path = translationPath(entry, t.sourcePath, target, config);
    } catch (error) {
      this.note(`${t.sourcePath} → ${target}: ${(error as Error).message}`);
      return;
    }
    this.#keepNewer({
      path,
      lang: target,
      sourcePath: t.sourcePath,
      content: t.bytes,
      translatedSource: t.sourceBytes,
      sourceFileId: t.sourceFileId,
      words: t.words,
      ...(t.machine ? { machine: true as const } : {}),
    });
  }

  fail(failure: Failure): void {
    this.#failures.push(failure);
  }

  note(line: string): void {
    this.#notes.push(line);
  }

  /** Adds what another event collected; for a path and language already here, the newer source wins. */
  absorb(other: Deliveries): void {
    for (const d of other.#delivered.values()) this.#keepNewer(d);
    this.#failures.push(...other.#failures);
    this.#notes.push(...other.#notes);
  }

  /** Leaves out the deliveries whose path already holds (on the PR branch) a newer source's translation. */
  dropOlderThan(written: ReadonlyMap<string, number>): void {
    for (const [key, d] of this.#delivered) {
      const newer = written.get(d.path);
      if (newer === undefined || newer <= d.sourceFileId) continue;
      this.note(staleNote(d.path, d.sourceFileId, newer));
      this.#delivered.delete(key);
    }
  }

  /** The deliveries, in the order they were first placed. */
  delivered(): Delivered[] {
    return [...this.#delivered.values()];
  }

  /** The target paths the deliveries write. */
  paths(): string[] {
    return [...new Set(this.delivered().map((d) => d.path))];
  }

  get failures(): readonly Failure[] {
    return this.#failures;
  }

  get notes(): readonly string[] {
    return this.#notes;
  }

  /** Adds a delivery unless one of the same path and language is from a newer upload; for the same upload, the later event wins. */
  #keepNewer(d: Delivered): void {
    const held = this.#delivered.get(keyOf(d));
    if (held && held.sourceFileId > d.sourceFileId) {
      this.note(staleNote(d.path, d.sourceFileId, held.sourceFileId));
      return;
    }
    this.#delivered.set(keyOf(d), d);
  }
}
