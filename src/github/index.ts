export {
  type AppCredentials,
  createInstallationToken,
  findInstallation,
  type InstallationToken,
  readPrivateKey,
} from './app-token.ts';
export {
  branchHeadWithPeople,
  type CommitIdentity,
  type CommitOutcome,
  DEFAULT_IDENTITY,
  type FileWrite,
} from './branch-commit.ts';
export { type BranchTarget, type BranchTargetsOptions, l10nBranchTargets } from './branch-targets.ts';
export {
  ANNOTATIONS_PER_REQUEST,
  createConflictCheckRun,
  createQaCheckRun,
  QA_CHECK_NAME,
  type QaCheckRun,
  type QaFinding,
  qaConclusion,
  qaSummary,
} from './check-run.ts';
export {
  createGitHubClient,
  type GitHub,
  type GitHubAuth,
  type GitHubClientOptions,
  parseRepository,
} from './client.ts';
export { type ConflictReport, reportConflict } from './conflict-report.ts';
export { type PullRequestRef, upsertPullRequest } from './pull-request.ts';
export { type PullRequestUpdate, pullRequestBody, type TranslatedFile } from './pull-request-body.ts';
export {
  l10nBranch,
  type PullRequestWrite,
  type PullRequestWritten,
  writePullRequest,
} from './pull-request-writer.ts';
export { githubStatus, readRepositoryFile } from './read-file.ts';
export { languageBranch, languageTitle, splitByLanguage } from './split-update.ts';
export {
  type FindingsOf,
  type TranslationPullRequest,
  type TranslationPullRequestsOptions,
  writeTranslationPullRequests,
} from './translation-pull-requests.ts';
