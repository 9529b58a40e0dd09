/** Per-organization limits (spec, Limits). */
export interface LimitsConfig {
  /** General quota: requests per window on every authenticated route. */
  general: number;
  /** Requests per window on the limited endpoints. */
  requests: number;
  /** Characters sent to machine translation per window on the limited endpoints. */
  characters: number;
  /** Window length; one minute unless SVC_RATE_WINDOW_MS scales it for tests. */
  windowMs: number;
  /** The per-organization limits take effect on 2026-06-30 (spec, Limits). */
  perOrganizationFrom: number;
}

export const DEFAULT_LIMITS: LimitsConfig = {
  general: 4000,
  requests: 300,
  characters: 2_500_000,
  windowMs: 60_000,
  perOrganizationFrom: Date.UTC(2026, 5, 30),
};

/** Limits from the environment: SVC_RATE_WINDOW_MS, SVC_RATE_LIMIT_GENERAL, _REQUESTS, _CHARACTERS. */
export function limitsFromEnv(env: NodeJS.ProcessEnv): LimitsConfig {
  const read = (name: string, fallback: number) => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value <= 0)
      throw new TypeError(`${name} must be a positive integer, got "${raw}"`);
    return value;
  };
  return {
    ...DEFAULT_LIMITS,
    windowMs: read('SVC_RATE_WINDOW_MS', DEFAULT_LIMITS.windowMs),
    general: read('SVC_RATE_LIMIT_GENERAL', DEFAULT_LIMITS.general),
    requests: read('SVC_RATE_LIMIT_REQUESTS', DEFAULT_LIMITS.requests),
    characters: read('SVC_RATE_LIMIT_CHARACTERS', DEFAULT_LIMITS.characters),
  };
}
