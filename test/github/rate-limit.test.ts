import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GitHubBudget } from '../../src/github/budget.ts';
import { createGitHubClient } from '../../src/github/client.ts';
import { GitHubRateLimited, rateLimitOf, readRateLimit } from '../../src/github/rate-limit.ts';
import { type FakeGitHub, startFakeGitHub } from '../support/fake-github/index.ts';

const T0 = 1_800_000_000_000;
const SECONDARY_MESSAGE =
  'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.';

describe('readRateLimit (GitHub: rate limits for the REST API, "exceeding the rate limit")', () => {
  it('a 403 that names no limit is a permission answer, not a rate limit', () => {
    const headers = { 'x-ratelimit-remaining': '4000', 'x-ratelimit-reset': '1800003600' };
    expect(readRateLimit({ status: 403, headers, message: 'Resource not accessible by integration' })).toBe(
      undefined,
    );
    expect(readRateLimit({ status: 404, headers: { 'retry-after': '5' } })).toBe(undefined);
  });

  it('reads a spent budget (remaining 0) as primary, until x-ratelimit-reset', () => {
    const headers = { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '1800003600' };
    expect(readRateLimit({ status: 403, headers, message: 'API rate limit exceeded' })).toEqual({
      kind: 'primary',
      resetAt: 1_800_003_600_000,
    });
    expect(readRateLimit({ status: 429, headers })).toMatchObject({ kind: 'primary' });
  });

  it('reads retry-after, and a secondary-limit message without it, as secondary', () => {
    expect(
      readRateLimit({ status: 429, headers: { 'retry-after': '30', 'x-ratelimit-remaining': '12' } }),
    ).toEqual({
      kind: 'secondary',
      retryAfterMs: 30_000,
    });
    expect(readRateLimit({ status: 403, headers: {}, message: SECONDARY_MESSAGE })).toEqual({
      kind: 'secondary',
    });
    expect(readRateLimit({ status: 429, headers: {} })).toEqual({ kind: 'secondary' });
  });

  it("reads GraphQL's RATE_LIMITED error (answered 200) as a spent budget", () => {
    const data = { errors: [{ type: 'RATE_LIMITED', message: 'API rate limit exceeded' }] };
    expect(
      readRateLimit({
        status: 200,
        headers: { 'x-ratelimit-reset': '1800003600', 'x-ratelimit-remaining': '0' },
        data,
      }),
    ).toEqual({ kind: 'primary', resetAt: 1_800_003_600_000 });
  });

  it('finds the GitHubRateLimited behind wrapping errors', () => {
    const limited = new GitHubRateLimited({
      until: T0,
      kind: 'primary',
      resource: 'core',
      credential: 'token',
    });
    expect(rateLimitOf(new Error('reading the tree', { cause: limited }))).toBe(limited);
    expect(rateLimitOf(new Error('no'))).toBe(undefined);
  });
});

describe('GitHubBudget', () => {
  it('waits a minute after a secondary limit without retry-after, doubling while it repeats, afresh after a success', () => {
    let now = T0;
    const budget = new GitHubBudget({ now: () => now });
    expect(budget.limited('installation:1', 'core', { kind: 'secondary' })).toBe(T0 + 60_000);
    now = T0 + 60_000;
    expect(budget.limited('installation:1', 'core', { kind: 'secondary' })).toBe(now + 120_000);
    // A secondary limit holds every resource of the credential, no other credential.
    expect(budget.holdOf('installation:1', 'graphql')).toMatchObject({
      kind: 'secondary',
      until: now + 120_000,
    });
    expect(budget.holdOf('installation:2', 'core')).toBe(undefined);
    now += 120_000;
    budget.succeeded('installation:1');
    expect(budget.limited('installation:1', 'core', { kind: 'secondary' })).toBe(now + 60_000);
  });

  it('holds a budget down to its reserve until its reset, that resource and credential only', () => {
    const now = T0;
    const budget = new GitHubBudget({ now: () => now, reserve: 5 });
    const reset = String((T0 + 1800_000) / 1000);
    budget.observe('installation:1', {
      'x-ratelimit-limit': '5000',
      'x-ratelimit-remaining': '6',
      'x-ratelimit-reset': reset,
      'x-ratelimit-resource': 'core',
    });
    expect(budget.holdOf('installation:1', 'core')).toBe(undefined);
    budget.observe('installation:1', {
      'x-ratelimit-limit': '5000',
      'x-ratelimit-remaining': '5',
      'x-ratelimit-reset': reset,
      'x-ratelimit-resource': 'core',
    });
    expect(budget.holdOf('installation:1', 'core')).toEqual({
      credential: 'installation:1',
      resource: 'core',
      kind: 'primary',
      until: T0 + 1800_000 + 1000,
    });
    expect(budget.holdOf('installation:1', 'graphql')).toBe(undefined);
    expect(budget.holdOf('installation:2', 'core')).toBe(undefined);
    expect(budget.snapshot().budgets).toEqual([
      {
        credential: 'installation:1',
        resource: 'core',
        limit: 5000,
        remaining: 5,
        used: 4995,
        resetAt: T0 + 1800_000,
      },
    ]);
  });
});

