/** The Git Data API: blobs, trees and commits (refs are in routes-refs.ts). */
import type { GitIdentity } from './git.ts';
import { HttpError, invalidField, notFound } from './http-error.ts';
import { optionalString, requiredString } from './input.ts';
import type { Ctx, Route } from './router.ts';
import { apiBase, gitCommit } from './shapes.ts';
import type { Actor } from './state.ts';
import { editTree, type TreeEdit } from './tree-edit.ts';

const DOC = 'https://docs.github.com/rest/git';
const MODES: Record<string, string> = {
  '100644': 'blob',
  '100755': 'blob',
  '120000': 'blob',
  '040000': 'tree',
  '160000': 'commit',
};

/** base64 wrapped at 60 characters a line, as GitHub returns blob and file contents. */
export function wrappedBase64(bytes: Buffer): string {
  return (bytes.toString('base64').match(/.{1,60}/g) ?? ['']).join('\n') + (bytes.length ? '\n' : '');
}

/** The identity GitHub writes for the authenticated account when a commit names none. */
export function identityOf(actor: Actor, time: number): GitIdentity {
  return { name: actor.login, email: `${actor.id}+${actor.login}@users.noreply.github.com`, time };
}

async function treeShape(ctx: Ctx, sha: string, recursive: boolean) {
  const url = apiBase(ctx.fake, ctx.repo);
  const entries = await ctx.repo.git.lsTree(sha, recursive);
  return {
    sha,
    url: `${url}/git/trees/${sha}`,
    tree: entries.map((e) => ({
      path: e.path,
      mode: e.mode,
      type: e.type,
      sha: e.sha,
      ...(e.size === undefined ? {} : { size: e.size }),
      ...(e.type === 'commit' ? {} : { url: `${url}/git/${e.type}s/${e.sha}` }),
    })),
    truncated: false,
  };
}

function identity(value: unknown, field: string, fallback: GitIdentity): GitIdentity {
  if (value === undefined) return fallback;
  if (!value || typeof value !== 'object') throw invalidField('Commit', field);
  const who = value as Record<string, unknown>;
  const name = requiredString(who, 'name', 'Commit');
  const email = requiredString(who, 'email', 'Commit');
  const date = optionalString(who, 'date', 'Commit');
  const ms = date === undefined ? fallback.time * 1000 : Date.parse(date);
  if (Number.isNaN(ms)) throw invalidField('Commit', `${field}.date`);
  return { name, email, time: Math.floor(ms / 1000) };
}

async function createTreeEdits(ctx: Ctx, items: unknown[]): Promise<TreeEdit[]> {
  const edits: TreeEdit[] = [];
  // Inline contents are written together once every entry has been checked.
  const inline: { edit: TreeEdit; content: string }[] = [];
  for (const raw of items) {
    if (!raw || typeof raw !== 'object') throw invalidField('Tree', 'tree');
    const item = raw as Record<string, unknown>;
    const path = requiredString(item, 'path', 'Tree');
    const mode = requiredString(item, 'mode', 'Tree');
    const type = optionalString(item, 'type', 'Tree') ?? MODES[mode];
    if (!MODES[mode] || type !== MODES[mode]) throw invalidField('Tree', 'tree.mode');
    const hasSha = 'sha' in item;
    const content = item.content;
    if (hasSha === (content !== undefined)) {
      throw new HttpError(
        422,
        'Must supply either tree.sha or tree.content. Request will be rejected if both are present.',
      );
    }
    if (typeof content === 'string') {
      const edit: TreeEdit = { path, mode, type, sha: null };
      edits.push(edit);
      inline.push({ edit, content });
      continue;
    }
    if (content !== undefined) throw invalidField('Tree', 'tree.content');
    if (item.sha === null) {
      edits.push({ path, mode, type, sha: null });
      continue;
    }
    const sha = typeof item.sha === 'string' ? item.sha.toLowerCase() : '';
    // Submodule entries name commits of another repository, which need not exist here.
    if (type !== 'commit' && (await ctx.repo.git.typeOf(sha)) !== type) {
      throw new HttpError(422, `tree.sha ${String(item.sha)} is not a valid ${type}`);
    }
    edits.push({ path, mode, type, sha });
  }
  const shas = await ctx.repo.git.hashBlobs(inline.map((i) => i.content));
  for (const [n, { edit }] of inline.entries()) edit.sha = shas[n]!;
  return edits;
}

