import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runReceiver } from '../../receiver/cli.ts';
import type { ReceiverServices } from '../../receiver/contracts.ts';
import type { RunningReceiver } from '../../receiver/start.ts';
import { type RunningServer, startServer } from '../../server/main.ts';
import { type Client, createClient, poll } from '../../src/api/index.ts';
import { freeLoopbackPort } from '../../src/cli/local-stack.ts';
import { settingsFrom } from '../../src/config/settings.ts';
import { runSync } from '../../src/sync/run.ts';
import { requestIdMixin } from '../../src/tracing/request-context.ts';
import { signatureHeaders } from '../../src/webhooks/standard-webhooks.ts';
import { checkout } from '../support/action-runner.ts';
import { type FakeGitHub, startFakeGitHub } from '../support/fake-github/index.ts';
import { basic } from '../support/platform.ts';

/**
 * The whole loop — the platform, the receiver, the sync the Action runs, the fake GitHub and a
 * workbench sign-in — with every log at `trace`, captured line by line; then no secret may
 * appear in any line, in any of the forms it travelled in.
 */

const CONFIG = `source: en
targets: [de]
mode: job
files:
  - source: locales/en/*.json
    translation: locales/%lang%/%file%
`;

/** A pino logger at trace writing into `lines`, shaped as the entry files build theirs. */
function capturingLogger(lines: string[]) {
  return pino({ level: 'trace', mixin: requestIdMixin }, { write: (line: string) => void lines.push(line) });
}

const platformLines: string[] = [];
const receiverLines: string[] = [];
const clientLines: string[] = [];
let dir: string;
let platform: RunningServer;
let receiver: { running: RunningReceiver; services: ReceiverServices };
let gh: FakeGitHub;
let client: Client;
let key: string;
let webhookSecret: string;
const sessionTokens: string[] = [];
/** A token shaped like GitHub's that the fake GitHub does not accept. */
const REFUSED_GITHUB_TOKEN = `ghp_${'R3fus3d'.repeat(5)}x`;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'svc-secrets-'));
  platform = await startServer({
    port: 0,
    host: '127.0.0.1',
    databaseUrl: `sqlite:${join(dir, 'platform.db')}`,
    env: { SVC_AUTO_DELIVER_MS: '200', SVC_WEBHOOK_RETRY_SCALE: '0.001' },
    log: capturingLogger(platformLines),
  });
  key = platform.bootstrapKey!;
  gh = await startFakeGitHub({
    repos: [
      {
        owner: 'acme',
        name: 'app',
        defaultBranch: 'main',
        files: {
          '.svc.yml': CONFIG,
          'locales/en/app.json': '{\n  "hello": "Hello",\n  "bye": "Goodbye"\n}\n',
        },
      },
    ],
  });
  client = createClient({ baseUrl: platform.url, apiKey: key, log: capturingLogger(clientLines) });
  const port = await freeLoopbackPort();
  const config = await client.webhooks.create({
    webhookName: 'receiver',
    webhookUrl: `http://127.0.0.1:${port}/webhooks`,
    eventType: ['JOB_DELIVER', 'JOB_UPDATE'],
  });
  webhookSecret = config.secret;
  receiver = await runReceiver(
    { port: String(port), host: '127.0.0.1', db: `sqlite:${join(dir, 'receiver.db')}` },
    {
      env: {
        SVC_API_URL: platform.url,
        SVC_API_KEY: key,
        SVC_WEBHOOK_SECRET: webhookSecret,
        GITHUB_TOKEN: gh.token,
        GITHUB_API_URL: gh.url,
        RECEIVER_ALLOWED_REPOS: 'acme/*',
        SVC_RECEIVER_POLL_MS: '50',
      },
      log: capturingLogger(receiverLines),
    },
  );
}, 60_000);

