import type { LookupAddress } from 'node:dns';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Resolver } from '../../server/webhooks/guarded-lookup.ts';
import { checkWebhookUrl, classifyAddress } from '../../server/webhooks/ssrf-guard.ts';
import { createWebhookTransport } from '../../server/webhooks/transport.ts';

// test/server/webhooks-ssrf.test.ts covers the address classes, schemes, credentials, metadata
// host names, hex and decimal metadata spellings and resolved-address checks; these are the gaps.

const refusal = (url: string, allowPrivate: boolean) => {
  const r = checkWebhookUrl(url, allowPrivate);
  return r.ok ? undefined : r.problem;
};

describe('SSRF: IPv4 spellings the URL parser turns into loopback or metadata', () => {
  it.each([
    ['http://0251.0376.0251.0376/', 'octal dotted'],
    ['http://0xa9.0xfe.0xa9.0xfe/', 'hex dotted'],
    ['http://169.254.43518/', 'two-part with a 16-bit tail'],
    ['http://169.16689662/', 'two-part with a 24-bit tail'],
    ['http://025177524776/', 'one octal number'],
    ['http://%31%36%39.254.169.254/', 'percent-encoded digits'],
    ['http://169。254。169。254/', 'ideographic full stops'],
  ])('%s (%s) is the metadata address, refused even where private ones are allowed', (url) => {
    expect(refusal(url, true)).toMatch(/cloud metadata addresses are never allowed/);
  });

  it.each([
    'http://0177.0.0.1/',
    'http://017700000001/',
    'http://2130706433/',
    'http://0x7f000001/',
    'http://127.1/',
    'http://0/',
    'http://0.0.0.0:8080/',
  ])('%s is loopback: refused unless the platform runs on loopback', (url) => {
    expect(refusal(url, false)).toMatch(/loopback addresses are allowed only while/);
    expect(refusal(url, true)).toBeUndefined();
  });

  it.each(['http://012.0.0.1/', 'http://0xa000001/', 'http://167772161/'])(
    '%s is private (10.0.0.1)',
    (url) => {
      expect(refusal(url, false)).toMatch(/private addresses are allowed only while/);
    },
  );
});

describe('SSRF: IPv6 forms that reach IPv4 or link-local addresses', () => {
  it.each([
    ['::ffff:169.254.169.254', 'metadata', 'IPv4-mapped'],
    ['::169.254.169.254', 'metadata', 'IPv4-compatible (RFC 4291)'],
    ['::ffff:0:169.254.169.254', 'metadata', 'IPv4-translated (RFC 2765)'],
    ['64:ff9b::169.254.169.254', 'metadata', 'NAT64 well-known prefix'],
    ['64:ff9b:1::a9fe:a9fe', 'metadata', 'NAT64 local-use prefix (RFC 8215)'],
    ['2002:a9fe:a9fe::1', 'metadata', '6to4'],
    ['::7f00:1', 'loopback', 'IPv4-compatible loopback'],
    ['::ffff:0:a00:1', 'private', 'IPv4-translated 10.0.0.1'],
    ['::a9fe:101', 'link-local', 'IPv4-compatible 169.254.1.1'],
    ['fe80::1%eth0', 'link-local', 'link-local with a zone'],
    ['fe80::a9fe:a9fe', 'link-local', 'link-local whose tail spells the metadata address'],
    ['FE80:0000:0000:0000:0000:0000:0000:0001', 'link-local', 'link-local written out in capitals'],
  ] as const)('%s is %s (%s)', (address, kind, _form) => {
    expect(classifyAddress(address)).toBe(kind);
  });

  it.each([
    'http://[::169.254.169.254]/',
    'http://[::ffff:0:a9fe:a9fe]/',
    'http://[64:ff9b:1::a9fe:a9fe]/latest/meta-data/',
    'http://[0:0:0:0:0:ffff:a9fe:a9fe]/',
  ])('the URL %s is refused even where private addresses are allowed', (url) => {
    expect(refusal(url, true)).toMatch(/cloud metadata addresses are never allowed/);
  });

  it('link-local URLs are refused; a zone id is not even a valid URL host', () => {
    expect(refusal('http://[fe80::1]/', true)).toMatch(/link-local addresses are never allowed/);
    expect(refusal('http://[fe80::1%25eth0]/', true)).toMatch(/not an absolute URL/);
  });

  it('public IPv6 addresses that merely contain similar digits stay allowed', () => {
    expect(classifyAddress('2606:4700::a9fe:a9fe')).toBe('public');
    expect(refusal('http://[2606:4700::6810:84e5]/', false)).toBeUndefined();
  });
});

