import type { FastifyRequest } from 'fastify';

/**
 * Mailed links carry single-use secrets in their query (`token=`, also inside a sign-in's encoded `next=`): logs
 * keep the path, never the value.
 */
export function redactUrlSecrets(url: string): string {
  return url.replace(/((?:[?&]|%3F|%26)token(?:=|%3D))[^&#]*/gi, '$1[redacted]');
}

/** Fastify's request log line (method, url, host, address), with the url's secrets redacted. */
export function requestLogSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrlSecrets(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
