import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Octokit } from '@octokit/rest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createClient, poll } from '../../src/api/index.ts';
import { signatureHeaders } from '../../src/webhooks/standard-webhooks.ts';
import { checkout, runAction } from '../support/action-runner.ts';
import { type FakeGitHub, startFakeGitHub } from '../support/fake-github/index.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';
import { freePort, startTestReceiver, type TestReceiver } from '../support/receiver.ts';

const CONFIG = (mode: string) => `source: en
targets: [de, fr-CA]
mode: ${mode}
files:
  - source: locales/en/**/*.json
    translation: locales/%lang%/**/%file%
  - source: "*.yml"
    translation: "%lang%/%file%"
    ignore: [".svc.yml"]
`;
const SOURCES = {
  'locales/en/app.json': '{\n  "greeting": "Hello, {{name}}!",\n  "bye": "Goodbye"\n}\n',
  'locales/en/screens/nav.json': '{\n  "home": "Home"\n}\n',
};

let p: TestPlatform;
let gh: FakeGitHub;
let client: Client;
let receiver: TestReceiver;
let secret: string;
let dir: string;
const dirs: string[] = [];

const git = (repo: string, ...args: string[]) =>
  execFileSync('git', ['--git-dir', gh.repoPath('acme', repo), ...args], { encoding: 'utf8' });
const pullsOf = (repo: string) => gh.pulls('acme', repo);

async function runTheAction(repo: string) {
  const workspace = await checkout(gh.repoPath('acme', repo));
  dirs.push(workspace);
  const r = await runAction({
    inputs: { 'api-url': p.url, 'api-key': p.key },
    workspace,
    repository: `acme/${repo}`,
    env: { GITHUB_API_URL: gh.url },
  });
  expect(r.stdout).not.toMatch(/::error::/);
  expect(r.code).toBe(0);
  return r.outputs;
}

const waitFor = <T>(what: () => Promise<T> | T, until: (v: T) => boolean) =>
  poll(async () => what(), { until, intervalMs: 100, maxIntervalMs: 300, timeoutMs: 45_000 });

/** Resolves once the receiver has settled every event it got. */
const queueDrained = () =>
  waitFor(
    () =>
      receiver.database.db
        .selectFrom('receiver_queue')
        .select('status')
        .where('status', 'in', ['pending', 'processing'])
        .execute(),
    (rows) => rows.length === 0,
  );

async function postSigned(body: object, id: string) {
  const text = JSON.stringify(body);
  return fetch(`${receiver.url}/webhooks`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...signatureHeaders({ id, timestamp: Date.now(), body: text, secrets: [secret] }),
    },
    body: text,
  });
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'svc-e2e-receiver-'));
  p = await startPlatform({ env: { SVC_AUTO_DELIVER_MS: '300' }, webhooks: { retryScale: 0.001 } });
  client = createClient({ baseUrl: p.url, apiKey: p.key });
  gh = await startFakeGitHub({
    repos: [
      { owner: 'acme', name: 'app', defaultBranch: 'main', files: { '.svc.yml': CONFIG('job'), ...SOURCES } },
      {
        owner: 'acme',
        name: 'web',
        defaultBranch: 'main',
        files: { '.svc.yml': CONFIG('instant'), ...SOURCES },
      },
      {
        owner: 'other',
        name: 'secret',
        defaultBranch: 'main',
        files: { '.svc.yml': CONFIG('job'), ...SOURCES },
      },
    ],
  });
  const port = await freePort();
  const config = await client.webhooks.create({
    webhookName: 'receiver',
    webhookUrl: `http://127.0.0.1:${port}/webhooks`,
    eventType: ['JOB_DELIVER', 'JOB_UPDATE', 'INSTANT_TRANSLATE_COMPLETED', 'INSTANT_TRANSLATE_FAILED'],
  });
  secret = config.secret;
  receiver = await startTestReceiver({
    platformUrl: p.url,
    apiKey: p.key,
    gh,
    secrets: [secret],
    dbUrl: `sqlite:${join(dir, 'receiver.db')}`,
    port,
  });
}, 60_000);

afterAll(async () => {
  await receiver?.close();
  await client?.close();
  await gh?.close();
  await p?.close();
  await Promise.all([dir, ...dirs].map((d) => rm(d, { recursive: true, force: true })));
});

