import type { FileWrite } from './branch-commit.ts';
import type { PullRequestUpdate } from './pull-request-body.ts';

/** One pull request's share of an update: every file and fact of one language (split mode). */
export interface LanguageShare {
  lang: string;
  files: FileWrite[];
  update: PullRequestUpdate;
}

/**
 * The l10n branch of one language: `%lang%` in the pattern is filled, else the language is a last
 * path segment (`svc-l10n/main` → `svc-l10n/main/de`, the default of `pull_request.split: language`).
 */
export function languageBranch(pattern: string, lang: string): string {
  return pattern.includes('%lang%') ? pattern.replaceAll('%lang%', lang) : `${pattern}/${lang}`;
}

/** The title of one language's pull request: `%lang%` filled, else the language appended. */
export function languageTitle(title: string, lang: string): string {
  return title.includes('%lang%') ? title.replaceAll('%lang%', lang) : `${title} [${lang}]`;
}

/**
 * Splits an update by target language: each language gets its files, failures, warnings, unit
 * counts, gates and findings. The run's TM leverage goes with a language only when the run had one
 * language or the language carries its own (LanguageUnits.leverage). A locale list the run edited
 * goes with the first language it gains or loses (one pull request edits it, not several).
 */
export function splitByLanguage(files: readonly FileWrite[], update: PullRequestUpdate): LanguageShare[] {
  const langOfPath = new Map(update.files.map((f) => [f.path, f.target]));
  const listLang = new Map(
    (update.localeLists ?? []).map((l) => [l.path, [...l.added, ...l.removed].sort()[0]!]),
  );
  const langs = new Set([
    ...update.files.map((f) => f.target),
    ...update.failures.map((f) => f.target),
    ...(update.units ?? []).filter((u) => u.removed.length > 0).map((u) => u.target),
    ...listLang.values(),
  ]);
  return [...langs].sort().map((lang) => {
    const paths = new Set(update.files.filter((f) => f.target === lang).map((f) => f.path));
    const lists = (update.localeLists ?? []).filter((l) => listLang.get(l.path) === lang);
    for (const l of lists) paths.add(l.path);
    const share: PullRequestUpdate = {
      ...update,
      files: update.files.filter((f) => f.target === lang),
      failures: update.failures.filter((f) => f.target === lang),
      warnings: update.warnings.filter((w) => paths.has(w.path)),
      units: update.units?.filter((u) => u.target === lang),
      findings: update.findings?.filter((f) => (langOfPath.get(f.path) ?? f.lang) === lang),
      leverage: langs.size === 1 ? update.leverage : undefined,
      gates: update.gates?.filter((g) => g.lang === lang),
      localeLists: lists,
    };
    return { lang, files: files.filter((f) => paths.has(f.path)), update: share };
  });
}
