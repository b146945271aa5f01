import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyServerOptions, type RouteOptions } from 'fastify';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { SERVER_MESSAGES, type PageRenderer } from '@shop/contracts';
import { fastifyTrustProxy } from './config';
import type { AppContext } from './context';
import { authPlugin } from './platform/auth/guard';
import { frameworkErrors, registerErrorHandling } from './platform/errors';
import { mediaRoutes } from './platform/files/media-route';
import { registerMetrics } from './platform/metrics';
import { securityHeadersPlugin } from './platform/security-headers';
import { refuseDeepJson } from './platform/json-body';
import { refuseUnstorableText } from './platform/text-input';
import { escapeBrokenPageUrl, webAppPlugin, type WebAppOptions } from './platform/web-app';
import { accountRoutes } from './modules/accounts/routes';
import { emailVerificationRoutes } from './modules/accounts/email-verification-routes';
import { realtimePlugin } from './platform/realtime/server';
import { chatRoutes } from './modules/chat/routes';
import { notificationRoutes } from './modules/notifications/routes';
import { userRoutes } from './modules/users/routes';
import { dashboardRoutes } from './modules/dashboard/routes';
import { profileRoutes } from './modules/profile/routes';
import { adminProductRoutes } from './modules/products-admin/routes';
import { designRoutes } from './modules/designs/routes';
import { designClaimRoutes } from './modules/designs/claim-routes';
import { catalogRoutes } from './modules/catalog/routes';
import { searchLimitOf } from './modules/catalog/service';
import { favoriteRoutes } from './modules/favorites/routes';
import { contactRoutes } from './modules/contact/routes';
import { newsletterRoutes } from './modules/newsletter/routes';
import { seoRoutes } from './modules/seo/routes';
import { proposalRoutes } from './modules/proposals/routes';
import { schedulingRoutes } from './modules/scheduling/routes';
import { refuseWhileClosing } from './platform/shutdown';
import { renderHead } from './modules/seo/render-head';
import { createPageRendering, loadPageRenderer, PAGE_RENDERER_DIR } from './modules/seo/render-page';

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
  web?: Pick<WebAppOptions, 'distDir'> & {
    /** The public pages' server renderer; by default the one of the web build in distDir, if it has one. */
    pageRenderer?: PageRenderer | null;
  };
  /** Sees every route as it is registered (the authorization matrix test reads the route table this way). */
  onRoute?: (route: RouteOptions) => void;
}

export async function buildApp(ctx: AppContext, opts: BuildOptions = {}) {
  const app = Fastify({
    logger: opts.logger ?? false,
    trustProxy: fastifyTrustProxy(ctx.config.trustProxy),
    bodyLimit: 1024 * 1024,
    frameworkErrors,
    rewriteUrl: escapeBrokenPageUrl,
    return503OnClosing: false,
    // A request (an upload's body included) must arrive within this time: slow clients cannot hold a connection
    // open forever, and an upload's journal entry is never older than the upload deadline while it arrives.
    requestTimeout: ctx.config.requestTimeoutMs,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
  }).withTypeProvider<ZodTypeProvider>();

  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);
  refuseWhileClosing(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  const metrics = registerMetrics(app, { token: ctx.config.metricsToken, pool: ctx.database.pool });
  refuseUnstorableText(app);
  refuseDeepJson(app);
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('X-Request-Id', request.id);
    done(null, payload);
  });

  const https = ctx.config.publicUrl.startsWith('https://');
  await app.register(securityHeadersPlugin, {
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

  // Text answers (HTML, JS, CSS, JSON, SVG) in brotli or gzip; registered before the static plugin so the built
  // assets are compressed too. Brotli quality 5: most of the gain of 11 at a small part of its CPU cost per request.
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    globalDecompression: false,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } },
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
  await app.register(emailVerificationRoutes, { ctx });
  await app.register(realtimePlugin, { ctx });
  // 0 while this instance runs without Redis: its rate limits and realtime are then its own (README, Metrics).
  const { redis } = ctx;
  if (redis)
    metrics.gauge('redis_up', 'Whether Redis answers this instance (1) or not (0).', () =>
      redis.status === 'ready' ? 1 : 0,
    );
  metrics.gauge(
    'socketio_connections',
    'Socket.IO connections open on this instance.',
    () => app.realtime.io.engine.clientsCount,
  );
  await app.register(chatRoutes, { ctx });
  await app.register(notificationRoutes, { ctx });
  await app.register(userRoutes, { ctx });
  await app.register(dashboardRoutes, { ctx });
  await app.register(profileRoutes, { ctx });
  await app.register(adminProductRoutes, { ctx });
  await app.register(catalogRoutes, { ctx });
  metrics.gauge(
    'catalog_searches_waiting',
    'Searches waiting for their turn in the database (SEARCH_CONCURRENCY of them run at once).',
    () => searchLimitOf(ctx).pendingCount,
  );
  await app.register(favoriteRoutes, { ctx });
  await app.register(contactRoutes, { ctx });
  await app.register(newsletterRoutes, { ctx });
  await app.register(proposalRoutes, { ctx });
  await app.register(schedulingRoutes, { ctx });
  await app.register(seoRoutes, { ctx });
  await app.register(designRoutes, { ctx });
  await app.register(designClaimRoutes, { ctx });

  const distDir = opts.web?.distDir;
  const pageRenderer =
    opts.web?.pageRenderer !== undefined ? opts.web.pageRenderer : await loadPageRenderer(distDir, app.log);
  await app.register(webAppPlugin, {
    distDir,
    renderHead: (request) => renderHead(ctx, request),
    renderPage: pageRenderer ? createPageRendering(ctx, pageRenderer) : undefined,
    privateDirs: [PAGE_RENDERER_DIR],
    shopTimezone: ctx.config.shopTimezone,
  });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
