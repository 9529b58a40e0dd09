import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as core from '@actions/core';
import { context, getOctokit } from '@actions/github';
import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';
import { createClient, limitsFromEnv } from '../api/index.ts';
import { settingsFrom } from '../config/settings.ts';
import { createInstallationToken } from '../github/app-token.ts';
import { pullRequestFindings } from '../qa/pull-request.ts';
import { manifestYaml, readPseudoScreenshotFolder, sourceUnitIds } from '../screenshots/from-pseudo.ts';
import { type LocalScreenshot, readScreenshotFolder } from '../screenshots/local.ts';
import { screenshotSummary } from '../screenshots/summary.ts';
import { syncScreenshots } from '../screenshots/upload.ts';
import { describeFailure } from '../sync/describe-failure.ts';
import { runSync, type TranslationSink } from '../sync/run.ts';
import { syncSummary } from '../sync/summary.ts';
import { type ActionInputs, getInputs } from './inputs.ts';
import { type FindingsOf, pullRequestSink } from './pull-request-sink.ts';

/** What tests may inject. */
export interface RunOptions {
  /** Localization QA over the files a pull request is about to hold (default: `svc-connector qa`'s checks). */
  findings?: FindingsOf | undefined;
}

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

/**
 * The token that writes the pull request: an installation token of the GitHub App when one is
 * given (pushes made with it start the repository's workflows, GITHUB_TOKEN's do not), else
 * `github-token`.
 */
async function pullRequestToken(inputs: ActionInputs, env: NodeJS.ProcessEnv): Promise<string> {
  if (inputs.githubApp) {
    const minted = await createInstallationToken(inputs.githubApp, context.repo, {
      baseUrl: env.GITHUB_API_URL,
    });
    core.setSecret(minted.token);
    core.info(
      `writing the pull request as GitHub App ${inputs.githubApp.appId} (installation ${minted.installationId}): its checks will run`,
    );
    return minted.token;
  }
  if (inputs.githubToken) return inputs.githubToken;
  throw new Error(
    'wait: true writes the pull request: set github-app-id and github-app-private-key (recommended: its pushes start your workflows) or github-token',
  );
}

async function actionSink(
  inputs: ActionInputs,
  settings: ReturnType<typeof settingsFrom>,
  base: string,
  env: NodeJS.ProcessEnv,
  findings: FindingsOf | undefined,
): Promise<TranslationSink> {
  const gh = getOctokit(
    await pullRequestToken(inputs, env),
    {
      throttle: {
        onRateLimit: (after: number) => waitOut('rate limit', after),
        onSecondaryRateLimit: (after: number) => waitOut('secondary rate limit', after),
      },
    },
    retry,
    throttling,
  );
  const runUrl =
    env.GITHUB_SERVER_URL && env.GITHUB_RUN_ID
      ? `${env.GITHUB_SERVER_URL}/${context.repo.owner}/${context.repo.repo}/actions/runs/${env.GITHUB_RUN_ID}`
      : undefined;
  return pullRequestSink({
    gh,
    owner: context.repo.owner,
    repo: context.repo.repo,
    base,
    pullRequest: settings.pullRequest,
    findings,
    detailsUrl: runUrl,
    warn: (m) => core.warning(m),
  });
}

/**
 * `screenshots-from-pseudo`: the keys read from the pseudo text beside each PNG (from-pseudo.ts),
 * long keys resolved among the configured sources' units; warnings annotated, the manifest logged
 * (shown with dry-run, in the debug log otherwise).
 */
async function pseudoScreenshots(
  workspace: string,
  dir: string,
  inputs: ActionInputs,
  settings: ReturnType<typeof settingsFrom>,
): Promise<LocalScreenshot[]> {
  const known = await sourceUnitIds(workspace, settings, inputs.config);
  for (const w of known.warnings) core.warning(w, { title: 'svc-connector: screenshots' });
  const read = await readPseudoScreenshotFolder(join(workspace, dir), { keys: known.keys });
  for (const w of read.warnings) core.warning(`${dir}: ${w}`, { title: 'svc-connector: screenshots' });
  for (const n of read.notes) core.info(`${dir}: ${n}`);
  core.info(
    `screenshots.yml as read from the pseudo text in ${dir}:\n${manifestYaml(read.manifest).trimEnd()}`,
  );
  return read.screenshots;
}

/** The Action: inputs → runSync → outputs, annotations and the step summary. Never throws. */
export async function run(env: NodeJS.ProcessEnv = process.env, options: RunOptions = {}): Promise<void> {
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
    // A broken screenshots folder fails the run before anything is uploaded.
    const screenshots = inputs.screenshots
      ? inputs.screenshotsFromPseudo
        ? await pseudoScreenshots(workspace, inputs.screenshots, inputs, settings)
        : await readScreenshotFolder(join(workspace, inputs.screenshots))
      : undefined;
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
        defaultBranch: context.payload.repository?.default_branch,
        repositoryUrl: `${(env.GITHUB_SERVER_URL ?? 'https://github.com').replace(/\/+$/, '')}/${context.repo.owner}/${context.repo.repo}`,
        dryRun: inputs.dryRun,
        ...(settings.mode === 'instant' && inputs.wait && !inputs.dryRun
          ? {
              sink: await actionSink(
                inputs,
                settings,
                base,
                env,
                options.findings ??
                  pullRequestFindings({ root: workspace, config: settings, configFile: inputs.config }),
              ),
            }
          : {}),
        log: {
          info: (m) => core.info(m),
          debug: (m) => core.debug(m),
          // A pattern matching no file is the config's; a warning about a unit names its file.
          warning: (m, where) =>
            core.warning(
              m,
              where
                ? { title: 'svc-connector', file: where.file }
                : { title: 'svc-connector: no files', file: inputs.config },
            ),
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
      // Split mode writes one pull request per language: the outputs list them all, in order.
      const pulls = result.pullRequest ? (result.pullRequest.all ?? [result.pullRequest]) : [];
      core.setOutput('pull-request-url', pulls.map((p) => p.url).join(','));
      core.setOutput('pull-request-number', pulls.map((p) => p.number).join(','));
      core.setOutput('check-conclusion', pulls.map((p) => p.check?.conclusion ?? '').join(','));
      if (env.GITHUB_STEP_SUMMARY)
        await core.summary
          .addRaw(syncSummary(result, { targets: settings.targets, dryRun: inputs.dryRun }))
          .write();
      for (const f of result.failures)
        core.error(`${f.sourcePath} → ${f.target}: ${f.message}`, {
          title: 'svc-connector: translation failed',
        });
      if (screenshots) {
        const shots = await syncScreenshots({
          client,
          repository: context.repo,
          screenshots,
          dryRun: inputs.dryRun,
          log: (m) => core.debug(m),
        });
        core.info(screenshotSummary(shots, inputs.dryRun).trimEnd());
      }
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
