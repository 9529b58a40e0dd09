/**
 * GitHub's rate limits are waited for, never failed on (DESIGN §11, issue 33): a delivery that
 * GitHub answers with a secondary rate limit (403) goes back in the queue until the limit ends,
 * without spending an attempt — even with one attempt allowed — and one answered 429 with
 * `retry-after: 1` waits in place; the pull request is written, nothing is dead-lettered, and
 * /metrics and /readyz say what was waited. A budget spent by others on the same token holds the
 * delivery until the reset, without drawing a 403. The receiver, its GitHub access and the GitHub
 * double share a clock the test moves: no sleeps.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Octokit } from '@octokit/rest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { listDeadLetters } from '../../receiver/store/dead-letters.ts';
import { type Client, createClient, poll } from '../../src/api/index.ts';
import { settingsFrom } from '../../src/config/settings.ts';
import { GitHubBudget } from '../../src/github/budget.ts';
import { runSync } from '../../src/sync/run.ts';
import { type FakeGitHub, startFakeGitHub } from '../support/fake-github/index.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';
import { startTestReceiver, type TestReceiver } from '../support/receiver.ts';
import { fakeClock, jobDeliver, receiverTestDatabase, SECRET, signed } from './support/index.ts';

const CONFIG =
  'source: en\ntargets: [de]\nfiles:\n  - source: locales/en/*.json\n    translation: locales/%lang%/%file%\n';
const FILES: Record<string, string> = {
  '.svc.yml': CONFIG,
  'locales/en/app.json': '{\n  "title": "Welcome",\n  "body": "Pick a screen to translate."\n}\n',
};
const settings = settingsFrom(CONFIG, '.svc.yml', { base: 'main' });

let p: TestPlatform;
let client: Client;
let workspace: string;
// Per test: a GitHub double, a receiver on its own database, and the clock they share.
let gh: FakeGitHub | undefined;
let receiver: TestReceiver | undefined;
let db: Awaited<ReturnType<typeof receiverTestDatabase>> | undefined;

beforeAll(async () => {
  workspace = mkdtempSync(join(tmpdir(), 'svc-gh-limits-'));
  for (const [path, text] of Object.entries(FILES)) {
    mkdirSync(dirname(join(workspace, path)), { recursive: true });
    writeFileSync(join(workspace, path), text);
  }
  p = await startPlatform();
  client = createClient({ baseUrl: p.url, apiKey: p.key });
}, 120_000);

afterEach(async () => {
  await receiver?.close();
  await db?.drop();
  await gh?.close();
  receiver = undefined;
  db = undefined;
  gh = undefined;
});

afterAll(async () => {
  await client?.close();
  await p?.close();
  rmSync(workspace, { recursive: true, force: true });
});

/** The double, and a receiver reaching it as deployed (gitHubAccess), all on one clock. */
async function start(o: { asApp: boolean; rateLimit?: number }) {
  const clock = fakeClock(Date.now());
  // The App's JWTs and installation tokens are checked against the double's clock: it keeps real
  // time for the App, and the moved clock where only the token is used.
  gh = await startFakeGitHub({
    repos: [{ owner: 'acme', name: 'app', files: FILES }],
    ...(o.rateLimit ? { rateLimit: o.rateLimit } : {}),
    ...(o.asApp ? {} : { now: clock.now }),
  });
  db = await receiverTestDatabase();
  const budget = new GitHubBudget({ now: clock.now });
  receiver = await startTestReceiver({
    platformUrl: p.url,
    apiKey: p.key,
    gh,
    secrets: [SECRET],
    dbUrl: db.url,
    asApp: o.asApp,
    now: clock.now,
    // A wait in place moves the clock instead of sleeping.
    limits: { budget, sleep: async (ms) => clock.advance(ms) },
    // One attempt allowed: a rate limit counted as a failure would dead-letter the delivery.
    worker: { maxAttempts: 1, reconcileMs: 24 * 3600_000 },
  });
  return { clock, gh, receiver };
}

