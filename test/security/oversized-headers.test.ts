import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningReceiver } from '../../receiver/start.ts';
import type { RunningServer } from '../../server/main.ts';
import { basic } from '../support/platform.ts';
import { rawExchange, startRealPlatform, startRealReceiver, statusOf } from './services.ts';

let platform: RunningServer;
let receiver: RunningReceiver;

beforeAll(async () => {
  [platform, receiver] = await Promise.all([startRealPlatform(), startRealReceiver()]);
});

afterAll(async () => {
  await Promise.all([platform?.close(), receiver?.close()]);
});

const request = (path: string, extra: string) =>
  `GET ${path} HTTP/1.1\r\nHost: localhost\r\n${extra}Connection: close\r\n\r\n`;

describe.each([
  ['platform', () => platform.url, '/v2/languages'],
  ['platform workbench', () => platform.url, '/workbench/login'],
  ['receiver', () => receiver.url, '/healthz'],
])('oversized headers: the %s', (_name, url, path) => {
  it('answers a 64 KB header with 431 and closes, then keeps serving', async () => {
    const r = await rawExchange(
      url(),
      (send) => void send(request(path, `X-Big: ${'a'.repeat(64 * 1024)}\r\n`)),
      10_000,
    );
    expect(r.gaveUp).toBe(false);
    expect(statusOf(r.response)).toBe(431);
    const healthy = await fetch(`${url()}/healthz`);
    expect(healthy.status).toBe(200);
  });

  it('answers many small headers adding up to 64 KB with 431 as well', async () => {
    const many = Array.from({ length: 2048 }, (_, i) => `X-H${i}: ${'b'.repeat(24)}\r\n`).join('');
    const r = await rawExchange(url(), (send) => void send(request(path, many)), 10_000);
    expect(statusOf(r.response)).toBe(431);
  });

  it('answers a 64 KB request line (a huge query) with 431 or 414, never a crash', async () => {
    const r = await rawExchange(
      url(),
      (send) => void send(request(`${path}?q=${'c'.repeat(64 * 1024)}`, '')),
      10_000,
    );
    expect([414, 431]).toContain(statusOf(r.response));
    expect((await fetch(`${url()}/healthz`)).status).toBe(200);
  });

  it('still serves a request with ordinary headers of a few KB', async () => {
    const res = await fetch(`${url()}/healthz`, { headers: { 'x-fine': 'd'.repeat(4096) } });
    expect(res.status).toBe(200);
  });
});

// Issue 40: `svc-connector server` and `svc-connector up` both listen through startServer.
describe('oversized heads on the platform as startServer serves it', () => {
  const basicAuth = () => ({ authorization: basic(platform.bootstrapKey!) });

  it('serves a 26 KB URL: the 1,000 translationIds of ten digits the document allows', async () => {
    const ids = Array.from({ length: 1000 }, (_, i) => `translationIds=${2147483647 - i}`).join('&');
    const res = await fetch(`${platform.url}/v2/translate/file?${ids}`, { headers: basicAuth() });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([]);
  });

  it('answers a head past 64 KiB with 431 and a JSON {message}, not a bare status line', async () => {
    const r = await rawExchange(
      platform.url,
      (send) => void send(request('/v2/languages', `X-Big: ${'a'.repeat(64 * 1024)}\r\n`)),
      10_000,
    );
    expect(statusOf(r.response)).toBe(431);
    const [head, body] = r.response.split('\r\n\r\n') as [string, string];
    expect(head).toMatch(/\r\ncontent-type: application\/json/i);
    expect(JSON.parse(body)).toEqual({ message: expect.stringContaining('exceed 65536 bytes') });
  });
});
