import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { EVENT_TYPES } from '../api/schemas/webhooks.ts';
import type { GitHub } from '../github/client.ts';
import { PortInUseError } from '../http/listen.ts';

export interface LocalStackOptions {
  /** Where the databases, the API key and the webhook secret live (default ./data). */
  dataDir: string;
  /** Platform port (default 8080; 0 picks one). */
  port?: number;
  /** Receiver port (default 8090; 0 picks one). */
  receiverPort?: number;
  /** Environment of both: SVC_AUTO_DELIVER_MS, GITHUB_TOKEN, RECEIVER_ALLOWED_REPOS, … */
  env: NodeJS.ProcessEnv;
  log: Logger;
  /** GitHub access for the receiver (default: from env, see receiver/github-access.ts). */
  github?: (owner: string, repo: string) => Promise<GitHub>;
}

export interface LocalStack {
  platformUrl: string;
  receiverUrl: string;
  apiKey: string;
  /** True when this start created the key: the organization's first, or a new one for a lost key file. */
  created: boolean;
  /** True when that key replaces one whose file was gone (the database existed). */
  reissued: boolean;
  close(): Promise<void>;
}

const WEBHOOK_NAME = 'svc-connector receiver';

/** A port free on 127.0.0.1 right now (for an address that must be known before listening). */
export async function freeLoopbackPort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve, reject) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const address = s.address();
      s.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function readSecretFile(path: string): Promise<string | undefined> {
  return existsSync(path) ? (await readFile(path, 'utf8')).trim() : undefined;
}

/**
 * `svc-connector up`: the platform and the webhook receiver in one process on loopback, each on
 * its own SQLite file under `dataDir`, the receiver registered as the platform's webhook. The API
 * key created on the first start and the webhook secret are kept in `dataDir` (mode 0600), since
 * the platform stores only a hash of the key.
 */
export async function startLocalStack(o: LocalStackOptions): Promise<LocalStack> {
  await mkdir(o.dataDir, { recursive: true });
  const { startServer } = await import('../../server/main.ts');
  const { createClient } = await import('../api/index.ts');
  const { receiverSettingsFromEnv } = await import('../../receiver/settings.ts');
  const { startReceiver } = await import('../../receiver/start.ts');

  // The receiver is on loopback: the platform may deliver there.
  const env: NodeJS.ProcessEnv = { SVC_WEBHOOK_ALLOW_PRIVATE: '1', ...o.env };
  const platformDb = join(o.dataDir, 'platform.db');
  const keyFile = join(o.dataDir, 'api-key');
  // The platform keeps only a hash of its key; when the file that kept the key is gone (deleted,
  // or a start that died before writing it), the bootstrap user gets a new one.
  const reissueKey = existsSync(platformDb) && !existsSync(keyFile);
  const platform = await startServer({
    port: o.port ?? 8080,
    host: '127.0.0.1',
    databaseUrl: `sqlite:${platformDb}`,
    env,
    log: o.log,
    reissueKey,
  });
  if (platform.bootstrapKey) await writeFile(keyFile, `${platform.bootstrapKey}\n`, { mode: 0o600 });
  const apiKey = platform.bootstrapKey ?? (await readSecretFile(keyFile));
  if (!apiKey) {
    await platform.close();
    throw new Error(`${keyFile} is empty: delete it and start again to get a new API key`);
  }

  const client = createClient({ baseUrl: platform.url, apiKey });
  try {
    // The webhook configuration needs the receiver's address and the receiver needs its secret:
    // settle the port first.
    const receiverPort = o.receiverPort || (await freeLoopbackPort());
    const webhookUrl = `http://127.0.0.1:${receiverPort}/webhooks`;
    const secretFile = join(o.dataDir, 'webhook-secret');
    let secret = await readSecretFile(secretFile);
    const existing = (await client.webhooks.list()).find((w) => w.webhookName === WEBHOOK_NAME);
    if (!existing || !secret || existing.webhookUrl !== webhookUrl || !existing.enabled) {
      if (existing) await client.webhooks.delete(existing.id);
      const created = await client.webhooks.create({
        webhookName: WEBHOOK_NAME,
        webhookUrl,
        eventType: [...EVENT_TYPES],
      });
      secret = created.secret;
      await writeFile(secretFile, `${secret}\n`, { mode: 0o600 });
    }
    // The receiver's settings as `svc-connector receiver` reads them, pointed at this platform;
    // without any GitHub access it stores events and handles none (see storeOnly).
    const settings = receiverSettingsFromEnv(
      {
        ...env,
        SVC_API_URL: platform.url,
        SVC_API_KEY: apiKey,
        SVC_WEBHOOK_SECRET: secret,
        RECEIVER_ALLOWED_REPOS: env.RECEIVER_ALLOWED_REPOS ?? '*',
      },
      { port: receiverPort, host: '127.0.0.1', db: `sqlite:${join(o.dataDir, 'receiver.db')}` },
    );
    const receiver = await startReceiver(settings, { log: o.log, ...(o.github ? { github: o.github } : {}) });
    return {
      platformUrl: platform.url,
      receiverUrl: receiver.url,
      apiKey,
      created: platform.bootstrapKey !== undefined,
      reissued: reissueKey && platform.bootstrapKey !== undefined,
      async close() {
        await receiver.close();
        await client.close();
        await platform.close();
      },
    };
  } catch (error) {
    await client.close();
    await platform.close();
    throw error instanceof PortInUseError ? new PortInUseError(error.port, '--receiver-port') : error;
  }
}
