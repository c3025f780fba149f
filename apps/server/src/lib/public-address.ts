import { isIP } from 'node:net';

/** IPv4 ranges nobody outside the local network reaches: loopback, private, link-local, carrier NAT, "this". */
const PRIVATE_V4: [number, number][] = [
  [0x00000000, 8],
  [0x0a000000, 8],
  [0x64400000, 10],
  [0x7f000000, 8],
  [0xa9fe0000, 16],
  [0xac100000, 12],
  [0xc0a80000, 16],
];

function v4Number(address: string): number {
  return address.split('.').reduce((sum, part) => sum * 256 + Number(part), 0);
}

function privateV4(address: string): boolean {
  const value = v4Number(address);
  return PRIVATE_V4.some(
    ([base, bits]) => Math.floor(value / 2 ** (32 - bits)) === Math.floor(base / 2 ** (32 - bits)),
  );
}

function privateV6(address: string): boolean {
  const lower = address.toLowerCase();
  if (lower === '::1' || lower === '::') return true;
  // An IPv4 address written as IPv6 (::ffff:192.168.1.10, which URL writes ::ffff:c0a8:10a).
  const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return privateV4(dotted[1]!);
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex) {
    const value = Number.parseInt(hex[1]!, 16) * 65_536 + Number.parseInt(hex[2]!, 16);
    return privateV4([24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256).join('.'));
  }
  // fc00::/7 (unique local) and fe80::/10 (link-local).
  return /^f[cd]/.test(lower) || /^fe[89ab]/.test(lower);
}

/**
 * Whether an address (https://host:port) can be opened from outside the local network: a certificate's QR that
 * points at localhost, 127.0.0.1, a private range (10.x, 172.16–31.x, 192.168.x), a link-local address or a
 * name without a dot (a machine's name, «.local», «.internal», «.lan») opens nothing on the client's auditor's phone.
 */
export function isPublicAddress(url: string): boolean {
  let hostname: string;
  try {
    hostname = new URL(url).hostname;
  } catch {
    return false;
  }
  const host = hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  const family = isIP(host);
  if (family === 4) return !privateV4(host);
  if (family === 6) return !privateV6(host);
  if (!host.includes('.')) return false;
  return !/\.(localhost|local|internal|lan|home|localdomain|test|invalid|example)$/.test(host);
}
