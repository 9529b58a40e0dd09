/** HTTP details real clients rely on: UTF-8 names, ids in decimal digits, 405 with Allow. */
import type { AddressInfo } from 'node:net';
import express from 'express';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiRegistry, matchingOrder, nonUtf8QueryParameter } from '../../server/http/api-router.ts';
import { errorHandler } from '../../server/http/error-handler.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';

let p: TestPlatform;
beforeAll(async () => {
  p = await startPlatform();
});
afterAll(() => p.close());

async function ok(res: Response) {
  const body = res.status === 204 ? undefined : await res.json();
  if (!res.ok) throw new Error(`${res.status}: ${JSON.stringify(body)}`);
  return body;
}

/** A project to upload documents to: one file, one memory, one job. */
async function aProject(): Promise<number> {
  const file = await ok(
    await p.call('/v2/files?name=locales/en/app.json', {
      method: 'POST',
      body: '{"hello": "Hello"}',
      headers: { 'content-type': 'application/octet-stream' },
    }),
  );
  const memory = await ok(
    await p.call('/v2/memories', { method: 'POST', json: { name: 'm', srclang: 'en', trglang: 'de' } }),
  );
  await ok(
    await p.call('/v2/jobs', {
      method: 'POST',
      json: {
        name: 'j',
        srcLang: 'en',
        languagePairs: [{ trgLang: 'de', memoryId: memory.id }],
        fileIds: [file.id],
      },
    }),
  );
  await p.idle();
  const [project] = await ok(await p.call('/v2/projects'));
  return project.id as number;
}

