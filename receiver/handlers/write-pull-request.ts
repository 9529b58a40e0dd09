import type { Logger } from 'pino';
import type { Client } from '../../src/api/index.ts';
import type { SyncSettings } from '../../src/config/settings.ts';
import type { Origin } from '../../src/contracts/labels.ts';
import { lastUploads } from '../../src/contracts/uploads.ts';
import type { GitHub } from '../../src/github/client.ts';
import { pullRequestBody } from '../../src/github/pull-request-body.ts';
import { writePullRequest } from '../../src/github/pull-request-writer.ts';
import type { ReceiverDb } from '../store/schema.ts';
import { recordWritten } from '../store/written-paths.ts';
import type { Deliveries, Failure } from './deliveries.ts';
import { type MergedBatch, mergeWithBase } from './merge-base.ts';
import type { Leverage } from './registry.ts';

/** The points of a batch where a crash leaves different traces behind. */
export type HandlerStep = 'after-download' | 'before-commit' | 'after-commit' | 'before-archive';

export interface PullRequestDeps {
  client: Client;
  log: Logger;
  /** Which source upload each translated file on a branch came from (written-paths). */
  db: ReceiverDb;
  now: () => number;
  /** Called at each step of a batch (tests pause there to crash the receiver). */
  onStep?: ((step: HandlerStep) => Promise<void>) | undefined;
}

/** One group's batch, collected: what its events delivered and the jobs among them. */
export interface CollectedBatch {
  gh: GitHub;
  origin: Origin;
  settings: SyncSettings;
  deliveries: Deliveries;
  /** Delivered jobs in the batch (none for instant translations), and their summed leverage. */
  jobs: readonly number[];
  leverage: Leverage;
}

const NOTHING_MERGED: MergedBatch = {
  files: [],
  described: [],
  sourceIds: new Map(),
  units: [],
  warnings: [],
};

/** The open l10n pull request of a base, if there is one. */
async function openPullRequest(gh: GitHub, o: { owner: string; repo: string; base: string; branch: string }) {
  const { data } = await gh.rest.pulls.list({
    owner: o.owner,
    repo: o.repo,
    state: 'open',
    head: `${o.owner}:${o.branch}`,
    base: o.base,
    per_page: 1,
  });
  return data[0];
}

/** The comment that tells reviewers some translations failed (the body lists them too). */
export function failureComment(failures: readonly Failure[]): string {
  const lines = failures.slice(0, 50).map((f) => `- \`${f.sourcePath}\` → ${f.target}: ${f.message}`);
  if (failures.length > 50) lines.push(`- … and ${failures.length - 50} more`);
  return [
    `⚠️ **${failures.length} translation(s) failed** and are not in this pull request:`,
    '',
    ...lines,
  ].join('\n');
}

/**
 * Writes a group's translations as one commit on its l10n branch and opens or updates the pull
 * request: the deliveries meet the base as it is now (only what the targets need is written), the
 * body says what came in, and failed translations get a comment — also on the open pull request
 * when nothing else changed. Records which source upload each written path came from.
 */
export async function writeTranslationsPullRequest(
  deps: PullRequestDeps,
  batch: CollectedBatch,
  signal: AbortSignal,
): Promise<void> {
  const { client, log, now } = deps;
  const { gh, origin, settings, deliveries, jobs } = batch;
  const { owner, repo, ref: base } = origin;
  const where = { repository: `${owner}/${repo}`, base };
  const merged =
    deliveries.delivered().length > 0
      ? await mergeWithBase(
          { client, gh, log, now },
          settings,
          origin,
          deliveries,
          await lastUploads(client, origin, signal),
          signal,
        )
      : NOTHING_MERGED;
  for (const line of deliveries.notes) log.warn(where, line);
  const failures = deliveries.failures;
  if (merged.files.length === 0 && failures.length === 0) return;
  const update = {
    via: jobs.length > 0 ? `job${jobs.length > 1 ? 's' : ''} ${jobs.join(', ')}` : 'instant translation',
    sourceLang: settings.source,
    files: merged.described,
    ...(jobs.length > 0 ? { leverage: batch.leverage } : {}),
    failures,
    warnings: merged.warnings,
    units: merged.units,
    at: new Date(now()),
  };
  const pr = settings.pullRequest;
  let pullNumber: number | undefined;
  if (merged.files.length > 0) {
    await deps.onStep?.('before-commit');
    const written = await writePullRequest(gh, {
      ...pr,
      owner,
      repo,
      base,
      files: merged.files,
      body: (previous) => pullRequestBody(update, previous, pr.body),
      ...(deps.onStep ? { afterCommit: () => deps.onStep!('after-commit') } : {}),
    });
    log.info(
      {
        ...where,
        pr: written.pullRequest?.url,
        commit: written.commit.commitSha,
        files: merged.files.length,
      },
      'pull request written',
    );
    pullNumber = written.pullRequest?.number;
    await recordWritten(deps.db, where, merged.sourceIds, now());
  } else {
    log.warn({ ...where, failures }, 'translations failed; nothing to commit');
    pullNumber = (await openPullRequest(gh, { owner, repo, base, branch: pr.branch }))?.number;
  }
  if (failures.length > 0 && pullNumber !== undefined)
    await gh.rest.issues.createComment({
      owner,
      repo,
      issue_number: pullNumber,
      body: failureComment(failures),
    });
}
