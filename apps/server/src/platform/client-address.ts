import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import ipaddr from 'ipaddr.js';
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
  if (!ipaddr.isValid(address)) return address;
  const ip = ipaddr.process(address); // an IPv4-mapped IPv6 address as its IPv4
  return ip.kind() === 'ipv4'
    ? ip.toString()
    : `${ip.toNormalizedString().split(':').slice(0, 4).join(':')}::/64`;
}
