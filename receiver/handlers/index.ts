import { type Client, createClient, limitsFromEnv } from '../../src/api/index.ts';
import { urlFromEnv } from '../../src/config/env.ts';
import type { GitHub } from '../../src/github/client.ts';
import type { ReceiverServices, ReceiverServicesFactory } from '../dispatch.ts';
import { allowedRepositories } from './allowed-repos.ts';
import { GITHUB_NOT_CONFIGURED, gitHubAccess, gitHubConfigured } from './github-access.ts';
import { createPhases, type PhasesDeps } from './phases.ts';
import { createReconcile } from './reconcile.ts';

/**
 * The receiver's services from the environment: the platform client (SVC_API_URL, SVC_API_KEY,
 * limits as SVC_RATE_WINDOW_MS/SVC_RATE_SHARE), GitHub access (GITHUB_TOKEN or a GitHub App,
 * GITHUB_API_URL), RECEIVER_ALLOWED_REPOS; the dispatcher, the platform check and reconcile.
 */
export const createReceiverServices: ReceiverServicesFactory = ({ env, log, db }) => {
  const apiKey = env.SVC_API_KEY;
  if (!apiKey) throw new Error('SVC_API_KEY is not set: give the platform API key the receiver uses');
  const isAllowed = allowedRepositories(env.RECEIVER_ALLOWED_REPOS);
  // Without any GitHub access the receiver still stores events (README: "stores events only").
  const storeOnly = gitHubConfigured(env) ? undefined : GITHUB_NOT_CONFIGURED;
  const github = storeOnly ? notConfigured : gitHubAccess({ env, log });
  const client = createClient({
    baseUrl: urlFromEnv(env, 'SVC_API_URL', 'http://127.0.0.1:8080'),
    apiKey,
    ...limitsFromEnv(env),
  });
  return {
    ...servicesOver({ client, github, isAllowed, log, db, ...pauseFromEnv(env) }),
    ...(storeOnly ? { storeOnly } : {}),
  };
};

/** Stands in for GitHub access in a store-only receiver, whose worker never runs a handler. */
async function notConfigured(): Promise<never> {
  throw new Error(GITHUB_NOT_CONFIGURED);
}

/**
 * SVC_RECEIVER_TEST_PAUSE_AT=STEP (tests only): the handler logs `paused at STEP` and waits there
 * for good, so a test can kill -9 the process at exactly that point of a batch.
 */
function pauseFromEnv(env: NodeJS.ProcessEnv): { onStep?: PhasesDeps['onStep'] } {
  const at = env.SVC_RECEIVER_TEST_PAUSE_AT;
  if (!at) return {};
  return {
    onStep: async (step) => {
      if (step !== at) return;
      // Written straight to stderr (pino may buffer) so the test sees it before it kills.
      process.stderr.write(`paused at ${step}\n`);
      await new Promise(() => {});
    },
  };
}

/** The services over given parts (tests pass a fake GitHub and their own client). */
export function servicesOver(o: {
  client: Client;
  github: (owner: string, repo: string) => Promise<GitHub>;
  isAllowed: (fullName: string) => boolean;
  log: Parameters<ReceiverServicesFactory>[0]['log'];
  db: Parameters<ReceiverServicesFactory>[0]['db'];
  now?: () => number;
  onStep?: PhasesDeps['onStep'];
}): ReceiverServices {
  return {
    dispatcher: createPhases({
      ...(o.onStep ? { onStep: o.onStep } : {}),
      client: o.client,
      github: o.github,
      isAllowed: o.isAllowed,
      log: o.log,
      db: o.db,
      ...(o.now ? { now: o.now } : {}),
    }),
    checkPlatform: async () => {
      await o.client.languages.get({ timeoutMs: 5000 });
    },
    reconcile: createReconcile({ client: o.client, db: o.db, log: o.log, ...(o.now ? { now: o.now } : {}) }),
    close: () => o.client.close(),
  };
}
