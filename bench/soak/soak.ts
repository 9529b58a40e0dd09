/**
 * The soak: Action → platform → receiver loops for a while, with the platform and the receiver
 * restarted in turn (now and then killed), then two verdicts — memory stayed flat (memory.ts),
 * nothing was lost (judge.ts) and one pull request is open.
 */
import { rm } from 'node:fs/promises';
import { seededRandom } from '../support/random.ts';
import { runActionOnce, snapshotAction } from './action.ts';
import { pullRequestView } from './branch.ts';
import { checkNothingLost } from './final-check.ts';
import { createLane, type Lane } from './lane.ts';
import { type MemoryFigures, notFlat, runFigures, serviceFigures } from './memory.ts';
import { createMutex } from './mutex.ts';
import { type Pace, paceBetween } from './pace.ts';
import { type RestartCounts, runRestarts } from './restarts.ts';
import { startSampler } from './sampler.ts';
import { soakSources, TARGETS, translationPath } from './sources.ts';
import { OWNER, REPO, startStack } from './stack.ts';
import { within } from './within.ts';

export interface SoakOptions {
  minutes: number;
  /** Loops running at once, each on its own files (default 3). */
  lanes?: number;
  /** A restart every this long, platform and receiver in turn (default 30 s). */
  restartEveryMs?: number;
  /** Every this many restarts is a SIGKILL (default 3). */
  killEvery?: number;
  /** Memory readings younger than this in an instance's life are warm-up (default 15 s). */
  warmupMs?: number;
  /** Claimed work comes back this long after a kill (default 10 s). */
  leaseMs?: number;
  /** Longest wait for one loop's result (default 3 min). */
  waitMs?: number;
  seed?: number;
  say?: (line: string) => void;
}

export interface SoakReport {
  soak: 'action-platform-receiver';
  minutes: number;
  loops: number;
  jobs_delivered: number;
  instant_runs: number;
  prs_open: number;
  lost: number;
  /** Loops whose result took longer than waitMs to reach the pull request. */
  slow_loops: number;
  restarts: RestartCounts;
  rss_mb: { platform: MemoryFigures; receiver: MemoryFigures; action: MemoryFigures };
  flat: boolean;
  /** Loops of the first and the last minute: whether the soak slowed down as its data grew. */
  pace: { first_minute: Pace; last_minute: Pace };
}

export interface SoakOutcome {
  report: SoakReport;
  /** Everything that makes the soak fail, one line each (lost work, memory, crashes). */
  problems: string[];
}

