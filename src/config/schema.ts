/**
 * The `.svc.yml` schema (zod 4). Objects are strict so a misspelt key is an error, not silently
 * ignored. Structure is checked here; rules that relate keys to each other live in validate.ts;
 * the result is turned into the camelCase `SvcConfig` with defaults filled.
 */
import { z } from 'zod';
import type { ShipPolicy } from '../ship/policy.ts';
import { ContextEntrySchema, type ContextRule, toContextRule } from './context.ts';
import type { LanguagePlaceholder } from './languages.ts';
import { languageProblem } from './languages.ts';
import { type LocaleListEntry, LocaleListEntrySchema, toLocaleLists } from './locale-lists.ts';
import { normalizePattern } from './patterns.ts';
import { canonicalPlaceholder } from './placeholders.ts';
import { SHIP_KEYS, ShipSchema, shipPolicyOf } from './ship.ts';
import { checkConfig } from './validate.ts';

const text = z.string().min(1, 'must not be empty');

const language = z.string().superRefine((code, ctx) => {
  const problem = languageProblem(code);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

const positiveId = (what: string) =>
  z
    .int({ error: `must be a positive whole number (${what})` })
    .min(1, `must be a positive whole number (${what})`);

/**
 * A GitHub login (an enterprise-managed one has `_`: `alice_acme`), or `org/team-slug`: one of
 * the repository owner's teams.
 */
const REVIEWER = /^[A-Za-z0-9][A-Za-z0-9_-]{0,38}(?:\/[A-Za-z0-9][A-Za-z0-9_.-]*)?$/;

const reviewer = z.string().superRefine((name, ctx) => {
  if (REVIEWER.test(name)) return;
  const at = name.startsWith('@') ? ', without the @' : '';
  ctx.addIssue({
    code: 'custom',
    message:
      name === ''
        ? 'must not be empty'
        : `"${name}" must be a GitHub login (alice) or a team (acme/ja-team)${at}`,
  });
});

const FileEntrySchema = z.strictObject({
  source: text,
  translation: text,
  ignore: z.array(text).optional(),
  format: text.optional(),
});

const PullRequestSchema = z.strictObject({
  branch: text.optional(),
  title: text.optional(),
  body: z.string().optional(),
  labels: z.array(text).optional(),
  reviewers: z.array(reviewer).optional(),
  /** Reviewers of one target language's pull request (every pull request's when not split). */
  reviewers_by_language: z.record(z.string(), z.array(reviewer)).optional(),
  assignees: z.array(text).optional(),
  draft: z.boolean().optional(),
  commit_message: text.optional(),
  /** `language`: one branch and pull request per target language (default: one per base). */
  split: z
    .enum(['language'], { error: 'must be "language" (one pull request per target language)' })
    .optional(),
});

const DATE = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2}))?$/;

const JobSchema = z.strictObject({
  due: z
    .string()
    .refine(
      (s) => DATE.test(s) && !Number.isNaN(Date.parse(s)),
      'must be a date like "2026-12-01" or a date-time like "2026-12-01T17:00:00Z"',
    )
    .optional(),
  workflow_template_id: positiveId('a workflow template id').optional(),
  domain_id: positiveId('a domain id').optional(),
  name: text.optional(),
});

/** What a source edit does to translations (issue 36); only `small` is configurable. */
const SourceChangeSchema = z.strictObject({
  small: z.enum(['keep', 'review', 'translate']).optional(),
});

/** The file as written (snake_case keys), before cross-key rules. */
export const RawConfigSchema = z.strictObject({
  source: language,
  targets: z.array(language).min(1, 'must list at least one language'),
  mode: z.enum(['job', 'instant']).optional(),
  memories: z.record(z.string(), positiveId('a memory id')).optional(),
  languages_mapping: z.record(z.string(), z.record(z.string(), z.string())).optional(),
  files: z.array(FileEntrySchema).min(1, 'must list at least one entry'),
  pull_request: PullRequestSchema.optional(),
  job: JobSchema.optional(),
  ship: ShipSchema.optional(),
  on_source_change: SourceChangeSchema.optional(),
  removed_keys: z.enum(['remove', 'keep-until-merged', 'report']).optional(),
  locale_lists: z.array(LocaleListEntrySchema).optional(),
  /** Globs of the code that uses the keys (one or a list): units carry links to those lines. */
  usage: z
    .union([text, z.array(text).min(1, 'must list at least one pattern')], {
      error: "must be a glob or a list of globs, like 'src/**/*.{ts,tsx}'",
    })
    .optional(),
  /** What a format cannot say about its strings (src/config/context.ts). */
  context: z.array(ContextEntrySchema).optional(),
});

export type RawConfig = z.infer<typeof RawConfigSchema>;

/** Keys each object accepts, by key path with indices as `[]`: for "did you mean" hints. */
export const KNOWN_KEYS: Record<string, readonly string[]> = {
  '': Object.keys(RawConfigSchema.shape),
  'files[]': Object.keys(FileEntrySchema.shape),
  pull_request: Object.keys(PullRequestSchema.shape),
  job: Object.keys(JobSchema.shape),
  ...SHIP_KEYS,
  on_source_change: Object.keys(SourceChangeSchema.shape),
  'locale_lists[]': Object.keys(LocaleListEntrySchema.shape),
  'context[]': Object.keys(ContextEntrySchema.shape),
};