afterAll(async () => {
  await receiver?.running.close();
  await receiver?.services.close?.();
  await client?.close();
  await gh?.close();
  await platform?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** Every line (by source) that contains one of the secrets (by name), shortened for the report. */
function leaksIn(sources: Record<string, string[]>, secrets: Record<string, string>): string[] {
  const leaks: string[] = [];
  for (const [where, lines] of Object.entries(sources)) {
    for (const line of lines) {
      for (const [what, secret] of Object.entries(secrets)) {
        if (secret.length < 16) throw new Error(`${what} is too short to search for`);
        if (line.includes(secret)) leaks.push(`${what} in a ${where} line: ${line.slice(0, 300)}`);
      }
    }
  }
  return leaks;
}

/** Signs in to the workbench as a browser would, keeping the session cookie's token. */
async function workbenchSignIn(apiKey: string) {
  const login = await fetch(`${platform.url}/workbench/login`);
  const pre = /svc_wb_pre=([\w-]+)/.exec(login.headers.getSetCookie().join('\n'))![1]!;
  const csrf = /name="_csrf" value="([\w-]+)"/.exec(await login.text())![1]!;
  const res = await fetch(`${platform.url}/workbench/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `svc_wb_pre=${pre}` },
    body: new URLSearchParams({ _csrf: csrf, key: apiKey, next: '/workbench' }).toString(),
  });
  const session = /svc_wb=([\w-]+)/.exec(res.headers.getSetCookie().join('\n'))?.[1];
  return { status: res.status, pre, csrf, session };
}

describe('no secret reaches the logs', () => {
  it('drives the whole loop: sync → job → delivery → webhook → receiver → pull request', async () => {
    const workspace = await checkout(gh.repoPath('acme', 'app'));
    try {
      const sha = execFileSync('git', ['-C', workspace, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
      const settings = settingsFrom(await readFile(join(workspace, '.svc.yml'), 'utf8'), '.svc.yml', {
        mode: 'job',
        base: 'main',
      });
      const result = await runSync({
        client,
        workspace,
        settings,
        origin: { owner: 'acme', repo: 'app', ref: 'main', sha },
      });
      expect(result.job?.id).toBeGreaterThan(0);
    } finally {
      await rm(workspace, { recursive: true, force: true });
    }
    const pulls = await poll(async () => gh.pulls('acme', 'app'), {
      until: (list) => list.length > 0,
      intervalMs: 100,
      timeoutMs: 30_000,
    });
    expect(pulls).toHaveLength(1);
    // The loop ends when the receiver archives the job, just after the pull request: later tests
    // read that job (it was read before the archive landed once, under load).
    const archived = await poll(async () => client.jobs.list({ isArchived: true }), {
      until: (jobs) => jobs.length > 0,
      intervalMs: 100,
      timeoutMs: 30_000,
    });
    expect(archived).toHaveLength(1);
  });

  it('uses the key as Basic credentials, as ?key= and as a key header; a wrong key and a bad signature fail', async () => {
    expect((await fetch(`${platform.url}/v2/languages?key=${key}`)).status).toBe(200);
    expect((await fetch(`${platform.url}/v2/languages`, { headers: { key } })).status).toBe(200);
    expect(
      (await fetch(`${platform.url}/v2/languages`, { headers: { authorization: basic(key) } })).status,
    ).toBe(200);
    const wrong = `svc_${'f'.repeat(40)}`;
    expect((await fetch(`${platform.url}/v2/languages?key=${wrong}`)).status).toBe(401);
    // A key that is not even shaped like one, in each place (a typo of the real key).
    const typo = `${key}x`;
    expect((await fetch(`${platform.url}/v2/languages?key=${typo}`)).status).toBe(401);
    expect(
      (await fetch(`${platform.url}/v2/languages`, { headers: { authorization: basic(typo) } })).status,
    ).toBe(401);
    const forged = await fetch(`${receiver.running.url}/webhooks`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'webhook-id': 'msg_forged',
        'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
        'webhook-signature': `v1,${Buffer.from(webhookSecret).toString('base64')}`,
      },
      body: '{"eventType":"JOB_DELIVER"}',
    });
    expect(forged.status).toBe(401);
  });

  it('signs in to the workbench, and fails to with a wrong key', async () => {
    const ok = await workbenchSignIn(key);
    expect(ok.status).toBe(303);
    expect(ok.session).toBeDefined();
    sessionTokens.push(ok.session!, ok.pre, ok.csrf);
    const page = await fetch(`${platform.url}/workbench`, { headers: { cookie: `svc_wb=${ok.session}` } });
    expect(page.status).toBe(200);
    const bad = await workbenchSignIn(`svc_${'e'.repeat(40)}`);
    expect(bad.status).toBe(401);
  });

  it('rotates the webhook secret and creates a second API key (both shown once, never logged)', async () => {
    const [config] = await client.webhooks.list();
    const rotated = await client.webhooks.rotateSecret(config!.id);
    expect(rotated.secret).not.toBe(webhookSecret);
    sessionTokens.push(rotated.secret);
    const created = await fetch(`${platform.url}/v2/api-keys`, {
      method: 'POST',
      headers: { authorization: basic(key), 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'second' }),
    });
    expect(created.status).toBeLessThan(300);
    sessionTokens.push((await created.json()).key);
  });

  it('a receiver whose GitHub token is refused logs the failure, not the token', async () => {
    const lines: string[] = [];
    const secret = `whsec_${Buffer.alloc(32, 9).toString('base64')}`;
    const broken = await runReceiver(
      { port: '0', host: '127.0.0.1', db: `sqlite:${join(dir, 'broken.db')}` },
      {
        env: {
          SVC_API_URL: platform.url,
          SVC_API_KEY: key,
          SVC_WEBHOOK_SECRET: secret,
          GITHUB_TOKEN: REFUSED_GITHUB_TOKEN,
          GITHUB_API_URL: gh.url,
          RECEIVER_ALLOWED_REPOS: 'acme/*',
          SVC_RECEIVER_POLL_MS: '50',
        },
        log: capturingLogger(lines),
      },
    );
    try {
      const [job] = await client.jobs.list({ isArchived: true });
      const body = JSON.stringify({
        eventType: 'JOB_DELIVER',
        OrganizationId: 1,
        id: job!.id,
        name: job!.name,
        due: null,
        isDelivered: true,
      });
      const res = await fetch(`${broken.running.url}/webhooks`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...signatureHeaders({ id: 'msg_broken', timestamp: Date.now(), body, secrets: [secret] }),
        },
        body,
      });
      expect(res.status).toBe(202);
      await poll(
        async () => lines.filter((l) => l.includes('"level":40') && /handler failed|Bad credentials/.test(l)),
        {
          until: (found) => found.length > 0,
          intervalMs: 50,
          timeoutMs: 15_000,
        },
      );
    } finally {
      await broken.running.close();
      await broken.services.close?.();
    }
    receiverLines.push(...lines);
  });

  it('logged enough to mean something: request lines at debug, the receiver’s GitHub calls', () => {
    expect(platformLines.filter((l) => l.includes('"path":"/v2/languages"')).length).toBeGreaterThanOrEqual(
      6,
    );
    expect(receiverLines.some((l) => l.includes('GitHub call'))).toBe(true);
    expect(clientLines.length).toBeGreaterThan(0);
  });

  it('no captured line holds a secret in any form it travelled in', () => {
    const secrets: Record<string, string> = {
      'API key': key,
      'API key as Basic credentials': Buffer.from(`${key}:${key}`).toString('base64'),
      'API key random part': key.slice('svc_'.length),
      'API key typo': `${key}x`,
      'webhook secret': webhookSecret,
      'webhook secret key material': webhookSecret.slice('whsec_'.length),
      'GitHub token': gh.token,
      'refused GitHub token': REFUSED_GITHUB_TOKEN,
      'GitHub token as Basic credentials': Buffer.from(`x-access-token:${gh.token}`).toString('base64'),
      ...Object.fromEntries(sessionTokens.map((t, i) => [`workbench or later secret ${i}`, t])),
    };
    const all = { platform: platformLines, receiver: receiverLines, client: clientLines };
    // The scan is not blind: a line holding the Basic form of the key is caught.
    const planted = `{"headers":{"authorization":"Basic ${secrets['API key as Basic credentials']}"}}`;
    expect(leaksIn({ planted: [planted] }, secrets)).toHaveLength(1);
    const leaks = leaksIn(all, secrets);
    expect(leaks).toEqual([]);
  });
});
