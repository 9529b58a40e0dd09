import type { SvcConfig } from '../config/schema.ts';
import type { FileWrite } from './branch-commit.ts';
import { createQaCheckRun, type QaFinding } from './check-run.ts';
import { githubStatus } from './github-status.ts';
import { type PullRequestUpdate, pullRequestBody } from './pull-request-body.ts';
import { writePullRequest } from './pull-request-writer.ts';
import type { RepositoryReader } from './repository-reader.ts';
import { languageBranch, languageTitle, splitByLanguage } from './split-update.ts';

/** Localization QA over the target files a pull request is about to hold (`svc-connector qa`'s engine). */
export type FindingsOf = (files: readonly FileWrite[]) => Promise<QaFinding[]>;

export interface TranslationPullRequestsOptions {
  base: string;
  /** The config's pull_request settings, `%base%` filled. */
  pullRequest: SvcConfig['pullRequest'];
  /** QA findings for the files: listed in the body and sent as the check run's annotations. */
  findings?: FindingsOf | undefined;
  /** The check's details link (the workflow run, the job in the workbench). */
  detailsUrl?: string | undefined;
  /** Called between a commit and its pull request (the receiver's crash tests stop there). */
  afterCommit?: () => Promise<void>;
  warn: (message: string) => void;
}

/** One pull request written (one per language with `pull_request.split: language`). */
export interface TranslationPullRequest {
  url: string;
  number: number;
  lang?: string | undefined;
  branch: string;
  /** The commit made, or null when the branch already held these contents. */
  commitSha: string | null;
  /** The QA check run created on its head, when findings were computed. */
  check?: { id: number; url: string; conclusion: string } | undefined;
  /** The base could not be merged into its branch: nothing committed, the PR says so. */
  conflict?: boolean | undefined;
}

/**
 * Writes the translation pull request of a base, or one per target language with
 * `pull_request.split: language` (branch `<branch>/<lang>`, or `%lang%` in the pattern); then,
 * when QA runs, the `svc-connector / l10n QA` check on each head. Shared by the Action (`wait`)
 * and the receiver.
 */
export async function writeTranslationPullRequests(
  reader: RepositoryReader,
  o: TranslationPullRequestsOptions,
  files: readonly FileWrite[],
  update: PullRequestUpdate,
): Promise<TranslationPullRequest[]> {
  const shares =
    o.pullRequest.split === 'language'
      ? splitByLanguage(files, update)
      : [{ lang: undefined, files: [...files], update }];
  const written: TranslationPullRequest[] = [];
  for (const share of shares) {
    const pr = await writeOne(reader, o, share.lang, share.files, share.update);
    if (pr) written.push(pr);
  }
  return written;
}

/**
 * A pull request's reviewers: everyone's, and its language's (`reviewers_by_language`); every
 * language's when one pull request holds them all.
 */
function reviewersOf(settings: SvcConfig['pullRequest'], lang: string | undefined): string[] {
  const byLanguage = settings.reviewersByLanguage ?? {};
  return [...settings.reviewers, ...(lang ? (byLanguage[lang] ?? []) : Object.values(byLanguage).flat())];
}

async function writeOne(
  reader: RepositoryReader,
  o: TranslationPullRequestsOptions,
  lang: string | undefined,
  files: FileWrite[],
  update: PullRequestUpdate,
): Promise<TranslationPullRequest | undefined> {
  const settings = o.pullRequest;
  const findings = o.findings ? await o.findings(files) : undefined;
  const described = findings ? { ...update, findings } : update;
  const branch = lang ? languageBranch(settings.branch, lang) : settings.branch;
  const written = await writePullRequest(reader, {
    base: o.base,
    branch,
    files,
    commitMessage: lang ? `${settings.commitMessage} (${lang})` : settings.commitMessage,
    title: lang ? languageTitle(settings.title, lang) : settings.title,
    body: (previous) => pullRequestBody(described, previous, settings.body),
    labels: settings.labels,
    reviewers: reviewersOf(settings, lang),
    assignees: settings.assignees,
    draft: settings.draft,
    ...(o.afterCommit ? { afterCommit: o.afterCommit } : {}),
  }).catch((error: unknown) => {
    // git cannot hold `svc-l10n/main` and `svc-l10n/main/de` at once: say so after a switch to split.
    if (lang && githubStatus(error) === 422 && /reference already exists/i.test(String(error)))
      throw new Error(
        `cannot create branch ${branch}: a branch ${branch.slice(0, branch.lastIndexOf('/'))} exists (git cannot hold both); merge or close its pull request and delete it, or put %lang% in pull_request.branch`,
        { cause: error },
      );
    throw error;
  });
  if (!written.pullRequest) return undefined;
  const unrequested = written.pullRequest.unrequested;
  if (unrequested)
    o.warn(
      `GitHub would not ask ${unrequested.map((n) => `@${n}`).join(', ')} to review ${written.pullRequest.url} (no write access to the repository): mentioned in its body instead`,
    );
  const out: TranslationPullRequest = {
    url: written.pullRequest.url,
    number: written.pullRequest.number,
    lang,
    branch,
    commitSha: written.commit.commitSha,
  };
  if (written.conflict) {
    o.warn(
      `${o.base} cannot be merged into ${branch} (a person's commits conflict with it): nothing committed; see ${written.conflict.commentUrl}`,
    );
    return { ...out, conflict: true };
  }
  const headSha = written.commit.headSha;
  if (findings && headSha) {
    try {
      const run = await createQaCheckRun(reader.gh, {
        owner: reader.owner,
        repo: reader.repo,
        headSha,
        findings,
        detailsUrl: o.detailsUrl,
        ...(update.gates?.length ? { gates: update.gates } : {}),
      });
      out.check = { id: run.id, url: run.url, conclusion: run.conclusion };
    } catch (error) {
      if (githubStatus(error) !== 403) throw error;
      o.warn(
        'the l10n QA check was not created: check runs need a GitHub App token (inputs github-app-id and github-app-private-key, or GITHUB_TOKEN with checks: write); the findings are in the pull request body',
      );
    }
  }
  return out;
}
