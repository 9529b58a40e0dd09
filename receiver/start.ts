import pino, { type Logger } from 'pino';
import type { GitHub } from '../src/github/client.ts';
import { requestIdMixin } from '../src/tracing/request-context.ts';
import { composeServices } from './compose-services.ts';
import type { ReceiverServices, ReceiverServicesFactory } from './contracts.ts';
import type { PhasesDeps } from './pull-request-batch/phases.ts';
import { type RunningReceiver, serveReceiver } from './serve.ts';
import type { ReceiverSettings } from './settings.ts';
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
 * The receiver from its settings: opens (and migrates) its database, builds the platform client,
 * GitHub access and the event handlers (compose-services.ts), then the inbox, queue worker and
 * HTTP server (serve.ts), and listens. `close` stops all of it. Used by `svc-connector receiver`,
 * receiver/main.ts and `svc-connector up`.
 */
export async function startReceiver(
  settings: ReceiverSettings,
  parts: ReceiverParts = {},
): Promise<StartedReceiver> {
  const log = parts.log ?? pino({ level: 'info', mixin: requestIdMixin }, pino.destination(2));
  let database: ReceiverDatabase | undefined = await openReceiverDatabase(settings.databaseUrl);
  let services: ReceiverServices | undefined;
  try {
    services = await (parts.services ?? composeServices)({
      settings,
      log,
      db: database.db,
      ...(parts.github ? { github: parts.github } : {}),
      ...(parts.onStep ? { onStep: parts.onStep } : {}),
    });
    const given = database;
    // From here the served receiver owns the database: it closes it, also when listening fails.
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
