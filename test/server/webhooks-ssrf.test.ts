import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import {
  guardedLookup,
  type Resolver,
  resolveChecked,
  WebhookAddressRefused,
} from '../../server/webhooks/guarded-lookup.ts';
import { checkWebhookUrl, classifyAddress } from '../../server/webhooks/ssrf-guard.ts';

describe('classifyAddress', () => {
  it.each([
    ['169.254.169.254', 'metadata'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['::ffff:a9fe:a9fe', 'metadata'],
    ['fd00:ec2::254', 'metadata'],
    ['100.100.100.200', 'metadata'],
    ['168.63.129.16', 'metadata'],
    ['169.254.1.1', 'link-local'],
    ['fe80::1', 'link-local'],
    ['febf::1', 'link-local'],
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['0.0.0.0', 'loopback'],
    ['::1', 'loopback'],
    ['::', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'private'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['224.0.0.1', 'not-unicast'],
    ['255.255.255.255', 'not-unicast'],
    ['ff02::1', 'not-unicast'],
    ['8.8.8.8', 'public'],
    ['172.32.0.1', 'public'],
    ['2606:4700::1111', 'public'],
    // NAT64 and 6to4 carry an IPv4 address a gateway would connect to.
    ['64:ff9b::a9fe:a9fe', 'metadata'],
    ['64:ff9b::127.0.0.1', 'loopback'],
    ['2002:a00:1::1', 'private'],
    ['64:ff9b::808:808', 'public'],
  ] as const)('%s is %s', (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });

  it('throws a TypeError for something that is not an IP address', () => {
    expect(() => classifyAddress('example.com')).toThrow(TypeError);
  });
});

describe('checkWebhookUrl', () => {
  const refused = (url: string, allowPrivate = false) => {
    const r = checkWebhookUrl(url, allowPrivate);
    return r.ok ? undefined : r.problem;
  };

  it('accepts public http and https URLs', () => {
    expect(refused('https://hooks.example.com/svc?x=1')).toBeUndefined();
    expect(refused('http://8.8.8.8:8080/')).toBeUndefined();
  });

  it('refuses other schemes, relative URLs and credentials, naming the problem', () => {
    expect(refused('ftp://example.com/')).toMatch(/http or https, not ftp/);
    expect(refused('file:///etc/passwd')).toMatch(/not file/);
    expect(refused('/relative')).toMatch(/absolute URL/);
    expect(refused('https://user:pw@example.com/')).toMatch(/credentials/);
  });

  it('always refuses metadata and link-local hosts, even when private ones are allowed', () => {
    expect(refused('http://169.254.169.254/latest/meta-data', true)).toMatch(/cloud metadata/);
    expect(refused('http://[fd00:ec2::254]/', true)).toMatch(/cloud metadata/);
    expect(refused('http://metadata.google.internal/computeMetadata/v1/', true)).toMatch(/cloud metadata/);
    expect(refused('http://METADATA.GOOGLE.INTERNAL./', true)).toMatch(/cloud metadata/);
    expect(refused('http://100.100.100.200/', true)).toMatch(/cloud metadata/);
    expect(refused('http://169.254.10.10/', true)).toMatch(/link-local/);
    expect(refused('http://[fe80::1]/', true)).toMatch(/link-local/);
  });

  it('sees through alternative IPv4 spellings the URL parser normalizes', () => {
    // 0xa9fea9fe and 2852039166 are 169.254.169.254.
    expect(refused('http://0xa9fea9fe/', true)).toMatch(/cloud metadata/);
    expect(refused('http://2852039166/', true)).toMatch(/cloud metadata/);
    expect(refused('http://0x7f.1/')).toMatch(/loopback/);
    expect(refused('http://[::ffff:127.0.0.1]/')).toMatch(/loopback/);
  });

  it('refuses loopback and private hosts unless allowed', () => {
    for (const url of [
      'http://127.0.0.1:9000/',
      'http://localhost/',
      'http://api.localhost/',
      'http://[::1]/',
      'http://10.0.0.5/',
      'http://192.168.0.10/',
    ]) {
      expect(refused(url)).toMatch(/allowed only while the platform runs on loopback/);
      expect(refused(url, true)).toBeUndefined();
    }
  });
});

const stub =
  (table: Record<string, string[]>): Resolver =>
  async (host) => {
    const addresses = table[host];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return addresses.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

describe('resolveChecked', () => {
  const resolver = stub({
    'evil.test': ['169.254.169.254'],
    'mixed.test': ['93.184.216.34', '10.0.0.1'],
    'public.test': ['93.184.216.34', '2606:2800:220:1::1'],
    'local.test': ['127.0.0.1'],
  });

  it('refuses a host when any of its addresses is forbidden', async () => {
    await expect(resolveChecked('evil.test', resolver, true)).rejects.toThrow(WebhookAddressRefused);
    await expect(resolveChecked('evil.test', resolver, true)).rejects.toThrow(
      'evil.test resolves to 169.254.169.254: cloud metadata addresses are never allowed',
    );
    await expect(resolveChecked('mixed.test', resolver, false)).rejects.toThrow(/10\.0\.0\.1: private/);
    await expect(resolveChecked('local.test', resolver, false)).rejects.toThrow(/loopback/);
  });

  it('returns every address of an allowed host', async () => {
    expect(await resolveChecked('public.test', resolver, false)).toHaveLength(2);
    expect(await resolveChecked('local.test', resolver, true)).toEqual([{ address: '127.0.0.1', family: 4 }]);
  });
});

describe('guardedLookup', () => {
  const lookup = guardedLookup(
    stub({ 'dual.test': ['2606:2800:220:1::1', '93.184.216.34'], 'evil.test': ['169.254.169.254'] }),
    false,
  );
  const call = (host: string, options: { all?: boolean; family?: number }) =>
    new Promise<{ err: Error | null; address: unknown; family?: number }>((resolve) => {
      lookup(host, options as never, (err, address, family) => resolve({ err, address, family }));
    });

  it('hands net.connect only checked addresses, one or all, of the family asked for', async () => {
    expect(await call('dual.test', {})).toMatchObject({
      err: null,
      address: '2606:2800:220:1::1',
      family: 6,
    });
    expect(await call('dual.test', { family: 4 })).toMatchObject({ address: '93.184.216.34', family: 4 });
    expect((await call('dual.test', { all: true })).address).toHaveLength(2);
  });

  it('fails the connection for a forbidden address and for an unknown host', async () => {
    expect((await call('evil.test', {})).err).toBeInstanceOf(WebhookAddressRefused);
    expect((await call('nowhere.test', {})).err?.message).toMatch(/ENOTFOUND/);
  });
});