/** One `files:` entry. Patterns are normalized (no leading `./`). */
export interface FileEntry {
  source: string;
  translation: string;
  ignore: string[];
  /** A format name from src/formats/registry.ts; undefined means detect from the file. */
  format?: string | undefined;
}

export interface PullRequestConfig {
  /** Contains `%base%`, replaced by the base branch. */
  branch: string;
  title: string;
  /** Undefined: the pull-request writer composes one. */
  body?: string | undefined;
  labels: string[];
  /** Logins, or `org/team` for a team: asked to review every pull request when it is opened. */
  reviewers: string[];
  /**
   * target → reviewers asked besides `reviewers`: in split mode by that language's pull request
   * only, else by the one pull request.
   */
  reviewersByLanguage?: Record<string, string[]> | undefined;
  assignees: string[];
  draft: boolean;
  commitMessage: string;
  /** `language`: one branch (`<branch>/<lang>`, or `%lang%` in it) and pull request per target. */
  split?: 'language' | undefined;
}

export interface JobConfig {
  /** As written: a date (`2026-12-01`) or an ISO 8601 date-time. */
  due?: string | undefined;
  workflowTemplateId?: number | undefined;
  domainId?: number | undefined;
  name?: string | undefined;
}

/** A validated `.svc.yml` with defaults filled. */
export interface SvcConfig {
  source: string;
  targets: string[];
  mode: 'job' | 'instant';
  /** target → memory id, for the targets that name one. */
  memories: Record<string, number>;
  /** placeholder → { target → replacement }. */
  languagesMapping: Partial<Record<LanguagePlaceholder, Record<string, string>>>;
  files: FileEntry[];
  pullRequest: PullRequestConfig;
  job: JobConfig;
  /** The language gates; undefined: every language ships (no `ship:`). */
  ship?: ShipPolicy | undefined;
  /**
   * A small edit of a source text (spacing, case, punctuation at the ends, quotes): `keep` its
   * translations, keep them and list them to `review` (default), or `translate` again.
   */
  onSourceChange: { small: 'keep' | 'review' | 'translate' };
  /**
   * Keys removed from the source: `remove` them from the targets (default), keep them until the
   * change is on the default branch, or keep them and `report` them in the pull request.
   */
  removedKeys: 'remove' | 'keep-until-merged' | 'report';
  /** Files kept in step with the shipped languages (src/locale-lists); absent when none are set. */
  localeLists?: LocaleListEntry[] | undefined;
  /** Globs of the code that uses the keys (`usage:`), normalized; absent: no code links. */
  usage?: string[] | undefined;
  /** `context:` rules, in the order written (a later rule wins a field both set). */
  context?: ContextRule[] | undefined;
}

export const DEFAULT_BRANCH = 'svc-l10n/%base%';
export const DEFAULT_TITLE = 'Update translations (%base%)';
export const DEFAULT_COMMIT_MESSAGE = 'Update translations';

/** `usage:` as a list, whether written as one glob or several. */
export function usagePatterns(usage: string | string[] | undefined): string[] {
  return usage === undefined ? [] : typeof usage === 'string' ? [usage] : usage;
}

function toSvcConfig(raw: RawConfig): SvcConfig {
  const pr = raw.pull_request ?? {};
  return {
    source: raw.source,
    targets: raw.targets,
    mode: raw.mode ?? 'job',
    memories: raw.memories ?? {},
    languagesMapping: Object.fromEntries(
      Object.entries(raw.languages_mapping ?? {}).map(([name, byLang]) => [
        canonicalPlaceholder(name),
        byLang,
      ]),
    ),
    files: raw.files.map((f) => ({
      source: normalizePattern(f.source),
      translation: normalizePattern(f.translation),
      ignore: (f.ignore ?? []).map(normalizePattern),
      format: f.format,
    })),
    pullRequest: {
      branch: pr.branch ?? DEFAULT_BRANCH,
      title: pr.title ?? DEFAULT_TITLE,
      body: pr.body,
      labels: pr.labels ?? [],
      reviewers: pr.reviewers ?? [],
      ...(pr.reviewers_by_language ? { reviewersByLanguage: pr.reviewers_by_language } : {}),
      assignees: pr.assignees ?? [],
      draft: pr.draft ?? false,
      commitMessage: pr.commit_message ?? DEFAULT_COMMIT_MESSAGE,
      ...(pr.split ? { split: pr.split } : {}),
    },
    job: {
      due: raw.job?.due,
      workflowTemplateId: raw.job?.workflow_template_id,
      domainId: raw.job?.domain_id,
      name: raw.job?.name,
    },
    ...(raw.ship ? { ship: shipPolicyOf(raw.ship) } : {}),
    onSourceChange: { small: raw.on_source_change?.small ?? 'review' },
    removedKeys: raw.removed_keys ?? 'remove',
    ...(raw.locale_lists ? { localeLists: toLocaleLists(raw.locale_lists) } : {}),
    ...(raw.usage !== undefined ? { usage: usagePatterns(raw.usage).map(normalizePattern) } : {}),
    ...(raw.context
      ? {
          context: raw.context.map((entry) => ({
            ...toContextRule(entry, '.svc.yml'),
            ...(entry.files !== undefined ? { files: normalizePattern(entry.files) } : {}),
          })),
        }
      : {}),
  };
}

/** The whole schema: structure, then cross-key rules, then the typed result. */
export const SvcConfigSchema = RawConfigSchema.superRefine(checkConfig).transform(toSvcConfig);