describe('multipart file names', () => {
  it('are read as UTF-8 (RFC 7578): größe.json is stored as größe.json, not grÃ¶Ãe.json', async () => {
    const projectId = await aProject();
    const boundary = '----svc7578';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="project_id"\r\n\r\n${projectId}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="größe.json"\r\n` +
          'Content-Type: application/json\r\n\r\n{"size": "Size"}\r\n' +
          `--${boundary}--\r\n`,
        'utf8',
      ),
    ]);
    const res = await p.call('/v2/documents/files', {
      method: 'POST',
      body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.status).toBe(200);
    expect((await res.json()).name).toBe('größe.json');
  });
});

describe('query parameters that are not UTF-8', () => {
  it('?name= with percent-encoded Latin-1 bytes is refused with 400 naming the parameter', async () => {
    const res = await p.call('/v2/files?name=gr%F6%DFe.json', {
      method: 'POST',
      body: '{"a": "b"}',
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      message: "name: the query parameter's percent-encoding is not valid UTF-8; encode text as UTF-8 bytes",
    });
    // Nothing was stored under a garbled name.
    expect(await ok(await p.call('/v2/files'))).not.toContainEqual(
      expect.objectContaining({ name: 'gr\ufffd\ufffde.json' }),
    );
  });

  it('the same name as UTF-8 bytes is stored as sent', async () => {
    const res = await p.call(`/v2/files?name=${encodeURIComponent('größe.json')}`, {
      method: 'POST',
      body: '{"a": "b"}',
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(res.status).toBe(201);
    expect((await res.json()).name).toBe('größe.json');
  });

  it('finds the first such parameter, in a name or a value, and leaves a literal % alone', () => {
    expect(nonUtf8QueryParameter('/v2/files?id=1&name=%C0%AF')).toBe('name');
    expect(nonUtf8QueryParameter('/v2/files?%FF=1')).toBe('\ufffd');
    expect(nonUtf8QueryParameter('/v2/files?name=a%ED%A0%80b')).toBe('name');
    expect(nonUtf8QueryParameter('/v2/files?name=100%25&x=%ZZ&y=%E2%82%AC+%E2%82%AC')).toBeUndefined();
    expect(nonUtf8QueryParameter('/v2/files')).toBeUndefined();
    expect(nonUtf8QueryParameter('/v2/files?q=gr%C3%B6%C3%9Fe&r=%F0%9F%8E%89&s=ö')).toBeUndefined();
    expect(nonUtf8QueryParameter('/v2/files?q=gr%C3%B6%C3&r=1')).toBe('q');
    expect(nonUtf8QueryParameter('/v2/files?q=%7E%41%8z&r=%e9')).toBe('r');
  });
});

describe('ids are decimal digits only', () => {
  const refused = [
    ['0x10', 'hexadecimal'],
    ['%201', 'a leading space'],
    ['1%20', 'a trailing space'],
    ['1e1', 'an exponent'],
    ['1.0', 'a fraction'],
    ['%2B1', 'a plus sign'],
    ['', 'nothing'],
  ] as const;
  for (const [id, what] of refused) {
    it(`?id=${id} (${what}) → 400`, async () => {
      const res = await p.call(`/v2/memories?id=${id}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: 'id: must be a whole number written in decimal digits' });
    });
  }

  it('in a path, a header and a list too', async () => {
    const path = await p.call('/v2/jobs/0x10');
    expect([path.status, await path.json()]).toEqual([
      400,
      { message: 'id: must be a whole number written in decimal digits' },
    ]);
    const header = await p.call('/v2/memories/import', {
      method: 'POST',
      body: 'x',
      headers: { 'content-type': 'application/octet-stream', memory_id: '0x10', name: 'a.tmx' },
    });
    expect([header.status, await header.json()]).toEqual([
      400,
      { message: expect.stringContaining('memory_id: ') },
    ]);
    const list = await p.call('/v2/translate/file?fileId=1,%202&memoryId=1', { method: 'POST' });
    expect([list.status, await list.json()]).toEqual([
      400,
      { message: 'fileId.1: ids must be positive integers written in decimal digits' },
    ]);
    // Project ids are read as the file ids are (one rule for id lists, issue 40).
    const projects = await p.call('/v2/projects?id=1,0x2');
    expect([projects.status, await projects.json()]).toEqual([
      400,
      { message: 'id.1: ids must be positive integers written in decimal digits' },
    ]);
  });

  it('times are decimal numbers, an exponent allowed: ?toTime=1e3 is a filter, ?toTime=0x10 is not', async () => {
    const ok = await p.call('/v2/translate/file?toTime=1e3');
    expect([ok.status, await ok.json()]).toEqual([200, []]);
    const bad = await p.call('/v2/translate/file?toTime=%201');
    expect([bad.status, await bad.json()]).toEqual([
      400,
      { message: 'toTime: must be a time in epoch seconds, written as a decimal number' },
    ]);
  });

  it('plain digits still work, with leading zeros', async () => {
    const memory = await ok(
      await p.call('/v2/memories', { method: 'POST', json: { name: 'd', srclang: 'en', trglang: 'fr' } }),
    );
    const [found] = await ok(await p.call(`/v2/memories?id=00${memory.id}`));
    expect(found.id).toBe(memory.id);
  });
});

