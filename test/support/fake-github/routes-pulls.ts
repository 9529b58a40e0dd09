/** Pull requests: list, create, get, update, files, and review requests. */
import { HttpError, invalidField, validationFailed } from './http-error.ts';
import { optionalBoolean, optionalString, pageReply, paginate, requiredString, stringList } from './input.ts';
import { branchSha, findPull, fullPull, openPullFor, pullFiles, refreshHead, simplePull } from './pulls.ts';
import type { Ctx, Route } from './router.ts';
import type { PullState, RepoState } from './state.ts';

const DOC = 'https://docs.github.com/rest/pulls/pulls';

const alreadyExists = (repo: RepoState, head: string) =>
  validationFailed({
    resource: 'PullRequest',
    code: 'custom',
    message: `A pull request already exists for ${repo.owner.login}:${head}.`,
  });

/** `owner:branch` or `branch`; another owner would be a fork, which this double does not have. */
function headBranch(ctx: Ctx, head: string): string {
  const colon = head.indexOf(':');
  if (colon < 0) return head;
  if (head.slice(0, colon).toLowerCase() !== ctx.repo.owner.login.toLowerCase()) {
    throw invalidField('PullRequest', 'head');
  }
  return head.slice(colon + 1);
}

async function listPulls(ctx: Ctx) {
  const state = ctx.query.get('state') ?? 'open';
  if (!['open', 'closed', 'all'].includes(state)) throw invalidField('PullRequest', 'state');
  const head = ctx.query.get('head');
  const base = ctx.query.get('base');
  const sort = ctx.query.get('sort') ?? 'created';
  const direction = ctx.query.get('direction') ?? (sort === 'created' ? 'desc' : 'asc');
  const owner = ctx.repo.owner.login.toLowerCase();
  const pulls = [...ctx.repo.pulls.values()].filter((p) => {
    if (state !== 'all' && p.state !== state) return false;
    // Like GitHub, `head` filters only in its `owner:branch` form; a bare branch name is ignored.
    if (head?.includes(':')) {
      const [who = '', ...rest] = head.split(':');
      if (who.toLowerCase() !== owner || p.head.ref !== rest.join(':')) return false;
    }
    return !base || p.base.ref === base;
  });
  const key = (p: PullState) => (sort === 'updated' ? p.updatedAt : p.createdAt) * 1e6 + p.number;
  pulls.sort((a, b) => (direction === 'asc' ? key(a) - key(b) : key(b) - key(a)));
  const { page, headers } = paginate(ctx, `/repos/${ctx.repo.owner.login}/${ctx.repo.name}/pulls`, pulls);
  const body = [];
  for (const p of page) body.push(await simplePull(ctx.fake, ctx.repo, p));
  return { body, headers };
}

async function createPull(ctx: Ctx) {
  const title = requiredString(ctx.body, 'title', 'PullRequest');
  const head = headBranch(ctx, requiredString(ctx.body, 'head', 'PullRequest'));
  const base = requiredString(ctx.body, 'base', 'PullRequest');
  const body = ctx.body.body === null ? null : (optionalString(ctx.body, 'body', 'PullRequest') ?? null);
  const draft = optionalBoolean(ctx.body, 'draft', 'PullRequest') ?? false;
  const maintainerCanModify = optionalBoolean(ctx.body, 'maintainer_can_modify', 'PullRequest') ?? true;
  const baseSha = await branchSha(ctx.repo, base);
  if (!baseSha) throw invalidField('PullRequest', 'base');
  const headSha = await branchSha(ctx.repo, head);
  if (!headSha) throw invalidField('PullRequest', 'head');
  if (openPullFor(ctx.repo, head, base)) throw alreadyExists(ctx.repo, head);
  if (await ctx.repo.git.isAncestor(headSha, baseSha)) {
    throw validationFailed({
      resource: 'PullRequest',
      code: 'custom',
      message: `No commits between ${base} and ${head}`,
    });
  }
  const now = ctx.fake.now();
  const pr: PullState = {
    number: ++ctx.repo.lastNumber,
    id: ctx.fake.nextId(),
    issueId: ctx.fake.nextId(),
    title,
    body,
    state: 'open',
    draft,
    head: { ref: head, sha: headSha },
    base: { ref: base },
    labels: [],
    assignees: [],
    reviewers: [],
    teamReviewers: [],
    user: ctx.principal.actor,
    maintainerCanModify,
    createdAt: now,
    updatedAt: now,
    closedAt: null,
  };
  ctx.repo.pulls.set(pr.number, pr);
  const shape = await fullPull(ctx.fake, ctx.repo, pr);
  return { status: 201, body: shape, headers: { location: String(shape.url) } };
}

