/**
 * Applies GitHub "create a tree" entries on top of a base tree: nested paths create or reuse
 * subtrees, `sha: null` deletes a path, and directories left empty disappear (git cannot store
 * them). Only the subtrees on edited paths are read and rewritten.
 */
import type { Git } from './git.ts';
import { HttpError } from './http-error.ts';

export interface TreeEdit {
  path: string;
  mode: string;
  type: string;
  /** The object to place at `path`; null deletes the path. */
  sha: string | null;
}

interface Item {
  mode: string;
  type: string;
  sha: string;
  /** Loaded children when this subtree lies on an edited path. */
  node?: Node;
}

type Node = Map<string, Item>;

const TREES_DOC = 'https://docs.github.com/rest/git/trees#create-a-tree';

/** Builds the edited tree and returns its sha; `baseTree` undefined starts from an empty tree. */
export async function editTree(git: Git, baseTree: string | undefined, edits: TreeEdit[]): Promise<string> {
  const root = baseTree ? await load(git, baseTree) : new Map<string, Item>();
  for (const edit of edits) await apply(git, root, edit);
  return write(git, root);
}

/** Splits a tree path, refusing what git would refuse (empty, `.`, `..` segments, `.git`). */
export function splitPath(path: string): string[] {
  const parts = path.split('/');
  if (
    parts.some((p) => p === '' || p === '.' || p === '..' || p.toLowerCase() === '.git' || p.includes('\0'))
  ) {
    throw new HttpError(422, `tree.path contains a malformed path component`, {
      documentation_url: TREES_DOC,
    });
  }
  return parts;
}

async function load(git: Git, sha: string): Promise<Node> {
  const node: Node = new Map();
  for (const e of await git.lsTree(sha)) node.set(e.path, { mode: e.mode, type: e.type, sha: e.sha });
  return node;
}

async function apply(git: Git, root: Node, edit: TreeEdit): Promise<void> {
  const parts = splitPath(edit.path);
  const name = parts.pop() as string;
  let node = root;
  for (const dir of parts) {
    let item = node.get(dir);
    if (item?.type !== 'tree') {
      if (edit.sha === null) throw badObjectState();
      // A new directory, or one that replaces a file of the same name.
      item = { mode: '040000', type: 'tree', sha: '', node: new Map() };
      node.set(dir, item);
    }
    item.node ??= await load(git, item.sha);
    node = item.node;
  }
  if (edit.sha === null) {
    // GitHub: "Returns an error if you try to delete a file that does not exist."
    if (!node.delete(name)) throw badObjectState();
    return;
  }
  node.set(name, { mode: edit.mode, type: edit.type, sha: edit.sha });
}

async function write(git: Git, node: Node): Promise<string> {
  for (const [name, item] of node) {
    if (!item.node) continue;
    if (item.node.size === 0) node.delete(name);
    else {
      item.sha = await write(git, item.node);
      // An emptied grandchild may have emptied this subtree too.
      if (item.node.size === 0) node.delete(name);
    }
  }
  return git.mktree(
    [...node].map(([name, item]) => ({ mode: item.mode, type: item.type, sha: item.sha, name })),
  );
}

function badObjectState(): HttpError {
  return new HttpError(422, 'GitRPC::BadObjectState', { documentation_url: TREES_DOC });
}
