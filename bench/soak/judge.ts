/**
 * "Nothing lost", decided from what the platform says it delivered and what the pull request
 * holds: every translated file of every delivery was seen on the PR branch; where a
 * delivery carries the newest delivered version of a file, the branch holds it now (a later
 * change supersedes an earlier translation, an earlier one must not overwrite a later); every job
 * was acknowledged (archived by the receiver after its commit); and the last change to every file
 * arrived. The soak changes a file again only once its previous change is on the pull request
 * and has been read there, so no translation is superseded before it could be seen.
 */

export interface TranslatedFile {
  sourcePath: string;
  lang: string;
  /** The source text the translation was made from (the uploaded file). */
  source: string;
  /** The translated file as the platform hands it out. */
  text: string;
}

export interface Delivery {
  kind: 'job' | 'instant';
  id: number;
  /** Jobs: archived by the receiver once its pull request was written. Instant: always true. */
  acknowledged: boolean;
  files: TranslatedFile[];
  /** Instant translations that ended Failed: the platform's message. */
  failed?: string;
}

export interface JudgeInput {
  deliveries: Delivery[];
  /** Jobs and instant translations the Action started (from its outputs). */
  started: { jobs: number[]; translations: number[] };
  /** Every source path of the soak, with its history (sources.ts). */
  paths: string[];
  targets: readonly string[];
  versionOf(path: string, text: string): number;
  latest(path: string): number;
  /** The file on the pull request's branch for a source path and language (undefined: missing). */
  onBranch(sourcePath: string, lang: string): string | undefined;
  /** Whether that file was seen holding `text` on the branch at any time. */
  everOnBranch(sourcePath: string, lang: string, text: string): boolean;
}

const name = (d: Pick<Delivery, 'kind' | 'id'>) => `${d.kind === 'job' ? 'job' : 'translation'} ${d.id}`;

/** One line per lost job, translation or final change (an empty list: nothing lost). */
export function findLost(input: JudgeInput): string[] {
  const lost: string[] = [];
  const key = (path: string, lang: string) => `${path}\n${lang}`;
  const delivered = new Set(input.deliveries.map((d) => `${d.kind} ${d.id}`));
  for (const id of input.started.jobs)
    if (!delivered.has(`job ${id}`)) lost.push(`job ${id}: created by the Action, never delivered`);
  for (const id of input.started.translations)
    if (!delivered.has(`instant ${id}`))
      lost.push(`translation ${id}: started by the Action, never ready for download`);

  // The newest version of each file and language any delivery carries, and what it reads.
  const newest = new Map<string, { version: number; texts: Set<string> }>();
  const versions = new Map<Delivery, number[]>();
  for (const d of input.deliveries) {
    const vs = d.files.map((f) => input.versionOf(f.sourcePath, f.source));
    versions.set(d, vs);
    d.files.forEach((f, i) => {
      const k = key(f.sourcePath, f.lang);
      const seen = newest.get(k);
      const v = vs[i]!;
      if (!seen || v > seen.version) newest.set(k, { version: v, texts: new Set([f.text]) });
      else if (v === seen.version) seen.texts.add(f.text);
    });
  }

  /** Which delivery a text on the branch came from, to tell a stale write from a foreign one. */
  const holder = (path: string, lang: string, text: string) => {
    for (const d of input.deliveries)
      for (const [i, f] of d.files.entries())
        if (f.sourcePath === path && f.lang === lang && f.text === text)
          return `it holds version ${versions.get(d)![i]}'s, from ${name(d)}`;
    return 'a text no delivery has';
  };

  for (const d of input.deliveries) {
    const wrong: string[] = [];
    if (d.failed !== undefined) wrong.push(`failed: ${d.failed}`);
    if (!d.acknowledged) wrong.push('delivered but never archived by the receiver');
    d.files.forEach((f, i) => {
      const v = versions.get(d)![i]!;
      if (v < 0) {
        wrong.push(`${f.sourcePath}: translated from a text the soak never committed`);
        return;
      }
      if (!input.everOnBranch(f.sourcePath, f.lang, f.text)) {
        wrong.push(`${f.sourcePath} → ${f.lang}: version ${v}'s translation was never seen on the branch`);
        return;
      }
      if (v < newest.get(key(f.sourcePath, f.lang))!.version) return; // superseded by a later change
      const branch = input.onBranch(f.sourcePath, f.lang);
      if (branch === undefined) wrong.push(`${f.sourcePath} → ${f.lang}: missing on the branch`);
      else if (!newest.get(key(f.sourcePath, f.lang))!.texts.has(branch))
        wrong.push(
          `${f.sourcePath} → ${f.lang}: the branch holds another text than version ${v}'s translation (${holder(f.sourcePath, f.lang, branch)})`,
        );
    });
    if (wrong.length > 0) lost.push(`${name(d)}: ${wrong.join('; ')}`);
  }

  for (const path of input.paths)
    for (const lang of input.targets) {
      const got = newest.get(key(path, lang))?.version ?? -1;
      if (got < input.latest(path))
        lost.push(
          `${path} → ${lang}: its last change (version ${input.latest(path)}) was never delivered (newest: ${got})`,
        );
    }
  return lost;
}
