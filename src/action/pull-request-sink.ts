import { l10nBranchTargets } from '../github/branch-targets.ts';
import type { GitHub } from '../github/client.ts';
import { RepositoryReader } from '../github/repository-reader.ts';
import {
  type FindingsOf,
  type TranslationPullRequestsOptions,
  writeTranslationPullRequests,
} from '../github/translation-pull-requests.ts';
import type { TranslationSink } from '../sync/run.ts';

export type { FindingsOf };

export interface PullRequestSinkOptions extends TranslationPullRequestsOptions {
  gh: GitHub;
  owner: string;
  repo: string;
}

/**
 * The Action's sink (instant mode with `wait`): the translation pull request, or one per language
 * with `pull_request.split: language`, each with its QA check (see writeTranslationPullRequests);
 * the targets are read from a branch people committed to (l10nBranchTargets).
 */
export function pullRequestSink(o: PullRequestSinkOptions): TranslationSink {
  const { gh, owner, repo, ...options } = o;
  // One reader for the run: the branch's tip and open PR read for the targets serve the writer.
  const reader = new RepositoryReader(gh, { owner, repo });
  const sink: TranslationSink = async (files, update) => {
    const written = await writeTranslationPullRequests(reader, options, files, update);
    return written.length > 0 ? { ...written[0]!, all: written } : undefined;
  };
  // Targets come from the l10n branch when people committed to it: their edits there are kept.
  sink.readTarget = l10nBranchTargets(reader, options);
  return sink;
}
