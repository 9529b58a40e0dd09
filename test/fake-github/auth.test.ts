import { createSign, generateKeyPairSync } from 'node:crypto';
import { getOctokit } from '@actions/github';
import { createAppAuth } from '@octokit/auth-app';
import { request } from '@octokit/request';
import { Octokit } from '@octokit/rest';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeGitHub, startFakeGitHub } from '../support/fake-github/index.ts';
import { client } from './client.ts';

const quiet = { debug() {}, info() {}, warn() {}, error() {} };
const repo = { owner: 'acme', repo: 'app' };
const repos = [
  { owner: 'acme', name: 'app', files: { 'a.txt': 'a\n' } },
  { owner: 'acme', name: 'other' },
];

let gh: FakeGitHub | undefined;
afterEach(async () => {
  await gh?.close();
  gh = undefined;
});

async function start(options: Partial<Parameters<typeof startFakeGitHub>[0]> = {}): Promise<FakeGitHub> {
  gh = await startFakeGitHub({ repos, ...options });
  return gh;
}

/** A JWT signed with `pem`, for claims GitHub must refuse. */
function jwt(pem: string, claims: Record<string, unknown>): string {
  const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const unsigned = `${part({ alg: 'RS256', typ: 'JWT' })}.${part(claims)}`;
  return `${unsigned}.${createSign('RSA-SHA256').update(unsigned).sign(pem).toString('base64url')}`;
}

