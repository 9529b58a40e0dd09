import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as core from '@actions/core';
import { context, getOctokit } from '@actions/github';
import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';
import { createClient, limitsFromEnv } from '../api/index.ts';
import { settingsFrom } from '../config/settings.ts';
import { pullRequestBody } from '../github/pull-request-body.ts';
import { writePullRequest } from '../github/pull-request-writer.ts';
import { describeFailure } from '../sync/describe-failure.ts';
import { runSync, type TranslationSink } from '../sync/run.ts';
import { syncSummary } from '../sync/summary.ts';
import { type ActionInputs, getInputs } from './inputs.ts';

/** The branch a push went to; tags and detached refs are refused with the ref named. */
function branchOf(env: NodeJS.ProcessEnv): string {
  if (env.GITHUB_HEAD_REF) return env.GITHUB_HEAD_REF;
  const ref = context.ref || env.GITHUB_REF || '';
  if (ref.startsWith('refs/heads/')) return ref.slice('refs/heads/'.length);
  throw new Error(`this action runs on branches; GITHUB_REF is "${ref}"`);
}

/** GitHub asked us to slow down: say so and let Octokit's throttling plugin retry after `after` s. */
function waitOut(kind: string, after: number): boolean {
  core.warning(`GitHub ${kind}; retrying in ${after} s`);
  return true;
}

function pullRequestSink(
  inputs: ActionInputs,
  settings: ReturnType<typeof settingsFrom>,
  base: string,
): TranslationSink {
  if (!inputs.githubToken)
    throw new Error('input github-token is required with wait: true (it opens the pull request)');
  const gh = getOctokit(
    inputs.githubToken,
    {
      throttle: {
        onRateLimit: (after: number) => waitOut('rate limit', after),
        onSecondaryRateLimit: (after: number) => waitOut('secondary rate limit', after),
      },
    },
    retry,
    throttling,
  );
  const pr = settings.pullRequest;
  return async (files, update) => {
    const written = await writePullRequest(gh, {
      owner: context.repo.owner,
      repo: context.repo.repo,
      base,
      branch: pr.branch,
      files,
      commitMessage: pr.commitMessage,
      title: pr.title,
      body: (previous) => pullRequestBody(update, previous, pr.body),
      labels: pr.labels,
      reviewers: pr.reviewers,
      assignees: pr.assignees,
      draft: pr.draft,
    });
    return written.pullRequest;
  };
}

/** The Action: inputs → runSync → outputs, annotations and the step summary. Never throws. */
export async function run(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  try {
    const inputs = getInputs();
    const workspace = env.GITHUB_WORKSPACE ?? process.cwd();
    const configText = await readFile(join(workspace, inputs.config), 'utf8').catch(
      (error: NodeJS.ErrnoException) => {
        throw new Error(
          error.code === 'ENOENT'
            ? `${inputs.config}: no such file in the repository (input config)`
            : `${inputs.config}: ${error.message}`,
        );
      },
    );
    const base = branchOf(env);
    const settings = settingsFrom(configText, inputs.config, {
      mode: inputs.mode,
      sourceLang: inputs.sourceLang,
      targetLangs: inputs.targetLangs,
      files: inputs.files,
      due: inputs.due,
      workflowTemplateId: inputs.workflowTemplateId,
      domainId: inputs.domainId,
      pullRequest: inputs.pullRequest,
      base,
    });
    // SVC_RATE_WINDOW_MS / SVC_RATE_SHARE: a shorter window in tests, a share when several runs share the key.
    const client = createClient({ baseUrl: inputs.apiUrl, apiKey: inputs.apiKey, ...limitsFromEnv(env) });
    try {
      const result = await runSync({
        client,
        workspace,
        settings,
        origin: {
          owner: context.repo.owner,
          repo: context.repo.repo,
          ref: base,
          sha: context.sha || env.GITHUB_SHA,
        },
        dryRun: inputs.dryRun,
        ...(settings.mode === 'instant' && inputs.wait && !inputs.dryRun
          ? { sink: pullRequestSink(inputs, settings, base) }
          : {}),
        log: {
          info: (m) => core.info(m),
          debug: (m) => core.debug(m),
          warning: (m) => core.warning(m, { title: 'svc-connector: no files', file: inputs.config }),
        },
      });
      for (const p of result.problems)
        core.error(p.message, {
          file: p.path,
          startLine: p.line,
          startColumn: p.column,
          title: 'svc-connector: cannot parse',
        });
      if (inputs.dryRun)
        for (const f of result.wouldUpload)
          core.info(
            `would upload ${f.path} (${f.words} words) and ${settings.mode === 'job' ? 'add it to a job' : 'translate it'} into ${settings.targets.join(', ')}`,
          );
      // With wait, what goes out are the deltas of new and changed units (see sync/delta.ts).
      const fileIds = result.targets
        ? result.targets.uploads.map((u) => u.id)
        : result.uploaded.map((u) => u.record.id);
      const translationIds = result.targets
        ? result.targets.statuses.map((s) => s.id)
        : result.translations.map((t) => t.status.id);
      core.setOutput('file-ids', fileIds.join(','));
      core.setOutput('job-id', result.job ? String(result.job.id) : '');
      core.setOutput('translation-ids', translationIds.join(','));
      core.setOutput('uploaded-count', String(fileIds.length));
      core.setOutput('skipped-count', String(result.skipped.length));
      core.setOutput('pull-request-url', result.pullRequest?.url ?? '');
      core.setOutput('pull-request-number', result.pullRequest ? String(result.pullRequest.number) : '');
      if (env.GITHUB_STEP_SUMMARY)
        await core.summary
          .addRaw(syncSummary(result, { targets: settings.targets, dryRun: inputs.dryRun }))
          .write();
      for (const f of result.failures)
        core.error(`${f.sourcePath} → ${f.target}: ${f.message}`, {
          title: 'svc-connector: translation failed',
        });
      const failed = [
        ...(result.problems.length > 0 ? [`${result.problems.length} file(s) could not be parsed`] : []),
        ...(result.failures.length > 0 ? [`${result.failures.length} translation(s) failed`] : []),
      ];
      if (failed.length > 0) core.setFailed(`${failed.join(' and ')}; see the annotations`);
    } finally {
      await client.close();
    }
  } catch (error) {
    core.setFailed(describeFailure(error));
  }
}
