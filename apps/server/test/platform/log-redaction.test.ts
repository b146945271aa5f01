import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { redactUrlSecrets, requestLogSerializer } from '../../src/platform/log-redaction';

describe('redactUrlSecrets', () => {
  it.each([
    ['/verify-email?token=abc_DEF-123', '/verify-email?token=[redacted]'],
    ['/reset-password?token=abc&email=a%40b.c', '/reset-password?token=[redacted]&email=a%40b.c'],
    ['/x?email=a%40b.c&token=abc#top', '/x?email=a%40b.c&token=[redacted]#top'],
    ['/claim-design?TOKEN=abc', '/claim-design?TOKEN=[redacted]'],
    ['/products?q=token=abc', '/products?q=token=abc'],
    ['/login?next=%2Fclaim-design%3Ftoken%3Dabc', '/login?next=%2Fclaim-design%3Ftoken%3D[redacted]'],
    ['/user/dashboard', '/user/dashboard'],
  ])('%s -> %s', (url, want) => {
    expect(redactUrlSecrets(url)).toBe(want);
  });
});

describe('the request log', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
  });

  it("never holds a mailed link's token", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    app = Fastify({ logger: { level: 'info', stream, serializers: { req: requestLogSerializer } } });
    app.get('/verify-email', async () => 'ok');
    const secret = 'S3cretTokenValue_abcdefghijklmnopqrstuvwxyz';
    const res = await app.inject({ method: 'GET', url: `/verify-email?token=${secret}` });
    expect(res.statusCode).toBe(200);
    const log = lines.join('');
    expect(log).toContain('/verify-email?token=[redacted]');
    expect(log).not.toContain(secret);
  });
});
