/**
 * The storefront list in layers, for `LAYERS=1 npx tsx bench/catalog-cpu.ts`: one process holding
 * - the shop as bench/catalog-server.ts runs it, on PORT;
 * - the shop's catalogue service behind a bare Fastify instance on SERVICE_PORT: no hooks, no headers, no metrics;
 *   the contract's check of the query, `listStorefrontProducts` and Fastify's default JSON serializer;
 * - the bare route of bench/catalog-bare.ts on BARE_PORT.
 * Beside the bare route in a process of its own, they tell apart what the shop's process costs the same handler,
 * what the shop's service costs over the bare SQL, and what the shop's Fastify instance adds (hooks, validation,
 * headers, metrics, the route's serializer). Prints 'ready' when all three listen.
 */
import Fastify from 'fastify';
import { productListQuery } from '@shop/contracts';
import { listStorefrontProducts } from '../apps/server/src/modules/catalog/service';
import { startShop } from './shop-app';

const shop = await startShop();
const service = Fastify({ logger: false });
service.get('/api/v1/frontend/products', async (request) =>
  listStorefrontProducts(shop.ctx, productListQuery.parse(request.query), undefined),
);
await service.listen({ port: Number(process.env.SERVICE_PORT), host: '127.0.0.1' });
// Last: the bare route listens on BARE_PORT, prints 'ready' and ends the process on SIGTERM.
await import('./catalog-bare');
