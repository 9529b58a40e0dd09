import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createClient, poll } from '../../src/api/index.ts';
import { settingsFrom } from '../../src/config/settings.ts';
import { runSync } from '../../src/sync/run.ts';
import { startFakeGitHub } from '../support/fake-github/index.ts';
import { startPlatform } from '../support/platform.ts';
import { freePort, startTestReceiver } from '../support/receiver.ts';

const CONFIG =
  'source: en\ntargets: [de]\nfiles:\n  - source: i18n/en.json\n    translation: i18n/%lang%.json\n';
const cleanup: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanup.reverse()) await c();
});

describe('a webhook that never arrived', () => {
  it('is made up for by reconcile when the receiver starts: the delivered job still becomes a PR', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'svc-reconcile-'));
    cleanup.push(() => rm(dir, { recursive: true, force: true }));
    // The whole day of retries scaled to about two seconds.
    const p = await startPlatform({ env: { SVC_AUTO_DELIVER_MS: '100' }, webhooks: { retryScale: 0.00002 } });
    cleanup.push(() => p.close());
    const client = createClient({ baseUrl: p.url, apiKey: p.key });
    cleanup.push(() => client.close());
    const gh = await startFakeGitHub({
      repos: [
        {
          owner: 'acme',
          name: 'app',
          defaultBranch: 'main',
          files: { '.svc.yml': CONFIG, 'i18n/en.json': '{"hi": "Hello"}\n' },
        },
      ],
    });
    cleanup.push(() => gh.close());

    // The receiver is down: its address answers nothing.
    const port = await freePort();
    const config = await client.webhooks.create({
      webhookName: 'receiver',
      webhookUrl: `http://127.0.0.1:${port}/webhooks`,
      eventType: ['JOB_DELIVER'],
    });
    await mkdir(dirname(join(dir, 'ws/i18n/en.json')), { recursive: true });
    await writeFile(join(dir, 'ws/i18n/en.json'), '{"hi": "Hello"}\n');
    const { job } = await runSync({
      client,
      workspace: join(dir, 'ws'),
      settings: settingsFrom(CONFIG, '.svc.yml', { base: 'main' }),
      origin: { owner: 'acme', repo: 'app', ref: 'main' },
    });
    const [delivery] = await poll(() => client.webhooks.deliveries(config.id), {
      until: (list) => list.some((d) => d.eventType === 'JOB_DELIVER' && d.status === 'failed'),
      intervalMs: 100,
      timeoutMs: 30_000,
    });
    expect(delivery!.attempts).toBe(10);

    const receiver = await startTestReceiver({
      platformUrl: p.url,
      apiKey: p.key,
      gh,
      secrets: [config.secret],
      dbUrl: `sqlite:${join(dir, 'receiver.db')}`,
      port,
    });
    cleanup.push(() => receiver.close());
    await poll(async () => gh.pulls('acme', 'app'), {
      until: (list) => list.length === 1,
      intervalMs: 100,
      timeoutMs: 30_000,
    });
    expect(
      execFileSync('git', ['--git-dir', gh.repoPath('acme', 'app'), 'show', 'svc-l10n/main:i18n/de.json'], {
        encoding: 'utf8',
      }),
    ).toContain('"hi"');
    // The job is archived right after its PR is written.
    const archived = await poll(() => client.jobs.get(job!.id), {
      until: (j) => j.status === 'archived',
      intervalMs: 50,
      timeoutMs: 10_000,
    });
    expect(archived.status).toBe('archived');
  }, 90_000);
});
