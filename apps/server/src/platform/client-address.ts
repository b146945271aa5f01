import type { IncomingMessage } from 'node:http';
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
