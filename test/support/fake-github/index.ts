/**
 * A GitHub REST API double on 127.0.0.1, backed by real bare git repositories, for Octokit
 * clients used unmodified:
 *
 *   const gh = await startFakeGitHub({ repos: [{ owner: 'acme', name: 'app', files: { 'a.json': '{}' } }] });
 *   const octokit = new Octokit({ auth: gh.token, baseUrl: gh.url }); // or GITHUB_API_URL=gh.url
 *   …
 *   execFileSync('git', ['--git-dir', gh.repoPath('acme', 'app'), 'show', 'svc-l10n/main:de.json']);
 *   await gh.close();
 *
 * Shapes and error bodies follow GitHub's REST description, and test/fake-github/
 * openapi-conformance.test.ts validates every route's answers against it (@octokit/openapi); the
 * other tests in test/fake-github/ show each endpoint driven by Octokit.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AppIdentity, Auth, newToken } from './auth.ts';
import { Git } from './git.ts';
import { HttpError } from './http-error.ts';
import { RateLimits } from './rate-limit.ts';
import { commitFiles } from './repo-write.ts';
import { compile, type Route } from './router.ts';
import { appRoutes } from './routes-app.ts';
import { checkRoutes } from './routes-checks.ts';
import { gitRoutes } from './routes-git.ts';
import { graphqlRoutes } from './routes-graphql.ts';
import { issueRoutes } from './routes-issues.ts';
import { mergeRoutes } from './routes-merges.ts';
import { pullRoutes } from './routes-pulls.ts';
import { refRoutes } from './routes-refs.ts';
import { repoRoutes } from './routes-repos.ts';
import { type Answer, type Call, createHandler, type Intercept } from './server.ts';
import { type CheckRunState, type FakeState, findRepo, type RepoState, repoKey, serialize } from './state.ts';

export type { Answer, Call, Intercept } from './server.ts';
export type { AnnotationState, CheckRunState } from './state.ts';

export interface FakeRepoOptions {
  owner: string;
  name: string;
  /** Default `main`. */
  defaultBranch?: string;
  /** Files of the initial commit on the default branch (none: a commit of the empty tree). */
  files?: Record<string, string | Uint8Array>;
  /**
   * Logins with write access: only they may be asked to review (GitHub's 422 for anyone else).
   * Default: anyone may.
   */
  collaborators?: string[];
  /** Slugs of the owner's teams with access: only they may be asked to review. Default: any team. */
  teams?: string[];
}

export interface FakeGitHubOptions {
  repos: FakeRepoOptions[];
  /** Accepted personal tokens; default one generated token (`gh.token`). */
  tokens?: string[];
  /** The GitHub App; id 1 and a generated key (`gh.app.privateKey`) by default. */
  app?: { id: number; privateKeyPem?: string; installationId?: number };
  /** Requests per credential per hour before GitHub's 403 rate-limit answer; default 5000. */
  rateLimit?: number;
  now?: () => number;
  /** Sees every answer with its route template (test/fake-github/openapi-conformance.test.ts). */
  onAnswer?: (answer: Answer) => void;
}

/** A pull request as stored (what the API would show, in plain fields). */
export interface StoredPull {
  number: number;
  title: string;
  body: string | null;
  state: 'open' | 'closed';
  draft: boolean;
  head: { ref: string; sha: string };
  base: { ref: string };
  labels: string[];
  reviewers: string[];
  /** Team slugs asked to review. */
  teamReviewers: string[];
  assignees: string[];
}

export interface FakeGitHub {
  /** `http://127.0.0.1:PORT`: Octokit's baseUrl (no /api/v3 prefix). */
  url: string;
  token: string;
  app: AppIdentity;
  /** Every request answered, in order. */
  calls: Call[];
  /** When set, may answer a request instead of the fake (e.g. a 502 or a 409 to test retries). */
  intercept: Intercept | undefined;
  /** The bare repository on disk, for `git --git-dir`. */
  repoPath(owner: string, name: string): string;
  pulls(owner: string, name: string): StoredPull[];
  /** The check runs created in the repository, oldest first, with every annotation sent. */
  checkRuns(owner: string, name: string): CheckRunState[];
  /** Simulates a person pushing one commit to `branch` (created from the default branch if new); null deletes. */
  commitAs(
    owner: string,
    name: string,
    branch: string,
    files: Record<string, string | null>,
    message: string,
  ): Promise<string>;
  close(): Promise<void>;
}

