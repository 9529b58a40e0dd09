/**
 * Everything the soak runs against: the GitHub double in this process (it stands in for GitHub),
 * and the platform and the receiver as child processes on one temporary data folder, the receiver
 * registered as the platform's webhook — the same wiring `svc-connector up` does, split in two.
 */
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Client, createClient } from '../../src/api/index.ts';
import { EVENT_TYPES } from '../../src/api/schemas/webhooks.ts';
import { freeLoopbackPort } from '../../src/cli/local-stack.ts';
import { type FakeGitHub, startFakeGitHub } from '../../test/support/fake-github/index.ts';
import { platformService, receiverService, type Service } from './services.ts';

export const OWNER = 'acme';
export const REPO = 'app';

export interface SoakStack {
  gh: FakeGitHub;
  platform: Service;
  receiver: Service;
  platformUrl: string;
  apiKey: string;
  client: Client;
  /** The temporary folder: databases and service logs under data/. */
  dir: string;
  /** Stops everything; the folder is removed unless `keep` (a failed soak keeps it to look into). */
  close(o?: { keep?: boolean }): Promise<void>;
}

export interface StackOptions {
  /** The repository's first commit. */
  files: Record<string, string>;
  /** Lease of claimed work in both services: how soon a killed process's work comes back. */
  leaseMs: number;
}

export async function startStack(o: StackOptions): Promise<SoakStack> {
  const dir = await mkdtemp(join(tmpdir(), 'svc-soak-'));
  const dataDir = join(dir, 'data');
  await mkdir(dataDir);
  const opened: { close(): Promise<unknown> }[] = [];
  const close = async ({ keep = false } = {}) => {
    for (const thing of opened.reverse()) await thing.close().catch(() => {});
    if (!keep) await rm(dir, { recursive: true, force: true });
  };
  try {
    // GitHub's own limit is 5000 requests an hour; ten minutes of polling the branch would hit it.
    const gh = await startFakeGitHub({
      repos: [{ owner: OWNER, name: REPO, defaultBranch: 'main', files: o.files }],
      rateLimit: 1_000_000_000,
    });
    opened.push(gh);
    const platformPort = await freeLoopbackPort();
    const receiverPort = await freeLoopbackPort();
    const lease = String(o.leaseMs);
    const platform = platformService({
      dataDir,
      port: platformPort,
      env: {
        // Jobs are delivered by the platform itself, as a translator would after a while.
        SVC_AUTO_DELIVER_MS: '300',
        // The first webhook retry after 50 ms, the second after 3 s: a restarted receiver gets them.
        SVC_WEBHOOK_RETRY_SCALE: '0.01',
        SVC_WORK_LEASE_MS: lease,
      },
    });
    opened.push({ close: () => platform.stop('SIGTERM') });
    await platform.start();
    const platformUrl = `http://127.0.0.1:${platformPort}`;
    const apiKey = (await readFile(join(dataDir, 'api-key'), 'utf8')).trim();
    const client = createClient({ baseUrl: platformUrl, apiKey });
    opened.push(client);
    const { secret } = await client.webhooks.create({
      webhookName: 'soak receiver',
      webhookUrl: `http://127.0.0.1:${receiverPort}/webhooks`,
      eventType: [...EVENT_TYPES],
    });
    const receiver = receiverService({
      dataDir,
      port: receiverPort,
      env: () => ({
        SVC_API_URL: platformUrl,
        SVC_API_KEY: apiKey,
        SVC_WEBHOOK_SECRET: secret,
        GITHUB_TOKEN: gh.token,
        GITHUB_API_URL: gh.url,
        RECEIVER_ALLOWED_REPOS: `${OWNER}/*`,
        SVC_RECEIVER_LEASE_MS: lease,
        SVC_RECEIVER_POLL_MS: '200',
      }),
    });
    // Closed in reverse: the receiver stops before the platform its last calls go to.
    opened.push({ close: () => receiver.stop('SIGTERM') });
    await receiver.start();
    return { gh, platform, receiver, platformUrl, apiKey, client, dir, close };
  } catch (error) {
    await close();
    throw error;
  }
}
