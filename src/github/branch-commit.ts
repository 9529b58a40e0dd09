import type { GitHub } from './client.ts';
import { githubStatus } from './github-status.ts';
import type { BranchTip, RepositoryReader } from './repository-reader.ts';

/** A file the commit writes: its repository path and its bytes (text or binary). */
export interface FileWrite {
  path: string;
  content: string | Uint8Array;
}

/** Who our commits are by; a branch whose commits are all by this identity is ours to rebuild. */
export interface CommitIdentity {
  name: string;
  email: string;
}

export const DEFAULT_IDENTITY: CommitIdentity = {
  name: 'svc-connector',
  email: 'svc-connector@users.noreply.github.com',
};

export interface CommitRequest {
  base: string;
  branch: string;
  files: readonly FileWrite[];
  message: string;
  identity?: CommitIdentity;
}

export interface CommitOutcome {
  /** The new commit, or null when the branch already held exactly these contents. */
  commitSha: string | null;
  /** The branch's tip afterwards (undefined when there is no branch: nothing differed from base). */
  headSha: string | undefined;
  /** How the commit was placed (see commitToBranch); `conflict`: nothing committed. */
  strategy: 'created' | 'replaced' | 'rebuilt' | 'appended' | 'merged' | 'unchanged' | 'conflict';
  /** The merge commit that brought the moved base into the branch first, if one was made. */
  mergeSha?: string | undefined;
}

type TreeEntry = { path: string; mode: '100644'; type: 'blob'; sha?: string | null; content?: string };

/**
 * Writes `files` onto the l10n branch in one commit through the Git Data API (tree, commit, ref),
 * from the base and branch tips the run's reader already holds (the base the deliveries were
 * merged with; read once a run):
 * - no branch yet: a commit on the base, and the branch is created;
 * - the branch is one commit of ours on the current base: that commit is replaced by one holding
 *   its files and these (the PR stays a single clean commit);
 * - the base moved and every commit on the branch is ours: the branch is rebuilt on the new base
 *   with the files it changed plus these;
 * - anyone else committed to the branch: a commit on top, fast-forward only — never a force-push
 *   over their work; when the base moved meanwhile, the base is first merged into the branch
 *   through the merges API (a merge commit), so the commit never lands on a stale base. When that
 *   merge conflicts, nothing is committed (`conflict`): a person resolves it.
 * A force update is a compare-and-swap from the tip the run read (RepositoryReader.swapRef): when
 * someone pushed since, nothing is replaced and the placement is decided anew from the new tip.
 * Nothing is committed when the resulting tree equals the branch's tree.
 */
export async function commitToBranch(
  reader: RepositoryReader,
  request: CommitRequest,
): Promise<CommitOutcome> {
  // The run's first read of both branches is one query; a moved branch is placed anew, twice at most.
  await reader.branches([request.branch], request.base);
  let tip = await reader.tip(request.branch);
  for (let attempt = 0; ; attempt++) {
    const outcome = await finishCommit(reader, request, await placeCommit(reader, request, tip), attempt < 2);
    if (outcome) return outcome;
    tip = await reader.tip(request.branch);
  }
}

interface Placement {
  base: BranchTip;
  tip: BranchTip | undefined;
  parent: string;
  baseTree: string;
  force: boolean;
  strategy: CommitOutcome['strategy'];
  extra: TreeEntry[];
  mergeSha?: string | undefined;
}

