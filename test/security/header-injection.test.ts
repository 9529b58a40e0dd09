import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachmentDisposition } from '../../server/http/content-disposition.ts';
import { safeNext } from '../../server/workbench/auth.ts';
import { fileNameProblem } from '../../src/api/schemas/paths.ts';
import { SAFE_REQUEST_ID } from '../../src/tracing/request-context.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';
import { rawExchange, statusOf } from './services.ts';

let p: TestPlatform;
let hooks: WebhookReceiver;
beforeAll(async () => {
  [p, hooks] = await Promise.all([
    startPlatform({ webhooks: { retryScale: 0.001 } }),
    startWebhookReceiver(),
  ]);
});
afterAll(async () => {
  await Promise.all([p?.close(), hooks?.close()]);
});

async function json(res: Response) {
  const body = await res.json();
  if (!res.ok) throw new Error(`${res.status}: ${JSON.stringify(body)}`);
  return body;
}

/** The file name a client would take from `filename*` (RFC 8187: charset''percent-encoded). */
function extendedFilename(header: string): string | undefined {
  const m = /filename\*=UTF-8''([^;\s]+)/.exec(header);
  return m ? decodeURIComponent(m[1]!) : undefined;
}

describe('Content-Disposition of downloads', () => {
  it.each([
    ['locales/en/app.json', 'attachment; filename="app.json"; filename*=UTF-8\'\'app.json'],
    ["it's (1)*.json", "attachment; filename=\"it's (1)*.json\"; filename*=UTF-8''it%27s%20%281%29%2A.json"],
    [
      'Übersicht "neu".json',
      'attachment; filename="_bersicht _neu_.json"; filename*=UTF-8\'\'%C3%9Cbersicht%20%22neu%22.json',
    ],
    [
      'a; filename=evil.exe',
      'attachment; filename="a; filename=evil.exe"; filename*=UTF-8\'\'a%3B%20filename%3Devil.exe',
    ],
    [
      'a%0d%0aSet-Cookie: x=1',
      'attachment; filename="a_0d_0aSet-Cookie: x=1"; filename*=UTF-8\'\'a%250d%250aSet-Cookie%3A%20x%3D1',
    ],
    ['back\\slash', 'attachment; filename="back_slash"; filename*=UTF-8\'\'back%5Cslash'],
    ['größe.json', 'attachment; filename="gr__e.json"; filename*=UTF-8\'\'gr%C3%B6%C3%9Fe.json'],
    ['日本語.json', 'attachment; filename="___.json"; filename*=UTF-8\'\'%E6%97%A5%E6%9C%AC%E8%AA%9E.json'],
    // One `_` per UTF-16 code unit: an emoji outside the BMP gives two.
    ['x\u{1F600}.json', 'attachment; filename="x__.json"; filename*=UTF-8\'\'x%F0%9F%98%80.json'],
    ['a"b".json', 'attachment; filename="a_b_.json"; filename*=UTF-8\'\'a%22b%22.json'],
  ])('%j gives %s', (name, header) => {
    expect(attachmentDisposition(name, 'file')).toBe(header);
  });

  it('property: for any storable name the header is one line of printable ASCII naming exactly its last segment', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (name) => {
        fc.pre(fileNameProblem(name) === undefined);
        const header = attachmentDisposition(name, 'file');
        expect(header).toMatch(/^[\x20-\x7e]+$/);
        expect(header.match(/filename\*?=/g)).toEqual(['filename=', 'filename*=']);
        expect(extendedFilename(header)).toBe(name.split('/').pop());
      }),
      { numRuns: 500 },
    );
  });

  it('file and document downloads answer one Content-Disposition naming the file, adding no header', async () => {
    const base = `it's "quoted"; x=1 %0d%0a Ünïcode.json`;
    const file = await json(
      await p.call(`/v2/files?name=${encodeURIComponent(`dir/${base}`)}`, {
        method: 'POST',
        body: '{"a": "b"}',
        headers: { 'content-type': 'application/octet-stream' },
      }),
    );
    const memory = await json(
      await p.call('/v2/memories', { method: 'POST', json: { name: 'cd', srclang: 'en', trglang: 'de' } }),
    );
    const job = await json(
      await p.call('/v2/jobs', {
        method: 'POST',
        json: {
          name: 'cd',
          srcLang: 'en',
          fileIds: [file.id],
          languagePairs: [{ trgLang: 'de', memoryId: memory.id }],
        },
      }),
    );
    await p.idle();
    const [project] = (await json(await p.call(`/v2/jobs/${job.id}/stats`))).projects;
    const [document] = (await json(await p.call(`/v2/projects?id=${project.id}`)))[0].document;
    for (const path of [`/v2/files/download?id=${file.id}`, `/v2/documents/files?id=${document.id}`]) {
      const res = await p.call(path);
      expect(res.status).toBe(200);
      await res.body?.cancel();
      const disposition = res.headers.get('content-disposition')!;
      expect(disposition).toMatch(/^[\x20-\x7e]+$/);
      expect(extendedFilename(disposition)).toBe(base);
      expect(res.headers.get('set-cookie')).toBeNull();
    }
  });

  it('a name with CR or LF never gets stored, so it can never reach a header', async () => {
    for (const name of ['a\r\nSet-Cookie: x=1.json', 'a\nb.json', 'a\rb.json']) {
      const res = await p.call(`/v2/files?name=${encodeURIComponent(name)}`, {
        method: 'POST',
        body: '{}',
        headers: { 'content-type': 'application/octet-stream' },
      });
      expect(res.status).toBe(400);
    }
  });
});

