/** The labels an uploaded file carries (DESIGN §6): where it came from, and later its job. */
export interface Origin {
  owner: string;
  repo: string;
  /** The branch pushed to: the base of the translations' pull request. */
  ref: string;
  sha?: string | undefined;
}

export const repoLabel = (o: { owner: string; repo: string }) => `repo:${o.owner}/${o.repo}`;
export const jobLabel = (jobId: number) => `job:${jobId}`;

/**
 * Marks an upload whose instant translations were all handed over (to the pull request, or started
 * when nobody waits for them). Job mode's mark is the `job:<id>` label.
 */
export const INSTANT_SENT_LABEL = 'sent:instant';

/**
 * Whether an upload's translation was asked for: a job holds it, or instant mode finished with it.
 * An upload without either comes from a run that failed in between; its file must go again.
 */
export function wasSent(labels: readonly string[]): boolean {
  return labels.some((l) => l.startsWith('job:') || l === INSTANT_SENT_LABEL);
}

/** `repo:`, `ref:` and `commit:` labels of a file uploaded from this origin. */
export function originLabels(o: Origin): string[] {
  return [repoLabel(o), `ref:${o.ref}`, ...(o.sha ? [`commit:${o.sha}`] : [])];
}

/** Reads the labels back: the origin a file was uploaded from, or undefined when it lacks one. */
export function originOf(labels: readonly string[]): Origin | undefined {
  const value = (prefix: string) => labels.find((l) => l.startsWith(prefix))?.slice(prefix.length);
  const repo = value('repo:');
  const ref = value('ref:');
  const slash = repo?.indexOf('/') ?? -1;
  if (!repo || !ref || slash <= 0) return undefined;
  return { owner: repo.slice(0, slash), repo: repo.slice(slash + 1), ref, sha: value('commit:') };
}
