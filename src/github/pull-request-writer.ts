import { type CommitIdentity, type CommitOutcome, commitToBranch, type FileWrite } from './branch-commit.ts';
import { type ConflictReport, reportConflict } from './conflict-report.ts';
import { type PullRequestOptions, type PullRequestRef, upsertPullRequest } from './pull-request.ts';
import type { RepositoryReader } from './repository-reader.ts';

/** What to write: the files, the commit message, and the pull request's options. */
export interface PullRequestWrite extends Omit<PullRequestOptions, 'branch' | 'refresh' | 'branchIsNew'> {
  /** The l10n branch (default `svc-l10n/<base>`). */
  branch?: string;
  files: readonly FileWrite[];
  commitMessage: string;
  identity?: CommitIdentity;
  /** Called between the commit and the pull request (tests stop the process there). */
  afterCommit?: () => Promise<void>;
}

export interface PullRequestWritten {
  commit: CommitOutcome;
  /** Undefined when nothing differs from the base and no branch exists: there is nothing to review. */
  pullRequest: PullRequestRef | undefined;
  branch: string;
  /** The base could not be merged into the branch: nothing committed, the PR says so. */
  conflict?: ConflictReport | undefined;
}

/** The l10n branch for a base: one per base, so every batch for it lands in the same PR. */
export function l10nBranch(base: string, pattern = 'svc-l10n/%base%'): string {
  return pattern.replaceAll('%base%', base);
}

/**
 * Commits the files to the l10n branch of `base` (see commitToBranch) and opens or updates its
 * pull request (see upsertPullRequest) — shared by the Action (instant mode with `wait`) and the
 * receiver. Safe to repeat: equal contents make no commit, and an open PR is updated, so a retry
 * after a crash between the commit and the PR still ends with exactly one PR.
 */
export async function writePullRequest(
  reader: RepositoryReader,
  w: PullRequestWrite,
): Promise<PullRequestWritten> {
  const branch = w.branch ?? l10nBranch(w.base);
  if (branch === w.base)
    throw new TypeError(`[svc-connector] the l10n branch must differ from the base (${branch})`);
  const commit = await commitToBranch(reader, {
    base: w.base,
    branch,
    files: w.files,
    message: w.commitMessage,
    ...(w.identity ? { identity: w.identity } : {}),
  });
  if (commit.headSha === undefined) return { commit, pullRequest: undefined, branch };
  const { files: _files, commitMessage: _message, identity: _identity, afterCommit: _after, ...options } = w;
  if (commit.strategy === 'conflict') {
    // The PR keeps what it says (its body describes what the branch holds, which did not change).
    const pullRequest = await upsertPullRequest(reader, { ...options, branch, refresh: false });
    const conflict = await reportConflict(reader.gh, {
      owner: reader.owner,
      repo: reader.repo,
      number: pullRequest.number,
      base: w.base,
      branch,
      headSha: commit.headSha,
    });
    return { commit, pullRequest, branch, conflict };
  }
  await w.afterCommit?.();
  const pullRequest = await upsertPullRequest(reader, {
    ...options,
    branch,
    // Nothing new on the branch: an open PR already says what it holds.
    refresh: commit.commitSha !== null,
    branchIsNew: commit.strategy === 'created',
  });
  return { commit, pullRequest, branch };
}
