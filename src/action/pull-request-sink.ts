import type { GitHub } from '../github/client.ts';
import {
  type FindingsOf,
  type TranslationPullRequestsOptions,
  writeTranslationPullRequests,
} from '../github/translation-pull-requests.ts';
import type { TranslationSink } from '../sync/run.ts';

export type { FindingsOf };

export interface PullRequestSinkOptions extends TranslationPullRequestsOptions {
  gh: GitHub;
}

/**
 * The Action's sink (instant mode with `wait`): the translation pull request, or one per language
 * with `pull_request.split: language`, each with its QA check (see writeTranslationPullRequests).
 */
export function pullRequestSink(o: PullRequestSinkOptions): TranslationSink {
  const { gh, ...options } = o;
  return async (files, update) => {
    const written = await writeTranslationPullRequests(gh, options, files, update);
    return written.length > 0 ? { ...written[0]!, all: written } : undefined;
  };
}
