import type { IncomingMessage } from 'node:http';
import { isIPv4, isIPv6 } from 'node:net';
import proxyAddr from '@fastify/proxy-addr';
import { fastifyTrustProxy, type Config } from '../config';

/**
 * The client's address of a raw request, as Fastify's `request.ip` tells it under the same TRUST_PROXY setting:
 * for requests that never become Fastify requests (the realtime handshake).
 */
export function clientAddressOf(trustProxy: Config['trustProxy']): (req: IncomingMessage) => string {
  const trust = fastifyTrustProxy(trustProxy);
  if (!trust) return (req) => req.socket.remoteAddress ?? '';
  const fn = typeof trust === 'function' ? trust : proxyAddr.compile(trust);
  return (req) => {
    const all = proxyAddr.all(req, fn);
    return all[all.length - 1] ?? '';
  };
}

/**
 * The network a client's address stands for in the rate limits: an IPv4 address itself (an IPv4-mapped IPv6
 * address as its IPv4), an IPv6 address as its /64. One IPv6 subscriber holds at least a /64 and picks any address in
 * it at will, so limits keyed by the whole address would give each request a fresh allowance.
 */
export function networkOf(address: string): string {
  const ip = address.replace(/%.*$/, ''); // a link-local address's zone
  if (isIPv4(ip)) return ip;
  if (!isIPv6(ip)) return address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  const [head, tail = ''] = ip.toLowerCase().split('::') as [string, string?];
  const groups = (part: string) => (part ? part.split(':') : []);
  // An embedded IPv4 in the last 32 bits only ever falls in the interface half; the first four groups are whole.
  const front = groups(head);
  const back = ip.includes('::') ? groups(tail) : [];
  const missing = 8 - front.length - back.length - (back.at(-1)?.includes('.') ? 1 : 0);
  const all = [...front, ...Array<string>(Math.max(0, missing)).fill('0'), ...back];
  return `${all
    .slice(0, 4)
    .map((g) => (Number.parseInt(g, 16) || 0).toString(16))
    .join(':')}::/64`;
}
