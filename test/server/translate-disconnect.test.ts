import { Agent, request as httpRequest } from 'node:http';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MtProvider, MtRequest } from '../../server/engine/mt/index.ts';
import { basic, startPlatform, type TestPlatform } from '../support/platform.ts';

let p: TestPlatform;
let memory: number;
/** Requests the provider got; with `hang`, it answers only when its signal aborts. */
const seen: MtRequest[] = [];
let hang = false;
/** What the platform logged, as parsed pino lines. */
const logged: { level: number; msg: string }[] = [];
const log = pino({ level: 'info' }, { write: (line: string) => void logged.push(JSON.parse(line)) });

const provider: MtProvider = {
  name: 'recording',
  translate(req) {
    seen.push(req);
    if (!hang) return Promise.resolve(req.sources.map((s) => ({ target: `[${s}]` })));
    return new Promise((_resolve, reject) =>
      req.signal?.addEventListener('abort', () => reject(req.signal?.reason)),
    );
  },
};

beforeAll(async () => {
  p = await startPlatform({ mt: provider, log });
  const res = await p.call('/v2/memories', {
    method: 'POST',
    json: { name: 'm', srclang: 'en', trglang: 'de' },
  });
  memory = ((await res.json()) as { id: number }).id;
});
afterAll(() => p.close());

describe('segment translation and the caller going away', () => {
  it('carries many requests on one keep-alive connection without piling listeners on its socket', async () => {
    // Fuzz finding: each request added a 'close' listener to the socket; the 11th made Node warn.
    const warnings: Error[] = [];
    const onWarning = (w: Error) => warnings.push(w);
    process.on('warning', onWarning);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (let i = 0; i < 15; i++) {
        const res = await fetch(`${p.url}/v2/translate?memory_id=${memory}&source=Hello%20${i}`, {
          headers: { authorization: basic(p.key) },
        });
        expect(res.status).toBe(200);
        await res.arrayBuffer();
      }
      // fetch shares one keep-alive pool; node:http with one socket makes the reuse certain.
      for (let i = 0; i < 15; i++) {
        const status = await new Promise<number>((resolve, reject) => {
          const req = httpRequest(`${p.url}/v2/translate?memory_id=${memory}&source=Bye%20${i}`, {
            agent,
            headers: { authorization: basic(p.key) },
          });
          req.on('response', (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          });
          req.on('error', reject);
          req.end();
        });
        expect(status).toBe(200);
      }
      await new Promise((r) => setImmediate(r));
    } finally {
      agent.destroy();
      process.off('warning', onWarning);
    }
    expect(warnings.filter((w) => w.name === 'MaxListenersExceededWarning')).toEqual([]);
  });

  it('aborts the machine translation when the caller disconnects', async () => {
    hang = true;
    const before = seen.length;
    const controller = new AbortController();
    const pending = fetch(`${p.url}/v2/translate?memory_id=${memory}&source=Slow`, {
      headers: { authorization: basic(p.key) },
      signal: controller.signal,
    }).catch(() => undefined);
    await expect.poll(() => seen.length).toBeGreaterThan(before);
    controller.abort();
    await pending;
    const signal = seen.at(-1)?.signal;
    await expect.poll(() => signal?.aborted).toBe(true);
    hang = false;
    // A caller leaving is no failure of the platform's: noted, not logged as an error.
    await expect.poll(() => logged.some((l) => l.msg === 'client left before the answer')).toBe(true);
    expect(logged.filter((l) => l.level >= 50)).toEqual([]);
  });
});
