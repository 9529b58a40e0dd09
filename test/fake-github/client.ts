/** An Octokit pointed at the fake, as the code under test builds one, minus request logging. */
import { createAppAuth } from '@octokit/auth-app';
import { Octokit } from '@octokit/rest';
import type { FakeGitHub } from '../support/fake-github/index.ts';

const quiet = { debug() {}, info() {}, warn() {}, error() {} };

export function client(gh: FakeGitHub, auth: string = gh.token): Octokit {
  return new Octokit({ auth, baseUrl: gh.url, log: quiet });
}

/** An Octokit of the fake's GitHub App on its installation (check runs need one, as on GitHub). */
export function installationClient(gh: FakeGitHub): Octokit {
  return new Octokit({
    authStrategy: createAppAuth,
    auth: { appId: gh.app.id, privateKey: gh.app.privateKey, installationId: gh.app.installationId },
    baseUrl: gh.url,
    log: quiet,
  });
}
