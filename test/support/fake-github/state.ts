/** What the fake remembers besides git objects: repositories, pull requests, labels, comments, checks. */
import type { Git } from './git.ts';
import { notFound } from './http-error.ts';

export interface Actor {
  login: string;
  id: number;
  type: 'User' | 'Bot' | 'Organization';
}

export interface LabelState {
  id: number;
  name: string;
  color: string;
  description: string | null;
}

export interface PullState {
  number: number;
  id: number;
  /** The id of the pull request's issue view. */
  issueId: number;
  title: string;
  body: string | null;
  state: 'open' | 'closed';
  draft: boolean;
  /** head.sha is refreshed from the branch on every read while the branch exists. */
  head: { ref: string; sha: string };
  base: { ref: string };
  /** Label names in the order they were added. */
  labels: string[];
  assignees: string[];
  reviewers: string[];
  /** Team slugs asked to review (`team_reviewers`). */
  teamReviewers: string[];
  user: Actor;
  maintainerCanModify: boolean;
  createdAt: number;
  updatedAt: number;
  closedAt: number | null;
}

export interface CommentState {
  id: number;
  issue: number;
  body: string;
  user: Actor;
  createdAt: number;
  updatedAt: number;
}

export interface CheckRunState {
  id: number;
  name: string;
  headSha: string;
  status: string;
  conclusion: string | null;
  startedAt: number;
  completedAt: number | null;
  detailsUrl: string | null;
  externalId: string | null;
  output: { title: string | null; summary: string | null; text: string | null };
  /** Every annotation sent, in order: each create or update appends its batch. */
  annotations: AnnotationState[];
}

export interface AnnotationState {
  path: string;
  startLine: number;
  endLine: number;
  startColumn: number | null;
  endColumn: number | null;
  level: 'notice' | 'warning' | 'failure';
  message: string;
  title: string | null;
  rawDetails: string | null;
}

export interface RepoState {
  id: number;
  owner: Actor;
  name: string;
  defaultBranch: string;
  git: Git;
  createdAt: number;
  /** Issue and pull request numbers share one sequence, as on GitHub. */
  lastNumber: number;
  pulls: Map<number, PullState>;
  /** Repository labels by lower-cased name (GitHub label names are case-insensitive). */
  labels: Map<string, LabelState>;
  comments: CommentState[];
  checkRuns: CheckRunState[];
  /**
   * Lower-cased logins with write access, who may be asked to review; undefined: anyone may
   * (the double's default, as if every login named were a collaborator).
   */
  collaborators: Set<string> | undefined;
  /** Lower-cased slugs of the owner's teams with access to the repository; undefined: any team. */
  teams: Set<string> | undefined;
  /** Tail of the write queue: writes to one repository run one at a time. */
  writes: Promise<unknown>;
}

export interface FakeState {
  /** http://127.0.0.1:PORT, known once the server listens. */
  url: string;
  now: () => number;
  repos: Map<string, RepoState>;
  nextId: () => number;
}

export const repoKey = (owner: string, name: string): string => `${owner}/${name}`.toLowerCase();

/** The repository, or GitHub's 404 (names are case-insensitive). */
export function findRepo(state: FakeState, owner: string, name: string): RepoState {
  const repo = state.repos.get(repoKey(owner, name));
  if (!repo) throw notFound();
  return repo;
}

/** Runs `work` after every earlier write to the repository has settled. */
export function serialize<T>(repo: RepoState, work: () => Promise<T>): Promise<T> {
  const run = repo.writes.then(work, work);
  repo.writes = run.catch(() => undefined);
  return run;
}

/** GitHub's timestamp format: ISO 8601 in UTC without milliseconds. */
export function isoTime(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

/** A GraphQL-style global node id, shaped like GitHub's (`PR_kwDO…`). */
export function nodeId(prefix: string, id: number): string {
  return `${prefix}_kwDO${Buffer.from(`${prefix}:${id}`).toString('base64url')}`;
}

/** A made-up id that is the same for the same name, whatever its case. */
export function stableId(name: string): number {
  let id = 0;
  for (const ch of name.toLowerCase()) id = (id * 31 + (ch.codePointAt(0) ?? 0)) % 90_000_000;
  return 10_000_000 + id;
}

/** An account known only by its login (assignees, reviewers), with a stable made-up id. */
export function accountOf(login: string): Actor {
  return { login, id: stableId(login), type: 'User' };
}
