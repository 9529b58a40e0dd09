import { createServer, get, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { sendChunks } from '../../server/http/send-chunks.ts';

const CHUNK = 64 * 1024;
const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of cleanup.splice(0)) await close();
});

/** A source of `count` chunks that records how much it gave and whether it was closed. */
function source(count: number, failAt = -1) {
  const state = { given: 0, closed: false };
  async function* chunks(): AsyncGenerator<Uint8Array> {
    try {
      for (let i = 0; i < count; i++) {
        if (i === failAt) throw new Error('disk gone');
        state.given += CHUNK;
        yield new Uint8Array(CHUNK).fill(i & 0xff);
      }
    } finally {
      state.closed = true;
    }
  }
  return { state, chunks: chunks() };
}

/** A server whose one handler sends `chunks`; resolves to its URL and the handler's outcome. */
async function serve(chunks: AsyncIterable<Uint8Array>) {
  let outcome!: Promise<void>;
  const server = createServer((_req: IncomingMessage, res: ServerResponse) => {
    res.setHeader('Content-Type', 'application/octet-stream');
    outcome = sendChunks(res, chunks);
    outcome.catch(() => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanup.push(() => new Promise((resolve) => server.close(() => resolve())));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return { url, outcome: () => outcome };
}

function fetchAll(url: string): Promise<{ bytes: number; complete: boolean }> {
  return new Promise((resolve, reject) => {
    get(url, (res) => {
      let bytes = 0;
      res.on('data', (c: Buffer) => (bytes += c.length));
      res.on('end', () => resolve({ bytes, complete: res.complete }));
      res.on('error', () => resolve({ bytes, complete: false }));
      res.on('aborted', () => resolve({ bytes, complete: false }));
    }).on('error', reject);
  });
}

describe('sendChunks', () => {
  it('sends every chunk and ends the response', async () => {
    const { state, chunks } = source(40);
    const { url, outcome } = await serve(chunks);
    expect(await fetchAll(url)).toEqual({ bytes: 40 * CHUNK, complete: true });
    await outcome();
    expect(state.closed).toBe(true);
  });

  it('ends quietly and closes the source when the client leaves mid-download', async () => {
    const { state, chunks } = source(3200); // 200 MB, far more than the socket buffers
    const { url, outcome } = await serve(chunks);
    await new Promise<void>((resolve, reject) => {
      const req = get(url, (res) => {
        let read = 0;
        res.on('data', (c: Buffer) => {
          read += c.length;
          if (read > 1024 * 1024) {
            req.destroy();
            resolve();
          }
        });
      }).on('error', (error) => (req.destroyed ? undefined : reject(error)));
    });
    await expect(outcome()).resolves.toBeUndefined();
    expect(state.closed).toBe(true);
    expect(state.given).toBeLessThan(3200 * CHUNK);
  });

  it('passes a failing source’s error on and cuts the response short', async () => {
    const { state, chunks } = source(40, 20);
    const { url, outcome } = await serve(chunks);
    const received = await fetchAll(url);
    expect(received.complete).toBe(false);
    await expect(outcome()).rejects.toThrow('disk gone');
    expect(state.closed).toBe(true);
  });
});
