import { createAppAuth } from '@octokit/auth-app';
import type { Logger } from 'pino';
import { urlFromEnv } from '../../src/config/env.ts';
import { createGitHubClient, type GitHub } from '../../src/github/client.ts';

export interface GitHubAccessOptions {
  env: NodeJS.ProcessEnv;
  log: Logger;
  fetch?: typeof fetch;
}

/** What `gitHubAccess` says when none of GITHUB_TOKEN, GITHUB_APP_ID, GITHUB_APP_PRIVATE_KEY is set. */
export const GITHUB_NOT_CONFIGURED =
  'GitHub access is not configured: set GITHUB_TOKEN, or GITHUB_APP_ID and GITHUB_APP_PRIVATE_KEY';

/** True when the environment names some GitHub access (a token, or part of an App's). */
export function gitHubConfigured(env: NodeJS.ProcessEnv): boolean {
  return Boolean(env.GITHUB_TOKEN || env.GITHUB_APP_ID || env.GITHUB_APP_PRIVATE_KEY);
}

/**
 * GitHub access from the environment: GITHUB_TOKEN, or a GitHub App (GITHUB_APP_ID +
 * GITHUB_APP_PRIVATE_KEY, the PEM text; `\\n` escapes are read as newlines) whose
 * installation on each repository is looked up once (GET /repos/{owner}/{repo}/installation)
 * and whose installation tokens @octokit/auth-app renews. GITHUB_API_URL for GitHub Enterprise.
 */
export function gitHubAccess(o: GitHubAccessOptions): (owner: string, repo: string) => Promise<GitHub> {
  const { env, log } = o;
  const baseUrl = urlFromEnv(env, 'GITHUB_API_URL', 'https://api.github.com');
  const warn = {
    warn: (m: string) => log.warn(m),
    // `url` is the route template (`/repos/{owner}/{repo}/git/trees`): never a token or query.
    call: (fields: { method: string; url: string; status: number | undefined; ms: number }) =>
      log.info({ github: fields }, 'GitHub call'),
  };
  const extra = o.fetch ? { fetch: o.fetch } : {};
  if (env.GITHUB_TOKEN) {
    const gh = createGitHubClient({ auth: { token: env.GITHUB_TOKEN }, baseUrl, log: warn, ...extra });
    return async () => gh;
  }
  const appId = env.GITHUB_APP_ID;
  const privateKey = env.GITHUB_APP_PRIVATE_KEY?.replaceAll('\\n', '\n');
  if (!appId && !privateKey) throw new Error(GITHUB_NOT_CONFIGURED);
  if (!appId || !privateKey)
    throw new Error(
      `${appId ? 'GITHUB_APP_ID' : 'GITHUB_APP_PRIVATE_KEY'} is set but ${appId ? 'GITHUB_APP_PRIVATE_KEY' : 'GITHUB_APP_ID'} is not: a GitHub App needs both`,
    );
  const installations = new Map<string, Promise<GitHub>>();
  const appAuth = createAppAuth({ appId, privateKey });
  return (owner, repo) => {
    const key = `${owner}/${repo}`.toLowerCase();
    let gh = installations.get(key);
    if (!gh) {
      gh = (async () => {
        const { token } = await appAuth({ type: 'app' });
        const response = await (o.fetch ?? fetch)(`${baseUrl}/repos/${owner}/${repo}/installation`, {
          headers: {
            authorization: `Bearer ${token}`,
            accept: 'application/vnd.github+json',
            'user-agent': 'svc-connector',
          },
        });
        if (!response.ok)
          throw new Error(
            `GitHub App ${appId} is not installed on ${owner}/${repo} (GET installation answered ${response.status})`,
          );
        const { id } = (await response.json()) as { id: number };
        return createGitHubClient({
          auth: { appId, privateKey, installationId: id },
          baseUrl,
          log: warn,
          ...extra,
        });
      })();
      gh.catch(() => installations.delete(key));
      installations.set(key, gh);
    }
    return gh;
  };
}
