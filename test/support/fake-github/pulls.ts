/** Pull request bookkeeping shared by the pulls and issues routes: lookup, live head/base, stats. */
import { diffFiles } from './diff.ts';
import { notFound } from './http-error.ts';
import type { DiffEntryShape } from './shapes.ts';
import { type PullStats, pull } from './shapes-issues.ts';
import type { FakeState, PullState, RepoState } from './state.ts';

/** The sha a branch points at, or undefined when there is no such branch. */
export function branchSha(repo: RepoState, branch: string): Promise<string | undefined> {
  return repo.git.resolve(`refs/heads/${branch}^{commit}`);
}

/** The pull request with that number (the `:number` parameter), or 404. */
export function findPull(repo: RepoState, number: string | undefined): PullState {
  const pr = repo.pulls.get(Number(number));
  if (!pr) throw notFound();
  return pr;
}

/**
 * Follows the head branch: a push to it moves an open pull request's head.sha, as on GitHub
 * (this also catches pushes made with git directly on the bare repository).
 */
export async function refreshHead(repo: RepoState, pr: PullState): Promise<void> {
  if (pr.state !== 'open') return;
  const sha = await branchSha(repo, pr.head.ref);
  if (sha) pr.head.sha = sha;
}

/** The files a pull request changes: head against its merge base with base (a three-dot diff). */
export async function pullFiles(
  fake: FakeState,
  repo: RepoState,
  pr: PullState,
  baseSha: string | undefined,
): Promise<DiffEntryShape[]> {
  if (!baseSha) return [];
  const mergeBase = await repo.git.mergeBase(baseSha, pr.head.sha);
  return diffFiles(fake, repo, mergeBase, pr.head.sha);
}

/** The full `pull-request` shape with its commit and line counts. */
export async function fullPull(fake: FakeState, repo: RepoState, pr: PullState) {
  await refreshHead(repo, pr);
  const baseSha = (await branchSha(repo, pr.base.ref)) ?? pr.head.sha;
  const files = await pullFiles(fake, repo, pr, baseSha);
  const stats: PullStats = {
    commits: (await repo.git.revList(baseSha, pr.head.sha)).length,
    additions: files.reduce((n, f) => n + f.additions, 0),
    deletions: files.reduce((n, f) => n + f.deletions, 0),
    changed_files: files.length,
  };
  return pull(fake, repo, pr, baseSha, stats);
}

/** The list item (`pull-request-simple`) shape. */
export async function simplePull(fake: FakeState, repo: RepoState, pr: PullState) {
  await refreshHead(repo, pr);
  return pull(fake, repo, pr, (await branchSha(repo, pr.base.ref)) ?? pr.head.sha);
}

/** The open pull request from `head` into `base`, other than `except`. */
export function openPullFor(
  repo: RepoState,
  head: string,
  base: string,
  except?: number,
): PullState | undefined {
  return [...repo.pulls.values()].find(
    (p) => p.state === 'open' && p.head.ref === head && p.base.ref === base && p.number !== except,
  );
}

/** A push moved `branch`: open pull requests from it now point at `sha` (GitHub's "synchronize"). */
export function followPush(repo: RepoState, branch: string, sha: string, now: number): void {
  for (const pr of repo.pulls.values()) {
    if (pr.state === 'open' && pr.head.ref === branch && pr.head.sha !== sha) {
      pr.head.sha = sha;
      pr.updatedAt = now;
    }
  }
}
