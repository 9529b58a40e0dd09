import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGitHubClient, parseRepository } from '../../src/github/client.ts';
import { type FakeGitHub, startFakeGitHub } from '../support/fake-github/index.ts';

let gh: FakeGitHub;
beforeAll(async () => {
  gh = await startFakeGitHub({
    repos: [{ owner: 'acme', name: 'app', defaultBranch: 'main', files: { 'README.md': '# app\n' } }],
  });
});
afterAll(() => gh.close());

describe('createGitHubClient', () => {
  it('reports every call (route, status, time) to the logger, failures included, never the token', async () => {
    const calls: { method: string; url: string; status: number | undefined; ms: number }[] = [];
    const octokit = createGitHubClient({
      auth: { token: gh.token },
      baseUrl: gh.url,
      retries: 0,
      log: { warn() {}, call: (fields) => calls.push(fields) },
    });
    const repo = await octokit.rest.repos.get({ owner: 'acme', repo: 'app' });
    expect(repo.data.full_name).toBe('acme/app');
    await expect(octokit.rest.repos.get({ owner: 'acme', repo: 'missing' })).rejects.toMatchObject({
      status: 404,
    });
    expect(calls.map(({ method, url, status }) => ({ method, url, status }))).toEqual([
      { method: 'GET', url: '/repos/{owner}/{repo}', status: 200 },
      { method: 'GET', url: '/repos/{owner}/{repo}', status: 404 },
    ]);
    expect(calls.every((c) => c.ms >= 0)).toBe(true);
    expect(JSON.stringify(calls)).not.toContain(gh.token);
  });

  it('parses owner/name and refuses anything else', () => {
    expect(parseRepository('acme/app')).toEqual({ owner: 'acme', repo: 'app' });
    for (const bad of ['acme', 'acme/..', 'a/b/c', '-x/y'])
      expect(() => parseRepository(bad)).toThrow(TypeError);
  });
});
