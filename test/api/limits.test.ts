import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors.ts';
import { createTransport, type Transport, type TransportOptions } from '../../src/api/http.ts';
import { CHARS_HEADER, startFakeLimitedServer } from '../support/fake-limited-server.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of cleanup.splice(0).reverse()) await close();
});

interface LogLine {
  event?: string;
  callId?: number;
  attempt?: number;
  at?: number;
  resetAt?: number;
}

/** A transport whose log lines are kept for the test to inspect. */
function recorded(options: TransportOptions): { t: Transport; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const keep = (fields: object) => lines.push(fields as LogLine);
  const t = createTransport({ ...options, log: { debug: keep, info: keep, warn: keep } });
  cleanup.push(() => t.close());
  return { t, lines };
}

async function platform(limits: { windowMs: number; requests?: number }): Promise<TestPlatform> {
  const p = await startPlatform({ limits });
  cleanup.push(() => p.close());
  return p;
}

/** `callers` callers each issue `each` pretranslate requests at once; resolves to each call's status. */
async function pretranslateStorm(t: Transport, callers: number, each: number): Promise<number[]> {
  const one = (id: number) =>
    t.request({ method: 'POST', path: '/v2/documents/pretranslate', json: { id: [id] } }).then(
      () => 202,
      (error: unknown) => (error instanceof ApiError ? error.status : -1),
    );
  const caller = (c: number) => Promise.all(Array.from({ length: each }, (_, i) => one(c * each + i + 1)));
  return (await Promise.all(Array.from({ length: callers }, (_, c) => caller(c)))).flat();
}

/** The most start times in any fixed window of `windowMs` (aligned like the platform's) and in any sliding one. */
function busiest(times: number[], windowMs: number): { fixed: number; sliding: number } {
  const fixed = new Map<number, number>();
  for (const t of times) fixed.set(Math.floor(t / windowMs), (fixed.get(Math.floor(t / windowMs)) ?? 0) + 1);
  const sorted = [...times].sort((a, b) => a - b);
  let sliding = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while (sorted[i]! - sorted[j]! >= windowMs) j++;
    sliding = Math.max(sliding, i - j + 1);
  }
  return { fixed: Math.max(0, ...fixed.values()), sliding };
}

describe('limits against the platform', () => {
  it('3,000 limited requests from 20 concurrent callers: no 429 and no window over 300', async () => {
    const p = await platform({ windowMs: 1000 });
    const { t, lines } = recorded({ baseUrl: p.url, apiKey: p.key, limits: { windowMs: 1000 } });
    const statuses = await pretranslateStorm(t, 20, 150);
    // The platform answers 404 (no such document) once a request passes its limiter; a 429 would
    // have been retried, so the server's verdict is in the counters.
    expect(statuses.filter((s) => s !== 404)).toEqual([]);
    expect(t.counters).toMatchObject({ requests: 3000, rateLimited: 0, retries: 0 });
    const starts = lines.filter((l) => l.event === 'send').map((l) => l.at!);
    expect(starts).toHaveLength(3000);
    const worst = busiest(starts, 1000);
    expect(worst.fixed).toBeLessThanOrEqual(300);
    expect(worst.sliding).toBeLessThanOrEqual(300);
  }, 60_000);

  it('against a platform stricter than assumed (100 vs 300): every request succeeds, none retried before its reset', async () => {
    const p = await platform({ windowMs: 1000, requests: 100 });
    const { t, lines } = recorded({
      baseUrl: p.url,
      apiKey: p.key,
      limits: { windowMs: 1000, requests: 300 },
    });
    const statuses = await pretranslateStorm(t, 20, 30);
    expect(statuses.filter((s) => s !== 404)).toEqual([]);
    expect(t.counters.rateLimited).toBeGreaterThan(0);
    const limitedAt = lines.filter((l) => l.event === 'rate_limited');
    expect(limitedAt).toHaveLength(t.counters.rateLimited);
    for (const hit of limitedAt) {
      const retry = lines.find(
        (l) => l.event === 'send' && l.callId === hit.callId && l.attempt === hit.attempt! + 1,
      );
      expect(retry, `call ${hit.callId} was retried`).toBeDefined();
      expect(retry!.at!).toBeGreaterThanOrEqual(hit.resetAt!);
    }
    // The client learned the stricter limit from X-RateLimit-Limit, so the 429s stop early.
    expect(t.counters.rateLimited).toBeLessThan(600);
  }, 60_000);
});

describe('shares and the general quota', () => {
  it('two processes with half the share each stay within the organization’s limit together', async () => {
    const p = await platform({ windowMs: 1000 });
    const a = recorded({ baseUrl: p.url, apiKey: p.key, limits: { windowMs: 1000 }, share: 0.5 });
    const b = recorded({ baseUrl: p.url, apiKey: p.key, limits: { windowMs: 1000 }, share: 0.5 });
    expect(a.t.limiter.allowance.requests).toBe(150);
    const statuses = (
      await Promise.all([pretranslateStorm(a.t, 10, 45), pretranslateStorm(b.t, 10, 45)])
    ).flat();
    expect(statuses.filter((s) => s !== 404)).toEqual([]);
    expect(a.t.counters.rateLimited + b.t.counters.rateLimited).toBe(0);
    const starts = [...a.lines, ...b.lines].filter((l) => l.event === 'send').map((l) => l.at!);
    expect(busiest(starts, 1000).fixed).toBeLessThanOrEqual(300);
  }, 60_000);

  it('keeps ordinary calls within the general quota', async () => {
    const p = await startPlatform({ limits: { windowMs: 1000, general: 50 } });
    cleanup.push(() => p.close());
    const { t } = recorded({ baseUrl: p.url, apiKey: p.key, limits: { windowMs: 1000, general: 50 } });
    const results = await Promise.all(
      Array.from({ length: 150 }, () => t.request({ method: 'GET', path: '/v2/languages' })),
    );
    expect(results).toHaveLength(150);
    expect(t.counters).toMatchObject({ requests: 150, rateLimited: 0 });
  }, 60_000);
});

describe('character budget', () => {
  it('paces 12 M characters so that no window of the server gets more than 2.5 M', async () => {
    const windowMs = 1000;
    const server = await startFakeLimitedServer({
      windowMs,
      requests: 300,
      characters: 2_500_000,
      offsetMs: 371,
    });
    cleanup.push(server.close);
    const { t } = recorded({
      baseUrl: server.url,
      apiKey: 'k',
      limits: { windowMs, requests: 300, characters: 2_500_000 },
    });
    // One large job split into requests of 20 k to 620 k characters (a seeded sequence).
    const sizes: number[] = [];
    let seed = 7;
    for (let left = 12_000_000; left > 0; ) {
      seed = (seed * 48271) % 2147483647;
      const size = Math.min(left, 20_000 + (seed % 600_000));
      sizes.push(size);
      left -= size;
    }
    await Promise.all(
      sizes.map((chars) =>
        t.request({
          method: 'POST',
          path: '/v2/translate/file',
          headers: { [CHARS_HEADER]: String(chars) },
          limited: { chars },
        }),
      ),
    );
    expect(server.rejected).toBe(0);
    const perWindow = [...server.windows.values()].map((w) => w.characters);
    expect(perWindow.reduce((a, b) => a + b, 0)).toBe(12_000_000);
    expect(Math.max(...perWindow)).toBeLessThanOrEqual(2_500_000);
    expect(perWindow.length).toBeGreaterThanOrEqual(5);
  }, 60_000);
});
