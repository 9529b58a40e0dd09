/**
 * Git plumbing over one bare repository: references (compare-and-swap updates) and history
 * questions, on top of the object plumbing in git-objects.ts.
 */
import { GitError, GitObjects } from './git-objects.ts';

export { type CommitObject, GitError, type GitIdentity, type TreeEntry, ZERO_SHA } from './git-objects.ts';

export class Git extends GitObjects {
  /**
   * Compare-and-swap: moves `ref` to `sha` only while it still points at `old` (ZERO_SHA: must
   * not exist yet). Resolves false when the ref moved underneath.
   */
  async updateRef(ref: string, sha: string, old: string): Promise<boolean> {
    try {
      await this.run(['update-ref', ref, sha, old]);
      return true;
    } catch {
      return false;
    }
  }

  async deleteRef(ref: string, old: string): Promise<boolean> {
    try {
      await this.run(['update-ref', '-d', ref, old]);
      return true;
    } catch {
      return false;
    }
  }

  /** Refs under a prefix (`refs/heads/fe` matches `refs/heads/feature`), sorted by name. */
  async refs(prefix: string): Promise<{ ref: string; sha: string; type: string }[]> {
    const out = await this.text(['for-each-ref', '--format=%(refname) %(objectname) %(objecttype)']);
    return out
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [ref = '', sha = '', type = ''] = line.split(' ');
        return { ref, sha, type };
      })
      .filter((r) => r.ref.startsWith(prefix));
  }

  async isAncestor(ancestor: string, descendant: string): Promise<boolean> {
    try {
      await this.run(['merge-base', '--is-ancestor', ancestor, descendant]);
      return true;
    } catch (error) {
      if (error instanceof GitError && error.code === 1) return false;
      throw error;
    }
  }

  /** The best common ancestor, or undefined for unrelated histories. */
  mergeBase(a: string, b: string): Promise<string | undefined> {
    return this.memo(`merge-base ${a} ${b}`, [a, b], async () => {
      try {
        return (await this.text(['merge-base', a, b])) || undefined;
      } catch {
        return undefined;
      }
    });
  }

  /** Commits reachable from `head` but not from `base`, oldest first. */
  revList(base: string | undefined, head: string): Promise<string[]> {
    return this.memo(`rev-list ${base} ${head}`, [base, head], async () => {
      const range = base ? [`${base}..${head}`] : [head];
      const out = await this.text(['rev-list', '--reverse', ...range]);
      return out.split('\n').filter(Boolean);
    });
  }

  /**
   * A three-way merge of two commits written as a tree, without a working tree (`merge-tree
   * --write-tree`); undefined when they conflict.
   */
  async mergeTree(ours: string, theirs: string): Promise<string | undefined> {
    try {
      return (await this.text(['merge-tree', '--write-tree', ours, theirs])).split('\n')[0];
    } catch (error) {
      if (error instanceof GitError && error.code === 1) return undefined;
      throw error;
    }
  }
}
