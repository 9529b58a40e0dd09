/** Localization QA over a working tree: `runQa` and the Finding shape check runs are built from. */
export { type OutputFormat, render, summary, toGithub, toJson, toText } from './output.ts';
export { type PullRequestQaOptions, pullRequestFindings } from './pull-request.ts';
export { type QaOptions, runQa } from './run.ts';
export { readTerms } from './terms.ts';
export type { Finding, QaReport, RuleId, Severity, TermEntry } from './types.ts';
