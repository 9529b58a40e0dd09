/** GitHub shapes of pull requests, their issue view, issue comments and check runs. */
import { apiBase, htmlBase, label, team, user } from './shapes.ts';
import { repository } from './shapes-repository.ts';
import {
  type AnnotationState,
  accountOf,
  type CheckRunState,
  type CommentState,
  type FakeState,
  isoTime,
  nodeId,
  type PullState,
  type RepoState,
} from './state.ts';

/** Counts GitHub adds to a single pull request (GET, POST, PATCH) but not to list items. */
export interface PullStats {
  commits: number;
  additions: number;
  deletions: number;
  changed_files: number;
}

export function labelsOf(fake: FakeState, repo: RepoState, names: string[]) {
  return names.flatMap((name) => {
    const l = repo.labels.get(name.toLowerCase());
    return l ? [label(fake, repo, l)] : [];
  });
}

/** `pull-request-simple`, or `pull-request` when `stats` are given. */
export function pull(fake: FakeState, repo: RepoState, pr: PullState, baseSha: string, stats?: PullStats) {
  const api = apiBase(fake, repo);
  const html = `${htmlBase(fake, repo)}/pull/${pr.number}`;
  const repoShape = repository(fake, repo);
  const owner = repo.owner.login;
  const assignees = pr.assignees.map((login) => user(fake, accountOf(login)));
  const shape: Record<string, unknown> = {
    url: `${api}/pulls/${pr.number}`,
    id: pr.id,
    node_id: nodeId('PR', pr.id),
    html_url: html,
    diff_url: `${html}.diff`,
    patch_url: `${html}.patch`,
    issue_url: `${api}/issues/${pr.number}`,
    commits_url: `${api}/pulls/${pr.number}/commits`,
    review_comments_url: `${api}/pulls/${pr.number}/comments`,
    review_comment_url: `${api}/pulls/comments{/number}`,
    comments_url: `${api}/issues/${pr.number}/comments`,
    statuses_url: `${api}/statuses/${pr.head.sha}`,
    number: pr.number,
    state: pr.state,
    locked: false,
    title: pr.title,
    user: user(fake, pr.user),
    body: pr.body,
    labels: labelsOf(fake, repo, pr.labels),
    milestone: null,
    active_lock_reason: null,
    created_at: isoTime(pr.createdAt),
    updated_at: isoTime(pr.updatedAt),
    closed_at: pr.closedAt === null ? null : isoTime(pr.closedAt),
    merged_at: null,
    merge_commit_sha: null,
    assignee: assignees[0] ?? null,
    assignees,
    requested_reviewers: pr.reviewers.map((login) => user(fake, accountOf(login))),
    requested_teams: pr.teamReviewers.map((slug) => team(fake, repo, slug)),
    head: {
      label: `${owner}:${pr.head.ref}`,
      ref: pr.head.ref,
      sha: pr.head.sha,
      user: repoShape.owner,
      repo: repoShape,
    },
    base: {
      label: `${owner}:${pr.base.ref}`,
      ref: pr.base.ref,
      sha: baseSha,
      user: repoShape.owner,
      repo: repoShape,
    },
    _links: {
      self: { href: `${api}/pulls/${pr.number}` },
      html: { href: html },
      issue: { href: `${api}/issues/${pr.number}` },
      comments: { href: `${api}/issues/${pr.number}/comments` },
      review_comments: { href: `${api}/pulls/${pr.number}/comments` },
      review_comment: { href: `${api}/pulls/comments{/number}` },
      commits: { href: `${api}/pulls/${pr.number}/commits` },
      statuses: { href: `${api}/statuses/${pr.head.sha}` },
    },
    author_association: 'MEMBER',
    auto_merge: null,
    draft: pr.draft,
  };
  if (stats) {
    Object.assign(shape, {
      merged: false,
      mergeable: null,
      rebaseable: null,
      mergeable_state: 'unknown',
      merged_by: null,
      comments: repo.comments.filter((c) => c.issue === pr.number).length,
      review_comments: 0,
      maintainer_can_modify: pr.maintainerCanModify,
      ...stats,
    });
  }
  return shape;
}

