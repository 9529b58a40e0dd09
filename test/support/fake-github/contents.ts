/**
 * GET /repos/{owner}/{repo}/contents/{path}: files (base64, or raw bytes for the raw media type),
 * directories, symlinks and submodules, each in the shape GitHub's description gives it.
 */
import { HttpError, notFound } from './http-error.ts';
import type { Ctx } from './router.ts';
import { wrappedBase64 } from './routes-git.ts';
import { apiBase, htmlBase } from './shapes.ts';

const CONTENT_TYPES: Record<string, string> = { blob: 'file', tree: 'dir', commit: 'submodule' };

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

export async function getContents(ctx: Ctx) {
  const ref = ctx.query.get('ref') || ctx.repo.defaultBranch;
  const sha = await ctx.repo.git.resolve(`${ref}^{commit}`);
  const commit = sha ? await ctx.repo.git.readCommit(sha) : undefined;
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
