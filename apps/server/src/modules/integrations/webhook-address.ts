import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses a webhook may not reach unless WEBHOOK_ALLOW_PRIVATE_URLS allows it: this machine, private and
 * link-local networks (a cloud's metadata service at 169.254.169.254 among them), carrier-grade NAT, multicast
 * and the unspecified address. A hook pointing there would let an administrator's URL probe the server's own
 * network (SSRF).
 */
const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** Whether `address` (an IP, v4 or v6) is one a webhook may not reach. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  // An IPv4 address written as IPv6 (::ffff:127.0.0.1) is the IPv4 one.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return blocked.check(mapped, 'ipv4');
  return blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

type Lookup = typeof dnsLookup;

/**
 * A `lookup` for http.request that refuses a name resolving to a private address: checked on the address the
 * connection is made to, so a name that resolved to a public address when the hook was saved and to an internal
 * one now (DNS rebinding) is refused too.
 */
export function publicOnlyLookup(lookup: Lookup = dnsLookup): Lookup {
  return ((hostname: string, options: object, callback: (...args: unknown[]) => void) => {
    lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error);
      const list = addresses as LookupAddress[];
      const refused = list.find((entry) => isPrivateAddress(entry.address));
      if (refused || list.length === 0) {
        return callback(
          Object.assign(new Error(`dirección privada: ${refused?.address ?? hostname}`), { code: 'EPRIVATE' }),
        );
      }
      if ((options as { all?: boolean }).all) return callback(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  }) as Lookup;
}

/** A name that takes longer than this to resolve counts as not resolving (a request waits on it). */
const LOOKUP_TIMEOUT_MS = 5_000;

/** The addresses `hostname` resolves to, or its own when it is an IP; empty when it does not resolve in time. */
export async function addressesOf(hostname: string): Promise<string[]> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  if (isIP(bare)) return [bare];
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve([]), LOOKUP_TIMEOUT_MS);
    dnsLookup(bare, { all: true }, (error, addresses) => {
      clearTimeout(timer);
      resolve(error ? [] : addresses.map((entry) => entry.address));
    });
  });
}
