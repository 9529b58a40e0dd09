import type { Logger } from 'pino';
import type { Client } from '../../src/api/index.ts';
import { settingsFrom } from '../../src/config/settings.ts';
import { lastUploads } from '../../src/contracts/uploads.ts';
import type { GitHub } from '../../src/github/client.ts';
import { pullRequestBody } from '../../src/github/pull-request-body.ts';
import { writePullRequest } from '../../src/github/pull-request-writer.ts';
import { readRepositoryFile } from '../../src/github/read-file.ts';
import type { Dispatcher, InboxEvent, PartialFailure } from '../dispatch.ts';
import type { ReceiverDb } from '../store/schema.ts';
import { newestWritten, recordWritten } from '../store/written-paths.ts';
import { collectInstant, collectJob } from './collect.ts';
import { mergeWithBase } from './merge-base.ts';
import { groupKeyOf, type Resolved, resolveEvent } from './resolve.ts';
import { dropOlderThan, emptyCollected, mergeCollected, pathsOf } from './translated-files.ts';

export interface DispatcherDeps {
  client: Client;
  /** An Octokit for a repository (a token's, or the GitHub App installation's). */
  github: (owner: string, repo: string) => Promise<GitHub>;
  isAllowed: (fullName: string) => boolean;
  log: Logger;
  /** The receiver's database: which source upload each translated file on a branch came from. */
  db: ReceiverDb;
  now?: () => number;
  /** Path of the config in the repository (default .svc.yml). */
  configPath?: string;
  /**
   * Called at each step of a batch; a test that crashes the receiver at a given step pauses
   * there (see SVC_RECEIVER_TEST_PAUSE_AT in ./index.ts).
   */
  onStep?: (step: HandlerStep) => Promise<void>;
}

/** The points of a batch where a crash leaves different traces behind. */
export type HandlerStep = 'after-download' | 'before-commit' | 'after-commit' | 'before-archive';

/**
 * The receiver's handlers: each event is resolved to its repository and base through the
 * platform (groupOf); the events of one repository and base are handled together — their
 * translations collected, placed by the repository's `.svc.yml` at the base, committed once,
 * one PR opened or updated — and delivered jobs archived afterwards. JOB_UPDATE and PROJECT_*
 * events are recorded (logged) only.
 */
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
export function failureComment(
  failures: readonly { sourcePath: string; target: string; message: string }[],
): string {
  const lines = failures.slice(0, 50).map((f) => `- \`${f.sourcePath}\` → ${f.target}: ${f.message}`);
  if (failures.length > 50) lines.push(`- … and ${failures.length - 50} more`);
  return [
    `⚠️ **${failures.length} translation(s) failed** and are not in this pull request:`,
    '',
    ...lines,
  ].join('\n');
}