describe('fake GitHub: tokens and errors', () => {
  it('answers 401 Bad credentials for an unknown token and Requires authentication without one', async () => {
    const fake = await start();
    await expect(client(fake, 'ghp_not-a-token').rest.repos.get(repo)).rejects.toMatchObject({
      status: 401,
      response: { data: { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest' } },
    });
    await expect(new Octokit({ baseUrl: fake.url, log: quiet }).rest.repos.get(repo)).rejects.toMatchObject({
      status: 401,
      response: { data: { message: 'Requires authentication' } },
    });
  });

  it('accepts every configured token, as `token X` and as `Bearer X`', async () => {
    const fake = await start({ tokens: ['t-one', 't-two'] });
    expect(fake.token).toBe('t-one');
    expect((await client(fake, 't-two').rest.repos.get(repo)).status).toBe(200);
    const res = await fetch(`${fake.url}/repos/acme/app`, { headers: { authorization: 'Bearer t-one' } });
    expect(res.status).toBe(200);
  });

  it("@actions/github's getOctokit works against it with baseUrl (as GITHUB_API_URL sets it)", async () => {
    const fake = await start();
    const octokit = getOctokit(fake.token, { baseUrl: fake.url, log: quiet });
    const { data } = await octokit.rest.repos.getBranch({ ...repo, branch: 'main' });
    expect(data.name).toBe('main');
    expect(fake.calls).toEqual([
      {
        method: 'GET',
        path: '/repos/acme/app/branches/main',
        query: '',
        status: 200,
        auth: { kind: 'token', token: fake.token },
      },
    ]);
  });

  it('answers 404 Not Found for an unknown repository and an unknown route', async () => {
    const fake = await start();
    const octokit = client(fake);
    await expect(octokit.rest.repos.get({ owner: 'acme', repo: 'nope' })).rejects.toMatchObject({
      status: 404,
      response: {
        data: { message: 'Not Found', documentation_url: expect.stringContaining('docs.github.com') },
      },
    });
    await expect(octokit.request('GET /repos/{owner}/{repo}/nothing-here', repo)).rejects.toMatchObject({
      status: 404,
    });
  });

  it("sends GitHub's headers and records every call", async () => {
    const fake = await start();
    const { headers } = await client(fake).rest.repos.get(repo);
    expect(headers['content-type']).toBe('application/json; charset=utf-8');
    expect(headers['x-github-request-id']).toMatch(/^[0-9A-F]{4}:[0-9A-F]{8}$/);
    expect(headers['x-ratelimit-limit']).toBe('5000');
    expect(headers['x-ratelimit-remaining']).toBe('4999');
    expect(headers['x-ratelimit-used']).toBe('1');
    expect(Number(headers['x-ratelimit-reset'])).toBeGreaterThan(Date.now() / 1000);
    await client(fake)
      .rest.git.getRef({ ...repo, ref: 'heads/main' })
      .catch(() => undefined);
    // Which credential authenticated each call: a test can tell an installation token's push.
    const auth = { kind: 'token', token: fake.token };
    expect(fake.calls).toEqual([
      { method: 'GET', path: '/repos/acme/app', query: '', status: 200, auth },
      { method: 'GET', path: '/repos/acme/app/git/ref/heads/main', query: '', status: 200, auth },
    ]);
  });

  it('answers 403 with remaining 0 once the hourly budget is spent', async () => {
    const fake = await start({ rateLimit: 2 });
    const octokit = client(fake);
    await octokit.rest.repos.get(repo);
    await octokit.rest.repos.get(repo);
    await expect(octokit.rest.repos.get(repo)).rejects.toMatchObject({
      status: 403,
      response: {
        headers: { 'x-ratelimit-remaining': '0' },
        data: { message: expect.stringContaining('API rate limit exceeded') },
      },
    });
  });

  it('answers 400 Problems parsing JSON for a body that is not JSON', async () => {
    const fake = await start();
    const res = await fetch(`${fake.url}/repos/acme/app/pulls`, {
      method: 'POST',
      headers: { authorization: `token ${fake.token}`, 'content-type': 'application/json' },
      body: '{title:',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: 'Problems parsing JSON' });
  });

  it('lets a test answer in its place (intercept)', async () => {
    const fake = await start();
    fake.intercept = ({ method }) =>
      method === 'GET' ? { status: 502, body: { message: 'Server Error' } } : undefined;
    await expect(client(fake).rest.repos.get(repo)).rejects.toMatchObject({ status: 502 });
    fake.intercept = undefined;
    expect((await client(fake).rest.repos.get(repo)).status).toBe(200);
  });
});

describe('fake GitHub: GitHub App', () => {
  it('@octokit/auth-app gets an installation token with its JWT, and the token works', async () => {
    const fake = await start({ app: { id: 321 } });
    const auth = createAppAuth({
      appId: fake.app.id,
      privateKey: fake.app.privateKey,
      installationId: fake.app.installationId,
      request: request.defaults({ baseUrl: fake.url }),
    });
    const installation = await auth({ type: 'installation' });
    expect(installation.token).toMatch(/^ghs_[A-Za-z0-9]{36}$/);
    expect(installation).toMatchObject({
      installationId: fake.app.installationId,
      repositorySelection: 'all',
    });
    const { data } = await client(fake, installation.token).rest.pulls.list(repo);
    expect(data).toEqual([]);
    expect(fake.calls[0]).toMatchObject({
      method: 'POST',
      path: `/app/installations/${fake.app.installationId}/access_tokens`,
      status: 201,
      auth: { kind: 'app', token: `app:${fake.app.id}` },
    });
    expect(fake.calls[1]?.auth).toEqual({ kind: 'installation', token: installation.token });
  });

  it('an Octokit with authStrategy createAppAuth works end to end, and reads the repository installation', async () => {
    const fake = await start({ app: { id: 7 } });
    const app = new Octokit({
      authStrategy: createAppAuth,
      auth: { appId: 7, privateKey: fake.app.privateKey },
      baseUrl: fake.url,
      log: quiet,
    });
    const { data: inst } = await app.rest.apps.getRepoInstallation(repo);
    expect(inst).toMatchObject({ id: fake.app.installationId, app_id: 7, account: { login: 'acme' } });
    const installed = new Octokit({
      authStrategy: createAppAuth,
      auth: { appId: 7, privateKey: fake.app.privateKey, installationId: inst.id },
      baseUrl: fake.url,
      log: quiet,
    });
    const { data: pr } = await installed.rest.repos.getContent({ ...repo, path: 'a.txt' });
    expect(!Array.isArray(pr) && pr.name).toBe('a.txt');
    // The JWT itself cannot read repository contents, and a token cannot mint installation tokens.
    const { token: appJwt } = await createAppAuth({ appId: 7, privateKey: fake.app.privateKey })({
      type: 'app',
    });
    await expect(
      client(fake, appJwt).rest.repos.getContent({ ...repo, path: 'a.txt' }),
    ).rejects.toMatchObject({
      status: 403,
    });
    await expect(
      client(fake).rest.apps.createInstallationAccessToken({ installation_id: inst.id }),
    ).rejects.toMatchObject({
      status: 401,
      response: { data: { message: 'A JSON web token could not be decoded' } },
    });
  });

  it('auth-app recovers when the clocks differ: 401 on the time claims, retry with the Date header', async () => {
    const fake = await start({ now: () => Date.now() + 3600 * 1000 });
    const app = new Octokit({
      authStrategy: createAppAuth,
      auth: { appId: fake.app.id, privateKey: fake.app.privateKey, log: quiet },
      baseUrl: fake.url,
      log: quiet,
    });
    const { data } = await app.rest.apps.getRepoInstallation(repo);
    expect(data.id).toBe(fake.app.installationId);
    expect(fake.calls.map((c) => c.status)).toEqual([401, 200]);
  });

  it('refuses JWTs GitHub refuses: wrong key, wrong app, too long, expired, issued in the future', async () => {
    const fake = await start({ app: { id: 99 } });
    const now = Math.floor(Date.now() / 1000);
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    const attempt = async (token: string) => {
      const res = await fetch(`${fake.url}/app/installations/${fake.app.installationId}/access_tokens`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
      return [res.status, ((await res.json()) as { message: string }).message];
    };
    const key = fake.app.privateKey;
    expect(await attempt(jwt(key, { iat: now - 30, exp: now + 500, iss: 99 }))).toEqual([201, undefined]);
    expect(await attempt(jwt(other, { iat: now - 30, exp: now + 500, iss: 99 }))).toEqual([
      401,
      'A JSON web token could not be decoded',
    ]);
    expect(await attempt(jwt(key, { iat: now - 30, exp: now + 500, iss: 98 }))).toEqual([
      401,
      'Integration not found',
    ]);
    expect((await attempt(jwt(key, { iat: now, exp: now + 700, iss: 99 })))[1]).toMatch(
      /'exp'\) is too far in the future/,
    );
    expect((await attempt(jwt(key, { iat: now - 700, exp: now - 100, iss: 99 })))[1]).toMatch(
      /'exp'\) must be a numeric value/,
    );
    expect((await attempt(jwt(key, { iat: now + 120, exp: now + 500, iss: 99 })))[1]).toMatch(
      /'iat'\) must be an Integer/,
    );
  });

  it('installation tokens can be narrowed to repositories and expire after an hour', async () => {
    let clock = Date.parse('2026-01-01T00:00:00Z');
    const fake = await start({ now: () => clock });
    const now = Math.floor(clock / 1000);
    const appJwt = jwt(fake.app.privateKey, { iat: now - 30, exp: now + 500, iss: fake.app.id });
    const { data } = await client(fake, appJwt).rest.apps.createInstallationAccessToken({
      installation_id: fake.app.installationId,
      repositories: ['app'],
    });
    expect(data).toMatchObject({ repository_selection: 'selected', expires_at: '2026-01-01T01:00:00Z' });
    const octokit = client(fake, data.token);
    expect((await octokit.rest.repos.get(repo)).status).toBe(200);
    await expect(octokit.rest.repos.get({ owner: 'acme', repo: 'other' })).rejects.toMatchObject({
      status: 404,
    });
    clock += 60 * 60 * 1000;
    await expect(octokit.rest.repos.get(repo)).rejects.toMatchObject({ status: 401 });
  });
});
