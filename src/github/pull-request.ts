import type { RepositoryReader } from './repository-reader.ts';

export interface PullRequestOptions {
  base: string;
  branch: string;
  title: string;
  /** The body, or a function of the open PR's current body (undefined when opening one). */
  body: string | ((previous: string | undefined) => string);
  labels?: readonly string[];
  reviewers?: readonly string[];
  assignees?: readonly string[];
  draft?: boolean;
  /** Update an open PR's title, body and labels (default true); false leaves it as it is. */
  refresh?: boolean;
  /**
   * The branch was just created, so no open PR can have it as head (GitHub closes a PR whose head
   * branch is deleted): the lookup is skipped.
   */
  branchIsNew?: boolean;
}

export interface PullRequestRef {
  number: number;
  url: string;
  created: boolean;
}

/**
 * Opens the pull request from `branch` into `base`, or updates the open one (title and body when
 * they differ, labels it lacks). Reviewers and assignees are asked for only when it is opened:
 * people may have changed them since. Labels and assignees go in one issue update.
 */
export async function upsertPullRequest(
  reader: RepositoryReader,
  o: PullRequestOptions,
): Promise<PullRequestRef> {
  const { gh, owner, repo } = reader;
  // The open PR comes with the branch's tip in the run's first query (RepositoryReader.branches).
  const existing = o.branchIsNew ? undefined : await reader.openPull(o.branch, o.base);
  if (existing && o.refresh === false) return { number: existing.number, url: existing.url, created: false };
  if (existing) {
    const body = typeof o.body === 'function' ? o.body(existing.body ?? undefined) : o.body;
    if (existing.title !== o.title || (existing.body ?? '') !== body) {
      await gh.rest.pulls.update({ owner, repo, pull_number: existing.number, title: o.title, body });
      reader.pullWritten(o.branch, o.base, { ...existing, title: o.title, body });
    }
    const have = new Set(existing.labels);
    const missing = (o.labels ?? []).filter((l) => !have.has(l));
    if (missing.length > 0)
      await gh.rest.issues.addLabels({ owner, repo, issue_number: existing.number, labels: missing });
    return { number: existing.number, url: existing.url, created: false };
  }
  const created = await gh.rest.pulls.create({
    owner,
    repo,
    head: o.branch,
    base: o.base,
    title: o.title,
    body: typeof o.body === 'function' ? o.body(undefined) : o.body,
    draft: o.draft ?? false,
    maintainer_can_modify: true,
  });
  const number = created.data.number;
  reader.pullWritten(o.branch, o.base, {
    number,
    url: created.data.html_url,
    title: created.data.title,
    body: created.data.body,
    labels: [...(o.labels ?? [])],
  });
  if ((o.labels?.length ?? 0) > 0 || (o.assignees?.length ?? 0) > 0)
    await gh.rest.issues.update({
      owner,
      repo,
      issue_number: number,
      ...(o.labels?.length ? { labels: [...o.labels] } : {}),
      ...(o.assignees?.length ? { assignees: [...o.assignees] } : {}),
    });
  if (o.reviewers?.length)
    await gh.rest.pulls.requestReviewers({ owner, repo, pull_number: number, reviewers: [...o.reviewers] });
  return { number, url: created.data.html_url, created: true };
}