describe('x-request-id is echoed only when it is a plain token', () => {
  it('property: whatever printable value is sent, the echoed id is a safe token', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({
          minLength: 1,
          maxLength: 80,
          unit: fc.integer({ min: 0x21, max: 0x7e }).map(String.fromCharCode),
        }),
        async (sent) => {
          const res = await p.call('/v2/languages', { headers: { 'x-request-id': sent } });
          await res.body?.cancel();
          const echoed = res.headers.get('x-request-id')!;
          expect(echoed).toMatch(SAFE_REQUEST_ID);
          if (!SAFE_REQUEST_ID.test(sent)) expect(echoed).not.toBe(sent);
        },
      ),
      { numRuns: 60 },
    );
  });

  it.each([
    ['a bare CR', 'abc\rSet-Cookie: a=b'],
    ['a bare LF', 'abc\nSet-Cookie: a=b'],
    ['a NUL', 'abc\u0000def'],
  ])('a header value with %s is refused by the HTTP parser (400), nothing injected', async (_what, value) => {
    const r = await rawExchange(
      p.url,
      (send) =>
        void send(
          `GET /v2/languages HTTP/1.1\r\nHost: x\r\nX-Request-Id: ${value}\r\nConnection: close\r\n\r\n`,
        ),
      5000,
    );
    expect(statusOf(r.response)).toBe(400);
    expect(r.response.toLowerCase()).not.toContain('set-cookie');
  });
});

describe('headers the platform sends with webhooks', () => {
  it('carry no value taken from a request except a safe request id, whatever the job is called', async () => {
    await json(
      await p.call('/v3/connectors/configuration/webhooks', {
        method: 'POST',
        json: { webhookName: 'h\r\nX-Injected: 1', webhookUrl: `${hooks.url}/h`, eventType: ['JOB_UPDATE'] },
      }),
    );
    const file = await json(
      await p.call('/v2/files?name=app.json', {
        method: 'POST',
        body: '{"a": "Hello"}',
        headers: { 'content-type': 'application/octet-stream' },
      }),
    );
    const memory = await json(
      await p.call('/v2/memories', { method: 'POST', json: { name: 'de', srclang: 'en', trglang: 'de' } }),
    );
    const evilName = 'Release\r\nX-Injected: 1\r\n\r\n<html>';
    await json(
      await p.call('/v2/jobs', {
        method: 'POST',
        headers: { 'x-request-id': 'not safe; x-injected=1' },
        json: {
          name: evilName,
          srcLang: 'en',
          fileIds: [file.id],
          languagePairs: [{ trgLang: 'de', memoryId: memory.id }],
        },
      }),
    );
    const [request] = await hooks.waitFor(1, 10_000);
    expect(Object.keys(request!.headers)).not.toContain('x-injected');
    for (const [name, value] of Object.entries(request!.headers)) {
      expect(`${name}: ${value}`).toMatch(/^[\x20-\x7e]+$/);
    }
    expect(request!.headers['svc-event-type']).toBe('JOB_UPDATE');
    const requestId = request!.headers['svc-request-id'];
    if (requestId !== undefined) expect(requestId).toMatch(SAFE_REQUEST_ID);
    // The name travels in the signed JSON body, escaped, and only there.
    expect(JSON.parse(request!.body).name).toBe(evilName);
  });
});

describe('workbench redirects after sign-in', () => {
  it.each([
    '/workbench\r\nSet-Cookie: x=1',
    '/workbench%0d%0aSet-Cookie:%20x=1',
    '//evil.example/workbench',
    'https://evil.example/workbench',
    '/\\evil.example',
    '/workbench/../v2/api-keys',
    'javascript:alert(1)',
  ])('next=%j becomes /workbench', (next) => {
    expect(safeNext(next)).toBe('/workbench');
  });

  it('GET /workbench/login?next=… with CR LF answers without an injected header', async () => {
    const res = await fetch(`${p.url}/workbench/login?next=%2Fworkbench%0D%0ASet-Cookie%3A%20injected%3D1`, {
      redirect: 'manual',
    });
    await res.body?.cancel();
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().some((c) => c.includes('injected'))).toBe(false);
  });
});
