import { createAppAuth } from '@octokit/auth-app';
import { Octokit } from '@octokit/rest';
import { githubStatus } from './github-status.ts';

/**
 * A GitHub App's credentials. Pushes made with its installation token start workflows (pushes
 * made with GITHUB_TOKEN do not), so the checks of a translation pull request run.
 */
export interface AppCredentials {
  appId: number | string;
  /** The PEM text; `\n` escapes (one-line secrets) are read as newlines. */
  privateKey: string;
}

export interface AppTokenOptions {
  /** GITHUB_API_URL; default https://api.github.com. */
  baseUrl?: string | undefined;
  fetch?: typeof fetch;
}

export interface InstallationToken {
  token: string;
  /** ISO 8601; GitHub's installation tokens live one hour. */
  expiresAt: string;
  installationId: number;
}

/** The key as PEM with real newlines, or a TypeError saying what is wrong with it. */
export function readPrivateKey(text: string): string {
  const pem = text.replaceAll('\\n', '\n').trim();
  if (!/^-----BEGIN (RSA )?PRIVATE KEY-----\n[\s\S]+\n-----END (RSA )?PRIVATE KEY-----$/.test(pem))
    throw new TypeError(
      '[svc-connector] the GitHub App private key is not a PEM private key (it starts with -----BEGIN RSA PRIVATE KEY-----; download it from the App settings)',
    );
  return pem;
}

function appId(credentials: AppCredentials): string {
  const id = String(credentials.appId).trim();
  if (!/^\d+$/.test(id)) throw new TypeError(`[svc-connector] GitHub App id "${id}" is not a number`);
  return id;
}

function appOctokit(credentials: AppCredentials, o: AppTokenOptions): Octokit {
  return new Octokit({
    authStrategy: createAppAuth,
    auth: { appId: appId(credentials), privateKey: readPrivateKey(credentials.privateKey) },
    baseUrl: o.baseUrl ?? 'https://api.github.com',
    userAgent: 'svc-connector',
    ...(o.fetch ? { request: { fetch: o.fetch } } : {}),
    log: { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} },
  });
}

/**
 * The App's installation on a repository (GET /repos/{owner}/{repo}/installation, authenticated
 * with the App's JWT); a clear error when the App is not installed there.
 */
export async function findInstallation(
  credentials: AppCredentials,
  at: { owner: string; repo: string },
  o: AppTokenOptions = {},
): Promise<number> {
  return installationOf(appOctokit(credentials, o), credentials, at);
}

async function installationOf(
  octokit: Octokit,
  credentials: AppCredentials,
  at: { owner: string; repo: string },
): Promise<number> {
  try {
    return (await octokit.rest.apps.getRepoInstallation(at)).data.id;
  } catch (error) {
    const status = githubStatus(error);
    if (status === 404)
      throw new Error(`GitHub App ${credentials.appId} is not installed on ${at.owner}/${at.repo}`, {
        cause: error,
      });
    if (status === 401)
      throw new Error(
        `GitHub refused the App's signed token (401): check the App id ${credentials.appId} and that the private key is this App's`,
        { cause: error },
      );
    throw error;
  }
}

/**
 * Mints an installation token for one repository: the App's JWT finds the installation, then
 * POST /app/installations/{id}/access_tokens (both through @octokit/auth-app).
 */
export async function createInstallationToken(
  credentials: AppCredentials,
  at: { owner: string; repo: string },
  o: AppTokenOptions = {},
): Promise<InstallationToken> {
  const octokit = appOctokit(credentials, o);
  const installationId = await installationOf(octokit, credentials, at);
  const auth = (await octokit.auth({ type: 'installation', installationId })) as {
    token: string;
    expiresAt: string;
  };
  return { token: auth.token, expiresAt: auth.expiresAt, installationId };
}