describe('Action → platform → webhook → receiver → pull request', () => {
  it('job mode: the delivered job becomes a PR with every file at its configured path, and the job is archived', async () => {
    const outputs = await runTheAction('app');
    const jobId = Number(outputs['job-id']);
    const [pr] = await waitFor(
      () => pullsOf('app'),
      (list) => list.length > 0,
    );
    expect(pr).toMatchObject({ base: { ref: 'main' }, head: { ref: 'svc-l10n/main' }, state: 'open' });
    const tree = git('app', 'ls-tree', '-r', '--name-only', 'svc-l10n/main').split('\n');
    expect(tree).toEqual(
      expect.arrayContaining([
        'locales/de/app.json',
        'locales/de/screens/nav.json',
        'locales/fr-CA/app.json',
        'locales/fr-CA/screens/nav.json',
      ]),
    );
    expect(Object.keys(JSON.parse(git('app', 'show', 'svc-l10n/main:locales/de/app.json')))).toEqual([
      'greeting',
      'bye',
    ]);
    expect(pr!.body).toContain(`job ${jobId}`);
    expect(pr!.body).toMatch(/TM leverage/);
    const job = await waitFor(
      () => client.jobs.get(jobId),
      (j) => j.status === 'archived',
    );
    expect(job.status).toBe('archived');
  });

  it('the same event twice, and a redelivery under a new id, give one commit and one PR', async () => {
    const commits = git('app', 'rev-list', '--count', 'svc-l10n/main').trim();
    const [job] = await client.jobs.list({ isArchived: true });
    const body = {
      eventType: 'JOB_DELIVER',
      OrganizationId: 1,
      id: job!.id,
      name: job!.name,
      due: null,
      isDelivered: true,
    };
    expect((await postSigned(body, 'msg_dup_1')).status).toBe(202);
    expect((await postSigned(body, 'msg_dup_1')).status).toBeLessThan(300);
    expect((await postSigned(body, 'msg_dup_2')).status).toBe(202);
    await queueDrained();
    expect(git('app', 'rev-list', '--count', 'svc-l10n/main').trim()).toBe(commits);
    expect(pullsOf('app')).toHaveLength(1);
    const stored = await receiver.database.db
      .selectFrom('receiver_inbox')
      .select('webhook_id')
      .where('webhook_id', 'like', 'msg_dup_%')
      .execute();
    expect(stored).toHaveLength(2);
  });

  it('instant mode: the completed translations become a PR', async () => {
    await runTheAction('web');
    await waitFor(
      () =>
        git('web', 'branch', '--list', 'svc-l10n/main').trim()
          ? git('web', 'ls-tree', '-r', '--name-only', 'svc-l10n/main')
          : '',
      (tree) =>
        [
          'locales/de/app.json',
          'locales/de/screens/nav.json',
          'locales/fr-CA/app.json',
          'locales/fr-CA/screens/nav.json',
        ].every((f) => tree.includes(f)),
    );
    expect(pullsOf('web')).toHaveLength(1);
    expect(pullsOf('web')[0]!.body).toContain('instant translation');
  });

  it('a late delivery of an older translation never replaces the newer one on the branch', async () => {
    // The first instant run's translations of app.json (the test above) are the older ones.
    const older = await client.instant.status({ fromTime: 0 });
    const first = older.filter((t) => t.status === 'ReadyForDownload');
    expect(first.length).toBeGreaterThan(0);
    const german = () => git('web', 'show', 'svc-l10n/main:locales/de/app.json');
    const before = german();
    await gh.commitAs(
      'acme',
      'web',
      'main',
      { 'locales/en/app.json': '{\n  "greeting": "Hello again, {{name}}!",\n  "bye": "See you"\n}\n' },
      'Reword the greeting',
    );
    await runTheAction('web');
    const newer = await waitFor(german, (text) => text !== before);
    // Retries after a restart and reconcile deliver old translations again, under new ids.
    for (const t of first) {
      const body = { eventType: 'INSTANT_TRANSLATE_COMPLETED', translationId: t.id, fileId: t.fileId };
      expect((await postSigned(body, `msg_late_${t.id}`)).status).toBe(202);
    }
    await queueDrained();
    expect(german()).toBe(newer);
    expect(pullsOf('web')).toHaveLength(1);
  });
});

describe('a translation that fails', () => {
  it('is reported on the open PR as a comment', async () => {
    const broken = await client.files.upload({
      name: 'locales/en/broken.json',
      content: '{\n  "a": \n}\n',
      labels: ['repo:acme/web', 'ref:main'],
    });
    const memory = (await client.memories.list()).find((m) => m.name === 'acme/web en → de')!;
    const [t] = await client.instant.translate({ fileIds: [broken.id], memoryId: memory.id, characters: 1 });
    const octokit = new Octokit({ auth: gh.token, baseUrl: gh.url });
    const number = pullsOf('web')[0]!.number;
    const comments = await waitFor(
      async () =>
        (await octokit.rest.issues.listComments({ owner: 'acme', repo: 'web', issue_number: number })).data,
      (list) => list.length > 0,
    );
    expect(comments[0]!.body).toMatch(/1 translation\(s\) failed/);
    expect(comments[0]!.body).toContain('`locales/en/broken.json` → de');
    expect((await client.instant.status({ translationIds: [t!.id] }))[0]!.status).toBe('Failed');
  });
});

describe('the receiver refusing what it must not write', () => {
  it('skips a repository that is not allowed, and a document named into .github/, writing nothing', async () => {
    // Files labelled as the Action labels them, but for a repository outside RECEIVER_ALLOWED_REPOS.
    const file = await client.files.upload({
      name: 'locales/en/app.json',
      content: SOURCES['locales/en/app.json'],
      labels: ['repo:other/secret', 'ref:main'],
    });
    const memory = await client.memories.create({ name: 'other de', srclang: 'en', trglang: 'de' });
    const [t] = await client.instant.translate({ fileIds: [file.id], memoryId: memory.id, characters: 30 });
    // A document whose name points into .github/, in an allowed repository.
    const evil = await client.files.upload({
      name: '.github/workflows/evil.yml',
      content: 'on: push\nname: "x"\n',
      labels: ['repo:acme/app', 'ref:main'],
    });
    const [e] = await client.instant.translate({ fileIds: [evil.id], memoryId: memory.id, characters: 5 });
    await waitFor(
      () =>
        receiver.database.db
          .selectFrom('receiver_inbox')
          .select('payload')
          .where('type', '=', 'INSTANT_TRANSLATE_COMPLETED')
          .execute(),
      (rows) => [t!.id, e!.id].every((id) => rows.some((r) => r.payload.includes(`"translationId":${id}`))),
    );
    await queueDrained();
    expect(gh.pulls('other', 'secret')).toEqual([]);
    expect(git('app', 'ls-tree', '-r', '--name-only', 'svc-l10n/main')).not.toContain('.github/');
  });
});
