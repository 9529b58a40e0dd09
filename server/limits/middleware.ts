import type { RequestHandler } from 'express';
import type { AuthContext } from '../auth/context.ts';
import { HttpError, payloadTooLarge } from '../http/errors.ts';
import type { Decision, RateLimiter } from './rate-limiter.ts';

const WHAT: Record<Decision['kind'], string> = {
  general: 'requests per window (general quota)',
  requests: 'requests per window on this endpoint',
  characters: 'characters per window sent to machine translation',
};

export function rateLimitHeaders(decision: Decision): Record<string, string> {
  return {
    'X-RateLimit-Limit': String(decision.limit),
    'X-RateLimit-Remaining': String(decision.remaining),
    'X-RateLimit-Reset': String(decision.resetSeconds),
  };
}

/** The 429 the spec describes: `{error: "rate_limit_exceeded", message}` and the three headers. */
export function rateLimited(decision: Decision): HttpError {
  return new HttpError(
    429,
    `rate limit exceeded: ${decision.limit} ${WHAT[decision.kind]} for this organization; ` +
      `retry in ${decision.resetSeconds} s`,
    {
      fields: { error: 'rate_limit_exceeded' },
      headers: { ...rateLimitHeaders(decision), 'Retry-After': String(decision.resetSeconds) },
    },
  );
}

/** Applies the general quota to every authenticated request. */
export function generalQuota(limiter: RateLimiter): RequestHandler {
  return async (_req, res, next) => {
    const decision = await limiter.general((res.locals.auth as AuthContext).organizationId);
    if (!decision.allowed) throw rateLimited(decision);
    next();
  };
}

/** Counts the request against the limited endpoints' rate; its headers go on the response too. */
export function limitedEndpoint(limiter: RateLimiter): RequestHandler {
  return async (_req, res, next) => {
    const decision = await limiter.request((res.locals.auth as AuthContext).organizationId);
    if (!decision.allowed) throw rateLimited(decision);
    res.set(rateLimitHeaders(decision));
    next();
  };
}

/**
 * Charges characters sent to MT for the calling organization, or throws the 429. A request that
 * alone exceeds a whole window's budget can never pass: that is a 413 saying to split it.
 */
export async function chargeCharacters(
  limiter: RateLimiter,
  organizationId: number,
  count: number,
): Promise<void> {
  if (count > limiter.limits.characters) {
    throw payloadTooLarge(
      `this request sends ${count} characters to machine translation, more than the ${limiter.limits.characters} ` +
        'allowed per window: split it into smaller requests',
    );
  }
  const decision = await limiter.characters(organizationId, count);
  if (!decision.allowed) throw rateLimited(decision);
}
