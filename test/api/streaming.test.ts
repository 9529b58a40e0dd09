import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { sendChunks } from '../../server/http/send-chunks.ts';
import { createTransport, type Transport } from '../../src/api/http.ts';
import { listen } from '../support/fake-limited-server.ts';

const MB = 1024 * 1024;
const CHUNK = 64 * 1024;
const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of cleanup.splice(0).reverse()) await close();
});

/** `total` bytes of a repeatable pattern, produced chunk by chunk: never held whole. */
function* pattern(total: number): Generator<Buffer> {
  for (let at = 0; at < total; at += CHUNK) {
    const chunk = Buffer.allocUnsafe(Math.min(CHUNK, total - at));
    for (let i = 0; i < chunk.length; i += 4) chunk.writeUInt32LE((at + i) >>> 2, i);
    yield chunk;
  }
}

function digest(total: number): string {
  const hash = createHash('sha256');
  for (const chunk of pattern(total)) hash.update(chunk);
  return hash.digest('hex');
}

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

/**
 * Samples live heap and buffer memory (after a collection, so garbage from chunks already sent
 * does not count) while `run` goes; returns the peak above the level at the start.
 */
async function peakMemory<T>(run: () => Promise<T>): Promise<{ result: T; peak: number }> {
  const used = () => {
    gc();
    const m = process.memoryUsage();
    return m.heapUsed + m.arrayBuffers;
  };
  const base = used();
  let peak = 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, used() - base);
  }, 20);
  try {
    const result = await run();
    peak = Math.max(peak, used() - base);
    return { result, peak };
  } finally {
    clearInterval(timer);
  }
}

function transport(url: string): Transport {
  const t = createTransport({ baseUrl: url, apiKey: 'k', timeoutMs: 120_000 });
  cleanup.push(() => t.close());
  return t;
}

describe('transport: streams', () => {
  it('uploads a generated 100 MB body from a stream with memory far below its size', async () => {
    const total = 100 * MB;
    const server = await listen(async (req, res) => {
      const hash = createHash('sha256');
      let bytes = 0;
      for await (const chunk of req as AsyncIterable<Buffer>) {
        hash.update(chunk);
        bytes += chunk.length;
      }
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ bytes, sha256: hash.digest('hex'), type: req.headers['content-type'] }));
    });
    cleanup.push(server.close);
    const t = transport(server.url);
    const { result, peak } = await peakMemory(() =>
      t.request({
        method: 'POST',
        path: '/v2/files',
        query: { name: 'big.bin' },
        body: Readable.from(pattern(total)),
      }),
    );
    expect(result).toEqual({ bytes: total, sha256: digest(total), type: 'application/octet-stream' });
    expect(peak).toBeLessThan(32 * MB);
  }, 120_000);

  it('downloads 100 MB as a stream without buffering it', async () => {
    const total = 100 * MB;
    const server = await listen(async (_req, res) => {
      res.setHeader('content-type', 'application/zip');
      await sendChunks(res, pattern(total));
    });
    cleanup.push(server.close);
    const t = transport(server.url);
    const { result, peak } = await peakMemory(async () => {
      const body = await t.request({ method: 'GET', path: '/v2/files/download', responseType: 'stream' });
      const hash = createHash('sha256');
      let bytes = 0;
      for await (const chunk of body as AsyncIterable<Buffer>) {
        hash.update(chunk);
        bytes += chunk.length;
      }
      return { bytes, sha256: hash.digest('hex') };
    });
    expect(result).toEqual({ bytes: total, sha256: digest(total) });
    expect(peak).toBeLessThan(32 * MB);
  }, 120_000);

  it('stops a streamed download when the caller aborts after the headers arrived', async () => {
    let written = 0;
    const server = await listen(async (_req, res) => {
      const counted = function* () {
        for (const chunk of pattern(50 * MB)) {
          written += chunk.length;
          yield chunk;
        }
      };
      await sendChunks(res, counted());
    });
    cleanup.push(server.close);
    const controller = new AbortController();
    const body = await transport(server.url).request({
      method: 'GET',
      path: '/v2/files/download',
      responseType: 'stream',
      signal: controller.signal,
    });
    let read = 0;
    const error = await (async () => {
      for await (const chunk of body as AsyncIterable<Buffer>) {
        read += chunk.length;
        if (read > MB) controller.abort(new Error('user cancelled'));
      }
    })().catch((e: unknown) => e);
    expect((error as Error).message).toBe('user cancelled');
    expect(read).toBeLessThan(10 * MB);
    expect(written).toBeLessThan(50 * MB);
  });

  it('replays a body given as a function when a retry needs it again', async () => {
    let calls = 0;
    const server = await listen(async (req, res) => {
      let body = '';
      for await (const chunk of req) body += chunk;
      calls++;
      res.writeHead(calls === 1 ? 503 : 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ body }));
    });
    cleanup.push(server.close);
    const t = createTransport({ baseUrl: server.url, apiKey: 'k', retry: { baseMs: 5 } });
    cleanup.push(() => t.close());
    const body = () => Readable.from([Buffer.from('line 1\n'), Buffer.from('line 2\n')]);
    expect(await t.request({ method: 'PUT', path: '/v2/files', body })).toEqual({ body: 'line 1\nline 2\n' });
    expect(calls).toBe(2);
    // A one-shot stream cannot be sent twice: the 503 is final.
    calls = 0;
    const error = await t.request({ method: 'PUT', path: '/v2/files', body: body() }).catch((e) => e);
    expect(error).toMatchObject({ status: 503 });
    expect(calls).toBe(1);
  });

  it('streams Server-Sent Events as they arrive, split across network writes', async () => {
    let finish: () => void = () => {};
    const server = await listen(async (req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(`: accept ${req.headers.accept}\n\ndata: {"text":"Hal`);
      res.write('lo"}\n\n');
      // The rest comes only after the client has seen the first event.
      await new Promise<void>((resolve) => {
        finish = resolve;
      });
      res.write(
        'data: {"text":" Welt"}\r\n\r\ndata: [DONE]\n\nevent: fullcontent\ndata: {"text":"Hallo Welt"}\n\n',
      );
      res.end();
    });
    cleanup.push(server.close);
    const t = transport(server.url);
    const events = await t.request({
      method: 'POST',
      path: '/v2/create',
      json: { prompt: 'greet' },
      responseType: 'sse',
    });
    const seen: string[] = [];
    for await (const event of events) {
      seen.push(`${event.event}:${event.data}`);
      if (seen.length === 1) finish();
    }
    expect(seen).toEqual([
      'message:{"text":"Hallo"}',
      'message:{"text":" Welt"}',
      'message:[DONE]',
      'fullcontent:{"text":"Hallo Welt"}',
    ]);
  });
});
