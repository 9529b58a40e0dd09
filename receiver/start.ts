/**
 * The receiver's composition root, read top to bottom: startReceiver opens the store (its
 * database, migrated), builds the services (platform client, GitHub access, the event handlers'
 * two phases, reconcile: composeServices), then the HTTP app with its inbox and worker
 * (createReceiverApp, app.ts), and listens (serveReceiver). `close` stops all of it. Used by
 * `svc-connector receiver` (cli.ts), receiver/main.ts and `svc-connector up`; tests start any
 * stage with parts of their own.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino, { type Logger } from 'pino';
import { type Client, createClient } from '../src/api/index.ts';
import { GitHubBudget } from '../src/github/budget.ts';
import type { GitHub } from '../src/github/client.ts';
import { listen } from '../src/http/listen.ts';
import { applyTimeouts, type ServerTimeouts } from '../src/http/server-timeouts.ts';
import { requestIdMixin } from '../src/tracing/request-context.ts';
import { createReceiverApp, type ReceiverApp, type ReceiverAppDeps } from './app.ts';
import { badgeSource } from './badges.ts';
import type { ReceiverServices, ReceiverServicesFactory } from './contracts.ts';
import { GITHUB_NOT_CONFIGURED, gitHubAccess } from './github-access.ts';
import { createPhases, type PhasesDeps } from './pull-request-batch/phases.ts';
import { createReconcile } from './reconcile.ts';
import { DEFAULT_RECEIVER_DATABASE_URL, RECEIVER_TIMEOUTS, type ReceiverSettings } from './settings.ts';
import { openReceiverDatabase } from './store/open.ts';
import type { ReceiverDatabase } from './store/schema.ts';

/** What the settings cannot say: the outside world the receiver runs in. */
export interface ReceiverParts {
  log?: Logger;
  /** GitHub access instead of the settings' (the local stack's GitHub double). */
  github?: (owner: string, repo: string) => Promise<GitHub>;
  /** Builds the services instead of composeServices (tests: handlers that record what they get). */
  services?: ReceiverServicesFactory;
  /**
   * Called at each step of a batch: the hook a test passes to stop the handler at a chosen point
   * (test/support/receiver-paused.ts, killed there with SIGKILL).
   */
  onStep?: PhasesDeps['onStep'];
}

export interface StartedReceiver extends RunningReceiver {
  services: ReceiverServices;
}

/**
 * The receiver from its settings: opens (and migrates) its database, builds the services
 * (composeServices, below), then the inbox, queue worker and HTTP server (serveReceiver, below),
 * and listens.
 */
export async function startReceiver(
  settings: ReceiverSettings,
  parts: ReceiverParts = {},
): Promise<StartedReceiver> {
  const log = parts.log ?? pino({ level: 'info', mixin: requestIdMixin }, pino.destination(2));
  // 1. The store: the inbox, queue, locks and dead letters, in one database, migrated.
  let database: ReceiverDatabase | undefined = await openReceiverDatabase(settings.databaseUrl);
  let services: ReceiverServices | undefined;
  try {
    // 2. The services: platform client, GitHub access, the handlers' two phases, reconcile.
    services = await (parts.services ?? composeServices)({
      settings,
      log,
      db: database.db,
      ...(parts.github ? { github: parts.github } : {}),
      ...(parts.onStep ? { onStep: parts.onStep } : {}),
    });
    // 3. The HTTP app with its front door and worker, listening. From here the served receiver
    // owns the database: it closes it, also when listening fails.
    const given = database;
    database = undefined;
    const running = await serveReceiver({
      port: settings.port,
      host: settings.host,
      database: given,
      secrets: settings.secrets,
      phases: services.phases,
      checkPlatform: services.checkPlatform,
      ...(services.reconcile ? { reconcile: services.reconcile } : {}),
      ...(services.storeOnly ? { storeOnly: services.storeOnly } : {}),
      ...(services.githubBudget ? { githubBudget: services.githubBudget } : {}),
      ...(services.badges ? { badges: services.badges } : {}),
      worker: settings.worker,
      timeouts: settings.timeouts,
      log,
    });
    const started = services;
    let closing: Promise<void> | undefined;
    return {
      ...running,
      services: started,
      close: () => (closing ??= running.close().then(() => started.close?.())),
    };
  } catch (err) {
    await services?.close?.();
    await database?.close();
    throw err;
  }
}

/**
 * The receiver's services: the platform client, GitHub access (the settings' token or App, or the
 * `github` given), the event handlers' two phases, the platform check and reconcile. Without any GitHub access the receiver still stores events (README:
 * "stores events only").
 */