/** Where the commit goes (see commitToBranch), from the branch's tip as given. */
async function placeCommit(
  reader: RepositoryReader,
  request: CommitRequest,
  tip: BranchTip | undefined,
): Promise<Placement> {
  const { owner, repo } = reader;
  const { branch } = request;
  const identity = request.identity ?? DEFAULT_IDENTITY;
  const base = await reader.tip(request.base);
  if (!base)
    throw Object.assign(new Error(`${owner}/${repo}: base branch ${request.base} does not exist`), {
      status: 404,
    });
  const at = { base, tip, extra: [] as TreeEntry[], force: false };
  if (!tip) return { ...at, parent: base.sha, baseTree: base.tree, strategy: 'created' };
  if (tip.authorEmail === identity.email && tip.parents.length === 1 && tip.parents[0] === base.sha)
    return { ...at, parent: base.sha, baseTree: tip.tree, strategy: 'replaced', force: true };
  const { ours, behindBy } = await reader.remember(`compare ${base.sha}...${tip.sha} ${identity.email}`, () =>
    branchChangesIfOurs(reader.gh, owner, repo, base.sha, tip.sha, identity),
  );
  if (ours)
    return { ...at, parent: base.sha, baseTree: base.tree, strategy: 'rebuilt', force: true, extra: ours };
  if (behindBy === 0) return { ...at, parent: tip.sha, baseTree: tip.tree, strategy: 'appended' };
  const merged = await mergeInto(reader, { branch, base: request.base, baseSha: base.sha });
  if (!merged) return { ...at, parent: tip.sha, baseTree: tip.tree, strategy: 'conflict' };
  return {
    ...at,
    tip: merged,
    parent: merged.sha,
    baseTree: merged.tree,
    strategy: 'merged',
    mergeSha: merged.sha,
  };
}

/** Writes the placed commit; undefined when the branch moved under a force update (place it again). */
async function finishCommit(
  reader: RepositoryReader,
  request: CommitRequest,
  p: Placement,
  mayRetry: boolean,
): Promise<CommitOutcome | undefined> {
  const { gh, owner, repo } = reader;
  const { branch } = request;
  const identity = request.identity ?? DEFAULT_IDENTITY;
  const { tip, base, mergeSha } = p;
  if (p.strategy === 'conflict') return { commitSha: null, headSha: tip?.sha, strategy: 'conflict' };
  const entries = await treeEntries(gh, owner, repo, request.files);
  const paths = new Set(entries.map((e) => e.path));
  const tree = await gh.rest.git.createTree({
    owner,
    repo,
    base_tree: p.baseTree,
    tree: [...p.extra.filter((e) => !paths.has(e.path)), ...entries] as never,
  });
  if (tip && tree.data.sha === tip.tree)
    return { commitSha: null, headSha: tip.sha, strategy: 'unchanged', ...(mergeSha ? { mergeSha } : {}) };
  if (!tip && tree.data.sha === base.tree)
    return { commitSha: null, headSha: undefined, strategy: 'unchanged' };

  const when = new Date().toISOString();
  const commit = await gh.rest.git.createCommit({
    owner,
    repo,
    message: request.message,
    tree: tree.data.sha,
    parents: [p.parent],
    author: { ...identity, date: when },
    committer: { ...identity, date: when },
  });
  const sha = commit.data.sha;
  if (tip && p.force) {
    if (!(await reader.swapRef(branch, tip.sha, sha))) {
      if (mayRetry) return undefined;
      throw new Error(`${owner}/${repo}: ${branch} keeps moving while it is written; try again later`);
    }
  } else if (tip) await gh.rest.git.updateRef({ owner, repo, ref: `heads/${branch}`, sha, force: false });
  else await gh.rest.git.createRef({ owner, repo, ref: `refs/heads/${branch}`, sha });
  reader.moved(branch, { sha, tree: tree.data.sha, parents: [p.parent], authorEmail: identity.email });
  return { commitSha: sha, headSha: sha, strategy: p.strategy, ...(mergeSha ? { mergeSha } : {}) };
}

/**
 * The l10n branch's head to read targets from when people committed to it (their edits there are
 * people's work, DESIGN §7), after the base was merged in through the merges API when it moved —
 * so the writer starts from what the branch holds. Undefined when there is no branch, when every
 * commit on it is ours (commitToBranch rebuilds it from the base), or when the merge conflicts
 * (commitToBranch then commits nothing and reports it).
 */
export async function branchHeadWithPeople(
  reader: RepositoryReader,
  r: { base: string; branch: string; identity?: CommitIdentity },
): Promise<BranchTip | undefined> {
  const { owner, repo } = reader;
  const identity = r.identity ?? DEFAULT_IDENTITY;
  const base = await reader.tip(r.base);
  const tip = base && (await reader.tip(r.branch));
  if (!base || !tip) return undefined;
  if (tip.authorEmail === identity.email && tip.parents.length === 1 && tip.parents[0] === base.sha)
    return undefined;
  const { ours, behindBy } = await reader.remember(`compare ${base.sha}...${tip.sha} ${identity.email}`, () =>
    branchChangesIfOurs(reader.gh, owner, repo, base.sha, tip.sha, identity),
  );
  if (ours) return undefined;
  if (behindBy === 0) return tip;
  return mergeInto(reader, { branch: r.branch, base: r.base, baseSha: base.sha });
}

