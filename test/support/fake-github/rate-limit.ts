/**
 * GitHub's primary rate limit: a budget per credential per hour, reported on every response in
 * `x-ratelimit-*` headers (which @octokit/plugin-throttling reads); an exhausted budget answers
 * 403 with `x-ratelimit-remaining: 0`.
 */
import { HttpError } from './http-error.ts';

const WINDOW_MS = 60 * 60 * 1000;
const DOC = 'https://docs.github.com/rest/using-the-rest-api/rate-limits-for-the-rest-api';

interface Bucket {
  start: number;
  used: number;
}

export class RateLimits {
  private readonly buckets = new Map<string, Bucket>();
  private readonly limit: number;
  private readonly now: () => number;

  constructor(limit: number, now: () => number) {
    this.limit = limit;
    this.now = now;
  }

  /**
   * Counts one request for `credential` against its `resource` (`core` for REST, `graphql` for
   * GraphQL: GitHub keeps separate budgets); returns its headers, or throws 403 (with them) when spent.
   */
  take(credential: string, who: string, resource: 'core' | 'graphql' = 'core'): Record<string, string> {
    const now = this.now();
    const key = `${resource}\u0000${credential}`;
    let bucket = this.buckets.get(key);
    if (!bucket || now >= bucket.start + WINDOW_MS) {
      bucket = { start: now, used: 0 };
      this.buckets.set(key, bucket);
    }
    const exhausted = bucket.used >= this.limit;
    if (!exhausted) bucket.used++;
    const headers = {
      'x-ratelimit-limit': String(this.limit),
      'x-ratelimit-remaining': String(this.limit - bucket.used),
      'x-ratelimit-reset': String(Math.ceil((bucket.start + WINDOW_MS) / 1000)),
      'x-ratelimit-used': String(bucket.used),
      'x-ratelimit-resource': resource,
    };
    if (exhausted)
      throw Object.assign(
        new HttpError(403, `API rate limit exceeded for ${who}.`, { documentation_url: DOC }),
        { headers },
      );
    return headers;
  }
}
