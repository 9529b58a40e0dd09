import { settingsFrom } from '../../src/config/settings.ts';
import type { GitHub } from '../../src/github/client.ts';
import { RepositoryReader } from '../../src/github/repository-reader.ts';
import type { InboxEvent, PartialFailure } from '../contracts.ts';
import type { Registry } from '../handlers/registry.ts';
import { newestWritten } from '../store/written-paths.ts';
import { Deliveries } from './deliveries.ts';
import { originOfGroup } from './group-key.ts';
import { type PullRequestDeps, writeTranslationsPullRequest } from './write-pull-request.ts';

export interface HandleBatchDeps extends PullRequestDeps {
  registry: Registry;
  /** An Octokit for a repository (a token's, or the GitHub App installation's). */
  github: (owner: string, repo: string) => Promise<GitHub>;
  /** Path of the config in the repository (default .svc.yml). */
  configPath?: string;
}

/**
 * Phase 2: handles the events of one group together. Each event's handler collects what it
 * brings — its files join the batch only once all of them are in, never half a job — placed by
 * the repository's `.svc.yml` at the base; translations of older uploads than the ones already
 * committed stay out; then one pull request is written and the delivered jobs are archived.
 * Events without a group were recorded when their group was named: nothing is left to do.
 * An event whose collection fails is retried alone (`failed`); the others go on.
 */
export async function handleBatch(
  deps: HandleBatchDeps,
  events: InboxEvent[],
  signal: AbortSignal,
): Promise<PartialFailure | undefined> {
  const groupKey = events[0]?.groupKey;
  if (!groupKey) return undefined;
  const origin = originOfGroup(groupKey);
  const { owner, repo, ref: base } = origin;
  // One reader for the batch: the base's tip comes with the config, and the files, the l10n
  // branch and its pull request with the next queries (DESIGN §11: a delivery in a handful of calls).
  const reader = new RepositoryReader(await deps.github(owner, repo), { owner, repo });
  const configPath = deps.configPath ?? '.svc.yml';
  const config = await reader.fileAtBranch(base, configPath);
  if (config === undefined) throw new Error(`${owner}/${repo}@${base} has no ${configPath}`);
  const settings = settingsFrom(Buffer.from(config).toString('utf8'), configPath, { base });

  const deliveries = new Deliveries();
  const failed: PartialFailure['failed'] = [];
  const jobs: number[] = [];
  const leverage = { exactWords: 0, fuzzyWords: 0, newWords: 0 };
  const ctx = { client: deps.client, log: deps.log, signal, origin, settings };
  for (const event of events) {
    try {
      const brought = await deps.registry.handlerOf(event.type)?.collect?.(event, ctx);
      if (!brought) continue;
      deliveries.absorb(brought.deliveries);
      if (brought.job) {
        jobs.push(brought.job.id);
        leverage.exactWords += brought.job.leverage.exactWords;
        leverage.fuzzyWords += brought.job.leverage.fuzzyWords;
        leverage.newWords += brought.job.leverage.newWords;
      }
    } catch (error) {
      if (signal.aborted) throw error;
      failed.push({ id: event.id, error: (error as Error).message });
    }
  }
  // Translations of older uploads than the ones already committed stay out (their deliveries
  // can come late: a retry after a restart, reconcile finding what a webhook also brings).
  const where = { repository: `${owner}/${repo}`, base };
  deliveries.dropOlderThan(await newestWritten(deps.db, where, deliveries.paths()));
  await deps.onStep?.('after-download');
  await writeTranslationsPullRequest(deps, { reader, origin, settings, deliveries, jobs, leverage }, signal);
  if (jobs.length > 0) await deps.onStep?.('before-archive');
  for (const id of jobs) await deps.client.jobs.archive(id, { signal });
  return failed.length > 0 ? { failed } : undefined;
}
