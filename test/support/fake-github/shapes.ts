/**
 * JSON shapes as GitHub's REST API returns them (components/schemas in GitHub's OpenAPI
 * description, mirrored by @octokit/openapi-types): simple-user, git-ref, git-commit, commit,
 * label, team. Repositories live in shapes-repository.ts; pull requests, issues and check runs in
 * shapes-issues.ts.
 */
import type { CommitObject, GitIdentity } from './git.ts';
import {
  type Actor,
  type FakeState,
  isoTime,
  type LabelState,
  nodeId,
  type RepoState,
  stableId,
} from './state.ts';

export const apiBase = (fake: FakeState, repo: RepoState): string =>
  `${fake.url}/repos/${repo.owner.login}/${repo.name}`;
export const htmlBase = (fake: FakeState, repo: RepoState): string =>
  `${fake.url}/${repo.owner.login}/${repo.name}`;

export function user(fake: FakeState, actor: Actor): Record<string, unknown> {
  const url = `${fake.url}/users/${actor.login}`;
  return {
    login: actor.login,
    id: actor.id,
    node_id: nodeId(actor.type === 'Organization' ? 'O' : 'U', actor.id),
    avatar_url: `${fake.url}/avatars/u/${actor.id}?v=4`,
    gravatar_id: '',
    url,
    html_url: `${fake.url}/${actor.login}`,
    followers_url: `${url}/followers`,
    following_url: `${url}/following{/other_user}`,
    gists_url: `${url}/gists{/gist_id}`,
    starred_url: `${url}/starred{/owner}{/repo}`,
    subscriptions_url: `${url}/subscriptions`,
    organizations_url: `${url}/orgs`,
    repos_url: `${url}/repos`,
    events_url: `${url}/events{/privacy}`,
    received_events_url: `${url}/received_events`,
    type: actor.type,
    user_view_type: 'public',
    site_admin: false,
  };
}

export function gitRef(fake: FakeState, repo: RepoState, ref: string, sha: string, type: string) {
  return {
    ref,
    node_id: nodeId('REF', hashNumber(ref)),
    url: `${apiBase(fake, repo)}/git/${ref}`,
    object: { sha, type, url: `${apiBase(fake, repo)}/git/${type}s/${sha}` },
  };
}

const person = (who: GitIdentity) => ({ name: who.name, email: who.email, date: isoTime(who.time * 1000) });
const unverified = { verified: false, reason: 'unsigned', signature: null, payload: null, verified_at: null };

/** `git-commit`: the Git Data API's view of a commit object. */
export function gitCommit(fake: FakeState, repo: RepoState, commit: CommitObject) {
  const url = apiBase(fake, repo);
  return {
    sha: commit.sha,
    node_id: nodeId('C', hashNumber(commit.sha)),
    url: `${url}/git/commits/${commit.sha}`,
    html_url: `${htmlBase(fake, repo)}/commit/${commit.sha}`,
    author: person(commit.author),
    committer: person(commit.committer),
    tree: { sha: commit.tree, url: `${url}/git/trees/${commit.tree}` },
    message: commit.message,
    parents: commit.parents.map((sha) => ({
      sha,
      url: `${url}/git/commits/${sha}`,
      html_url: `${htmlBase(fake, repo)}/commit/${sha}`,
    })),
    verification: unverified,
  };
}

/** `commit`: the repository API's view, optionally with the files changed against the first parent. */
export function restCommit(fake: FakeState, repo: RepoState, commit: CommitObject, files?: DiffEntryShape[]) {
  const url = apiBase(fake, repo);
  const shape: Record<string, unknown> = {
    sha: commit.sha,
    node_id: nodeId('C', hashNumber(commit.sha)),
    url: `${url}/commits/${commit.sha}`,
    html_url: `${htmlBase(fake, repo)}/commit/${commit.sha}`,
    comments_url: `${url}/commits/${commit.sha}/comments`,
    commit: {
      url: `${url}/git/commits/${commit.sha}`,
      author: person(commit.author),
      committer: person(commit.committer),
      message: commit.message,
      tree: { sha: commit.tree, url: `${url}/git/trees/${commit.tree}` },
      comment_count: 0,
      verification: unverified,
    },
    // Commit authors are not linked to GitHub accounts here.
    author: null,
    committer: null,
    parents: commit.parents.map((sha) => ({
      sha,
      url: `${url}/commits/${sha}`,
      html_url: `${htmlBase(fake, repo)}/commit/${sha}`,
    })),
  };
  if (files) {
    const additions = files.reduce((n, f) => n + f.additions, 0);
    const deletions = files.reduce((n, f) => n + f.deletions, 0);
    shape.stats = { total: additions + deletions, additions, deletions };
    shape.files = files;
  }
  return shape;
}

export interface DiffEntryShape {
  sha: string | null;
  filename: string;
  status: 'added' | 'removed' | 'modified' | 'changed';
  additions: number;
  deletions: number;
  changes: number;
  blob_url: string;
  raw_url: string;
  contents_url: string;
  patch?: string;
}

export function label(fake: FakeState, repo: RepoState, l: LabelState) {
  return {
    id: l.id,
    node_id: nodeId('LA', l.id),
    url: `${apiBase(fake, repo)}/labels/${encodeURIComponent(l.name)}`,
    name: l.name,
    color: l.color,
    default: false,
    description: l.description,
  };
}

/** `team`: one of the repository owner's teams, known only by its slug (a pull request's requested_teams). */
export function team(fake: FakeState, repo: RepoState, slug: string) {
  const id = stableId(`team:${slug}`);
  const org = repo.owner;
  const url = `${fake.url}/organizations/${org.id}/team/${id}`;
  return {
    id,
    node_id: nodeId('T', id),
    url,
    html_url: `${fake.url}/orgs/${org.login}/teams/${slug}`,
    name: slug,
    slug,
    description: null,
    privacy: 'closed',
    notification_setting: 'notifications_enabled',
    permission: 'push',
    members_url: `${url}/members{/member}`,
    repositories_url: `${url}/repos`,
    type: 'organization',
    organization_id: org.id,
    parent: null,
  };
}

/** A stable small number for node ids of objects that have no numeric id (refs, commits). */
function hashNumber(text: string): number {
  let h = 0;
  for (const ch of text) h = (h * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return h;
}
