/**
 * The receiver: durable ingest (bench/support/receiver-ingest.ts: signed deliveries into a
 * receiver process on SQLite with synchronous=FULL), then the time from a JOB_DELIVER event to its
 * pull request for 100-file jobs (each a new repository in the GitHub double, two targets: 200
 * files written), the platform's export excluded, and the GitHub calls each delivery took (all
 * of them, to the job's archiving; GraphQL queries count one each).
 * Prints {"bench":"receiver","ingest_per_s":I,"pr_p50_ms":P,"pr_p95_ms":Q,"github_calls_per_pr":G,…}.
 */

import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createClient, poll } from '../src/api/index.ts';
import { settingsFrom } from '../src/config/settings.ts';
import { runSync } from '../src/sync/run.ts';
import { newSecret, signatureHeaders } from '../src/webhooks/standard-webhooks.ts';
import { startFakeGitHub } from '../test/support/fake-github/index.ts';
import { startPlatform } from '../test/support/platform.ts';
import { startTestReceiver } from '../test/support/receiver.ts';
import { benchReceiverIngest } from './support/receiver-ingest.ts';

const JOBS = Number(process.env.BENCH_RECEIVER_JOBS ?? 8);
const FILES = 100;
const CONFIG =
  'source: en\ntargets: [de, fr]\nfiles:\n  - source: locales/en/*.json\n    translation: locales/%lang%/%file%\n';

const ingest = await benchReceiverIngest();

const dir = mkdtempSync(join(tmpdir(), 'svc-bench-receiver-'));
const files = Object.fromEntries(
  Array.from({ length: FILES }, (_, i) => [
    `locales/en/screen${i}.json`,
    `${JSON.stringify({ title: `Screen ${i}`, body: `The text of screen ${i}, ready to translate.` }, null, 2)}\n`,
  ]),
);
for (const [path, text] of Object.entries(files)) {
  mkdirSync(dirname(join(dir, 'ws', path)), { recursive: true });
  writeFileSync(join(dir, 'ws', path), text);
}
const p = await startPlatform({ databaseUrl: `sqlite:${join(dir, 'platform.db')}` });
const client = createClient({ baseUrl: p.url, apiKey: p.key });
const repos = Array.from({ length: JOBS }, (_, i) => `app${i}`);
const gh = await startFakeGitHub({
  repos: repos.map((name) => ({
    owner: 'acme',
    name,
    defaultBranch: 'main',
    files: { '.svc.yml': CONFIG, ...files },
  })),
});
const secret = newSecret(randomBytes);
const receiver = await startTestReceiver({
  platformUrl: p.url,
  apiKey: p.key,
  gh,
  secrets: [secret],
  dbUrl: `sqlite:${join(dir, 'receiver.db')}`,
});

// Export time is the platform's, not the receiver's: from the export call to the zip download.
let exportStarted = 0;
let exportMs = 0;
const rc = receiver.client;
const exportJob = rc.jobs.export;
rc.jobs.export = (...args) => {
  exportStarted = performance.now();
  return exportJob(...args);
};
const downloadJob = rc.jobs.download;
rc.jobs.download = ((...args: Parameters<typeof downloadJob>) => {
  exportMs = performance.now() - exportStarted;
  return downloadJob(...args);
}) as typeof downloadJob;

const settings = settingsFrom(CONFIG, '.svc.yml', { base: 'main' });
const prMs: number[] = [];
const calls: number[] = [];
for (const repo of repos) {
  const { job } = await runSync({
    client,
    workspace: join(dir, 'ws'),
    settings,
    origin: { owner: 'acme', repo, ref: 'main' },
  });
  await poll(() => client.jobs.get(job!.id), {
    until: (j) => j.creationStatus === 'COMPLETE',
    intervalMs: 50,
    timeoutMs: 60_000,
  });
  await client.jobs.deliver(job!.id);
  const body = JSON.stringify({
    eventType: 'JOB_DELIVER',
    OrganizationId: 1,
    id: job!.id,
    name: job!.name,
    due: null,
    isDelivered: true,
  });
  const callsBefore = gh.calls.length;
  const started = performance.now();
  await fetch(`${receiver.url}/webhooks`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...signatureHeaders({ id: `msg_${repo}`, timestamp: Date.now(), body, secrets: [secret] }),
    },
    body,
  });
  await poll(async () => gh.pulls('acme', repo), {
    until: (l) => l.length === 1,
    intervalMs: 5,
    maxIntervalMs: 5,
    timeoutMs: 60_000,
  });
  prMs.push(performance.now() - started - exportMs);
  // Every call of the delivery counts, those after the pull request appeared too (its check run):
  // the batch ends when the receiver archives the job.
  await poll(() => client.jobs.get(job!.id), {
    until: (j) => j.status === 'archived',
    intervalMs: 5,
    timeoutMs: 60_000,
  });
  calls.push(gh.calls.length - callsBefore);
}

const sorted = [...prMs].sort((a, b) => a - b);
const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
process.stdout.write(
  `${JSON.stringify({
    bench: 'receiver',
    ingest_per_s: ingest.ingest_per_s,
    pr_p50_ms: Math.round(at(0.5)),
    pr_p95_ms: Math.round(at(0.95)),
    github_calls_per_pr: Math.max(...calls),
    jobs: JOBS,
    files_per_pr: FILES * 2,
    ingest_events: ingest.events,
    ingest_p99_ms: ingest.p99_ms,
  })}\n`,
);
await receiver.close();
await client.close();
await gh.close();
await p.close();
rmSync(dir, { recursive: true, force: true });