/** The issue view of a pull request (what the issues endpoints answer). */
export function issueOfPull(fake: FakeState, repo: RepoState, pr: PullState) {
  const api = apiBase(fake, repo);
  const html = `${htmlBase(fake, repo)}/pull/${pr.number}`;
  const assignees = pr.assignees.map((login) => user(fake, accountOf(login)));
  return {
    id: pr.issueId,
    node_id: nodeId('I', pr.issueId),
    url: `${api}/issues/${pr.number}`,
    repository_url: api,
    labels_url: `${api}/issues/${pr.number}/labels{/name}`,
    comments_url: `${api}/issues/${pr.number}/comments`,
    events_url: `${api}/issues/${pr.number}/events`,
    html_url: html,
    number: pr.number,
    state: pr.state,
    state_reason: null,
    title: pr.title,
    body: pr.body,
    user: user(fake, pr.user),
    labels: labelsOf(fake, repo, pr.labels),
    assignee: assignees[0] ?? null,
    assignees,
    milestone: null,
    locked: false,
    active_lock_reason: null,
    comments: repo.comments.filter((c) => c.issue === pr.number).length,
    pull_request: {
      url: `${api}/pulls/${pr.number}`,
      html_url: html,
      diff_url: `${html}.diff`,
      patch_url: `${html}.patch`,
      merged_at: null,
    },
    closed_at: pr.closedAt === null ? null : isoTime(pr.closedAt),
    created_at: isoTime(pr.createdAt),
    updated_at: isoTime(pr.updatedAt),
    draft: pr.draft,
    author_association: 'MEMBER',
  };
}

export function comment(fake: FakeState, repo: RepoState, c: CommentState) {
  const api = apiBase(fake, repo);
  return {
    id: c.id,
    node_id: nodeId('IC', c.id),
    url: `${api}/issues/comments/${c.id}`,
    html_url: `${htmlBase(fake, repo)}/pull/${c.issue}#issuecomment-${c.id}`,
    issue_url: `${api}/issues/${c.issue}`,
    body: c.body,
    user: user(fake, c.user),
    created_at: isoTime(c.createdAt),
    updated_at: isoTime(c.updatedAt),
    author_association: 'MEMBER',
  };
}

export function checkRun(fake: FakeState, repo: RepoState, run: CheckRunState) {
  const api = apiBase(fake, repo);
  return {
    id: run.id,
    head_sha: run.headSha,
    node_id: nodeId('CR', run.id),
    external_id: run.externalId,
    url: `${api}/check-runs/${run.id}`,
    html_url: `${htmlBase(fake, repo)}/runs/${run.id}`,
    details_url: run.detailsUrl,
    status: run.status,
    conclusion: run.conclusion,
    started_at: isoTime(run.startedAt),
    completed_at: run.completedAt === null ? null : isoTime(run.completedAt),
    output: {
      ...run.output,
      annotations_count: run.annotations.length,
      annotations_url: `${api}/check-runs/${run.id}/annotations`,
    },
    name: run.name,
    check_suite: { id: run.id },
    app: null,
    pull_requests: [],
  };
}

/** `check-annotation`: one annotation as GET …/check-runs/{id}/annotations lists it. */
export function annotation(fake: FakeState, repo: RepoState, run: CheckRunState, a: AnnotationState) {
  return {
    path: a.path,
    blob_href: `${htmlBase(fake, repo)}/blob/${run.headSha}/${a.path}`,
    start_line: a.startLine,
    end_line: a.endLine,
    start_column: a.startColumn,
    end_column: a.endColumn,
    annotation_level: a.level,
    title: a.title,
    message: a.message,
    raw_details: a.rawDetails,
  };
}