export const gitRoutes: Route[] = [
  {
    method: 'POST',
    path: '/repos/:owner/:repo/git/blobs',
    doc: `${DOC}/blobs#create-a-blob`,
    handler: async (ctx) => {
      const content = requiredString(ctx.body, 'content', 'Blob');
      const encoding = optionalString(ctx.body, 'encoding', 'Blob') ?? 'utf-8';
      if (encoding !== 'utf-8' && encoding !== 'utf8' && encoding !== 'base64')
        throw invalidField('Blob', 'encoding');
      const bytes = encoding === 'base64' ? Buffer.from(content, 'base64') : Buffer.from(content, 'utf8');
      const sha = await ctx.repo.git.hashBlob(bytes);
      const url = `${apiBase(ctx.fake, ctx.repo)}/git/blobs/${sha}`;
      return { status: 201, body: { url, sha }, headers: { location: url } };
    },
  },
  {
    method: 'GET',
    path: '/repos/:owner/:repo/git/blobs/:sha',
    doc: `${DOC}/blobs#get-a-blob`,
    handler: async (ctx) => {
      const sha = ctx.params.sha?.toLowerCase() ?? '';
      if ((await ctx.repo.git.typeOf(sha)) !== 'blob') throw notFound();
      const bytes = await ctx.repo.git.readBlob(sha);
      if (/\.raw\b/.test(String(ctx.headers.accept))) return { raw: bytes };
      const url = `${apiBase(ctx.fake, ctx.repo)}/git/blobs/${sha}`;
      const nodeId = `B_kwDO${Buffer.from(sha).toString('base64url').slice(0, 20)}`;
      return {
        body: {
          sha,
          node_id: nodeId,
          size: bytes.length,
          url,
          content: wrappedBase64(bytes),
          encoding: 'base64',
        },
      };
    },
  },
  {
    method: 'POST',
    path: '/repos/:owner/:repo/git/trees',
    doc: `${DOC}/trees#create-a-tree`,
    handler: async (ctx) => {
      if (!Array.isArray(ctx.body.tree)) throw invalidField('Tree', 'tree', ctx.body.tree === undefined);
      const baseTree = optionalString(ctx.body, 'base_tree', 'Tree');
      if (baseTree !== undefined && (await ctx.repo.git.typeOf(baseTree.toLowerCase())) !== 'tree') {
        throw new HttpError(422, 'base_tree is not a valid tree oid');
      }
      const edits = await createTreeEdits(ctx, ctx.body.tree);
      const sha = await editTree(ctx.repo.git, baseTree?.toLowerCase(), edits);
      const shape = await treeShape(ctx, sha, false);
      return { status: 201, body: shape, headers: { location: shape.url } };
    },
  },
  {
    method: 'GET',
    path: '/repos/:owner/:repo/git/trees/*sha',
    doc: `${DOC}/trees#get-a-tree`,
    handler: async (ctx) => {
      // GitHub takes a tree sha or a ref name; any `recursive` value (even 0) means recursive.
      const sha = await ctx.repo.git.resolve(`${ctx.params.sha}^{tree}`);
      if (!sha) throw notFound();
      return { body: await treeShape(ctx, sha, ctx.query.has('recursive')) };
    },
  },
  {
    method: 'POST',
    path: '/repos/:owner/:repo/git/commits',
    doc: `${DOC}/commits#create-a-commit`,
    handler: async (ctx) => {
      const message = requiredString(ctx.body, 'message', 'Commit');
      const tree = requiredString(ctx.body, 'tree', 'Commit').toLowerCase();
      const parents = ctx.body.parents ?? [];
      if (!Array.isArray(parents) || parents.some((p) => typeof p !== 'string'))
        throw invalidField('Commit', 'parents');
      const git = ctx.repo.git;
      if ((await git.typeOf(tree)) !== 'tree') throw new HttpError(422, 'Tree SHA does not exist');
      for (const parent of parents as string[]) {
        if ((await git.typeOf(parent.toLowerCase())) !== 'commit') {
          throw new HttpError(422, 'Parent SHA does not exist or is not a commit object');
        }
      }
      const me = identityOf(ctx.principal.actor, Math.floor(ctx.fake.now() / 1000));
      const author = identity(ctx.body.author, 'author', me);
      // GitHub: the committer defaults to the author.
      const committer = identity(ctx.body.committer, 'committer', author);
      const lowered = (parents as string[]).map((p) => p.toLowerCase());
      const sha = await git.commitTree(tree, lowered, message, author, committer);
      const commit = await git.readCommit(sha);
      if (!commit) throw new Error(`commit ${sha} just written cannot be read`);
      const shape = gitCommit(ctx.fake, ctx.repo, commit);
      return { status: 201, body: shape, headers: { location: shape.url } };
    },
  },
  {
    method: 'GET',
    path: '/repos/:owner/:repo/git/commits/:sha',
    doc: `${DOC}/commits#get-a-commit-object`,
    handler: async (ctx) => {
      const commit = await ctx.repo.git.readCommit(ctx.params.sha?.toLowerCase() ?? '');
      if (!commit) throw notFound();
      return { body: gitCommit(ctx.fake, ctx.repo, commit) };
    },
  },
];
