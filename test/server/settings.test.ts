/** Settings are read from the environment once, by readSettings, and every bad value is named. */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../server/limits/config.ts';
import { PLATFORM_TIMEOUTS, readSettings } from '../../server/settings.ts';

describe('readSettings', () => {
  it('gives every default for an empty environment', () => {
    expect(readSettings({})).toEqual({
      logLevel: 'info',
      timeouts: PLATFORM_TIMEOUTS,
      limits: DEFAULT_LIMITS,
      work: {},
      webhooks: { retryScale: 1, retentionDays: 30, allowPrivate: false },
      mt: { provider: 'offline' },
      content: { provider: 'offline' },
      contentHeartbeatMs: 15_000,
      tm: {},
    });
  });

  it('reads the platform variables', () => {
    const settings = readSettings({
      LOG_LEVEL: 'debug',
      SVC_RATE_WINDOW_MS: '1500',
      SVC_RATE_LIMIT_REQUESTS: '7',
      SVC_AUTO_DELIVER_MS: '0',
      SVC_WORK_CONCURRENCY: '4',
      SVC_WORK_LEASE_MS: '1500',
      SVC_WEBHOOK_ALLOW_PRIVATE: '1',
      SVC_MT_PROVIDER: 'libretranslate',
      SVC_LIBRETRANSLATE_URL: 'http://mt.internal/',
      SVC_TM_INDEX: 'memory',
    });
    expect(settings).toMatchObject({
      logLevel: 'debug',
      limits: { ...DEFAULT_LIMITS, windowMs: 1500, requests: 7 },
      autoDeliverMs: 0,
      work: { concurrency: 4, leaseMs: 1500 },
      webhooks: { allowPrivate: true },
      mt: { provider: 'libretranslate', url: 'http://mt.internal', timeoutMs: 30_000 },
      tm: { index: 'memory' },
    });
  });

  it.each([
    ['SVC_AUTO_DELIVER_MS', '-5', 'SVC_AUTO_DELIVER_MS must be a number of milliseconds, got "-5"'],
    ['SVC_WORK_CONCURRENCY', 'two', 'SVC_WORK_CONCURRENCY must be a positive integer, got "two"'],
    ['SVC_WORK_LEASE_MS', '0', 'SVC_WORK_LEASE_MS must be a positive integer, got "0"'],
    ['SVC_RATE_WINDOW_MS', '1.5', 'SVC_RATE_WINDOW_MS must be a positive integer, got "1.5"'],
    ['SVC_RATE_LIMIT_GENERAL', 'many', 'SVC_RATE_LIMIT_GENERAL must be a positive integer, got "many"'],
    ['SVC_WEBHOOK_RETRY_SCALE', '0', 'SVC_WEBHOOK_RETRY_SCALE must be a positive number, got "0"'],
    [
      'SVC_CONTENT_HEARTBEAT_MS',
      'x',
      '[content] SVC_CONTENT_HEARTBEAT_MS must be a positive integer, got "x"',
    ],
    ['LOG_LEVEL', 'loud', 'LOG_LEVEL: "loud" is not one of'],
    ['SVC_TM_INDEX', 'disk', 'SVC_TM_INDEX must be "memory" or "database", got "disk"'],
    ['SVC_HEADERS_TIMEOUT_MS', '0', 'SVC_HEADERS_TIMEOUT_MS must be a positive whole number of milliseconds'],
  ])('refuses %s=%s, naming the variable and the value', (name, value, message) => {
    expect(() => readSettings({ [name]: value })).toThrow(TypeError);
    expect(() => readSettings({ [name]: value })).toThrow(message);
  });
});

describe('the environment', () => {
  it('is read in server/ only by settings.ts (main.ts hands it process.env)', () => {
    const root = join(import.meta.dirname, '../../server');
    const readers = readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts'))
      .filter((file) =>
        /\bprocess\.env\b|\benv\.[A-Z_]+|\benv\[/.test(readFileSync(join(root, file), 'utf8')),
      )
      .map((file) => relative(root, join(root, file)));
    expect(readers.sort()).toEqual(['main.ts', 'settings.ts']);
  });
});
