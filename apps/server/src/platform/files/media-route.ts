import type { FastifyInstance } from 'fastify';
import { SERVER_MESSAGES } from '@shop/contracts';
import type { FileStorage } from './storage';
import { IMAGE_WIDTHS } from './images';

const MEDIA_PATH = new RegExp(`^([a-z]+)/[a-f0-9]{24}/(${IMAGE_WIDTHS.join('|')})\\.webp$`);

/**
 * Serves public image variants (`/media/<prefix>/<random>/<width>.webp`). Keys are random and never reused,
 * so the answers are cached for a year.
 */
export async function mediaRoutes(
  app: FastifyInstance,
  opts: { storage: FileStorage; publicPrefixes: string[] },
) {
  app.get('/media/*', { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const match = MEDIA_PATH.exec(key);
    if (!match || !opts.publicPrefixes.includes(match[1]!))
      return reply.code(404).send({ message: SERVER_MESSAGES.notFound });
    const file = await opts.storage.read(key);
    if (!file) return reply.code(404).send({ message: SERVER_MESSAGES.notFound });
    return reply
      .type('image/webp')
      .header('Content-Length', file.size)
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('X-Content-Type-Options', 'nosniff')
      .send(file.stream);
  });
}
