import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createClient, poll } from '../../src/api/index.ts';
import { settingsFrom } from '../../src/config/settings.ts';
import { runSync } from '../../src/sync/run.ts';
import { newSecret, signatureHeaders } from '../../src/webhooks/standard-webhooks.ts';
import { type FakeGitHub, startFakeGitHub } from '../support/fake-github/index.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';
import { type CliProcess, repoRoot, runCli, runScript } from '../support/processes.ts';
import { freePort } from '../support/receiver.ts';

const CONFIG = `source: en
targets: [de, fr]
files:
  - source: locales/en/*.json
    translation: locales/%lang%/%file%
`;
const FILES = Object.fromEntries(
  Array.from({ length: 6 }, (_, i) => [
    `locales/en/screen${i}.json`,
    `{\n  "title": "Screen ${i}",\n  "body": "Text of screen ${i}"\n}\n`,
  ]),
);

let p: TestPlatform;
let gh: FakeGitHub;
let client: Client;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'svc-crash-'));
  p = await startPlatform();
  client = createClient({ baseUrl: p.url, apiKey: p.key });
  gh = await startFakeGitHub({
    repos: [{ owner: 'acme', name: 'app', defaultBranch: 'main', files: { '.svc.yml': CONFIG, ...FILES } }],
  });
  for (const [path, text] of Object.entries(FILES)) {
    await mkdir(dirname(join(dir, 'ws', path)), { recursive: true });
    await writeFile(join(dir, 'ws', path), text);
  }
}, 60_000);

afterAll(async () => {
  await client?.close();
  await gh?.close();
  await p?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the receiver killed with SIGKILL in the middle of a handler', () => {
  it('five crashes at different points, then one PR with every file and nothing in dead letters', async () => {
    // A delivered job, and its JOB_DELIVER event handed to the receiver once.
    const settings = settingsFrom(CONFIG, '.svc.yml', { base: 'main' });
    const { job } = await runSync({
      client,
      workspace: join(dir, 'ws'),
      settings,
      origin: { owner: 'acme', repo: 'app', ref: 'main' },
    });
    await poll(() => client.jobs.get(job!.id), {
      until: (j) => j.creationStatus === 'COMPLETE',
      intervalMs: 50,
      timeoutMs: 20_000,
    });
    await client.jobs.deliver(job!.id);

    const secret = newSecret(randomBytes);
    const port = await freePort();
    const db = `sqlite:${join(dir, 'receiver.db')}`;
    const env = {
      SVC_API_URL: p.url,
      SVC_API_KEY: p.key,
      SVC_WEBHOOK_SECRET: secret,
      GITHUB_TOKEN: gh.token,
      GITHUB_API_URL: gh.url,
      RECEIVER_ALLOWED_REPOS: 'acme/*',
      SVC_RECEIVER_LEASE_MS: '1000',
      SVC_RECEIVER_POLL_MS: '100',
      LOG_LEVEL: 'warn',
    };
    const flags = ['--port', String(port), '--db', db];
    // Paused runs take the hook from the test's harness; the last run is the real command.
    const start = (pauseAt?: string): CliProcess =>
      pauseAt
        ? runScript(join(repoRoot, 'test/support/receiver-paused.ts'), [pauseAt, ...flags], { env })
        : runCli(['receiver', ...flags], env);
    const pausedAt = (cli: CliProcess, step: string) =>
      poll(async () => cli.stderr.join(''), {
        until: (s) => s.includes(`paused at ${step}`),
        intervalMs: 50,
        timeoutMs: 30_000,
      });

    const steps = ['after-download', 'before-commit', 'after-commit', 'before-archive', 'after-download'];
    for (const [i, step] of steps.entries()) {
      const cli = start(step);
      await cli.waitFor(/receiver listening/);
      if (i === 0) {
        const body = JSON.stringify({
          eventType: 'JOB_DELIVER',
          OrganizationId: 1,
          id: job!.id,
          name: job!.name,
          due: null,
          isDelivered: true,
        });
        const res = await fetch(`http://127.0.0.1:${port}/webhooks`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...signatureHeaders({ id: 'msg_crash', timestamp: Date.now(), body, secrets: [secret] }),
          },
          body,
        });
        expect(res.status).toBe(202);
      }
      await pausedAt(cli, step);
      await cli.stop('SIGKILL');
    }

    const last = start();
    await last.waitFor(/receiver listening/);
    const archived = await poll(() => client.jobs.get(job!.id), {
      until: (j) => j.status === 'archived',
      intervalMs: 100,
      timeoutMs: 30_000,
    });
    expect(archived.status).toBe('archived');
    await last.stop();

    const pulls = gh.pulls('acme', 'app');
    expect(pulls).toHaveLength(1);
    const tree = execFileSync(
      'git',
      ['--git-dir', gh.repoPath('acme', 'app'), 'ls-tree', '-r', '--name-only', 'svc-l10n/main'],
      { encoding: 'utf8' },
    );
    for (const lang of ['de', 'fr'])
      for (let i = 0; i < 6; i++) expect(tree).toContain(`locales/${lang}/screen${i}.json`);
    // One commit of ours on the base: the crashes left no partial commits behind.
    expect(
      execFileSync(
        'git',
        ['--git-dir', gh.repoPath('acme', 'app'), 'rev-list', '--count', 'main..svc-l10n/main'],
        { encoding: 'utf8' },
      ).trim(),
    ).toBe('1');
    const dead = runCli(['receiver', 'dead-letters', '--db', db]);
    expect(await dead.exit).toBe(0);
    expect(dead.stdout.join('\n')).not.toMatch(/JOB_DELIVER/);
  }, 240_000);
});
