// Who the client is, for the per-address limits (rejected keys, requests without auth): the peer's
// address, or behind a reverse proxy named by --trust-proxy, the address the proxy reports in
// X-Forwarded-For. Off by default: a header anyone can send is believed only from the proxies named.
import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';

export interface TrustedProxies {
  has(address: string): boolean;
  /** As given, for the log. */
  readonly spec: string;
}

/** Thrown for a --trust-proxy value that is not a list of addresses and ranges. */
export class TrustProxyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TrustProxyError';
  }
}

const plain = (address: string) => (address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address);

/** "127.0.0.1", "10.0.0.0/8,::1", "loopback": addresses and CIDR ranges, IPv4 or IPv6. */
export function parseTrustedProxies(spec: string): TrustedProxies {
  const list = new BlockList();
  const items = spec
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (items.length === 0) throw new TrustProxyError("--trust-proxy takes the proxies' addresses: 127.0.0.1, 10.0.0.0/8, ::1, or loopback");
  for (const item of items) {
    if (item === 'loopback') {
      list.addSubnet('127.0.0.0', 8, 'ipv4');
      list.addAddress('::1', 'ipv6');
      continue;
    }
    const [address = '', bits, extra] = item.split('/');
    const family = isIP(address);
    const prefix = bits === undefined ? undefined : Number(bits);
    const max = family === 4 ? 32 : 128;
    if (family === 0 || extra !== undefined || (prefix !== undefined && !(Number.isInteger(prefix) && prefix >= 0 && prefix <= max))) {
      throw new TrustProxyError(`--trust-proxy: "${item}" is not an IP address or a CIDR range (10.0.0.0/8, fd00::/8)`);
    }
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, prefix, type);
  }
  return {
    spec: items.join(','),
    has(address) {
      const a = plain(address);
      const family = isIP(a);
      return family !== 0 && list.check(a, family === 4 ? 'ipv4' : 'ipv6');
    },
  };
}

/**
 * The client's address. From a trusted proxy, X-Forwarded-For is read from its right end (what the
 * proxy nearest to us appended), skipping further trusted proxies; the first address that is not
 * one is the client. A header a client wrote itself sits further left and is never reached first.
 */
export function clientAddress(req: IncomingMessage, trusted: TrustedProxies | undefined): string {
  const peer = plain(req.socket.remoteAddress ?? '');
  if (!trusted?.has(peer)) return peer;
  const header = req.headers['x-forwarded-for'];
  const hops = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((h) => plain(h.trim()))
    .filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i]!;
    if (isIP(hop) === 0) return peer; // not an address: the header is not the proxy's
    if (!trusted.has(hop)) return hop;
  }
  return hops[0] ?? peer;
}
