import { generateKeyPairSync } from 'node:crypto';
import { Octokit } from '@octokit/rest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInstallationToken, findInstallation, readPrivateKey } from '../../src/github/app-token.ts';
import { type FakeGitHub, startFakeGitHub } from '../support/fake-github/index.ts';

let gh: FakeGitHub;
const at = { owner: 'acme', repo: 'app' };

beforeAll(async () => {
  gh = await startFakeGitHub({ repos: [{ owner: 'acme', name: 'app' }], app: { id: 77 } });
});
afterAll(() => gh.close());

describe('createInstallationToken', () => {
  it("mints a token with the App's JWT that the repository accepts as an installation token", async () => {
    const before = gh.calls.length;
    const minted = await createInstallationToken(
      { appId: '77', privateKey: gh.app.privateKey.replaceAll('\n', '\\n') },
      at,
      { baseUrl: gh.url },
    );
    expect(minted.installationId).toBe(gh.app.installationId);
    expect(minted.token).toMatch(/^ghs_/);
    await new Octokit({ auth: minted.token, baseUrl: gh.url }).rest.repos.get(at);
    expect(gh.calls.slice(before).map((c) => [c.method, c.path, c.auth?.kind])).toEqual([
      ['GET', '/repos/acme/app/installation', 'app'],
      ['POST', `/app/installations/${gh.app.installationId}/access_tokens`, 'app'],
      ['GET', '/repos/acme/app', 'installation'],
    ]);
  });

  it('says the App is not installed on a repository it cannot see', async () => {
    await expect(
      findInstallation(
        { appId: 77, privateKey: gh.app.privateKey },
        { owner: 'acme', repo: 'nope' },
        { baseUrl: gh.url },
      ),
    ).rejects.toThrow('GitHub App 77 is not installed on acme/nope');
  });

  it("says GitHub refused the signature when the key is not the App's", async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
      type: 'pkcs1',
      format: 'pem',
    });
    await expect(
      createInstallationToken({ appId: 77, privateKey: other.toString() }, at, { baseUrl: gh.url }),
    ).rejects.toThrow(/refused the App's signed token \(401\)/);
  });

  it('refuses a key that is not PEM and an id that is not a number, naming them', () => {
    expect(() => readPrivateKey('not a key')).toThrow(/not a PEM private key/);
    return expect(
      createInstallationToken({ appId: 'abc', privateKey: gh.app.privateKey }, at),
    ).rejects.toThrow('GitHub App id "abc" is not a number');
  });
});
