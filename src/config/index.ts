/**
 * `.svc.yml`: the schema (loadConfig, readConfig), source discovery and the mapping between source
 * files and translation paths, shared by the Action and the webhook receiver.
 */
export {
  type DiscoveredEntry,
  discoverSourceFiles,
  discoverSourceFilesOnDisk,
  listCandidateFiles,
} from './discover.ts';
export { ConfigError, type ConfigIssue, UnsafePathError } from './errors.ts';
export { type LanguageTag, languageProblem, matchTarget, parseLanguage } from './languages.ts';
export { type LoadOptions, loadConfig, readConfig } from './load.ts';
export type { LocaleListEntry, LocaleListKind } from './locale-lists.ts';
export { repoPathProblem, writablePathProblem } from './paths.ts';
export { isTranslationPath, sourceForTranslationPath, type TranslationOrigin } from './reverse.ts';
export type { FileEntry, JobConfig, PullRequestConfig, SvcConfig } from './schema.ts';
export {
  entryForSource,
  matchSource,
  type TranslationResult,
  targetPathsFor,
  translationPath,
  translationResults,
} from './translation-paths.ts';
