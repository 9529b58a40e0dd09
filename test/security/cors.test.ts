import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningReceiver } from '../../receiver/start.ts';
import type { RunningServer } from '../../server/main.ts';
import { basic } from '../support/platform.ts';
import { startRealPlatform, startRealReceiver } from './services.ts';

let platform: RunningServer;
let receiver: RunningReceiver;

beforeAll(async () => {
  [platform, receiver] = await Promise.all([startRealPlatform(), startRealReceiver()]);
});

afterAll(async () => {
  await Promise.all([platform?.close(), receiver?.close()]);
});

const ORIGIN = 'https://evil.example';

/** Every CORS response header a browser would act on. */
function corsHeaders(res: Response): Record<string, string> {
  return Object.fromEntries([...res.headers].filter(([name]) => name.startsWith('access-control-')));
}

describe.each([
  [
    'platform API',
    () => platform.url,
    '/v2/api-keys',
    () => ({ authorization: basic(platform.bootstrapKey!) }),
  ],
  ['platform public endpoint', () => platform.url, '/openapi.json', () => ({})],
  ['workbench', () => platform.url, '/workbench/login', () => ({})],
  ['receiver', () => receiver.url, '/healthz', () => ({})],
])('CORS is closed by default: the %s', (_name, url, path, auth) => {
  it('a preflight OPTIONS from another origin gets no Access-Control-Allow-* header', async () => {
    const res = await fetch(url() + path, {
      method: 'OPTIONS',
      headers: {
        origin: ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    await res.body?.cancel();
    expect(corsHeaders(res)).toEqual({});
  });

  it('a GET with an Origin header is answered without Access-Control-Allow-Origin', async () => {
    const res = await fetch(url() + path, { headers: { origin: ORIGIN, ...auth() } });
    await res.body?.cancel();
    expect(res.status).toBeLessThan(500);
    expect(corsHeaders(res)).toEqual({});
  });

  it('even a "null" origin (sandboxed frames, file: pages) is not let in', async () => {
    const res = await fetch(url() + path, { headers: { origin: 'null', ...auth() } });
    await res.body?.cancel();
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
  });
});

describe('CORS preflight to the receiver’s webhook endpoint', () => {
  it('grants nothing, so a page cannot post forged events with custom headers', async () => {
    const res = await fetch(`${receiver.url}/webhooks`, {
      method: 'OPTIONS',
      headers: {
        origin: ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'webhook-id, webhook-signature, webhook-timestamp',
      },
    });
    await res.body?.cancel();
    expect(corsHeaders(res)).toEqual({});
  });
});
