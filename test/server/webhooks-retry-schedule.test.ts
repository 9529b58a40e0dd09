import { describe, expect, it } from 'vitest';
import { readSettings } from '../../server/settings.ts';
import { nextRetryAt, RETRY_OFFSETS_MS } from '../../server/webhooks/retry-schedule.ts';

describe('nextRetryAt', () => {
  const failedAt = 1_000_000;

  it('retries 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h and 24 h after the first failure', () => {
    const hours = (h: number) => h * 3600_000;
    const expected = [
      5_000,
      300_000,
      1_800_000,
      hours(2),
      hours(5),
      hours(10),
      hours(14),
      hours(20),
      hours(24),
    ];
    expect(RETRY_OFFSETS_MS).toEqual(expected);
    for (let failures = 1; failures <= 9; failures++) {
      expect(nextRetryAt(failedAt, failures, 1, failedAt)).toBe(failedAt + expected[failures - 1]!);
    }
  });

  it('gives up after the ninth retry fails', () => {
    expect(nextRetryAt(failedAt, 10, 1, failedAt)).toBeUndefined();
  });

  it('scales the offsets and never schedules in the past', () => {
    expect(nextRetryAt(failedAt, 2, 0.001, failedAt)).toBe(failedAt + 300);
    expect(nextRetryAt(failedAt, 1, 1, failedAt + 60_000)).toBe(failedAt + 60_000);
  });

  it('refuses a failure count below one', () => {
    expect(() => nextRetryAt(failedAt, 0, 1, failedAt)).toThrow(TypeError);
  });
});

describe('SVC_WEBHOOK_RETRY_SCALE', () => {
  const retryScaleFrom = (env: NodeJS.ProcessEnv) => readSettings(env).webhooks.retryScale;
  it('reads SVC_WEBHOOK_RETRY_SCALE, 1 when unset, and refuses nonsense', () => {
    expect(retryScaleFrom({})).toBe(1);
    expect(retryScaleFrom({ SVC_WEBHOOK_RETRY_SCALE: '0.001' })).toBe(0.001);
    expect(() => retryScaleFrom({ SVC_WEBHOOK_RETRY_SCALE: '0' })).toThrow(/positive number/);
    expect(() => retryScaleFrom({ SVC_WEBHOOK_RETRY_SCALE: 'fast' })).toThrow(/positive number/);
  });
});
