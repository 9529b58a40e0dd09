import type { Octokit } from '@octokit/rest';
import type { GitHubBudget } from './budget.ts';
import {
  GitHubRateLimited,
  graphqlRateLimited,
  type Headers,
  type RateLimitAnswer,
  readRateLimit,
} from './rate-limit.ts';

export interface RateLimitGuardOptions {
  budget: GitHubBudget;
  /** Whose budget the client spends: `token`, or `installation:<id>`. */
  credential: string;
  /** Longest wait done in place, inside the call (default 5 s); longer ones throw GitHubRateLimited. */
  maxWaitInPlaceMs?: number;
  /** Waits in place per call before giving up with GitHubRateLimited (default 3). */
  retries?: number;
  /** Default: a timer. */
  sleep?: (ms: number) => Promise<void>;
  warn?: (message: string) => void;
}

/** The budget a call draws on, by its route (GitHub's `x-ratelimit-resource` names). */
function resourceOf(path: string): string {
  if (/\/graphql$/.test(path)) return 'graphql';
  if (/\/search\/code(\/|$)/.test(path)) return 'code_search';
  if (/\/search\//.test(path)) return 'search';
  return 'core';
}

/** Calls made as the App itself (its JWT), which spend the App's budget, not the installation's. */
const APP_CALL = /^(\/api\/v3)?\/app(\/|$)|\/installation$/;

/**
 * Wraps every request of `octokit` (REST and `octokit.graphql`): records each answer's
 * `x-ratelimit-*` in the budget; before a call, waits for a hold on its credential or resource —
 * in place when it ends within `maxWaitInPlaceMs`, otherwise it throws GitHubRateLimited so the
 * work goes back to its queue instead of sleeping under a lease; a rate-limit answer (403/429
 * with `retry-after`, `x-ratelimit-remaining: 0` or a secondary-limit message, a GraphQL
 * RATE_LIMITED) becomes such a hold, and the call is made again once it ends.
 */
export function guardRateLimits(octokit: Pick<Octokit, 'hook'>, o: RateLimitGuardOptions): void {
  const { budget, credential } = o;
  const maxInPlace = o.maxWaitInPlaceMs ?? 5000;
  const retries = o.retries ?? 3;
  const sleep = o.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  octokit.hook.wrap('request', async (request, options) => {
    const path = new URL(options.url, 'http://github.invalid').pathname;
    if (APP_CALL.test(path)) return request(options);
    const resource = resourceOf(path);
    for (let waits = 0; ; ) {
      const hold = budget.holdOf(credential, resource);
      if (hold) {
        const ms = hold.until - budget.now();
        const wait = { credential, resource, kind: hold.kind } as const;
        if (ms > maxInPlace || waits >= retries) throw new GitHubRateLimited({ ...wait, until: hold.until });
        waits++;
        budget.waited({ ...wait, where: 'in_place', seconds: ms / 1000 });
        await sleep(ms);
        continue;
      }
      let answer: RateLimitAnswer | undefined;
      let failure: unknown;
      try {
        const response = await request(options);
        const headers = response.headers as Headers;
        budget.observe(credential, headers, resource);
        if (!graphqlRateLimited(response.data)) {
          budget.succeeded(credential);
          return response;
        }
        answer = readRateLimit({ status: response.status, headers, data: response.data });
      } catch (error) {
        failure = error;
        const e = error as {
          status?: number;
          message?: string;
          response?: { headers?: Headers; data?: unknown };
        };
        budget.observe(credential, e.response?.headers, resource);
        answer = readRateLimit({
          status: e.status,
          headers: e.response?.headers,
          message: e.message,
          data: e.response?.data,
        });
      }
      if (!answer) throw failure;
      const until = budget.limited(credential, resource, answer);
      o.warn?.(
        `GitHub ${answer.kind} rate limit on ${options.method} ${options.url} (${resource}, ${credential}); calls wait until ${new Date(until).toISOString()}`,
      );
      if (until - budget.now() > maxInPlace || waits >= retries)
        throw new GitHubRateLimited({ credential, resource, kind: answer.kind, until }, { cause: failure });
    }
  });
}
