export {
  type CommitIdentity,
  type CommitOutcome,
  DEFAULT_IDENTITY,
  type FileWrite,
} from './branch-commit.ts';
export {
  createGitHubClient,
  type GitHub,
  type GitHubAuth,
  type GitHubClientOptions,
  parseRepository,
} from './client.ts';
export { type PullRequestRef, upsertPullRequest } from './pull-request.ts';
export { type PullRequestUpdate, pullRequestBody, type TranslatedFile } from './pull-request-body.ts';
export {
  l10nBranch,
  type PullRequestWrite,
  type PullRequestWritten,
  writePullRequest,
} from './pull-request-writer.ts';
export { githubStatus, readRepositoryFile } from './read-file.ts';
