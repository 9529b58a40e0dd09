/** Repository reads: the repository, contents, branches, commits and comparisons. */
import { diffFiles } from './diff.ts';
import { HttpError, notFound } from './http-error.ts';
import type { Ctx, Route } from './router.ts';
import { wrappedBase64 } from './routes-git.ts';
import { apiBase, htmlBase, restCommit } from './shapes.ts';
import { fullRepository } from './shapes-repository.ts';

const DOC = 'https://docs.github.com/rest';
const CONTENT_TYPES: Record<string, string> = { blob: 'file', tree: 'dir', commit: 'submodule' };

async function commitOf(ctx: Ctx, ref: string) {
  const sha = await ctx.repo.git.resolve(`${ref}^{commit}`);
  return sha ? ctx.repo.git.readCommit(sha) : undefined;
}

function contentEntry(
  ctx: Ctx,
  ref: string,
  e: { mode: string; type: string; sha: string; size?: number | undefined; path: string },
) {
  const api = apiBase(ctx.fake, ctx.repo);
  const encoded = e.path.split('/').map(encodeURIComponent).join('/');
  const type = e.mode === '120000' ? 'symlink' : (CONTENT_TYPES[e.type] ?? 'file');
  const self = `${api}/contents/${encoded}?ref=${encodeURIComponent(ref)}`;
  const git = e.type === 'commit' ? null : `${api}/git/${e.type}s/${e.sha}`;
  const html = `${htmlBase(ctx.fake, ctx.repo)}/${e.type === 'tree' ? 'tree' : 'blob'}/${ref}/${encoded}`;
  return {
    type,
    size: e.size ?? 0,
    name: e.path.split('/').pop() ?? e.path,
    path: e.path,
    sha: e.sha,
    url: self,
    git_url: git,
    html_url: html,
    download_url:
      type === 'file' || type === 'symlink' ? `${htmlBase(ctx.fake, ctx.repo)}/raw/${ref}/${encoded}` : null,
    _links: { self, git, html },
  };
}

async function getContents(ctx: Ctx) {
  const ref = ctx.query.get('ref') || ctx.repo.defaultBranch;
  const commit = await commitOf(ctx, ref);
  if (!commit) throw new HttpError(404, `No commit found for the ref ${ref}`);
  const path = (ctx.params.path ?? '').replace(/^\/+|\/+$/g, '');
  const git = ctx.repo.git;
  if (path === '') {
    return { body: (await git.lsTree(commit.tree)).map((e) => contentEntry(ctx, ref, e)) };
  }
  const [entry] = await git.lsTree(commit.tree, false, path);
  if (!entry || entry.path !== path) throw notFound();
  if (entry.type === 'tree') {
    const children = await git.lsTree(entry.sha);
    return { body: children.map((e) => contentEntry(ctx, ref, { ...e, path: `${path}/${e.path}` })) };
  }
  if (entry.type === 'commit') {
    return { body: { ...contentEntry(ctx, ref, entry), ...(await submoduleUrl(ctx, commit.tree, path)) } };
  }
  let file = entry;
  if (entry.mode === '120000') {
    // GitHub: a symlink to a file of the repository answers that file; any other symlink is
    // described itself, with its target.
    const target = (await git.readBlob(entry.sha)).toString('utf8');
    const resolved = linkTarget(path, target);
    const [to] = resolved === undefined ? [] : await git.lsTree(commit.tree, false, resolved);
    if (!to || to.path !== resolved || to.type !== 'blob' || to.mode === '120000') {
      return { body: { ...contentEntry(ctx, ref, entry), target } };
    }
    file = to;
  }
  const bytes = await git.readBlob(file.sha);
  // `Accept: application/vnd.github.raw` (Octokit's mediaType.format 'raw') answers the bytes.
  if (/\.raw\b/.test(String(ctx.headers.accept))) return { raw: bytes };
  return { body: { ...contentEntry(ctx, ref, file), content: wrappedBase64(bytes), encoding: 'base64' } };
}

/** The repository path a symlink at `path` points to, or undefined when it leaves the repository. */
function linkTarget(path: string, target: string): string | undefined {
  if (target.startsWith('/')) return undefined;
  const parts = path.split('/').slice(0, -1);
  for (const part of target.split('/')) {
    if (part === '..') {
      if (parts.length === 0) return undefined;
      parts.pop();
    } else if (part !== '.' && part !== '') parts.push(part);
  }
  return parts.join('/');
}

/**
 * A submodule's `submodule_git_url`, from `.gitmodules` as GitHub reads it. A gitlink that
 * `.gitmodules` does not name gets none: GitHub's description does not say what it answers then.
 */
async function submoduleUrl(ctx: Ctx, tree: string, path: string): Promise<{ submodule_git_url?: string }> {
  const [modules] = await ctx.repo.git.lsTree(tree, false, '.gitmodules');
  if (modules?.path !== '.gitmodules' || modules.type !== 'blob') return {};
  const text = (await ctx.repo.git.readBlob(modules.sha)).toString('utf8');
  for (const section of text.split(/^\s*\[submodule\b/m).slice(1)) {
    const field = (name: string) => new RegExp(`^\\s*${name}\\s*=\\s*(.+?)\\s*$`, 'm').exec(section)?.[1];
    if (field('path') === path) {
      const url = field('url');
      return url === undefined ? {} : { submodule_git_url: url };
    }
  }
  return {};
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
