import type { Headers, RateLimitAnswer, RateLimitKind } from './rate-limit.ts';

/** What GitHub last said about one budget (`x-ratelimit-*` of the latest answer). */
export interface ResourceBudget {
  /** `token`, or `installation:<id>`. */
  credential: string;
  /** `core` (REST), `graphql`, `search`, … as `x-ratelimit-resource` names it. */
  resource: string;
  limit: number;
  remaining: number;
  used: number;
  /** When the budget refills, epoch ms. */
  resetAt: number;
}

/** A credential or budget that calls must wait for. */
export interface Hold {
  credential: string;
  /** Undefined for a secondary limit: it holds every resource of the credential. */
  resource?: string;
  kind: RateLimitKind;
  until: number;
}

/** One wait for GitHub's limits: waited in place (a few seconds) or by putting the work back in the queue. */
export interface GitHubWait {
  credential: string;
  resource: string;
  kind: RateLimitKind;
  where: 'in_place' | 'queue';
  seconds: number;
}

export interface GitHubBudgetOptions {
  now?: () => number;
  /**
   * Calls kept back from a budget (default 5): once GitHub says no more than this is left, calls wait
   * for the reset. Covers calls in flight from concurrent handlers and other replicas, so the last
   * ones do not draw 403s (GitHub may ban an integration that keeps calling while limited).
   */
  reserve?: number;
  /** Wait after a secondary limit that names no `retry-after` (default 60 s, GitHub's "at least a minute"). */
  secondaryWaitMs?: number;
  /** Longest wait for repeated secondary limits (default 1 h). */
  maxSecondaryWaitMs?: number;
}

const MARGIN_MS = 1000;

/**
 * GitHub's budgets as its answers report them, per credential (a token, an App installation) and
 * resource, shared by every client of that credential — the repositories of one installation
 * draw on one budget, so one that spends it holds the others back instead of drawing 403s.
 * Also the holds a rate-limit answer imposes: until the reset (primary), or `retry-after` / a
 * minute doubled for each repeat (secondary, the whole credential).
 */
export class GitHubBudget {
  readonly now: () => number;
  private readonly reserve: number;
  private readonly secondaryWaitMs: number;
  private readonly maxSecondaryWaitMs: number;
  private readonly budgets = new Map<string, ResourceBudget>();
  private readonly holds = new Map<string, Hold>();
  private readonly secondaryStreak = new Map<string, number>();
  private readonly listeners = new Set<(wait: GitHubWait) => void>();

  constructor(options: GitHubBudgetOptions = {}) {
    this.now = options.now ?? Date.now;
    this.reserve = options.reserve ?? 5;
    this.secondaryWaitMs = options.secondaryWaitMs ?? 60_000;
    this.maxSecondaryWaitMs = options.maxSecondaryWaitMs ?? 3600_000;
  }

  /** Records the `x-ratelimit-*` headers of an answer (any status); answers without them change nothing. */
  observe(credential: string, headers: Headers | undefined, fallbackResource = 'core'): void {
    const num = (name: string) => {
      const v = headers?.[name];
      const n = v === undefined ? Number.NaN : Number(v);
      return Number.isFinite(n) ? n : undefined;
    };
    const limit = num('x-ratelimit-limit');
    const remaining = num('x-ratelimit-remaining');
    const reset = num('x-ratelimit-reset');
    if (limit === undefined || remaining === undefined || reset === undefined) return;
    const resource = String(headers?.['x-ratelimit-resource'] ?? fallbackResource);
    this.budgets.set(`${credential}\u0000${resource}`, {
      credential,
      resource,
      limit,
      remaining,
      used: num('x-ratelimit-used') ?? limit - remaining,
      resetAt: reset * 1000,
    });
  }

  /** A call went through: the next secondary limit starts the backoff over. */
  succeeded(credential: string): void {
    this.secondaryStreak.delete(credential);
  }

  /** Records a rate-limit answer; returns when the credential (or its resource) may be called again. */
  limited(credential: string, resource: string, answer: RateLimitAnswer): number {
    const now = this.now();
    let until: number;
    if (answer.retryAfterMs !== undefined) until = now + answer.retryAfterMs;
    else if (answer.resetAt !== undefined) until = Math.max(now, answer.resetAt + MARGIN_MS);
    else {
      const streak = (this.secondaryStreak.get(credential) ?? 0) + 1;
      this.secondaryStreak.set(credential, streak);
      until = now + Math.min(this.maxSecondaryWaitMs, this.secondaryWaitMs * 2 ** (streak - 1));
    }
    const key = answer.kind === 'secondary' ? credential : `${credential}\u0000${resource}`;
    const hold: Hold =
      answer.kind === 'secondary'
        ? { credential, kind: 'secondary', until }
        : { credential, resource, kind: 'primary', until };
    const before = this.holds.get(key);
    if (!before || before.until < until) this.holds.set(key, hold);
    return until;
  }

  /**
   * Whether a call to `resource` must wait, and until when: a hold from a rate-limit answer, or
   * a budget whose remaining calls are down to the reserve before its reset.
   */
  holdOf(credential: string, resource: string): Hold | undefined {
    const now = this.now();
    let found: Hold | undefined;
    const consider = (h: Hold | undefined) => {
      if (h && h.until > now && (!found || h.until > found.until)) found = h;
    };
    consider(this.holds.get(credential));
    consider(this.holds.get(`${credential}\u0000${resource}`));
    const b = this.budgets.get(`${credential}\u0000${resource}`);
    if (b && b.remaining <= this.reserve && b.resetAt > now)
      consider({ credential, resource, kind: 'primary', until: b.resetAt + MARGIN_MS });
    return found;
  }

  /** Every budget seen, and the holds still in force. */
  snapshot(): { budgets: ResourceBudget[]; holds: Hold[] } {
    const now = this.now();
    const budgets = [...this.budgets.values()].map((b) => ({ ...b }));
    const holds = [...this.holds.values()].filter((h) => h.until > now).map((h) => ({ ...h }));
    for (const b of budgets) {
      const held = holds.some((h) => h.credential === b.credential && h.resource === b.resource);
      if (b.remaining <= this.reserve && b.resetAt > now && !held)
        holds.push({
          credential: b.credential,
          resource: b.resource,
          kind: 'primary',
          until: b.resetAt + MARGIN_MS,
        });
    }
    return { budgets, holds: holds.sort((a, b) => a.until - b.until) };
  }

  /** Reports a wait to whoever listens (the receiver's metrics). */
  waited(wait: GitHubWait): void {
    for (const listener of this.listeners) listener(wait);
  }

  /** Listens to waits; returns the function that stops listening. */
  onWait(listener: (wait: GitHubWait) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
