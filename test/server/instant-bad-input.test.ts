/** Instant translation and file upload refuse bad input with a clear 4xx and keep file names safe. */
import http from 'node:http';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, startPlatform, type TestPlatform } from '../support/platform.ts';
import { json, uploader } from './instant-support.ts';

let p: TestPlatform;
let memoryId: number;
// A file and a job of this file's own, so no case depends on another file's tests having run.
let fileId: number;
let jobId: number;
const upload = uploader(() => p);

beforeAll(async () => {
  p = await startPlatform();
  memoryId = (
    await json(
      await p.call('/v2/memories', { method: 'POST', json: { name: 'de', srclang: 'en', trglang: 'de' } }),
    )
  ).id;
  fileId = (await upload('locales/en/app.json', '{"hello": "Hello"}\n')).id;
  jobId = (
    await json(
      await p.call('/v2/jobs', {
        method: 'POST',
        json: { name: 'j', srcLang: 'en', fileIds: [fileId], languagePairs: [{ trgLang: 'de', memoryId }] },
      }),
    )
  ).id;
});
afterAll(() => p.close());

describe('bad input gets a clear 4xx', () => {
  const cases: [string, () => Promise<Response>, number, RegExp][] = [
    [
      'a job with no files',
      () =>
        p.call('/v2/jobs', {
          method: 'POST',
          json: { name: 'x', srcLang: 'en', fileIds: [], languagePairs: [{ trgLang: 'de', memoryId }] },
        }),
      400,
      /at least one uploaded file/,
    ],
    [
      'a job with an unknown file',
      () =>
        p.call('/v2/jobs', {
          method: 'POST',
          json: { name: 'x', srcLang: 'en', fileIds: [999999], languagePairs: [{ trgLang: 'de', memoryId }] },
        }),
      404,
      /file 999999 not found/,
    ],
    [
      'a job whose memory is another pair',
      () =>
        p.call('/v2/jobs', {
          method: 'POST',
          json: { name: 'x', srcLang: 'fr', fileIds: [fileId], languagePairs: [{ trgLang: 'de', memoryId }] },
        }),
      400,
      /memory .* is en → de, not fr → de/,
    ],
    ['limit=51', () => p.call('/v2/jobs?limit=51'), 400, /limit must be at most 50/],
    ['offset=-1', () => p.call('/v2/jobs?offset=-1'), 400, /offset must be 0 or more/],
    ['an unknown job', () => p.call('/v2/jobs/424242'), 404, /job 424242 not found/],
    ['a job id that is not a number', () => p.call('/v2/jobs/abc'), 400, /id/],
    [
      'a 0-byte file',
      () =>
        p.call('/v2/files?name=empty.json', {
          method: 'POST',
          body: '',
          headers: { 'content-type': 'application/octet-stream' },
        }),
      400,
      /body is empty/,
    ],
    [
      'a file without a name',
      () =>
        p.call('/v2/files', {
          method: 'POST',
          body: 'x',
          headers: { 'content-type': 'application/octet-stream' },
        }),
      400,
      /name/,
    ],
    [
      'a wrong file_hash',
      () =>
        p.call(`/v2/files?name=a.json&file_hash=${'0'.repeat(32)}`, {
          method: 'POST',
          body: '{"a":"b"}',
          headers: { 'content-type': 'application/octet-stream' },
        }),
      400,
      /does not match the MD5/,
    ],
    [
      'a gzip upload (zip bomb vector)',
      () =>
        p.call('/v2/files?name=a.json', {
          method: 'POST',
          body: gzipSync(Buffer.alloc(10_000_000)),
          headers: { 'content-type': 'application/octet-stream', 'content-encoding': 'gzip' },
        }),
      415,
      /Content-Encoding gzip is not accepted/,
    ],
    [
      'a gzip JSON body that inflates past the limit',
      () =>
        p.call('/v2/jobs', {
          method: 'POST',
          body: gzipSync(Buffer.from(`{"name":"${'x'.repeat(3_000_000)}"}`)),
          headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
        }),
      413,
      /larger than the limit/,
    ],
    [
      'instant translation of an unknown file',
      () => p.call(`/v2/translate/file?fileId=999999&memoryId=${memoryId}`, { method: 'POST' }),
      404,
      /file 999999 not found/,
    ],
    [
      'instant translation without memoryId',
      () => p.call('/v2/translate/file?fileId=1', { method: 'POST' }),
      400,
      /memoryId/,
    ],
    [
      'a download before export',
      () => p.call(`/v2/jobs/${jobId}/download`),
      409,
      /not been exported|still running/,
    ],
    ['an unknown document', () => p.call('/v2/documents/files?id=999999'), 404, /document 999999 not found/],
  ];
  for (const [name, send, status, says] of cases) {
    it(`${name} → ${status}`, async () => {
      const res = await send();
      expect(res.status).toBe(status);
      expect((await res.json()).message).toMatch(says);
    });
  }

  it('a declared 1 GB body is refused before it is read', async () => {
    const url = new URL(`${p.url}/v2/files?name=huge.bin`);
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(url, {
        method: 'POST',
        headers: {
          authorization: basic(p.key),
          'content-type': 'application/octet-stream',
          'content-length': String(1024 ** 3),
        },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode!);
        req.destroy();
      });
      req.on('error', reject);
      req.write(Buffer.alloc(1024));
    });
    expect(status).toBe(413);
  });
});

describe('file names are safe relative paths', () => {
  it.each([
    '../../outside.json',
    '/etc/passwd.json',
    'a/../b.json',
    'C:/x.json',
    'a\\b.json',
    'a//b.json',
    'bad\u0000.json',
  ])('%s is refused', async (name) => {
    const res = await p.call(`/v2/files?name=${encodeURIComponent(name)}`, {
      method: 'POST',
      body: '{"a": "b"}',
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(/^name: /);
  });

  it('keeps nested repository paths', async () => {
    expect((await upload('app/src/main/res/values-b+sr+Latn/strings.xml', '<resources/>')).name).toBe(
      'app/src/main/res/values-b+sr+Latn/strings.xml',
    );
  });
});
