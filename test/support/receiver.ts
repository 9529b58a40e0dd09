import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Octokit } from '@octokit/rest';
import pino from 'pino';
import { createReceiverApp, type ReceiverApp } from '../../receiver/app.ts';
import { gitHubAccess } from '../../receiver/github-access.ts';
import { servicesOver } from '../../receiver/start.ts';
import { openReceiverDatabase } from '../../receiver/store/open.ts';
import type { ReceiverDatabase } from '../../receiver/store/schema.ts';
import { type Client, createClient } from '../../src/api/index.ts';
import type { GitHubBudget } from '../../src/github/budget.ts';
import type { FakeGitHub } from './fake-github/index.ts';

export interface TestReceiver {
  url: string;
  receiver: ReceiverApp;
  database: ReceiverDatabase;
  client: Client;
  close(): Promise<void>;
}

/**
 * The webhook receiver with its real handlers on 127.0.0.1, talking to a test platform and the
 * fake GitHub; its own database (a SQLite file unless `dbUrl` says otherwise).
 */
export async function startTestReceiver(o: {
  platformUrl: string;
  apiKey: string;
  gh: FakeGitHub;
  secrets: string[];
  dbUrl: string;
  port?: number;
  allowed?: (fullName: string) => boolean;
  worker?: Parameters<typeof createReceiverApp>[0]['worker'];
  /** Reach GitHub as the double's App (installation tokens, as a deployed receiver does); default its token. */
  asApp?: boolean;
  /**
   * Reach GitHub as a deployed receiver does (gitHubAccess: rate limits read and waited for, the
   * budget shown in /metrics and /readyz), with the token or, with `asApp`, the App.
   */
  limits?: { budget: GitHubBudget; maxWaitInPlaceMs?: number; sleep?: (ms: number) => Promise<void> };
  /** The receiver's clock (the worker's queue, the front door, the handlers). */
  now?: () => number;
}): Promise<TestReceiver> {
  const database = await openReceiverDatabase(o.dbUrl);
  const log = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const client = createClient({ baseUrl: o.platformUrl, apiKey: o.apiKey });
  const octokit = new Octokit({
    auth: o.gh.token,
    baseUrl: o.gh.url,
    log: { debug() {}, info() {}, warn() {}, error() {} },
  });
  const auth = o.asApp
    ? { appId: String(o.gh.app.id), privateKey: o.gh.app.privateKey }
    : { token: o.gh.token };
  const github =
    o.asApp || o.limits
      ? gitHubAccess({ github: { apiUrl: o.gh.url, auth }, log, ...o.limits })
      : async () => octokit;
  const services = servicesOver({
    client,
    github,
    platformUrl: o.platformUrl,
    isAllowed: o.allowed ?? ((name) => name.startsWith('acme/')),
    log,
    db: database.db,
    ...(o.now ? { now: o.now } : {}),
  });
  const receiver = createReceiverApp({
    database,
    secrets: o.secrets,
    phases: services.phases,
    checkPlatform: services.checkPlatform,
    ...(services.reconcile ? { reconcile: services.reconcile } : {}),
    log,
    ...(o.now ? { now: o.now } : {}),
    ...(o.limits ? { githubBudget: o.limits.budget } : {}),
    worker: { pollMs: 50, leaseMs: 10_000, ...o.worker },
  });
  const server: Server = await new Promise((resolve) => {
    const s = receiver.app.listen(o.port ?? 0, '127.0.0.1', () => resolve(s));
  });
  receiver.worker.start();
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    receiver,
    database,
    client,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await receiver.inbox.drain();
      await receiver.worker.stop();
      await services.close?.();
      await database.close();
    },
  };
}

/** A free loopback port (for a webhook URL registered before the receiver listens). */
export { freeLoopbackPort as freePort } from '../../src/cli/local-stack.ts';
