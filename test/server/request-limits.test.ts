/**
 * Issue 40: every query parameter is parsed (Node's parser stops at 1,000), and a URL as long as
 * the API's own maxima need is served; a longer one gets 431 with the JSON error body.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_HEAD_BYTES, MAX_URL_BYTES } from '../../server/http/head-limits.ts';
import { parseQuery } from '../../server/http/query-parser.ts';
import { MAX_ID } from '../../src/api/schemas/common.ts';
import { MAX_IDS_PER_CALL } from '../../src/api/schemas/instant.ts';
import { rawExchange, statusOf } from '../security/services.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';

let p: TestPlatform;
let memoryId: number;
let fileId: number;
beforeAll(async () => {
  p = await startPlatform();
  const memory = await p.call('/v2/memories', {
    method: 'POST',
    json: { name: 'm', srclang: 'en', trglang: 'de' },
  });
  memoryId = (await memory.json()).id;
  const file = await p.call('/v2/files?name=app.json', {
    method: 'POST',
    body: '{"hello": "Hello"}',
    headers: { 'content-type': 'application/octet-stream' },
  });
  fileId = (await file.json()).id;
});
afterAll(() => p.close());

describe('parseQuery', () => {
  it('keeps parameters past the 1,000th that node:querystring drops by default', () => {
    const query = `${'a=1&'.repeat(1500)}last=2`;
    const parsed = parseQuery(query);
    expect(parsed.a).toHaveLength(1500);
    expect(parsed.last).toBe('2');
  });
});

describe('a query with more than 1,000 parameters', () => {
  it('POST /v2/translate/file with 1,000 fileId values and memoryId after them is served', async () => {
    const ids = Array.from({ length: MAX_IDS_PER_CALL }, () => `fileId=${fileId}`).join('&');
    const res = await p.call(`/v2/translate/file?${ids}&memoryId=${memoryId}`, { method: 'POST' });
    expect(res.status, await res.clone().text()).toBe(200);
    // The same id 1,000 times is one translation.
    expect(await res.json()).toHaveLength(1);
    await p.idle();
  });

  it('validates a parameter after 1,000 junk ones: GET /v2/jobs?…&limit=abc is 400', async () => {
    const junk = Array.from({ length: 1000 }, (_, i) => `junk${i}=1`).join('&');
    const res = await p.call(`/v2/jobs?${junk}&limit=abc`);
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(/^limit: /);
  });

  it('counts 1,001 ids as 1,001: past the cap of 1,000 is 400, not the first 1,000 silently', async () => {
    const ids = Array.from({ length: MAX_IDS_PER_CALL + 1 }, (_, i) => `translationIds=${i + 1}`).join('&');
    const res = await p.call(`/v2/translate/file?${ids}`);
    expect(res.status).toBe(400);
    expect((await res.json()).message).toContain(`at most ${MAX_IDS_PER_CALL} ids`);
  });
});

describe('long URLs', () => {
  it('serves the longest id list the document allows: 1,000 translationIds of ten digits', async () => {
    const ids = Array.from({ length: MAX_IDS_PER_CALL }, (_, i) => `translationIds=${MAX_ID - i}`).join('&');
    const path = `/v2/translate/file?${ids}`;
    expect(path.length).toBeGreaterThan(25_000);
    const res = await p.call(path);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([]);
  });

  it('answers a URL past MAX_URL_BYTES with 414 and the route’s JSON error body', async () => {
    const res = await p.call(`/v2/jobs?q=${'c'.repeat(MAX_URL_BYTES)}`);
    expect(res.status).toBe(414);
    expect(await res.json()).toEqual({
      message: expect.stringMatching(/^the URL is \d+ bytes, more than the /),
    });
    const keys = await p.call(`/v2/api-keys?q=${'c'.repeat(MAX_URL_BYTES)}`);
    expect(keys.status).toBe(414);
    expect(await keys.json()).toEqual({ error: expect.stringContaining(`${MAX_URL_BYTES} served`) });
  });

  it('answers a head past the limit with 431 and the JSON error body, then keeps serving', async () => {
    const path = `/v2/jobs?q=${'c'.repeat(MAX_HEAD_BYTES)}`;
    const r = await rawExchange(
      p.url,
      (send) => void send(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`),
      10_000,
    );
    expect(statusOf(r.response)).toBe(431);
    expect(r.response).toMatch(/\r\ncontent-type: application\/json; charset=utf-8\r\n/i);
    const body = JSON.parse(r.response.slice(r.response.indexOf('\r\n\r\n') + 4));
    expect(body).toEqual({ message: expect.stringContaining(`exceed ${MAX_HEAD_BYTES} bytes`) });
    expect((await p.call('/v2/languages')).status).toBe(200);
  });

  it('answers with {message} on the API-key routes too: the head was never routed', async () => {
    const r = await rawExchange(
      p.url,
      (send) =>
        void send(
          `GET /v2/api-keys HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(MAX_HEAD_BYTES)}\r\n\r\n`,
        ),
      10_000,
    );
    expect(statusOf(r.response)).toBe(431);
    expect(JSON.parse(r.response.slice(r.response.indexOf('\r\n\r\n') + 4))).toEqual({
      message: expect.stringContaining('exceed'),
    });
  });

  it('answers a malformed request line with 400 and a JSON body', async () => {
    const r = await rawExchange(p.url, (send) => void send('NOT HTTP AT ALL\r\n\r\n'), 10_000);
    expect(statusOf(r.response)).toBe(400);
    expect(JSON.parse(r.response.slice(r.response.indexOf('\r\n\r\n') + 4))).toEqual({
      message: 'malformed HTTP request',
    });
  });
});