/** An endpoint that records requests and answers as told, closing every connection after. */
async function endpoint(answer: (path: string) => { status: number; headers?: Record<string, string> }) {
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    requests.push(req.url ?? '');
    const { status, headers } = answer(req.url ?? '');
    res.writeHead(status, { connection: 'close', ...headers }).end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { port, requests, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe('SSRF at delivery time', () => {
  let target: Awaited<ReturnType<typeof endpoint>>;
  let redirector: Awaited<ReturnType<typeof endpoint>>;
  beforeAll(async () => {
    target = await endpoint(() => ({ status: 200 }));
    redirector = await endpoint(() => ({
      status: 307,
      headers: { location: `http://127.0.0.1:${target.port}/stolen` },
    }));
  });
  afterAll(async () => {
    await Promise.all([target.close(), redirector.close()]);
  });

  it('DNS rebinding: a name that first resolves to an allowed address and then to metadata is refused the second time', async () => {
    const answers = ['127.0.0.1', '169.254.169.254'];
    const calls: string[] = [];
    const resolver: Resolver = async (host) => {
      const address = answers[Math.min(calls.length, answers.length - 1)]!;
      calls.push(host);
      return [{ address, family: 4 } satisfies LookupAddress];
    };
    const transport = createWebhookTransport({
      resolver,
      allowPrivate: true,
      timeoutMs: 2000,
      userAgent: 't/1',
    });
    const url = `http://rebind.example.test:${target.port}/hook`;
    const signal = new AbortController().signal;
    try {
      const first = await transport.send(url, {}, '{}', signal);
      const second = await transport.send(url, {}, '{}', signal);
      expect(first).toMatchObject({ statusCode: 200, error: null });
      expect(second).toMatchObject({ statusCode: null });
      expect(second.error).toBe(
        'refused: rebind.example.test resolves to 169.254.169.254: cloud metadata addresses are never allowed',
      );
      // Each new connection resolved the name again: nothing was cached past the check.
      expect(calls).toEqual(['rebind.example.test', 'rebind.example.test']);
      expect(target.requests).toEqual(['/hook']);
    } finally {
      await transport.close();
    }
  });

  it('a redirect to another host is not followed: the attempt fails and the other host sees nothing', async () => {
    const transport = createWebhookTransport({
      resolver: async () => [],
      allowPrivate: true,
      timeoutMs: 2000,
      userAgent: 't/1',
    });
    try {
      const before = target.requests.length;
      const result = await transport.send(
        `http://127.0.0.1:${redirector.port}/hook`,
        {},
        '{}',
        new AbortController().signal,
      );
      expect(result).toMatchObject({
        statusCode: 307,
        error: 'endpoint answered 307 (redirects are not followed)',
      });
      expect(redirector.requests).toEqual(['/hook']);
      expect(target.requests.length).toBe(before);
    } finally {
      await transport.close();
    }
  });

  it('an IP literal spelled in octal is refused before any connection', async () => {
    const transport = createWebhookTransport({
      resolver: async () => [],
      allowPrivate: false,
      timeoutMs: 2000,
      userAgent: 't/1',
    });
    try {
      const before = target.requests.length;
      const result = await transport.send(
        `http://0177.0.0.1:${target.port}/`,
        {},
        '{}',
        new AbortController().signal,
      );
      expect(result.error).toMatch(/^webhookUrl host 127\.0\.0\.1 refused: loopback/);
      expect(target.requests.length).toBe(before);
    } finally {
      await transport.close();
    }
  });
});
