/**
 * GitHub's rate-limit answers, read the way GitHub asks integrators to read them:
 * https://docs.github.com/en/rest/using-the-rest-api/rate-limits-for-the-rest-api#exceeding-the-rate-limit
 * and https://docs.github.com/en/rest/using-the-rest-api/best-practices-for-using-the-rest-api —
 * a 403 or 429 with `retry-after`: wait that many seconds; with `x-ratelimit-remaining: 0`: wait
 * until `x-ratelimit-reset`; a secondary limit that says neither: wait at least a minute, longer
 * each time it repeats.
 */

/** Which of GitHub's limits answered: the hourly budget (`primary`) or the abuse guard (`secondary`). */
export type RateLimitKind = 'primary' | 'secondary';

/** A rate-limit answer: its kind and what it says about when to ask again. */
export interface RateLimitAnswer {
  kind: RateLimitKind;
  /** From `retry-after`, in milliseconds. */
  retryAfterMs?: number;
  /** From `x-ratelimit-reset` (epoch ms), when the budget is spent. */
  resetAt?: number;
}

/** Response headers as Octokit gives them (lower-case names). */
export type Headers = Record<string, string | number | undefined>;

const SECONDARY = /secondary rate limit|abuse detection/i;

const header = (headers: Headers | undefined, name: string) => {
  const value = headers?.[name];
  return value === undefined ? undefined : String(value);
};

/** Whether a GraphQL answer says the query was refused for the rate limit (GitHub answers 200). */
export function graphqlRateLimited(data: unknown): boolean {
  const errors = (data as { errors?: unknown } | null)?.errors;
  return Array.isArray(errors) && errors.some((e) => (e as { type?: unknown })?.type === 'RATE_LIMITED');
}

/**
 * Reads an answer (status, headers, message, GraphQL body) as a rate limit, or undefined when it is
 * none (a 403 for a missing permission, say).
 */
export function readRateLimit(answer: {
  status: number | undefined;
  headers: Headers | undefined;
  message?: string | undefined;
  data?: unknown;
}): RateLimitAnswer | undefined {
  const { status, headers } = answer;
  const graphql = graphqlRateLimited(answer.data);
  if (status !== 403 && status !== 429 && !graphql) return undefined;
  const remaining = header(headers, 'x-ratelimit-remaining');
  const spent = remaining === '0' || graphql;
  const reset = Number(header(headers, 'x-ratelimit-reset'));
  const resetAt = spent && Number.isFinite(reset) && reset > 0 ? reset * 1000 : undefined;
  const retryAfter = Number(header(headers, 'retry-after'));
  const retryAfterMs =
    header(headers, 'retry-after') !== undefined && Number.isFinite(retryAfter) && retryAfter >= 0
      ? retryAfter * 1000
      : undefined;
  const message = `${answer.message ?? ''} ${(answer.data as { message?: unknown } | null)?.message ?? ''}`;
  const secondary = SECONDARY.test(message);
  // A 403 that is none of these is a permission answer, not a limit; GitHub's 429 always is one.
  if (!spent && !secondary && retryAfterMs === undefined && status !== 429) return undefined;
  return {
    kind: spent && !secondary ? 'primary' : 'secondary',
    ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
    ...(resetAt !== undefined ? { resetAt } : {}),
  };
}

/**
 * A GitHub call that has to wait for GitHub's rate limit longer than is worth waiting in place:
 * whoever runs the work should put it back and run it again at `until` (the receiver's worker does,
 * without counting an attempt). Carries no HTTP `status`, so no caller takes it for a 403 that
 * means "no permission".
 */
export class GitHubRateLimited extends Error {
  override name = 'GitHubRateLimited';
  /** When to ask again, epoch milliseconds. */
  readonly until: number;
  readonly kind: RateLimitKind;
  /** The budget that is spent: `core`, `graphql`, `search`, … */
  readonly resource: string;
  /** Whose budget: `token`, or `installation:<id>`. */
  readonly credential: string;

  constructor(
    o: { until: number; kind: RateLimitKind; resource: string; credential: string },
    options?: { cause?: unknown },
  ) {
    super(
      `GitHub ${o.kind} rate limit (${o.resource}, ${o.credential}): waiting until ${new Date(o.until).toISOString()}`,
      options,
    );
    this.until = o.until;
    this.kind = o.kind;
    this.resource = o.resource;
    this.credential = o.credential;
  }
}

/** The GitHubRateLimited behind an error (itself, or one of its causes), if any. */
export function rateLimitOf(error: unknown): GitHubRateLimited | undefined {
  for (let e = error, depth = 0; e && depth < 8; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof GitHubRateLimited) return e;
  }
  return undefined;
}