export async function runSoak(o: SoakOptions): Promise<SoakOutcome> {
  const say = o.say ?? ((line: string) => process.stderr.write(`soak: ${line}\n`));
  const random = seededRandom(o.seed ?? 11);
  const restartEveryMs = o.restartEveryMs ?? 30_000;
  const waitMs = o.waitMs ?? 180_000;
  const sources = soakSources(o.lanes ?? 3, random);
  const stack = await startStack({ files: sources.initial(), leaseMs: o.leaseMs ?? 10_000 });
  const { gh, client, platform, receiver } = stack;
  const sampler = startSampler([platform, receiver], { serviceMs: 1000, actionMs: 200 });
  const problems: string[] = [];
  let report: SoakReport;
  let completed = false;
  try {
    const pr = pullRequestView({
      githubUrl: gh.url,
      token: gh.token,
      owner: OWNER,
      repo: REPO,
      branch: 'svc-l10n/main',
    });
    const actionLock = createMutex();
    const target = {
      bareRepo: gh.repoPath(OWNER, REPO),
      repository: `${OWNER}/${REPO}`,
      githubUrl: gh.url,
      platformUrl: stack.platformUrl,
      apiKey: stack.apiKey,
      script: await snapshotAction(stack.dir),
    };
    const started = Date.now();
    const elapsed = () => `${Math.round((Date.now() - started) / 1000)}s`;
    const log = (line: string) => say(`[${elapsed()}] ${line}`);

    // The first run uploads every file of the repository: one job, before the lanes start.
    const first = await actionLock.run(() => runActionOnce(target, 'job'));
    const firstJob = Number(first['job-id']);
    const firstArrived = await within(
      waitMs,
      async () => (await client.jobs.get(firstJob)).status === 'archived',
    );
    // What the pull request holds now, before any lane changes a file again (see judge.ts).
    for (const path of sources.allPaths())
      for (const lang of TARGETS) await pr.read(translationPath(path, lang));
    if (firstArrived) log(`first job ${firstJob} is on the pull request; ${o.lanes ?? 3} lanes start`);
    else problems.push(`the first job ${firstJob} did not reach the pull request within ${waitMs} ms`);

    const lanesStarted = Date.now();
    const deadline = lanesStarted + o.minutes * 60_000;
    const stopRestarts = new AbortController();
    // Memory is compared under the same load at start and end: readings stop when the loops do.
    const readingsEnd = setTimeout(() => sampler.stop(), Math.max(0, deadline - Date.now()));
    const lanes: Lane[] = Array.from({ length: o.lanes ?? 3 }, (_, lane) =>
      createLane({
        lane,
        sources,
        client,
        pr,
        actionLock,
        commit: (files, message) => gh.commitAs(OWNER, REPO, 'main', files, message),
        runAction: (mode) => runActionOnce(target, mode),
        stopping: () => Date.now() >= deadline,
        waitMs,
        say: log,
      }),
    );
    const restarts = runRestarts({
      platform,
      receiver,
      actionLock,
      phases: () => lanes.map((l) => l.phase()),
      everyMs: restartEveryMs,
      // The last restart comes a full interval before the end, so each last instance has a life to measure.
      lastAt: deadline - restartEveryMs,
      killEvery: o.killEvery ?? 3,
      signal: stopRestarts.signal,
      random,
      say: log,
    });
    const timings = () => lanes.flatMap((l) => l.record.timings);
    const progress = setInterval(() => {
      const loops = lanes.reduce((n, l) => n + l.record.loops, 0);
      const p = paceBetween(timings(), Date.now() - 30_000, Date.now());
      log(
        `${loops} loops so far; the last 30 s: ${p.loops} loops, median ${p.loop_p50_s} s (Action ${p.action_p50_s} s, delivery ${p.delivery_p50_s} s)`,
      );
      // The double keeps every request it answered; the soak needs none of them.
      gh.calls.splice(0);
    }, 30_000);
    const ran = await Promise.allSettled(lanes.map((l) => l.run()));
    clearInterval(progress);
    clearTimeout(readingsEnd);
    sampler.stop();
    stopRestarts.abort();
    const restartCounts = await restarts;
    for (const r of ran) if (r.status === 'rejected') problems.push(`a lane stopped: ${String(r.reason)}`);

    // Whatever is still under way settles before the count: no active job, none delivered but unarchived.
    log('loops done; waiting for the last deliveries');
    const quiet = await within(waitMs, async () => {
      const active = await client.jobs.list({ isDelivered: false, limit: 1 });
      const unacknowledged = await client.jobs.list({ isDelivered: true, isArchived: false, limit: 1 });
      return active.length === 0 && unacknowledged.length === 0;
    });
    if (!quiet) problems.push(`jobs still active or unarchived ${waitMs} ms after the last loop`);

    log('checking every delivery against the pull request');
    const check = await checkNothingLost({
      client,
      pr,
      sources,
      started: {
        jobs: [firstJob, ...lanes.flatMap((l) => l.record.jobs)],
        translations: lanes.flatMap((l) => l.record.translations),
      },
    });
    for (const line of check.lost) problems.push(`lost: ${line}`);
    if (check.prsOpen !== 1) problems.push(`${check.prsOpen} open pull requests, not one`);

    const warmupMs = o.warmupMs ?? 15_000;
    const rss = {
      platform: serviceFigures(sampler.instances('platform'), warmupMs),
      receiver: serviceFigures(sampler.instances('receiver'), warmupMs),
      action: runFigures(sampler.actionPeaks()),
    };
    const memory = Object.entries(rss).flatMap(([name, f]) => notFlat(name, f));
    problems.push(...memory);
    report = {
      soak: 'action-platform-receiver',
      minutes: o.minutes,
      loops: 1 + lanes.reduce((n, l) => n + l.record.loops, 0),
      jobs_delivered: check.jobsDelivered,
      instant_runs: lanes.reduce((n, l) => n + l.record.instantRuns, 0),
      prs_open: check.prsOpen,
      lost: check.lost.length,
      slow_loops: lanes.reduce((n, l) => n + l.record.slow.length, 0),
      restarts: restartCounts,
      rss_mb: rss,
      flat: memory.length === 0,
      pace: {
        first_minute: paceBetween(timings(), lanesStarted, lanesStarted + 60_000),
        last_minute: paceBetween(timings(), deadline - 60_000, Number.POSITIVE_INFINITY),
      },
    };
    completed = true;
  } finally {
    sampler.stop();
    await stack.close({ keep: true });
    // Crashes, and stops that did not end cleanly — the final SIGTERM included.
    problems.push(...platform.unclean, ...receiver.unclean);
    if (!completed || problems.length > 0) say(`kept ${stack.dir} (databases, service logs) to look into`);
    else await rm(stack.dir, { recursive: true, force: true });
  }
  return { report, problems };
}
