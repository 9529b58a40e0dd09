import type { Db } from '../store/db.ts';
import { claim, pruneWindows, used } from '../store/rate-windows.ts';
import type { LimitsConfig } from './config.ts';

export interface Decision {
  allowed: boolean;
  /** The allowance of the limit this decision is about. */
  limit: number;
  remaining: number;
  /** Seconds until the window resets (at least 1). */
  resetSeconds: number;
  /** Which limit: `general`, `requests` or `characters`. */
  kind: 'general' | 'requests' | 'characters';
}

export interface RateLimiter {
  readonly limits: LimitsConfig;
  /** Counts one request against the organization's general quota. */
  general(organizationId: number): Promise<Decision>;
  /** Counts one request against the limited endpoints' request rate. */
  request(organizationId: number): Promise<Decision>;
  /** Counts characters sent to MT; nothing is charged when they do not fit. */
  characters(organizationId: number, count: number): Promise<Decision>;
}

/**
 * Fixed one-minute windows per organization, counted in the database so several server
 * processes agree. The general quota is claimed in small leases (a process takes up to 40
 * requests at a time and serves them from memory) so ordinary requests do not each write a row;
 * the limited endpoints claim exactly one request, or exactly their characters, per call.
 */
export function createRateLimiter(deps: { db: Db; now: () => number; limits: LimitsConfig }): RateLimiter {
  const { db, now, limits } = deps;
  const W = limits.windowMs;
  const leases = new Map<number, { windowStart: number; left: number; total: number }>();
  const leaseSize = Math.max(1, Math.min(40, Math.floor(limits.general / 100)));
  let prunedWindow = 0;

  const windowOf = (t: number) => Math.floor(t / W) * W;
  const resetOf = (t: number) => Math.max(1, Math.ceil((windowOf(t) + W - t) / 1000));

  async function maybePrune(windowStart: number) {
    if (prunedWindow === windowStart) return;
    prunedWindow = windowStart;
    await pruneWindows(db, windowStart - W);
  }

  async function take(organizationId: number, bucket: string, amount: number, limit: number) {
    const t = now();
    const windowStart = windowOf(t);
    await maybePrune(windowStart);
    const key = { organizationId, bucket, windowStart };
    const total = await claim(db, key, amount, limit);
    const sofar = total ?? (await used(db, key));
    return {
      allowed: total !== undefined,
      limit,
      remaining: Math.max(0, limit - sofar),
      resetSeconds: resetOf(t),
    };
  }

  return {
    limits,
    async general(organizationId) {
      const t = now();
      const windowStart = windowOf(t);
      let lease = leases.get(organizationId);
      if (!lease || lease.windowStart !== windowStart) {
        lease = { windowStart, left: 0, total: 0 };
        leases.set(organizationId, lease);
      }
      const decision = (allowed: boolean): Decision => ({
        allowed,
        kind: 'general',
        limit: limits.general,
        remaining: Math.max(0, limits.general - lease.total + lease.left),
        resetSeconds: resetOf(t),
      });
      if (lease.left > 0) {
        lease.left--;
        return decision(true);
      }
      // Near the end of the allowance, fall back to single requests so none is left unclaimed.
      for (const size of leaseSize > 1 ? [leaseSize, 1] : [1]) {
        const got = await take(organizationId, 'general', size, limits.general);
        if (got.allowed) {
          lease.total = limits.general - got.remaining;
          lease.left += size - 1;
          return decision(true);
        }
        lease.total = limits.general - got.remaining;
      }
      return decision(false);
    },
    async request(organizationId) {
      if (now() < limits.perOrganizationFrom) return unlimited('requests', limits.requests);
      return { kind: 'requests', ...(await take(organizationId, 'limited_requests', 1, limits.requests)) };
    },
    async characters(organizationId, count) {
      if (now() < limits.perOrganizationFrom || count === 0)
        return unlimited('characters', limits.characters);
      return {
        kind: 'characters',
        ...(await take(organizationId, 'limited_chars', count, limits.characters)),
      };
    },
  };
}

function unlimited(kind: Decision['kind'], limit: number): Decision {
  return { allowed: true, kind, limit, remaining: limit, resetSeconds: 60 };
}
