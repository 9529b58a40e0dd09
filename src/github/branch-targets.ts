import type { SvcConfig } from '../config/schema.ts';
import { branchHeadWithPeople, type CommitIdentity } from './branch-commit.ts';
import type { GitHub } from './client.ts';
import { readRepositoryBytes } from './read-file.ts';
import { languageBranch } from './split-update.ts';

export interface BranchTargetsOptions {
  owner: string;
  repo: string;
  base: string;
  /** The config's pull_request settings, `%base%` filled (branch, split). */
  pullRequest: Pick<SvcConfig['pullRequest'], 'branch' | 'split'>;
  identity?: CommitIdentity;
}

/** A target read from the l10n branch; undefined: read it from the checkout (src/sync TargetSource). */
export type BranchTarget = (target: {
  path: string;
  lang: string;
  multilingual: boolean;
}) => Promise<{ bytes: Uint8Array | undefined } | undefined>;

/**
 * Reads targets from the l10n branch of their pull request (one per base, or per language with
 * `pull_request.split: language`) when people committed to it, so a person's edit there is
 * started from and kept instead of being rebuilt from the base (DESIGN §7). The base is merged
 * into such a branch first (branchHeadWithPeople), once per branch and run. In split mode a
 * multilingual file is read from the checkout: each language's branch holds its own copy.
 */
export function l10nBranchTargets(gh: GitHub, o: BranchTargetsOptions): BranchTarget {
  const heads = new Map<string, Promise<string | undefined>>();
  const split = o.pullRequest.split === 'language';
  return async ({ path, lang, multilingual }) => {
    if (split && multilingual) return undefined;
    const branch = split ? languageBranch(o.pullRequest.branch, lang) : o.pullRequest.branch;
    let head = heads.get(branch);
    if (!head) {
      head = branchHeadWithPeople(gh, {
        owner: o.owner,
        repo: o.repo,
        base: o.base,
        branch,
        ...(o.identity ? { identity: o.identity } : {}),
      });
      heads.set(branch, head);
    }
    const sha = await head;
    if (!sha) return undefined;
    return { bytes: await readRepositoryBytes(gh, { owner: o.owner, repo: o.repo, ref: sha }, path) };
  };
}
