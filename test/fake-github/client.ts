/** An Octokit pointed at the fake, as the code under test builds one, minus request logging. */
import { Octokit } from '@octokit/rest';
import type { FakeGitHub } from '../support/fake-github/index.ts';

const quiet = { debug() {}, info() {}, warn() {}, error() {} };

export function client(gh: FakeGitHub, auth: string = gh.token): Octokit {
  return new Octokit({ auth, baseUrl: gh.url, log: quiet });
}