/** Every REST route the double answers, in matching order (GraphQL: routes-graphql.ts). */
export const ROUTES: readonly Route[] = [
  ...appRoutes,
  ...checkRoutes,
  ...refRoutes,
  ...gitRoutes,
  ...pullRoutes,
  ...issueRoutes,
  ...repoRoutes,
  ...mergeRoutes,
];

/** Starts the double; close() stops it and removes its repositories. */
export async function startFakeGitHub(options: FakeGitHubOptions): Promise<FakeGitHub> {
  const now = options.now ?? Date.now;
  let lastId = 1_000_000;
  const state: FakeState = { url: '', now, repos: new Map(), nextId: () => ++lastId };
  const tokens = options.tokens?.length ? options.tokens : [newToken('ghp')];
  const auth = new Auth({
    tokens,
    app: { id: options.app?.id ?? 1, privateKeyPem: options.app?.privateKeyPem },
    installationId: options.app?.installationId ?? 45_000_001,
    now,
  });
  const root = await mkdtemp(join(tmpdir(), 'fake-github-'));
  try {
    for (const spec of options.repos) await createRepo(state, root, spec);
  } catch (error) {
    await rm(root, { recursive: true, force: true });
    throw error;
  }
  const calls: Call[] = [];
  const routes = compile([...ROUTES, ...graphqlRoutes]);
  const fake: FakeGitHub = {
    url: '',
    token: tokens[0] as string,
    app: auth.app,
    calls,
    intercept: undefined,
    repoPath: (owner, name) => findRepoOrThrow(state, owner, name).git.dir,
    pulls: (owner, name) =>
      [...findRepoOrThrow(state, owner, name).pulls.values()].map((p) => ({
        number: p.number,
        title: p.title,
        body: p.body,
        state: p.state,
        draft: p.draft,
        head: { ...p.head },
        base: { ...p.base },
        labels: [...p.labels],
        reviewers: [...p.reviewers],
        teamReviewers: [...p.teamReviewers],
        assignees: [...p.assignees],
      })),
    checkRuns: (owner, name) => structuredClone(findRepoOrThrow(state, owner, name).checkRuns),
    commitAs: (owner, name, branch, files, message) => {
      const repo = findRepoOrThrow(state, owner, name);
      return serialize(repo, () => commitFiles(repo, branch, files, message, now()));
    },
    close: async () => {},
  };
  const limits = new RateLimits(options.rateLimit ?? 5000, now);
  const server = createServer(
    createHandler({
      state,
      auth,
      limits,
      routes,
      calls,
      intercept: () => fake.intercept,
      onAnswer: options.onAnswer,
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.url = state.url;
  fake.close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await rm(root, { recursive: true, force: true });
  };
  return fake;
}

async function createRepo(state: FakeState, root: string, spec: FakeRepoOptions): Promise<void> {
  const key = repoKey(spec.owner, spec.name);
  if (state.repos.has(key))
    throw new TypeError(`[fake-github] repository ${spec.owner}/${spec.name} given twice`);
  await mkdir(join(root, spec.owner), { recursive: true });
  const git = new Git(join(root, spec.owner, `${spec.name}.git`));
  const defaultBranch = spec.defaultBranch ?? 'main';
  await git.init(defaultBranch);
  const repo: RepoState = {
    id: state.nextId(),
    owner: { login: spec.owner, id: state.nextId(), type: 'Organization' },
    name: spec.name,
    defaultBranch,
    git,
    createdAt: state.now(),
    lastNumber: 0,
    pulls: new Map(),
    labels: new Map(),
    comments: [],
    checkRuns: [],
    collaborators: spec.collaborators && new Set(spec.collaborators.map((l) => l.toLowerCase())),
    teams: spec.teams && new Set(spec.teams.map((t) => t.toLowerCase())),
    writes: Promise.resolve(),
  };
  state.repos.set(key, repo);
  await commitFiles(repo, defaultBranch, spec.files ?? {}, 'Initial commit', state.now());
}

function findRepoOrThrow(state: FakeState, owner: string, name: string): RepoState {
  try {
    return findRepo(state, owner, name);
  } catch (error) {
    if (error instanceof HttpError) throw new TypeError(`[fake-github] no repository ${owner}/${name}`);
    throw error;
  }
}
