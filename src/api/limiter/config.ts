/**
 * The platform's limits as the client sees them (spec, Limits) and the share of them this process
 * may use. Several processes acting for one organization each take a fraction (`share`), so
 * together they stay within the organization's allowance.
 */
export interface LimitsConfig {
  /** General quota: requests per window on every route. */
  general: number;
  /** Requests per window on the limited endpoints, per organization. */
  requests: number;
  /** Characters sent to machine translation per window on the limited endpoints. */
  characters: number;
  /** The platform's window: one minute; tests and benchmarks scale it down. */
  windowMs: number;
  /**
   * Slack added to the client's window for clocks that tick at slightly different rates and for
   * millisecond rounding (latency needs none: see window-budget.ts). Default 1 ms + 0.1%.
   */
  marginMs: number;
}

export const PLATFORM_LIMITS: Omit<LimitsConfig, 'marginMs'> = {
  general: 4000,
  requests: 300,
  characters: 2_500_000,
  windowMs: 60_000,
};

/** What one process may use per window, after the share is applied. */
export interface Allowance {
  general: number;
  requests: number;
  characters: number;
  /** Length of the client's sliding window: the platform's window plus the margin. */
  spanMs: number;
  windowMs: number;
  share: number;
}

/**
 * Resolves the configured limits and share into this process's allowance. Throws a TypeError for
 * values that cannot work (a share outside (0, 1], a non-positive limit).
 */
export function resolveAllowance(limits: Partial<LimitsConfig> = {}, share = 1): Allowance {
  if (!(share > 0 && share <= 1))
    throw new TypeError(`[svc-connector] share must be in (0, 1], got ${share}`);
  const merged = { ...PLATFORM_LIMITS, ...limits };
  for (const name of ['general', 'requests', 'characters', 'windowMs'] as const) {
    const value = merged[name];
    if (!(Number.isFinite(value) && value > 0))
      throw new TypeError(`[svc-connector] limits.${name} must be a positive number, got ${value}`);
  }
  const marginMs = limits.marginMs ?? 1 + Math.ceil(merged.windowMs / 1000);
  if (!(marginMs >= 0)) throw new TypeError(`[svc-connector] limits.marginMs must be ≥ 0, got ${marginMs}`);
  // At least one of each per window, or a small share would forbid everything.
  const part = (n: number) => Math.max(1, Math.floor(n * share));
  return {
    general: part(merged.general),
    requests: part(merged.requests),
    characters: part(merged.characters),
    spanMs: merged.windowMs + marginMs,
    windowMs: merged.windowMs,
    share,
  };
}

/**
 * Limits from the environment, for the CLI, action and receiver: SVC_RATE_WINDOW_MS (the same
 * variable that scales the platform's window) and SVC_RATE_SHARE.
 */
export function limitsFromEnv(env: NodeJS.ProcessEnv): { limits: Partial<LimitsConfig>; share: number } {
  const number = (name: string) => {
    const raw = env[name];
    if (raw === undefined || raw === '') return undefined;
    const value = Number(raw);
    if (!Number.isFinite(value) || value <= 0)
      throw new TypeError(`[svc-connector] ${name} must be a positive number, got "${raw}"`);
    return value;
  };
  const windowMs = number('SVC_RATE_WINDOW_MS');
  return { limits: windowMs === undefined ? {} : { windowMs }, share: number('SVC_RATE_SHARE') ?? 1 };
}
