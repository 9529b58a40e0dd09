import type { RepositoryReader } from './repository-reader.ts';
import { keepReviewNote, requestReviews, reviewNote } from './review-requests.ts';

export interface PullRequestOptions {
  base: string;
  branch: string;
  title: string;
  /** The body, or a function of the open PR's current body (undefined when opening one). */
  body: string | ((previous: string | undefined) => string);
  labels?: readonly string[];
  /** Logins, and `org/slug` for the owner's teams. */
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
  /** Reviewers GitHub would not ask (no write access), @-mentioned in the body instead. */
  unrequested?: string[] | undefined;
}

/**
 * Opens the pull request from `branch` into `base`, or updates the open one (title and body when
 * they differ, labels it lacks). Reviewers and assignees are asked for only when it is opened:
 * people may have changed them since, and a reviewer who has reviewed is no longer listed as
 * requested, so asking again on each update would ask them again. Reviewers GitHub would not ask
 * are @-mentioned in the body, once: the line is carried over when the body is rewritten. Labels,
 * assignees and that line go in one issue update.
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
    const body = keepReviewNote(
      typeof o.body === 'function' ? o.body(existing.body ?? undefined) : o.body,
      existing.body,
    );
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
  const body = typeof o.body === 'function' ? o.body(undefined) : o.body;
  const created = await gh.rest.pulls.create({
    owner,
    repo,
    head: o.branch,
    base: o.base,
    title: o.title,
    body,
    draft: o.draft ?? false,
    maintainer_can_modify: true,
  });
  const number = created.data.number;
  const opened = {
    number,
    url: created.data.html_url,
    title: created.data.title,
    body: created.data.body,
    labels: [...(o.labels ?? [])],
  };
  reader.pullWritten(o.branch, o.base, opened);
  const unrequested = o.reviewers?.length ? await requestReviews(reader, number, o.reviewers) : [];
  const noted = unrequested.length > 0 ? `${body}\n\n${reviewNote(unrequested)}` : undefined;
  if (noted !== undefined) reader.pullWritten(o.branch, o.base, { ...opened, body: noted });
  if ((o.labels?.length ?? 0) > 0 || (o.assignees?.length ?? 0) > 0 || noted !== undefined)
    await gh.rest.issues.update({
      owner,
      repo,
      issue_number: number,
      ...(o.labels?.length ? { labels: [...o.labels] } : {}),
      ...(o.assignees?.length ? { assignees: [...o.assignees] } : {}),
      ...(noted !== undefined ? { body: noted } : {}),
    });
  return {
    number,
    url: created.data.html_url,
    created: true,
    ...(unrequested.length > 0 ? { unrequested } : {}),
  };
}