/** Uploads a changed source, delivers its job and sends its webhook; the job and the event's inbox id. */
async function deliver(r: TestReceiver, at: number, webhookId: string) {
  // The platform is shared by the tests: a new title, so the upload is not skipped as unchanged.
  writeFileSync(
    join(workspace, 'locales/en/app.json'),
    `{\n  "title": "Welcome (${webhookId})",\n  "body": "Pick a screen to translate."\n}\n`,
  );
  const { job } = await runSync({
    client,
    workspace,
    settings,
    origin: { owner: 'acme', repo: 'app', ref: 'main' },
  });
  await poll(() => client.jobs.get(job!.id), {
    until: (j) => j.creationStatus === 'COMPLETE',
    intervalMs: 50,
    timeoutMs: 60_000,
  });
  await client.jobs.deliver(job!.id);
  const body = jobDeliver(job!.id);
  const answer = await fetch(`${r.url}/webhooks`, {
    method: 'POST',
    headers: signed(body, { id: webhookId, at }),
    body,
  });
  expect(answer.status).toBe(202);
  const event = await r.database.db
    .selectFrom('receiver_inbox')
    .select('id')
    .where('webhook_id', '=', webhookId)
    .executeTakeFirstOrThrow();
  return { jobId: job!.id, eventId: event.id };
}

const queueRowOf = (r: TestReceiver, id: number) =>
  r.database.db.selectFrom('receiver_queue').selectAll().where('event_id', '=', id).executeTakeFirstOrThrow();

/** The queue row once the event waits for a rate limit (pending, due later than `after`). */
const waiting = (r: TestReceiver, id: number, after: number) =>
  poll(() => queueRowOf(r, id), {
    until: (row) => row.status === 'pending' && row.next_attempt_at > after,
    intervalMs: 20,
    timeoutMs: 60_000,
  });

async function readyz(r: TestReceiver) {
  const answer = await fetch(`${r.url}/readyz`);
  expect(answer.status).toBe(200);
  return (await answer.json()) as {
    handling: boolean;
    github: {
      budgets: { credential: string; resource: string; limit: number; remaining: number; resetAt: string }[];
      waiting: { credential: string; resource: string; kind: string; until: string }[];
      waitingUntil?: string;
    };
  };
}

const metrics = async (r: TestReceiver) => (await fetch(`${r.url}/metrics`)).text();

const show = (g: FakeGitHub, ref: string, path: string) =>
  execFileSync('git', ['--git-dir', g.repoPath('acme', 'app'), 'show', `${ref}:${path}`], {
    encoding: 'utf8',
  });

