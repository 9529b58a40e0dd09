import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECEIVER_TIMEOUTS } from '../../receiver/settings.ts';
import type { RunningReceiver } from '../../receiver/start.ts';
import { PLATFORM_TIMEOUTS, type RunningServer } from '../../server/main.ts';
import { type ServerTimeouts, timeoutsFromEnv } from '../../src/http/server-timeouts.ts';
import { rawExchange, startRealPlatform, startRealReceiver, statusOf } from './services.ts';

// Short enough for a test, long enough that a loaded 2-core machine still answers in time.
const SHORT: ServerTimeouts = { headersMs: 1000, requestMs: 2000, keepAliveMs: 500 };

let platform: RunningServer;
let receiver: RunningReceiver;

beforeAll(async () => {
  [platform, receiver] = await Promise.all([
    startRealPlatform({ timeouts: SHORT }),
    startRealReceiver({ timeouts: SHORT }),
  ]);
});

afterAll(async () => {
  await Promise.all([platform?.close(), receiver?.close()]);
});

/** Sends a request's headers one byte every 250 ms, never finishing them. */
const trickleHeaders = (send: (text: string) => boolean) => {
  const text = `GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Slow: ${'a'.repeat(1000)}`;
  let i = 0;
  const timer = setInterval(() => send(text[i++] ?? 'a'), 250);
  return () => clearInterval(timer);
};

/** Sends complete headers announcing a body, then the body one byte every 250 ms. */
const trickleBody = (send: (text: string) => boolean) => {
  send(
    'POST /webhooks HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n',
  );
  const timer = setInterval(() => send('a'), 250);
  return () => clearInterval(timer);
};

// Each case waits on the server's clock, not the CPU: they run side by side.
describe.concurrent.each([
  ['platform', () => platform.server as Server, () => platform.url],
  ['receiver', () => receiver.server, () => receiver.url],
])('slow-loris: the %s', (_name, server, url) => {
  it('runs with the configured timeouts, checked often enough to matter', () => {
    const s = server() as Server & { connectionsCheckingInterval: number };
    expect([s.headersTimeout, s.requestTimeout, s.keepAliveTimeout]).toEqual([
      SHORT.headersMs,
      SHORT.requestMs,
      SHORT.keepAliveMs,
    ]);
    expect(s.connectionsCheckingInterval).toBeLessThanOrEqual(SHORT.headersMs / 2);
  });

  it('closes a connection whose headers arrive a byte at a time, within the headers timeout', async () => {
    const r = await rawExchange(url(), trickleHeaders, 10_000);
    expect(r.gaveUp).toBe(false);
    expect(statusOf(r.response)).toBe(408);
    expect(r.closedAfterMs).toBeGreaterThanOrEqual(SHORT.headersMs - 100);
    // Node checks every connectionsCheckingInterval; a generous margin for a loaded machine.
    expect(r.closedAfterMs).toBeLessThan(SHORT.headersMs + 2500);
  });

  it('closes a connection whose body never ends, within the request timeout', async () => {
    const r = await rawExchange(url(), trickleBody, 10_000);
    expect(r.gaveUp).toBe(false);
    expect(r.closedAfterMs).toBeGreaterThanOrEqual(SHORT.requestMs - 100);
    expect(r.closedAfterMs).toBeLessThan(SHORT.requestMs + 2500);
  });

  it('closes an idle keep-alive connection after the keep-alive timeout', async () => {
    const r = await rawExchange(
      url(),
      (send) => {
        send('GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n');
      },
      10_000,
    );
    expect(r.gaveUp).toBe(false);
    expect(statusOf(r.response)).toBe(200);
    // Node adds a one-second buffer to keepAliveTimeout (server.keepAliveTimeoutBuffer).
    expect(r.closedAfterMs).toBeLessThan(SHORT.keepAliveMs + 1000 + 2500);
  });
});

describe('server timeouts', () => {
  it('default to bounded values on both services: headers 20 s, keep-alive 5 s', () => {
    for (const t of [PLATFORM_TIMEOUTS, RECEIVER_TIMEOUTS]) {
      expect(t.headersMs).toBe(20_000);
      expect(t.keepAliveMs).toBe(5_000);
      expect(t.requestMs).toBeLessThanOrEqual(120_000);
    }
  });

  it('are read from SVC_HEADERS_TIMEOUT_MS, SVC_REQUEST_TIMEOUT_MS and SVC_KEEP_ALIVE_TIMEOUT_MS', () => {
    const env = {
      SVC_HEADERS_TIMEOUT_MS: '700',
      SVC_REQUEST_TIMEOUT_MS: '900',
      SVC_KEEP_ALIVE_TIMEOUT_MS: '300',
    };
    expect(timeoutsFromEnv(env, PLATFORM_TIMEOUTS)).toEqual({
      headersMs: 700,
      requestMs: 900,
      keepAliveMs: 300,
    });
    expect(timeoutsFromEnv({}, RECEIVER_TIMEOUTS)).toEqual(RECEIVER_TIMEOUTS);
  });

  it('refuse values that would switch a timeout off or make it meaningless, naming the variable', () => {
    expect(() => timeoutsFromEnv({ SVC_HEADERS_TIMEOUT_MS: '0' }, PLATFORM_TIMEOUTS)).toThrow(
      'SVC_HEADERS_TIMEOUT_MS must be a positive whole number of milliseconds, got "0"',
    );
    expect(() => timeoutsFromEnv({ SVC_REQUEST_TIMEOUT_MS: 'soon' }, PLATFORM_TIMEOUTS)).toThrow(
      /SVC_REQUEST_TIMEOUT_MS/,
    );
    expect(() => timeoutsFromEnv({ SVC_HEADERS_TIMEOUT_MS: '200000' }, PLATFORM_TIMEOUTS)).toThrow(
      'SVC_HEADERS_TIMEOUT_MS (200000) must not exceed SVC_REQUEST_TIMEOUT_MS (120000)',
    );
  });
});