export const composeServices: ReceiverServicesFactory = ({ settings, log, db, github, onStep }) => {
  const storeOnly = github || settings.github.auth ? undefined : GITHUB_NOT_CONFIGURED;
  // GitHub's budgets, per token or App installation: spent by every repository on it, shown in
  // /metrics and /readyz.
  const githubBudget = github || storeOnly ? undefined : new GitHubBudget();
  const access =
    github ??
    (storeOnly || !githubBudget
      ? notConfigured
      : gitHubAccess({ github: settings.github, log, budget: githubBudget }));
  const { url, apiKey, limits, share } = settings.platform;
  const client = createClient({ baseUrl: url, apiKey, limits, share });
  return {
    ...servicesOver({
      client,
      github: access,
      isAllowed: settings.isAllowed,
      log,
      db,
      platformUrl: url,
      ...(onStep ? { onStep } : {}),
    }),
    ...(storeOnly ? { storeOnly } : {}),
    ...(githubBudget ? { githubBudget } : {}),
    ...(settings.publicBadges && !storeOnly
      ? { badges: badgeSource({ client, github: access, isPublic: settings.publicBadges }) }
      : {}),
  };
};

/** Stands in for GitHub access in a store-only receiver, whose worker never runs a handler. */
async function notConfigured(): Promise<never> {
  throw new Error(GITHUB_NOT_CONFIGURED);
}

/** The services over given parts (tests pass a fake GitHub and their own client). */
export function servicesOver(o: {
  client: Client;
  github: (owner: string, repo: string) => Promise<GitHub>;
  isAllowed: (fullName: string) => boolean;
  log: Parameters<ReceiverServicesFactory>[0]['log'];
  db: Parameters<ReceiverServicesFactory>[0]['db'];
  now?: () => number;
  platformUrl?: string;
  onStep?: PhasesDeps['onStep'];
}): ReceiverServices {
  let closing: Promise<void> | undefined;
  return {
    phases: createPhases({
      ...(o.onStep ? { onStep: o.onStep } : {}),
      client: o.client,
      github: o.github,
      isAllowed: o.isAllowed,
      log: o.log,
      db: o.db,
      ...(o.now ? { now: o.now } : {}),
      ...(o.platformUrl ? { platformUrl: o.platformUrl } : {}),
    }),
    checkPlatform: async () => {
      await o.client.languages.get({ timeoutMs: 5000 });
    },
    reconcile: createReconcile({ client: o.client, db: o.db, log: o.log, ...(o.now ? { now: o.now } : {}) }),
    // Closed by the running receiver and perhaps again by its owner: the client once.
    close: () => (closing ??= o.client.close()),
  };
}

export interface ServeOptions extends Omit<ReceiverAppDeps, 'database' | 'log'> {
  /** Default 8090; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** `sqlite:PATH` (default sqlite:./data/receiver.db), `sqlite::memory:` or `postgres://…`. */
  dbUrl?: string;
  /** An already open (and migrated) database instead of `dbUrl`; closed with the receiver. */
  database?: ReceiverDatabase;
  log?: Logger;
  /** Default: RECEIVER_TIMEOUTS. */
  timeouts?: ServerTimeouts;
}

export interface RunningReceiver {
  url: string;
  server: http.Server;
  receiver: ReceiverApp;
  /** Stops accepting, stores what was accepted, lets the worker finish, closes the database. */
  close(): Promise<void>;
}

/**
 * Serves the receiver over handlers given as they are: opens (and migrates) the database unless
 * one is given, starts the worker and listens. startReceiver builds the handlers from the
 * settings and calls this; tests call it with handlers of their own.
 */
export async function serveReceiver(options: ServeOptions): Promise<RunningReceiver> {
  const log = options.log ?? pino({ level: 'info', mixin: requestIdMixin }, pino.destination(2));
  const host = options.host ?? '127.0.0.1';
  const database =
    options.database ?? (await openReceiverDatabase(options.dbUrl ?? DEFAULT_RECEIVER_DATABASE_URL));
  let receiver: ReceiverApp;
  try {
    receiver = createReceiverApp({ ...options, database, log });
  } catch (err) {
    await database.close();
    throw err;
  }
  const server = http.createServer(receiver.app);
  // Slow clients may not hold connections forever (slow-loris).
  applyTimeouts(server, options.timeouts ?? RECEIVER_TIMEOUTS);
  try {
    await listen(server, options.port ?? 8090, host);
  } catch (err) {
    await database.close();
    throw err;
  }
  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  log.info({ url, database: database.dialect }, 'receiver listening');
  if (options.storeOnly)
    log.warn(
      `events are stored, not handled: ${options.storeOnly}; they are handled once the receiver restarts with it`,
    );
  else receiver.worker.start();

  let closing: Promise<void> | undefined;
  return {
    url,
    server,
    receiver,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      })
        .then(() => receiver.inbox.drain())
        .then(() => receiver.worker.stop())
        .finally(() => database.close());
      return closing;
    },
  };
}
