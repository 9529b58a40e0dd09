import type { SvcConfig } from '../config/schema.ts';
import type { FileWrite } from '../github/branch-commit.ts';
import { createQaCheckRun, type QaFinding } from '../github/check-run.ts';
import type { GitHub } from '../github/client.ts';
import { type PullRequestUpdate, pullRequestBody } from '../github/pull-request-body.ts';
import { writePullRequest } from '../github/pull-request-writer.ts';
import { githubStatus } from '../github/read-file.ts';
import { languageBranch, languageTitle, splitByLanguage } from '../github/split-update.ts';
import type { SinkPullRequest, TranslationSink } from '../sync/run.ts';

/** Localization QA over the target files a pull request is about to hold (`svc-connector qa`'s engine). */
export type FindingsOf = (files: readonly FileWrite[]) => Promise<QaFinding[]>;

export interface PullRequestSinkOptions {
  gh: GitHub;
  owner: string;
  repo: string;
  base: string;
  /** The config's pull_request settings, `%base%` filled. */
  pullRequest: SvcConfig['pullRequest'];
  /** QA findings for the files: listed in the body and sent as the check run's annotations. */
  findings?: FindingsOf | undefined;
  /** The check's details link (the workflow run). */
  detailsUrl?: string | undefined;
  warn: (message: string) => void;
}

/**
 * Writes the Action's pull request (instant mode with `wait`), or one per target language with
 * `pull_request.split: language`; then, when QA runs, the `svc-connector / l10n QA` check on each
 * pull request's head.
 */
export function pullRequestSink(o: PullRequestSinkOptions): TranslationSink {
  return async (files, update) => {
    const shares =
      o.pullRequest.split === 'language'
        ? splitByLanguage(files, update)
        : [{ lang: undefined, files, update }];
    const written: SinkPullRequest[] = [];
    for (const share of shares) {
      const pr = await writeOne(o, share.lang, share.files, share.update);
      if (pr) written.push(pr);
    }
    return written.length > 0 ? { ...written[0]!, all: written } : undefined;
  };
}

async function writeOne(
  o: PullRequestSinkOptions,
  lang: string | undefined,
  files: FileWrite[],
  update: PullRequestUpdate,
): Promise<SinkPullRequest | undefined> {
  const settings = o.pullRequest;
  const findings = o.findings ? await o.findings(files) : undefined;
  const described = findings ? { ...update, findings } : update;
  const branch = lang ? languageBranch(settings.branch, lang) : settings.branch;
  const written = await writePullRequest(o.gh, {
    owner: o.owner,
    repo: o.repo,
    base: o.base,
    branch,
    files,
    commitMessage: lang ? `${settings.commitMessage} (${lang})` : settings.commitMessage,
    title: lang ? languageTitle(settings.title, lang) : settings.title,
    body: (previous) => pullRequestBody(described, previous, settings.body),
    labels: settings.labels,
    reviewers: settings.reviewers,
    assignees: settings.assignees,
    draft: settings.draft,
  });
  if (!written.pullRequest) return undefined;
  const out: SinkPullRequest = { url: written.pullRequest.url, number: written.pullRequest.number, lang };
  if (written.conflict) {
    o.warn(
      `${o.base} cannot be merged into ${branch} (a person's commits conflict with it): nothing committed; see ${written.conflict.commentUrl}`,
    );
    return { ...out, conflict: true };
  }
  const headSha = written.commit.headSha;
  if (findings && headSha) {
    try {
      const run = await createQaCheckRun(o.gh, {
        owner: o.owner,
        repo: o.repo,
        headSha,
        findings,
        detailsUrl: o.detailsUrl,
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