describe('createGitHubClient under rate limits', () => {
  let gh: FakeGitHub;
  beforeAll(async () => {
    gh = await startFakeGitHub({
      repos: [{ owner: 'acme', name: 'app', files: { 'README.md': '# app\n' } }],
    });
  });
  afterAll(() => gh.close());

  function client() {
    let now = T0;
    const slept: number[] = [];
    const budget = new GitHubBudget({ now: () => now });
    const octokit = createGitHubClient({
      auth: { token: gh.token },
      baseUrl: gh.url,
      budget,
      sleep: async (ms) => {
        slept.push(ms);
        now += ms;
      },
    });
    return { octokit, budget, slept, advance: (ms: number) => (now += ms), now: () => now };
  }

  it('waits a short retry-after in place and makes the call again', async () => {
    const { octokit, slept } = client();
    let answered = false;
    gh.intercept = ({ path }) => {
      if (path !== '/repos/acme/app' || answered) return undefined;
      answered = true;
      return { status: 429, headers: { 'retry-after': '2' }, body: { message: 'Too many requests' } };
    };
    const repo = await octokit.rest.repos.get({ owner: 'acme', repo: 'app' });
    gh.intercept = undefined;
    expect(repo.data.full_name).toBe('acme/app');
    expect(slept).toEqual([2000]);
  });

  it('throws GitHubRateLimited for a long wait, and calls nothing more on that credential until it ends', async () => {
    const { octokit, slept, advance, now } = client();
    gh.intercept = () => ({ status: 403, body: { message: SECONDARY_MESSAGE } });
    const error = await octokit.rest.repos.get({ owner: 'acme', repo: 'app' }).catch((e: unknown) => e);
    gh.intercept = undefined;
    expect(error).toBeInstanceOf(GitHubRateLimited);
    expect(error).toMatchObject({
      until: T0 + 60_000,
      kind: 'secondary',
      resource: 'core',
      credential: 'token',
    });
    expect(error).not.toHaveProperty('status');
    expect(slept).toEqual([]);
    // Held without a call, GraphQL included (a secondary limit is the whole credential's).
    const calls = gh.calls.length;
    await expect(octokit.graphql('query { viewer { login } }')).rejects.toBeInstanceOf(GitHubRateLimited);
    expect(gh.calls.length).toBe(calls);
    advance(60_000);
    expect(now()).toBe(T0 + 60_000);
    const repo = await octokit.rest.repos.get({ owner: 'acme', repo: 'app' });
    expect(repo.status).toBe(200);
    expect(gh.calls.length).toBe(calls + 1);
  });

  it('leaves a permission 403 as it is', async () => {
    const { octokit } = client();
    gh.intercept = () => ({ status: 403, body: { message: 'Resource not accessible by integration' } });
    const error = await octokit.rest.repos.get({ owner: 'acme', repo: 'app' }).catch((e: unknown) => e);
    gh.intercept = undefined;
    expect(error).toMatchObject({ status: 403 });
    expect(error).not.toBeInstanceOf(GitHubRateLimited);
  });
});
