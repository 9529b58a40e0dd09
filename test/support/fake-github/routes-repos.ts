/** Repository reads: the repository, contents, branches, commits and comparisons. */
import { getContents } from './contents.ts';
import { diffFiles } from './diff.ts';
import { HttpError, notFound } from './http-error.ts';
import type { Ctx, Route } from './router.ts';
import { apiBase, htmlBase, restCommit } from './shapes.ts';
import { fullRepository } from './shapes-repository.ts';

const DOC = 'https://docs.github.com/rest';

async function commitOf(ctx: Ctx, ref: string) {
  const sha = await ctx.repo.git.resolve(`${ref}^{commit}`);
  return sha ? ctx.repo.git.readCommit(sha) : undefined;
}

async function getBranch(ctx: Ctx) {
  const name = ctx.params.branch ?? '';
  const sha = await ctx.repo.git.resolve(`refs/heads/${name}`);
  const commit = sha ? await ctx.repo.git.readCommit(sha) : undefined;
  if (!commit) throw new HttpError(404, 'Branch not found');
  const api = apiBase(ctx.fake, ctx.repo);
  return {
    body: {
      name,
      commit: restCommit(ctx.fake, ctx.repo, commit),
      _links: { self: `${api}/branches/${name}`, html: `${htmlBase(ctx.fake, ctx.repo)}/tree/${name}` },
      protected: false,
      protection: {
        enabled: false,
        required_status_checks: { enforcement_level: 'off', contexts: [], checks: [] },
      },
      protection_url: `${api}/branches/${name}/protection`,
    },
  };
}

async function getCommit(ctx: Ctx) {
  const ref = ctx.params.ref ?? '';
  const commit = await commitOf(ctx, ref);
  if (!commit) throw new HttpError(422, `No commit found for SHA: ${ref}`);
  const files = await diffFiles(ctx.fake, ctx.repo, commit.parents[0], commit.sha);
  return { body: restCommit(ctx.fake, ctx.repo, commit, files) };
}

async function compare(ctx: Ctx) {
  const basehead = ctx.params.basehead ?? '';
  const [baseRef = '', headRef = ''] = basehead.includes('...')
    ? basehead.split('...')
    : basehead.split('..');
  const [base, head] = [await commitOf(ctx, baseRef), await commitOf(ctx, headRef)];
  if (!base || !head) throw notFound();
  const git = ctx.repo.git;
  const mergeBase = await git.mergeBase(base.sha, head.sha);
  if (!mergeBase) throw new HttpError(404, `No common ancestor between ${baseRef} and ${headRef}.`);
  const ahead = await git.revList(base.sha, head.sha);
  const behind = await git.revList(head.sha, base.sha);
  const status =
    ahead.length && behind.length
      ? 'diverged'
      : ahead.length
        ? 'ahead'
        : behind.length
          ? 'behind'
          : 'identical';
  const commits = [];
  // GitHub lists at most 250 commits in a comparison.
  for (const sha of ahead.slice(0, 250)) {
    const c = await git.readCommit(sha);
    if (c) commits.push(restCommit(ctx.fake, ctx.repo, c));
  }
  const mergeBaseCommit = await git.readCommit(mergeBase);
  const html = `${htmlBase(ctx.fake, ctx.repo)}/compare/${baseRef}...${headRef}`;
  return {
    body: {
      url: `${apiBase(ctx.fake, ctx.repo)}/compare/${baseRef}...${headRef}`,
      html_url: html,
      permalink_url: `${htmlBase(ctx.fake, ctx.repo)}/compare/${base.sha}...${head.sha}`,
      diff_url: `${html}.diff`,
      patch_url: `${html}.patch`,
      base_commit: restCommit(ctx.fake, ctx.repo, base),
      merge_base_commit: mergeBaseCommit ? restCommit(ctx.fake, ctx.repo, mergeBaseCommit) : null,
      status,
      ahead_by: ahead.length,
      behind_by: behind.length,
      total_commits: ahead.length,
      commits,
      files: await diffFiles(ctx.fake, ctx.repo, mergeBase, head.sha),
    },
  };
}

export const repoRoutes: Route[] = [
  {
    method: 'GET',
    path: '/repos/:owner/:repo',
    doc: `${DOC}/repos/repos#get-a-repository`,
    handler: async (ctx) => ({ body: fullRepository(ctx.fake, ctx.repo) }),
  },
  {
    method: 'GET',
    path: '/repos/:owner/:repo/contents',
    doc: `${DOC}/repos/contents#get-repository-content`,
    handler: getContents,
  },
  {
    method: 'GET',
    path: '/repos/:owner/:repo/contents/*path',
    doc: `${DOC}/repos/contents#get-repository-content`,
    handler: getContents,
  },
  {
    method: 'GET',
    path: '/repos/:owner/:repo/branches/*branch',
    doc: `${DOC}/branches/branches#get-a-branch`,
    handler: getBranch,
  },
  {
    method: 'GET',
    path: '/repos/:owner/:repo/commits/*ref',
    doc: `${DOC}/commits/commits#get-a-commit`,
    handler: getCommit,
  },
  {
    method: 'GET',
    path: '/repos/:owner/:repo/compare/*basehead',
    doc: `${DOC}/commits/commits#compare-two-commits`,
    handler: compare,
  },
];
