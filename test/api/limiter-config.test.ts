import { describe, expect, it } from 'vitest';
import { limitsFromEnv, resolveAllowance } from '../../src/api/limiter/config.ts';

describe('limiter configuration', () => {
  it('defaults to the platform’s limits and one-minute windows', () => {
    expect(resolveAllowance()).toEqual({
      general: 4000,
      requests: 300,
      characters: 2_500_000,
      windowMs: 60_000,
      spanMs: 60_061,
      share: 1,
    });
  });

  it('gives each process its share, rounded down but never below one', () => {
    expect(resolveAllowance({ windowMs: 1000 }, 1 / 3)).toMatchObject({
      general: 1333,
      requests: 100,
      characters: 833_333,
      spanMs: 1002,
    });
    expect(resolveAllowance({ requests: 2 }, 0.1).requests).toBe(1);
  });

  it('refuses a share or limit that cannot work', () => {
    expect(() => resolveAllowance({}, 0)).toThrow(TypeError);
    expect(() => resolveAllowance({}, 1.5)).toThrow('share must be in (0, 1]');
    expect(() => resolveAllowance({ requests: 0 })).toThrow('limits.requests must be a positive number');
    expect(() => resolveAllowance({ windowMs: Number.NaN })).toThrow('limits.windowMs');
  });

  it('reads SVC_RATE_WINDOW_MS and SVC_RATE_SHARE', () => {
    expect(limitsFromEnv({})).toEqual({ limits: {}, share: 1 });
    expect(limitsFromEnv({ SVC_RATE_WINDOW_MS: '1500', SVC_RATE_SHARE: '0.25' })).toEqual({
      limits: { windowMs: 1500 },
      share: 0.25,
    });
    expect(() => limitsFromEnv({ SVC_RATE_SHARE: 'half' })).toThrow(
      'SVC_RATE_SHARE must be a positive number',
    );
  });
});
