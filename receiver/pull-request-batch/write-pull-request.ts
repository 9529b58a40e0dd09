import type { Logger } from 'pino';
import type { Client } from '../../src/api/index.ts';
import type { SyncSettings } from '../../src/config/settings.ts';
import type { Origin } from '../../src/contracts/labels.ts';
import { lastUploads } from '../../src/contracts/uploads.ts';
import type { RepositoryReader } from '../../src/github/repository-reader.ts';
import { languageBranch } from '../../src/github/split-update.ts';
import { writeTranslationPullRequests } from '../../src/github/translation-pull-requests.ts';
import { describeGate } from '../../src/ship/figures.ts';
import type { Leverage } from '../handlers/registry.ts';
import type { ReceiverDb } from '../store/schema.ts';
import { recordWritten } from '../store/written-paths.ts';
import type { Deliveries, Failure } from './deliveries.ts';
import { emptyBatch, mergeWithBase } from './merge-base.ts';
import { qaFindingsOf } from './qa-findings.ts';

/** The points of a batch where a crash leaves different traces behind. */
export type HandlerStep = 'after-download' | 'before-commit' | 'after-commit' | 'before-archive';

export interface PullRequestDeps {
  client: Client;
  log: Logger;
  /** Which source upload each translated file on a branch came from (written-paths). */
  db: ReceiverDb;
  now: () => number;
  /** The platform's address (SVC_API_URL): the PR body links the delivered job in its workbench. */
  platformUrl?: string | undefined;
  /** Called at each step of a batch (tests pause there to crash the receiver). */
  onStep?: ((step: HandlerStep) => Promise<void>) | undefined;
}

/** One group's batch, collected: what its events delivered and the jobs among them. */
export interface CollectedBatch {
  /** The repository, read in bulk for the batch (its tips and open pull requests remembered). */
  reader: RepositoryReader;
  origin: Origin;
  settings: SyncSettings;
  deliveries: Deliveries;
  /** Delivered jobs in the batch (none for instant translations), and their summed leverage. */
  jobs: readonly number[];
  leverage: Leverage;
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
 * Writes a group's translations through the library's writeTranslationPullRequests, as the Action
 * does: one pull request, or one per language with `pull_request.split: language`; each head gets
 * the `svc-connector / l10n QA` check of what it holds; a moved base that conflicts with a
 * person's commits commits nothing and is reported on the PR. The deliveries meet the base (or
 * the l10n branch people committed to) as it is now; failed translations get a comment on their
 * pull request — also on the open one when nothing else changed. Records which source upload each
 * written path came from.
 */
export async function writeTranslationsPullRequest(
  deps: PullRequestDeps,
  batch: CollectedBatch,
  signal: AbortSignal,
): Promise<void> {
  const { client, log, now } = deps;
  const { reader, origin, settings, deliveries, jobs } = batch;
  const { owner, repo, ref: base } = origin;
  const where = { repository: `${owner}/${repo}`, base };
  const merged =
    deliveries.delivered().length > 0
      ? await mergeWithBase(
          { client, reader, log, now },
          settings,
          origin,
          deliveries,
          await lastUploads(client, origin, signal),
          signal,
        )
      : emptyBatch();
  for (const line of deliveries.notes) log.warn(where, line);
  for (const gate of merged.gates ?? []) log.info(where, describeGate(gate));
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
    gates: merged.gates,
    localeLists: merged.localeLists,
    // The workbench has no page per job: its overview (/workbench/) lists the jobs and links each
    // language's project (/workbench/projects/<id>), where reviewers work.
    ...(jobs.length > 0 && deps.platformUrl ? { jobUrl: new URL('/workbench/', deps.platformUrl).href } : {}),
    at: new Date(now()),
  };
  const pr = settings.pullRequest;
  let pulls: { number: number; lang?: string | undefined }[];
  if (merged.files.length > 0) {
    await deps.onStep?.('before-commit');
    const written = await writeTranslationPullRequests(
      reader,
      {
        base,
        pullRequest: pr,
        findings: qaFindingsOf(merged.sources, settings.source),
        detailsUrl: update.jobUrl,
        ...(deps.onStep ? { afterCommit: () => deps.onStep!('after-commit') } : {}),
        warn: (message) => log.warn(where, message),
      },
      merged.files,
      update,
    );
    for (const one of written)
      log.info(
        {
          ...where,
          pr: one.url,
          lang: one.lang,
          commit: one.commitSha,
          check: one.check?.conclusion,
          conflict: one.conflict,
        },
        one.conflict
          ? 'pull request not written: the base conflicts with its branch'
          : 'pull request written',
      );
    pulls = written;
    await recordWritten(deps.db, where, merged.sourceIds, now());
  } else {
    log.warn({ ...where, failures }, 'translations failed; nothing to commit');
    // Split mode: each failing language's comment goes on that language's open pull request.
    const langs: (string | undefined)[] =
      pr.split === 'language' ? [...new Set(failures.map((f) => f.target))] : [undefined];
    pulls = [];
    for (const lang of langs) {
      const branch = lang ? languageBranch(pr.branch, lang) : pr.branch;
      const open = await reader.openPull(branch, base);
      if (open) pulls.push({ number: open.number, lang });
    }
  }
  for (const pull of pulls) {
    const own = pull.lang ? failures.filter((f) => f.target === pull.lang) : failures;
    if (own.length > 0)
      await reader.gh.rest.issues.createComment({
        owner,
        repo,
        issue_number: pull.number,
        body: failureComment(own),
      });
  }
}