describe("a delivery under GitHub's rate limits", () => {
  it('waits out a secondary limit (403) in the queue and a 429 with retry-after in place, then lands; nothing dead', async () => {
    const { clock, gh, receiver } = await start({ asApp: true });
    const answered: string[] = [];
    let limitedGraphql = false;
    let limitedPull = false;
    gh.intercept = ({ method, path }) => {
      if (method === 'POST' && path === '/graphql' && !limitedGraphql) {
        limitedGraphql = true;
        answered.push('403 /graphql');
        return {
          status: 403,
          body: {
            message:
              'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
            documentation_url:
              'https://docs.github.com/rest/using-the-rest-api/rate-limits-for-the-rest-api#about-secondary-rate-limits',
          },
        };
      }
      if (method === 'POST' && path === '/repos/acme/app/pulls' && !limitedPull) {
        limitedPull = true;
        answered.push('429 /pulls');
        return { status: 429, headers: { 'retry-after': '1' }, body: { message: 'Too many requests' } };
      }
      return undefined;
    };

    const { jobId, eventId } = await deliver(receiver, clock.now(), 'msg_limits_secondary');

    // The secondary limit names no retry-after: the event waits a minute (GitHub's "at least one
    // minute"), back in the queue with no attempt spent.
    const limitedAt = clock.now();
    const row = await waiting(receiver, eventId, limitedAt);
    expect(answered).toEqual(['403 /graphql']);
    expect(row.next_attempt_at).toBe(limitedAt + 60_000);
    expect(row.attempts).toBe(0);
    expect(row.last_error).toMatch(/GitHub secondary rate limit \(graphql, installation:\d+\)/);
    const ready = await readyz(receiver);
    expect(ready.handling).toBe(true);
    expect(ready.github.waitingUntil).toBe(new Date(limitedAt + 60_000).toISOString());
    expect(ready.github.waiting).toEqual([
      expect.objectContaining({ resource: 'all', kind: 'secondary', until: ready.github.waitingUntil }),
    ]);
    // Even the limited answer told the budget what is left.
    expect(ready.github.budgets).toContainEqual(
      expect.objectContaining({ resource: 'graphql', limit: 5000, remaining: expect.any(Number) }),
    );
    expect(await metrics(receiver)).toMatch(
      /receiver_github_rate_limit_waits_total\{resource="graphql",kind="secondary",where="queue"\} 1\n/,
    );

    // A minute later it is handled again; the 429 on the pull request waits its second in place.
    clock.advance(60_000);
    receiver.receiver.worker.wake();
    await poll(() => client.jobs.get(jobId), {
      until: (j) => j.status === 'archived',
      intervalMs: 50,
      timeoutMs: 60_000,
    });
    expect(answered).toEqual(['403 /graphql', '429 /pulls']);
    expect(
      gh.calls.filter((c) => c.method === 'POST' && c.path === '/repos/acme/app/pulls').map((c) => c.status),
    ).toEqual([429, 201]);
    expect(gh.pulls('acme', 'app')).toHaveLength(1);
    expect(JSON.parse(show(gh, 'svc-l10n/main', 'locales/de/app.json'))).toHaveProperty('title');

    const done = await poll(() => queueRowOf(receiver, eventId), {
      until: (r) => r.status === 'done',
      intervalMs: 20,
      timeoutMs: 10_000,
    });
    expect(done.attempts).toBe(1);
    expect(await listDeadLetters(receiver.database.db)).toEqual([]);
    const text = await metrics(receiver);
    expect(text).toMatch(
      /receiver_github_rate_limit_waits_total\{resource="graphql",kind="secondary",where="queue"\} 1\n/,
    );
    expect(text).toMatch(
      /receiver_github_rate_limit_waits_total\{resource="core",kind="secondary",where="in_place"\} 1\n/,
    );
    expect(text).toMatch(
      /receiver_github_rate_limit_wait_seconds_sum\{resource="graphql",kind="secondary",where="queue"\} 60\n/,
    );
    expect(text).toMatch(
      /receiver_github_rate_limit_wait_seconds_sum\{resource="core",kind="secondary",where="in_place"\} 1\n/,
    );
    expect(text).toMatch(/receiver_events_failed_total 0\n/);
    expect(text).toMatch(/receiver_events_dead_total 0\n/);
    expect(text).toMatch(
      /receiver_github_rate_limit_remaining\{credential="installation:\d+",resource="graphql"\} \d+\n/,
    );
    expect((await readyz(receiver)).github.waiting).toEqual([]);
  }, 180_000);

  it('holds a delivery whose budget others spent until the reset, without drawing a 403', async () => {
    const { clock, gh, receiver } = await start({ asApp: false, rateLimit: 20 });
    // Another user of the same token spends all but 4 calls of this hour's budget.
    const other = new Octokit({
      auth: gh.token,
      baseUrl: gh.url,
      log: { debug() {}, info() {}, warn() {}, error() {} },
    });
    for (let i = 0; i < 16; i++) await other.rest.repos.get({ owner: 'acme', repo: 'app' });
    const reset = Math.ceil((clock.now() + 3600_000) / 1000) * 1000;

    const { jobId, eventId } = await deliver(receiver, clock.now(), 'msg_limits_primary');
    // Its first call says 3 are left (within the reserve): the delivery waits for the reset.
    const row = await waiting(receiver, eventId, clock.now());
    expect(row.next_attempt_at).toBe(reset + 1000);
    expect(row.attempts).toBe(0);
    expect(gh.calls.filter((c) => c.status === 403)).toEqual([]);
    const ready = await readyz(receiver);
    expect(ready.github.budgets).toContainEqual({
      credential: 'token',
      resource: 'core',
      limit: 20,
      remaining: 3,
      resetAt: new Date(reset).toISOString(),
    });
    expect(ready.github.waitingUntil).toBe(new Date(reset + 1000).toISOString());

    clock.set(reset + 1000);
    receiver.receiver.worker.wake();
    await poll(() => client.jobs.get(jobId), {
      until: (j) => j.status === 'archived',
      intervalMs: 50,
      timeoutMs: 60_000,
    });
    expect(gh.pulls('acme', 'app')).toHaveLength(1);
    // Only the check run's 403 (a token may not create one: a permission, not a limit, and not waited for).
    expect(gh.calls.filter((c) => c.status === 403).map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /repos/acme/app/check-runs',
    ]);
    expect(await listDeadLetters(receiver.database.db)).toEqual([]);
    expect(await metrics(receiver)).toMatch(
      /receiver_github_rate_limit_waits_total\{resource="core",kind="primary",where="queue"\} 1\n/,
    );
  }, 180_000);
});
