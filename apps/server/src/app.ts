import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyServerOptions } from 'fastify';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { SERVER_MESSAGES, UPLOAD_LIMITS } from '@shop/contracts';
import type { AppContext } from './context';
import { authPlugin } from './platform/auth/guard';
import { registerErrorHandling } from './platform/errors';
import { mediaRoutes } from './platform/files/media-route';
import { webAppPlugin, type WebAppOptions } from './platform/web-app';
import { accountRoutes } from './modules/accounts/routes';

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
  web?: WebAppOptions;
}

export async function buildApp(ctx: AppContext, opts: BuildOptions = {}) {
  const app = Fastify({
    logger: opts.logger ?? false,
    trustProxy: ctx.config.trustProxy,
    bodyLimit: 1024 * 1024,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });

  const https = ctx.config.publicUrl.startsWith('https://');
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 31536000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });

  await app.register(multipart, {
    limits: {
      fileSize: UPLOAD_LIMITS.designFileBytes,
      files: 20,
      fields: 50,
      fieldSize: 64 * 1024,
      parts: 80,
    },
  });

  await app.register(swagger, {
    openapi: {
      info: { title: `${ctx.config.appName} API`, version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: false,
    uiConfig: { docExpansion: 'list' },
  });

  await app.register(authPlugin, { db: ctx.database.db });

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await ctx.database.db.execute(sql`select 1`);
      return { status: 'ready' };
    } catch {
      return reply.code(503).send({ message: SERVER_MESSAGES.unavailable });
    }
  });

  await app.register(mediaRoutes, { storage: ctx.storage, publicPrefixes: ['products', 'avatars'] });
  await app.register(accountRoutes, { ctx });

  await app.register(webAppPlugin, opts.web ?? {});
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