export function createDispatcher(deps: DispatcherDeps): Dispatcher {
  const { client, log } = deps;
  const now = deps.now ?? Date.now;
  const resolved = new Map<number, Resolved>();

  async function resolve(event: InboxEvent, signal: AbortSignal): Promise<Resolved> {
    const cached = resolved.get(event.id);
    if (cached) return cached;
    const r = await resolveEvent(client, event, signal);
    if (r.kind !== 'record') {
      const name = `${r.origin.owner}/${r.origin.repo}`;
      if (!deps.isAllowed(name)) {
        const skipped: Resolved = {
          kind: 'record',
          reason: `repository ${name} is not in RECEIVER_ALLOWED_REPOS; nothing written`,
        };
        resolved.set(event.id, skipped);
        return skipped;
      }
    }
    if (resolved.size > 10_000) resolved.clear();
    resolved.set(event.id, r);
    return r;
  }

  return {
    async groupOf(event, signal) {
      const r = await resolve(event, signal);
      return r.kind === 'record' ? null : groupKeyOf(r.origin);
    },

    async handle(events, signal) {
      const work: { event: InboxEvent; r: Exclude<Resolved, { kind: 'record' }> }[] = [];
      for (const event of events) {
        const r = await resolve(event, signal);
        if (r.kind === 'record') log.info({ event: event.webhookId, type: event.type }, r.reason);
        else work.push({ event, r });
      }
      if (work.length === 0) return;
      const { owner, repo, ref: base } = work[0]!.r.origin;
      const gh = await deps.github(owner, repo);
      const configPath = deps.configPath ?? '.svc.yml';
      const text = await readRepositoryFile(gh, { owner, repo, ref: base }, configPath);
      if (text === undefined) throw new Error(`${owner}/${repo}@${base} has no ${configPath}`);
      const settings = settingsFrom(text, configPath, { base });

      const into = emptyCollected();
      const failed: PartialFailure['failed'] = [];
      const jobs: number[] = [];
      const leverage = { exactWords: 0, fuzzyWords: 0, newWords: 0 };
      for (const { event, r } of work) {
        // Each event's files join the batch only once all of them are in: never half a job.
        const mine = emptyCollected();
        try {
          if (r.kind === 'job') {
            const job = await client.jobs.get(r.jobId, { signal });
            if (job.status === 'archived') {
              log.info({ job: r.jobId }, 'job already archived: its pull request was written');
              continue;
            }
            const l = await collectJob(client, settings, r, mine, signal);
            leverage.exactWords += l.exactWords;
            leverage.fuzzyWords += l.fuzzyWords;
            leverage.newWords += l.newWords;
            jobs.push(r.jobId);
          } else {
            await collectInstant(client, settings, r, mine, signal);
          }
          mergeCollected(into, mine);
        } catch (error) {
          if (signal.aborted) throw error;
          failed.push({ id: event.id, error: (error as Error).message });
        }
      }
      const target = { repository: `${owner}/${repo}`, base };
      // Translations of older uploads than the ones already committed stay out (their deliveries
      // can come late: a retry after a restart, reconcile finding what a webhook also brings).
      dropOlderThan(into, await newestWritten(deps.db, target, pathsOf(into)));
      await deps.onStep?.('after-download');
      // What was delivered meets the base as it is now: only what the targets need is written.
      const merged =
        into.delivered.size > 0
          ? await mergeWithBase(
              { client, gh, log, now },
              settings,
              work[0]!.r.origin,
              into,
              await lastUploads(client, work[0]!.r.origin, signal),
              signal,
            )
          : { files: [], described: [], sourceIds: new Map<string, number>(), units: [] };
      for (const line of into.skipped) log.warn({ repository: `${owner}/${repo}`, base }, line);
      if (merged.files.length > 0 || into.failures.length > 0) {
        const via =
          jobs.length > 0 ? `job${jobs.length > 1 ? 's' : ''} ${jobs.join(', ')}` : 'instant translation';
        const pr = settings.pullRequest;
        const update = {
          via,
          sourceLang: settings.source,
          files: merged.described,
          ...(jobs.length > 0 ? { leverage } : {}),
          failures: into.failures,
          warnings: into.warnings,
          units: merged.units,
          at: new Date(now()),
        };
        let pullNumber: number | undefined;
        if (merged.files.length > 0) {
          await deps.onStep?.('before-commit');
          const written = await writePullRequest(gh, {
            owner,
            repo,
            base,
            branch: pr.branch,
            files: merged.files,
            commitMessage: pr.commitMessage,
            title: pr.title,
            body: (previous) => pullRequestBody(update, previous, pr.body),
            labels: pr.labels,
            reviewers: pr.reviewers,
            assignees: pr.assignees,
            draft: pr.draft,
            ...(deps.onStep ? { afterCommit: () => deps.onStep!('after-commit') } : {}),
          });
          log.info(
            {
              repository: `${owner}/${repo}`,
              base,
              pr: written.pullRequest?.url,
              commit: written.commit.commitSha,
              files: merged.files.length,
            },
            'pull request written',
          );
          pullNumber = written.pullRequest?.number;
          await recordWritten(deps.db, target, merged.sourceIds, now());
        } else {
          log.warn(
            { repository: `${owner}/${repo}`, base, failures: into.failures },
            'translations failed; nothing to commit',
          );
          pullNumber = (await openPullRequest(gh, { owner, repo, base, branch: pr.branch }))?.number;
        }
        if (into.failures.length > 0 && pullNumber !== undefined)
          await gh.rest.issues.createComment({
            owner,
            repo,
            issue_number: pullNumber,
            body: failureComment(into.failures),
          });
      }
      if (jobs.length > 0) await deps.onStep?.('before-archive');
      for (const id of jobs) await client.jobs.archive(id, { signal });
      return failed.length > 0 ? { failed } : undefined;
    },
  };
}
