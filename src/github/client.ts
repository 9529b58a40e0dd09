import { createAppAuth } from '@octokit/auth-app';
import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';
import { Octokit } from '@octokit/rest';
import { GitHubBudget } from './budget.ts';
import { guardRateLimits } from './rate-limit-guard.ts';

/** What the pull-request writer and the repository reads need: Octokit's REST and GraphQL methods. */
export type GitHub = Pick<Octokit, 'rest' | 'request' | 'paginate' | 'graphql'>;

export interface GitHubLogger {
  warn(message: string): void;
  info?(message: string): void;
  /** One line per GitHub call (method, route, status, time), for following a change end to end. */
  call?(fields: { method: string; url: string; status: number | undefined; ms: number }): void;
}

export type GitHubAuth =
  | { token: string }
  | { appId: number | string; privateKey: string; installationId: number | string };

export interface GitHubClientOptions {
  auth: GitHubAuth;
  /** `GITHUB_API_URL` (default https://api.github.com). */
  baseUrl?: string;
  log?: GitHubLogger;
  /** Retries after a 5xx, and waits in place for a rate limit, before giving up (default 3). */
  retries?: number;
  /** fetch for Octokit's requests (tests). */
  fetch?: typeof fetch;
  /**
   * GitHub's budgets, shared by the clients of one credential (default: this client's own). Its
   * clock decides when a hold ends.
   */
  budget?: GitHubBudget;
  /** Rate-limit waits up to this long are waited inside the call (default 5 s); longer ones throw GitHubRateLimited. */
  maxWaitInPlaceMs?: number;
  /** How a wait in place waits (default a timer; tests advance their clock). */
  sleep?: (ms: number) => Promise<void>;
}

const RetryingOctokit = Octokit.plugin(retry, throttling);

/**
 * An Octokit for the receiver: a token, or a GitHub App (JWT → installation token, renewed by
 * @octokit/auth-app before it expires); 5xx answers retried (plugin-retry); writes made one at a
 * time (plugin-throttling's queues, as GitHub asks: no concurrent bursts). GitHub's rate limits
 * are read and waited for by guardRateLimits (rate-limit-guard.ts), per credential in `budget`:
 * a short wait in place, a longer one thrown as GitHubRateLimited for the caller's queue —
 * https://docs.github.com/en/rest/using-the-rest-api/best-practices-for-using-the-rest-api
 */
export function createGitHubClient(options: GitHubClientOptions): Octokit {
  const retries = options.retries ?? 3;
  const log = options.log;
  // The throttling plugin would sleep for any wait (an hour, for a spent budget) under the
  // caller's lease: the guard decides instead, so the plugin never retries a limit itself.
  const leaveToGuard = () => false;
  const auth =
    'token' in options.auth
      ? { auth: options.auth.token }
      : {
          authStrategy: createAppAuth,
          auth: {
            appId: options.auth.appId,
            privateKey: options.auth.privateKey,
            installationId: options.auth.installationId,
          },
        };
  const octokit = new RetryingOctokit({
    ...auth,
    baseUrl: options.baseUrl ?? 'https://api.github.com',
    userAgent: 'svc-connector',
    request: options.fetch ? { fetch: options.fetch } : undefined,
    // 429 is a rate limit, waited for by the guard as its `retry-after` says, not on a fixed backoff.
    retry: { retries, doNotRetry: [400, 401, 403, 404, 410, 422, 429, 451] },
    throttle: { onRateLimit: leaveToGuard, onSecondaryRateLimit: leaveToGuard },
    log: {
      debug: () => {},
      info: () => {},
      warn: (m: string) => log?.warn(m),
      error: (m: string) => log?.warn(m),
    },
  });
  guardRateLimits(octokit, {
    budget: options.budget ?? new GitHubBudget(),
    credential: 'token' in options.auth ? 'token' : `installation:${options.auth.installationId}`,
    retries,
    ...(options.maxWaitInPlaceMs !== undefined ? { maxWaitInPlaceMs: options.maxWaitInPlaceMs } : {}),
    ...(options.sleep ? { sleep: options.sleep } : {}),
    ...(log ? { warn: (m: string) => log.warn(m) } : {}),
  });
  if (log?.call) {
    const call = log.call.bind(log);
    octokit.hook.wrap('request', async (request, options) => {
      const started = performance.now();
      const done = (status: number | undefined) =>
        call({
          method: options.method,
          url: options.url,
          status,
          ms: Math.round(performance.now() - started),
        });
      try {
        const response = await request(options);
        done(response.status);
        return response;
      } catch (err) {
        done((err as { status?: number }).status);
        throw err;
      }
    });
  }
  return octokit;
}

/** `owner/name` split; a string of any other shape is refused. */
export function parseRepository(fullName: string): { owner: string; repo: string } {
  const match = /^([A-Za-z0-9](?:[A-Za-z0-9-]{0,38})?)\/([A-Za-z0-9._-]{1,100})$/.exec(fullName);
  if (!match || match[2] === '.' || match[2] === '..')
    throw new TypeError(`[svc-connector] "${fullName}" is not a repository name of the form owner/name`);
  return { owner: match[1]!, repo: match[2]! };
}
