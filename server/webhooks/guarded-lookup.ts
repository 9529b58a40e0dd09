import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { classifyAddress, refusal } from './ssrf-guard.ts';

/** Resolves a hostname to every address it has (injected in tests: no real DNS). */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

/** The operating system's resolver, as `node:dns` lookup sees it (hosts file included). */
export const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, order: 'verbatim' }, (err, addresses) =>
      err ? reject(err) : resolve(addresses),
    );
  });

/** A webhook host resolved to an address that may not be reached (DNS rebinding, SSRF). */
export class WebhookAddressRefused extends Error {
  override name = 'WebhookAddressRefused';
  readonly host: string;
  readonly address: string;

  constructor(host: string, address: string, reason: string) {
    super(`${host} resolves to ${address}: ${reason}`);
    this.host = host;
    this.address = address;
  }
}

/**
 * Resolves `hostname` and checks every address: one forbidden address refuses the whole host,
 * since the connection could go to any of them.
 */
export async function resolveChecked(
  hostname: string,
  resolver: Resolver,
  allowPrivate: boolean,
): Promise<LookupAddress[]> {
  const addresses = await resolver(hostname);
  if (addresses.length === 0) throw new Error(`${hostname} has no address`);
  for (const { address } of addresses) {
    const why = refusal(classifyAddress(address), allowPrivate);
    if (why) throw new WebhookAddressRefused(hostname, address, why);
  }
  return addresses;
}

/**
 * A `lookup` for `net.connect`/`tls.connect` that hands the socket only addresses it has just
 * checked, so the address connected to is the address judged (no second, unchecked resolution
 * for a rebinding DNS server to answer differently). IP literals never reach a lookup; the
 * caller checks those itself.
 */
export function guardedLookup(resolver: Resolver, allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    resolveChecked(hostname, resolver, allowPrivate).then(
      (all) => {
        const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
        const usable = wanted ? all.filter((a) => a.family === wanted) : all;
        const first = usable[0];
        if (!first) {
          const err = Object.assign(new Error(`${hostname} has no IPv${wanted} address`), {
            code: 'ENOTFOUND',
          });
          callback(err, '', 0);
        } else if (options.all) callback(null, usable);
        else callback(null, first.address, first.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 0),
    );
  };
}