describe('a known path with a method it does not serve', () => {
  it('answers 405 with Allow listing the methods it serves', async () => {
    const res = await p.call('/v2/jobs/1', { method: 'POST' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD, PUT, DELETE');
    expect(await res.json()).toEqual({
      message: 'POST is not allowed on /v2/jobs/1; allowed: GET, HEAD, PUT, DELETE',
    });
  });

  it('answers with the API-key routes’ error body there', async () => {
    const res = await p.call('/v2/api-keys/abc', { method: 'PUT' });
    expect(res.status).toBe(405);
    expect(await res.json()).toEqual({
      error: 'PUT is not allowed on /v2/api-keys/abc; allowed: GET, HEAD, DELETE',
    });
  });

  it('does so on every path of the OpenAPI document, for every method the path lacks', async () => {
    const doc = await (await p.call('/openapi.json', { key: null })).json();
    const methods = ['get', 'post', 'put', 'delete', 'patch'];
    const paths = Object.entries(doc.paths as Record<string, object>);
    let checked = 0;
    for (const [path, item] of paths) {
      const served = Object.keys(item).filter((m) => methods.includes(m));
      const url = path.replace(/\{\w+\}/g, '1');
      for (const method of methods.filter((m) => !served.includes(m))) {
        const res = await p.call(url, { method: method.toUpperCase() });
        await res.body?.cancel();
        expect(res.status, `${method} ${path}`).toBe(405);
        const allow = res.headers.get('allow')!.toLowerCase().split(', ');
        expect(allow, `${method} ${path}`).toEqual(expect.arrayContaining(served));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(27);
  });

  it('a literal path wins over a parameter path beside it: DELETE /v2/create/preferences is 405', async () => {
    const res = await p.call('/v2/create/preferences', { method: 'DELETE' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD, POST, PUT');
    expect(await res.json()).toEqual({
      message: 'DELETE is not allowed on /v2/create/preferences; allowed: GET, HEAD, POST, PUT',
    });
    const terms = await p.call('/v2/create/terms-and-conditions', { method: 'GET' });
    expect(terms.status).toBe(405);
    expect(terms.headers.get('allow')).toBe('POST');
    // The parameter path still serves every other segment (here: the terms are not signed yet).
    const other = await p.call('/v2/create/987654', { method: 'DELETE' });
    expect(other.status).toBe(403);
    await other.body?.cancel();
  });

  it('a literal path wins whatever order the routes were added in', async () => {
    // As added, but each path before the parameter paths that would take its URLs.
    expect(matchingOrder(['/a/{id}', '/a/{id}/b', '/a/b', '/a/b/{id}', '/a', '/c/{id}'])).toEqual([
      '/a/b',
      '/a/{id}',
      '/a/b/{id}',
      '/a/{id}/b',
      '/a',
      '/c/{id}',
    ]);
    const api = new ApiRegistry();
    const route = (method: 'get' | 'delete', path: string) =>
      api.add({
        method,
        path,
        tag: 't',
        summary: 's',
        responses: { 200: { description: 'ok' } },
        handler: () => ({ path }),
      });
    route('get', '/a/{id}');
    route('delete', '/a/{id}');
    route('get', '/a/b');
    const app = express();
    const router = express.Router();
    api.mount(router, []);
    app.use(router);
    app.use(errorHandler(pino({ level: 'silent' })));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect(await (await fetch(`${base}/a/b`)).json()).toEqual({ path: '/a/b' });
      const refused = await fetch(`${base}/a/b`, { method: 'DELETE' });
      expect(refused.status).toBe(405);
      expect(refused.headers.get('allow')).toBe('GET, HEAD');
      expect(await (await fetch(`${base}/a/7`, { method: 'DELETE' })).json()).toEqual({ path: '/a/{id}' });
    } finally {
      server.close();
    }
  });

  it('OPTIONS answers 204 with Allow naming only what the path serves (RFC 9110 §9.3.7)', async () => {
    const doc = await (await p.call('/openapi.json', { key: null })).json();
    for (const [path, item] of Object.entries(doc.paths as Record<string, object>)) {
      const served = Object.keys(item).map((m) => m.toUpperCase());
      if (served.includes('GET')) served.push('HEAD');
      const res = await p.call(path.replace(/\{\w+\}/g, '1'), { method: 'OPTIONS', key: null });
      expect(res.status, path).toBe(204);
      const allow = res.headers.get('allow')!.split(', ');
      expect(allow.toSorted(), path).toEqual([...served, 'OPTIONS'].toSorted());
    }
    const res = await p.call('/v2/create/preferences', { method: 'OPTIONS' });
    expect(res.headers.get('allow')).toBe('GET, HEAD, POST, PUT, OPTIONS');
  });

  it('an unknown path is still 404', async () => {
    const res = await p.call('/v2/nothing-here', { method: 'POST' });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'no route for POST /v2/nothing-here' });
  });
});
