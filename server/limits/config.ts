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
