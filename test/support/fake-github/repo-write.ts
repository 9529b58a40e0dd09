/**
 * Commits made outside the API: the initial commit of a repository and `gh.commitAs`, which
 * stands for a person pushing to a branch while the code under test works.
 */
import { ZERO_SHA } from './git.ts';
import { followPush } from './pulls.ts';
import type { RepoState } from './state.ts';
import { editTree } from './tree-edit.ts';

const PERSON = { name: 'Octo Person', email: 'person@example.com' };

/**
 * One commit on `branch` (created from the default branch when missing, or as a root commit in
 * a repository without one) that writes each file, or deletes it when its content is null.
 */
export async function commitFiles(
  repo: RepoState,
  branch: string,
  files: Record<string, string | Uint8Array | null>,
  message: string,
  nowMs: number,
): Promise<string> {
  const git = repo.git;
  const ref = `refs/heads/${branch}`;
  const current = await git.resolve(ref);
  const parent = current ?? (await git.resolve(`refs/heads/${repo.defaultBranch}`));
  const baseTree = parent ? await git.resolve(`${parent}^{tree}`) : undefined;
  const edits = [];
  for (const [path, content] of Object.entries(files)) {
    const sha = content === null ? null : await git.hashBlob(content);
    edits.push({ path, mode: '100644', type: 'blob', sha });
  }
  let tree: string;
  try {
    tree = await editTree(git, baseTree, edits);
  } catch (error) {
    throw new Error(`[fake-github] cannot commit to ${branch}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  const who = { ...PERSON, time: Math.floor(nowMs / 1000) };
  const sha = await git.commitTree(tree, parent ? [parent] : [], message, who, who);
  if (!(await git.updateRef(ref, sha, current ?? ZERO_SHA))) {
    throw new Error(`[fake-github] ${branch} moved while committing to it`);
  }
  followPush(repo, branch, sha, nowMs);
  return sha;
}
