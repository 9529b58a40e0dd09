import { BlockList, isIP } from 'node:net';

/**
 * What an address reaches. `public` is always allowed; `loopback` and `private` only while the
 * platform itself runs on loopback (DESIGN §5, Webhooks); the rest never.
 */
export type AddressClass = 'public' | 'private' | 'loopback' | 'link-local' | 'metadata' | 'not-unicast';

function blockList(v4: [string, number][], v6: [string, number][]): BlockList {
  const list = new BlockList();
  for (const [net, prefix] of v4) list.addSubnet(net, prefix, 'ipv4');
  for (const [net, prefix] of v6) list.addSubnet(net, prefix, 'ipv6');
  return list;
}

// Node's BlockList also matches IPv4-mapped IPv6 (::ffff:a.b.c.d) against the IPv4 rules.
const METADATA = blockList(
  [
    ['169.254.169.254', 32], // AWS, GCP, Azure, OpenStack, DigitalOcean, Oracle
    ['169.254.170.2', 32], // AWS ECS task metadata
    ['100.100.100.200', 32], // Alibaba Cloud
    ['168.63.129.16', 32], // Azure WireServer (a public address)
    ['192.0.0.192', 32], // Oracle Cloud (legacy)
  ],
  [['fd00:ec2::254', 128]], // AWS IMDS over IPv6
);
const LINK_LOCAL = blockList([['169.254.0.0', 16]], [['fe80::', 10]]);
const NOT_UNICAST = blockList(
  [
    ['224.0.0.0', 4], // multicast
    ['240.0.0.0', 4], // reserved, broadcast
  ],
  [['ff00::', 8]],
);
const LOOPBACK = blockList(
  [
    ['127.0.0.0', 8],
    ['0.0.0.0', 8], // "this host": connecting to 0.0.0.0 reaches the local machine
  ],
  [
    ['::1', 128],
    ['::', 128],
  ],
);
const PRIVATE = blockList(
  [
    ['10.0.0.0', 8],
    ['172.16.0.0', 12],
    ['192.168.0.0', 16],
    ['100.64.0.0', 10], // carrier-grade NAT
    ['198.18.0.0', 15], // benchmarking networks
    ['192.0.0.0', 24], // IETF protocol assignments
  ],
  [
    ['fc00::', 7], // unique local
    ['fec0::', 10], // deprecated site-local
  ],
);

/** Cloud metadata services reached by name (they resolve to the addresses above inside the cloud). */
const METADATA_HOSTS = new Set([
  'metadata',
  'metadata.google.internal',
  'metadata.goog',
  'metadata.azure.internal',
  'instance-data',
  'instance-data.ec2.internal',
  'metadata.tencentyun.com',
  'metadata.platformequinix.com',
  'metadata.packet.net',
]);

/** The eight 16-bit groups of an IPv6 address (which must be valid). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase().replace(/%.*$/, '');
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const fill = tail === undefined ? [] : Array(8 - left.length - right.length).fill('0');
  return [...left, ...fill, ...right].map((g) => Number.parseInt(g, 16));
}

/**
 * The IPv4 address carried inside NAT64 (64:ff9b::/96, and the local-use 64:ff9b:1::/48 of
 * RFC 8215 read with the usual /96 layout), 6to4 (2002::/16), IPv4-compatible (::a.b.c.d,
 * RFC 4291 §2.5.5.1) and IPv4-translated (::ffff:0:a.b.c.d, RFC 2765) addresses: a gateway or
 * tunnel on the path would connect to it, so it is what must be judged.
 */
function embeddedIpv4(address: string): string | undefined {
  const g = ipv6Groups(address);
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  const zero = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (g[0] === 0x64 && g[1] === 0xff9b && (zero(2, 6) || g[2] === 1)) return v4(g[6]!, g[7]!);
  if (g[0] === 0x2002) return v4(g[1]!, g[2]!);
  if (zero(0, 6) || (zero(0, 4) && g[4] === 0xffff && g[5] === 0)) return v4(g[6]!, g[7]!);
  return undefined;
}

/** Classifies an IP address (v4 or v6, IPv4-mapped forms included). Not an IP: TypeError. */
export function classifyAddress(address: string): AddressClass {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare.replace(/%.*$/, ''));
  if (family === 0) throw new TypeError(`[webhooks] not an IP address: ${address}`);
  const ip = bare.replace(/%.*$/, '');
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (METADATA.check(ip, type)) return 'metadata';
  if (LINK_LOCAL.check(ip, type)) return 'link-local';
  if (NOT_UNICAST.check(ip, type)) return 'not-unicast';
  if (LOOPBACK.check(ip, type)) return 'loopback';
  if (PRIVATE.check(ip, type)) return 'private';
  if (family === 6) {
    const inner = embeddedIpv4(ip);
    if (inner) return classifyAddress(inner);
  }
  return 'public';
}

/** Why an address class is refused, or undefined when it is allowed. */
export function refusal(kind: AddressClass, allowPrivate: boolean): string | undefined {
  switch (kind) {
    case 'public':
      return undefined;
    case 'loopback':
    case 'private':
      return allowPrivate
        ? undefined
        : `${kind} addresses are allowed only while the platform runs on loopback (or with SVC_WEBHOOK_ALLOW_PRIVATE=1)`;
    case 'metadata':
      return 'cloud metadata addresses are never allowed';
    case 'link-local':
      return 'link-local addresses are never allowed';
    case 'not-unicast':
      return 'multicast, broadcast and reserved addresses are never allowed';
  }
}

/** A webhookUrl that may be used, or the problem with it (shown to the caller as is). */
export type UrlCheck = { ok: true; url: URL } | { ok: false; problem: string };

/**
 * Checks a webhook URL without resolving it: scheme, host, credentials, IP literals and
 * well-known metadata and loopback names. Hostnames are checked again against their resolved
 * addresses at delivery time (see guarded-lookup.ts).
 */
export function checkWebhookUrl(raw: string, allowPrivate: boolean): UrlCheck {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, problem: 'is not an absolute URL' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, problem: `must use http or https, not ${url.protocol.slice(0, -1)}` };
  }
  if (!url.hostname) return { ok: false, problem: 'must name a host' };
  if (url.username || url.password) {
    return { ok: false, problem: 'must not carry credentials; verify the webhook-signature header instead' };
  }
  const host = url.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  let kind: AddressClass;
  if (isIP(host)) kind = classifyAddress(host);
  else if (METADATA_HOSTS.has(host)) kind = 'metadata';
  else if (host === 'localhost' || host.endsWith('.localhost')) kind = 'loopback';
  else kind = 'public';
  const why = refusal(kind, allowPrivate);
  return why ? { ok: false, problem: `host ${host} refused: ${why}` } : { ok: true, url };
}
