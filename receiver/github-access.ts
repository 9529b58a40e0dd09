import type { Logger } from 'pino';
import { urlFromEnv } from '../src/config/env.ts';
import { findInstallation } from '../src/github/app-token.ts';
import { GitHubBudget } from '../src/github/budget.ts';
import { createGitHubClient, type GitHub } from '../src/github/client.ts';

/** How the receiver reaches GitHub: a token, or a GitHub App; none for a store-only receiver. */
export interface GitHubSettings {
  /** GITHUB_API_URL (GitHub Enterprise), default https://api.github.com. */
  apiUrl: string;
  auth?: { token: string } | { appId: string; privateKey: string };
}

/** What `gitHubAccess` says when none of GITHUB_TOKEN, GITHUB_APP_ID, GITHUB_APP_PRIVATE_KEY is set. */
export const GITHUB_NOT_CONFIGURED =
  'GitHub access is not configured: set GITHUB_TOKEN, or GITHUB_APP_ID and GITHUB_APP_PRIVATE_KEY';

/**
 * GITHUB_TOKEN, or a GitHub App (GITHUB_APP_ID + GITHUB_APP_PRIVATE_KEY, the PEM text; `\\n`
 * escapes are read as newlines), and GITHUB_API_URL. Half an App is an error naming what is missing;
 * nothing at all leaves `auth` out.
 */
export function gitHubSettingsFromEnv(env: NodeJS.ProcessEnv): GitHubSettings {
  const apiUrl = urlFromEnv(env, 'GITHUB_API_URL', 'https://api.github.com');
  if (env.GITHUB_TOKEN) return { apiUrl, auth: { token: env.GITHUB_TOKEN } };
  const appId = env.GITHUB_APP_ID;
  const privateKey = env.GITHUB_APP_PRIVATE_KEY?.replaceAll('\\n', '\n');
  if (!appId && !privateKey) return { apiUrl };
  if (!appId || !privateKey)
    throw new Error(
      `${appId ? 'GITHUB_APP_ID' : 'GITHUB_APP_PRIVATE_KEY'} is set but ${appId ? 'GITHUB_APP_PRIVATE_KEY' : 'GITHUB_APP_ID'} is not: a GitHub App needs both`,
    );
  return { apiUrl, auth: { appId, privateKey } };
}

export interface GitHubAccessOptions {
  github: GitHubSettings;
  log: Logger;
  fetch?: typeof fetch;
  /**
   * GitHub's budgets, per credential: one for the token, one per App installation, shared by every
   * repository on it (/metrics and /readyz read it). Default: one of its own.
   */
  budget?: GitHubBudget;
  /** Rate-limit waits up to this long are waited inside the call (default 5 s); longer ones go back to the queue. */
  maxWaitInPlaceMs?: number;
  /** How a wait in place waits (tests move their clock). */
  sleep?: (ms: number) => Promise<void>;
}

/**
 * GitHub access for a repository: the token's client, or the GitHub App's installation on the
 * repository, looked up once (findInstallation: GET /repos/{owner}/{repo}/installation, a clear
 * error when the App is not installed there), whose installation tokens @octokit/auth-app renews.
 */
export function gitHubAccess(o: GitHubAccessOptions): (owner: string, repo: string) => Promise<GitHub> {
  const { log } = o;
  const baseUrl = o.github.apiUrl;
  const auth = o.github.auth;
  if (!auth) throw new Error(GITHUB_NOT_CONFIGURED);
  const warn = {
    warn: (m: string) => log.warn(m),
    // `url` is the route template (`/repos/{owner}/{repo}/git/trees`): never a token or query.
    call: (fields: { method: string; url: string; status: number | undefined; ms: number }) =>
      log.info({ github: fields }, 'GitHub call'),
  };
  const extra = o.fetch ? { fetch: o.fetch } : {};
  const limits = {
    // One budget for every client, so the repositories of one installation share theirs.
    budget: o.budget ?? new GitHubBudget(),
    ...(o.maxWaitInPlaceMs !== undefined ? { maxWaitInPlaceMs: o.maxWaitInPlaceMs } : {}),
    ...(o.sleep ? { sleep: o.sleep } : {}),
  };
  if ('token' in auth) {
    const gh = createGitHubClient({ auth: { token: auth.token }, baseUrl, log: warn, ...extra, ...limits });
    return async () => gh;
  }
  const { appId, privateKey } = auth;
  const installations = new Map<string, Promise<GitHub>>();
  return (owner, repo) => {
    const key = `${owner}/${repo}`.toLowerCase();
    let gh = installations.get(key);
    if (!gh) {
      gh = (async () => {
        const id = await findInstallation({ appId, privateKey }, { owner, repo }, { baseUrl, ...extra });
        return createGitHubClient({
          auth: { appId, privateKey, installationId: id },
          baseUrl,
          log: warn,
          ...extra,
          ...limits,
        });
      })();
      gh.catch(() => installations.delete(key));
      installations.set(key, gh);
    }
    return gh;
  };
}