/**
 * Merges the base's tip into the branch with POST /repos/{owner}/{repo}/merges (a merge commit by
 * the token's account, people's commits kept); undefined on a conflict (409).
 */
async function mergeInto(
  reader: RepositoryReader,
  m: { branch: string; base: string; baseSha: string },
): Promise<BranchTip | undefined> {
  try {
    const response = await reader.gh.rest.repos.merge({
      owner: reader.owner,
      repo: reader.repo,
      base: m.branch,
      head: m.baseSha,
      commit_message: `Merge ${m.base} into ${m.branch}`,
    });
    // 204: the branch already holds the base (it moved between our two reads).
    if ((response.status as number) === 204) return reader.freshTip(m.branch);
    const data = response.data;
    const merged = {
      sha: data.sha,
      tree: data.commit.tree.sha,
      parents: data.parents.map((p) => p.sha),
      authorEmail: data.commit.author?.email ?? undefined,
    };
    reader.moved(m.branch, merged);
    return merged;
  } catch (error) {
    if (githubStatus(error) === 409) return undefined;
    throw error;
  }
}

/**
 * The files the branch changed since it left the base, as tree entries, when every commit on it
 * is ours; undefined when someone else committed (or the comparison is too large to be complete,
 * GitHub lists at most 300 files), in which case the branch must not be rebuilt. `behindBy`: the
 * base's commits the branch lacks.
 */
async function branchChangesIfOurs(
  gh: GitHub,
  owner: string,
  repo: string,
  baseSha: string,
  tipSha: string,
  identity: CommitIdentity,
): Promise<{ ours: TreeEntry[] | undefined; behindBy: number }> {
  const { data } = await gh.rest.repos.compareCommitsWithBasehead({
    owner,
    repo,
    basehead: `${baseSha}...${tipSha}`,
  });
  const behindBy = data.behind_by;
  // Everything on the branch is already in the base (its PR was merged): start afresh from the base.
  if (data.ahead_by === 0) return { ours: [], behindBy };
  const theirs = { ours: undefined, behindBy };
  if (data.commits.length < data.ahead_by) return theirs;
  // Merge commits made through the API carry the token's identity, not ours: a person's branch.
  if (data.commits.some((c) => c.commit.author?.email !== identity.email)) return theirs;
  const files = data.files ?? [];
  if (files.length >= 300) return theirs;
  const entries: TreeEntry[] = [];
  for (const f of files) {
    if (f.status === 'renamed' && f.previous_filename)
      entries.push({ path: f.previous_filename, mode: '100644', type: 'blob', sha: null });
    entries.push({
      path: f.filename,
      mode: '100644',
      type: 'blob',
      sha: f.status === 'removed' ? null : f.sha,
    });
  }
  return { ours: entries, behindBy };
}

/**
 * Tree entries for the files: UTF-8 text inline (no call per file), anything else as a blob.
 */
async function treeEntries(
  gh: GitHub,
  owner: string,
  repo: string,
  files: readonly FileWrite[],
): Promise<TreeEntry[]> {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  const out: TreeEntry[] = [];
  for (const file of files) {
    let text: string | undefined;
    if (typeof file.content === 'string') text = file.content;
    else {
      try {
        text = decoder.decode(file.content);
      } catch {
        text = undefined;
      }
    }
    if (text !== undefined) out.push({ path: file.path, mode: '100644', type: 'blob', content: text });
    else {
      const blob = await gh.rest.git.createBlob({
        owner,
        repo,
        content: Buffer.from(file.content as Uint8Array).toString('base64'),
        encoding: 'base64',
      });
      out.push({ path: file.path, mode: '100644', type: 'blob', sha: blob.data.sha });
    }
  }
  return out;
}
