import { type Client, createClient } from '../src/api/index.ts';
import { GitHubBudget } from '../src/github/budget.ts';
import type { GitHub } from '../src/github/client.ts';
import type { ReceiverServices, ReceiverServicesFactory } from './contracts.ts';
import { GITHUB_NOT_CONFIGURED, gitHubAccess } from './github-access.ts';
import { createPhases, type PhasesDeps } from './pull-request-batch/phases.ts';
import { createReconcile } from './reconcile.ts';

/**
 * The composition root of the receiver's services: the platform client, GitHub access (the
 * settings' token or App, or the `github` given), the event handlers' two phases, the platform
 * check and reconcile. Without any GitHub access the receiver still stores events (README:
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