async function updatePull(ctx: Ctx) {
  const pr = findPull(ctx.repo, ctx.params.number);
  const title = optionalString(ctx.body, 'title', 'PullRequest');
  const body = ctx.body.body === null ? null : optionalString(ctx.body, 'body', 'PullRequest');
  const state = optionalString(ctx.body, 'state', 'PullRequest');
  const base = optionalString(ctx.body, 'base', 'PullRequest');
  const maintainerCanModify = optionalBoolean(ctx.body, 'maintainer_can_modify', 'PullRequest');
  if (state !== undefined && state !== 'open' && state !== 'closed')
    throw invalidField('PullRequest', 'state');
  if (base !== undefined && !(await branchSha(ctx.repo, base))) throw invalidField('PullRequest', 'base');
  const nextBase = base ?? pr.base.ref;
  if ((state ?? pr.state) === 'open' && openPullFor(ctx.repo, pr.head.ref, nextBase, pr.number)) {
    throw alreadyExists(ctx.repo, pr.head.ref);
  }
  if (title !== undefined) pr.title = title;
  if (body !== undefined) pr.body = body;
  if (base !== undefined) pr.base.ref = base;
  if (maintainerCanModify !== undefined) pr.maintainerCanModify = maintainerCanModify;
  if (state !== undefined && state !== pr.state) {
    pr.state = state;
    pr.closedAt = state === 'closed' ? ctx.fake.now() : null;
  }
  pr.updatedAt = ctx.fake.now();
  return { body: await fullPull(ctx.fake, ctx.repo, pr) };
}

/** Adds the names not there yet (compared case-insensitively), or removes the given ones. */
function edited(list: string[], names: string[], add: boolean): string[] {
  const has = (all: string[], name: string) => all.some((n) => n.toLowerCase() === name.toLowerCase());
  if (!add) return list.filter((n) => !has(names, n));
  const out = [...list];
  for (const name of names) if (!has(out, name)) out.push(name);
  return out;
}

/**
 * Asks users (`reviewers`) and the owner's teams (`team_reviewers`, slugs) to review, or takes
 * them off. As on GitHub, a request naming anyone without access to the repository is refused
 * whole (422), and the author cannot be asked.
 */
async function requestReviewers(ctx: Ctx, add: boolean) {
  const pr = findPull(ctx.repo, ctx.params.number);
  const reviewers = stringList(ctx.body.reviewers, 'reviewers', 'PullRequest');
  const teams = stringList(ctx.body.team_reviewers, 'team_reviewers', 'PullRequest');
  if (add && reviewers.some((r) => r.toLowerCase() === pr.user.login.toLowerCase())) {
    throw new HttpError(422, 'Review cannot be requested from pull request author.');
  }
  const { collaborators, teams: withAccess } = ctx.repo;
  if (
    add &&
    (reviewers.some((r) => collaborators && !collaborators.has(r.toLowerCase())) ||
      teams.some((t) => withAccess && !withAccess.has(t.toLowerCase())))
  ) {
    throw new HttpError(
      422,
      `Reviews may only be requested from collaborators. One or more of the users or teams you specified is not a collaborator of the ${ctx.repo.owner.login}/${ctx.repo.name} repository.`,
    );
  }
  pr.reviewers = edited(pr.reviewers, reviewers, add);
  pr.teamReviewers = edited(pr.teamReviewers, teams, add);
  pr.updatedAt = ctx.fake.now();
  return { status: add ? 201 : 200, body: await simplePull(ctx.fake, ctx.repo, pr) };
}

export const pullRoutes: Route[] = [
  { method: 'GET', path: '/repos/:owner/:repo/pulls', doc: `${DOC}#list-pull-requests`, handler: listPulls },
  {
    method: 'POST',
    path: '/repos/:owner/:repo/pulls',
    doc: `${DOC}#create-a-pull-request`,
    handler: createPull,
  },
  {
    method: 'GET',
    path: '/repos/:owner/:repo/pulls/:number',
    doc: `${DOC}#get-a-pull-request`,
    handler: async (ctx) => ({
      body: await fullPull(ctx.fake, ctx.repo, findPull(ctx.repo, ctx.params.number)),
    }),
  },
  {
    method: 'PATCH',
    path: '/repos/:owner/:repo/pulls/:number',
    doc: `${DOC}#update-a-pull-request`,
    handler: updatePull,
  },
  {
    method: 'GET',
    path: '/repos/:owner/:repo/pulls/:number/files',
    doc: `${DOC}#list-pull-requests-files`,
    handler: async (ctx) => {
      const pr = findPull(ctx.repo, ctx.params.number);
      await refreshHead(ctx.repo, pr);
      const files = await pullFiles(ctx.fake, ctx.repo, pr, await branchSha(ctx.repo, pr.base.ref));
      const path = `/repos/${ctx.repo.owner.login}/${ctx.repo.name}/pulls/${pr.number}/files`;
      return pageReply(ctx, path, files, (f) => f);
    },
  },
  {
    method: 'POST',
    path: '/repos/:owner/:repo/pulls/:number/requested_reviewers',
    doc: 'https://docs.github.com/rest/pulls/review-requests#request-reviewers-for-a-pull-request',
    handler: (ctx) => requestReviewers(ctx, true),
  },
  {
    method: 'DELETE',
    path: '/repos/:owner/:repo/pulls/:number/requested_reviewers',
    doc: 'https://docs.github.com/rest/pulls/review-requests#remove-requested-reviewers-from-a-pull-request',
    handler: (ctx) => requestReviewers(ctx, false),
  },
];
