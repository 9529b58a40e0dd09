const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * When the retries run, measured from the first attempt's failure (DESIGN §5, Webhooks): nine
 * retries spread over a day, so an endpoint that is down overnight still gets its events.
 */
export const RETRY_OFFSETS_MS: readonly number[] = [
  5 * SECOND,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
  14 * HOUR,
  20 * HOUR,
  24 * HOUR,
];

/**
 * When to try again after `failures` failed attempts (1 after the first), or undefined when the
 * retries are spent. Offsets are multiplied by `scale` (SVC_WEBHOOK_RETRY_SCALE) and a retry whose
 * time has already passed (a slow attempt) runs at `now`.
 */
export function nextRetryAt(firstFailedAt: number, failures: number, scale: number, now: number) {
  if (!Number.isInteger(failures) || failures < 1) {
    throw new TypeError(`[webhooks] failures must be a positive integer, got ${failures}`);
  }
  const offset = RETRY_OFFSETS_MS[failures - 1];
  if (offset === undefined) return undefined;
  return Math.max(now, firstFailedAt + Math.round(offset * scale));
}
