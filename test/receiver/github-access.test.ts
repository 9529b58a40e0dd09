import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowedRepositories } from '../../receiver/allowed-repos.ts';
import { gitHubAccess, gitHubSettingsFromEnv } from '../../receiver/github-access.ts';
import { type FakeGitHub, startFakeGitHub } from '../support/fake-github/index.ts';

let gh: FakeGitHub;
const log = pino({ level: 'silent' });

beforeAll(async () => {
  gh = await startFakeGitHub({ repos: [{ owner: 'acme', name: 'app', defaultBranch: 'main' }] });
});
afterAll(() => gh.close());

describe('GitHub access for the receiver', () => {
  it('as a GitHub App: finds the installation of the repository and works with its token', async () => {
    const access = gitHubAccess({
      github: gitHubSettingsFromEnv({
        GITHUB_APP_ID: String(gh.app.id),
        GITHUB_APP_PRIVATE_KEY: gh.app.privateKey,
        GITHUB_API_URL: gh.url,
      }),
      log,
    });
    const octokit = await access('acme', 'app');
    const { data } = await octokit.rest.repos.get({ owner: 'acme', repo: 'app' });
    expect(data.full_name).toBe('acme/app');
    expect(gh.calls.some((c) => c.path === '/repos/acme/app/installation')).toBe(true);
    expect(await access('acme', 'app')).toBe(octokit);
  });

  it('reads a private key whose newlines were written as \\n', async () => {
    const access = gitHubAccess({
      github: gitHubSettingsFromEnv({
        GITHUB_APP_ID: String(gh.app.id),
        GITHUB_APP_PRIVATE_KEY: gh.app.privateKey.replaceAll('\n', '\\n'),
        GITHUB_API_URL: gh.url,
      }),
      log,
    });
    const octokit = await access('acme', 'app');
    expect((await octokit.rest.repos.get({ owner: 'acme', repo: 'app' })).status).toBe(200);
  });

  it('says what is missing when neither a token nor an App is configured', () => {
    expect(() => gitHubAccess({ github: gitHubSettingsFromEnv({}), log })).toThrow(
      /set GITHUB_TOKEN, or GITHUB_APP_ID and GITHUB_APP_PRIVATE_KEY/,
    );
  });

  it('names a repository the App is not installed on', async () => {
    const access = gitHubAccess({
      github: gitHubSettingsFromEnv({
        GITHUB_APP_ID: String(gh.app.id),
        GITHUB_APP_PRIVATE_KEY: gh.app.privateKey,
        GITHUB_API_URL: gh.url,
      }),
      log,
    });
    await expect(access('acme', 'missing')).rejects.toThrow(/not installed on acme\/missing/);
  });
});

describe('RECEIVER_ALLOWED_REPOS', () => {
  it('matches owner/name, owner/* and *, ignoring case', () => {
    const allowed = allowedRepositories('acme/app, Tools/*');
    expect(allowed('acme/app')).toBe(true);
    expect(allowed('ACME/App')).toBe(true);
    expect(allowed('acme/other')).toBe(false);
    expect(allowed('tools/anything')).toBe(true);
    expect(allowedRepositories('*')('x/y')).toBe(true);
  });

  it('refuses to run without it, and names a malformed entry', () => {
    expect(() => allowedRepositories(undefined)).toThrow(/RECEIVER_ALLOWED_REPOS is not set/);
    expect(() => allowedRepositories('acme')).toThrow(/"acme" is not owner\/name/);
  });
});
