import type { SvcConfig } from '../config/schema.ts';
import { branchHeadWithPeople, type CommitIdentity } from './branch-commit.ts';
import type { BranchTip, RepositoryReader } from './repository-reader.ts';
import { languageBranch } from './split-update.ts';

export interface BranchTargetsOptions {
  base: string;
  /** The config's pull_request settings, `%base%` filled (branch, split). */
  pullRequest: Pick<SvcConfig['pullRequest'], 'branch' | 'split'>;
  identity?: CommitIdentity;
}

/** A target file a writer is about to write. */
export interface TargetAsk {
  path: string;
  lang: string;
  multilingual: boolean;
}

/**
 * Targets read from the l10n branch, by path; a path not in the answer is read from the base (the
 * checkout, or the base branch). Asked once for all of a run's targets.
 */
export type BranchTargets = (
  targets: readonly TargetAsk[],
) => Promise<Map<string, { bytes: Uint8Array | undefined }>>;

/** The l10n branches a run's languages write to: one per base, or one per language when split. */
export function l10nBranches(
  o: Pick<BranchTargetsOptions, 'pullRequest'>,
  langs: readonly string[],
): string[] {
  return o.pullRequest.split === 'language'
    ? [...new Set(langs.map((lang) => languageBranch(o.pullRequest.branch, lang)))]
    : [o.pullRequest.branch];
}

/**
 * Reads targets from the l10n branch of their pull request (one per base, or per language with
 * `pull_request.split: language`) when people committed to it, so a person's edit there is
 * started from and kept instead of being rebuilt from the base (DESIGN §7). The base is merged
 * into such a branch first (branchHeadWithPeople), once per branch and run; its files are read in
 * bulk, and those equal to the base's (same blob) are not read again. In split mode a multilingual
 * file is read from the checkout: each language's branch holds its own copy.
 */
export function l10nBranchTargets(reader: RepositoryReader, o: BranchTargetsOptions): BranchTargets {
  const heads = new Map<string, Promise<BranchTip | undefined>>();
  const split = o.pullRequest.split === 'language';
  return async (targets) => {
    const byBranch = new Map<string, string[]>();
    for (const { path, lang, multilingual } of targets) {
      if (split && multilingual) continue;
      const [branch] = l10nBranches(o, [lang]);
      byBranch.set(branch!, [...(byBranch.get(branch!) ?? []), path]);
    }
    await reader.branches([...byBranch.keys()], o.base);
    const out = new Map<string, { bytes: Uint8Array | undefined }>();
    for (const [branch, paths] of byBranch) {
      let head = heads.get(branch);
      if (!head) {
        head = branchHeadWithPeople(reader, {
          base: o.base,
          branch,
          ...(o.identity ? { identity: o.identity } : {}),
        });
        heads.set(branch, head);
      }
      const tip = await head;
      if (!tip) continue;
      for (const [path, bytes] of await reader.files(tip, paths)) out.set(path, { bytes });
    }
    return out;
  };
}
