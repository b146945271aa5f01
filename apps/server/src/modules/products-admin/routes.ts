import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PRODUCT_SERVER_MESSAGES,
  UPLOAD_LIMITS,
  adminProductResponse,
  adminProductsQuery,
  adminProductsResponse,
  idParam,
  messageResponse,
  productInput,
  productMutationResponse,
  productStatusRequest,
  productStatusResponse,
  productUpdateInput,
  productUpdateQuery,
} from '@shop/contracts';
import type { z } from 'zod';
import { requireAdmin } from '../../platform/auth/guard';
import { errors, type ModuleOptions } from '../../platform/http';
import { acceptMultipart, readMultipart, validate, type UploadedFile } from '../../platform/multipart';
import * as service from './service';

const imageRules = {
  files: {
    photo: { maxBytes: UPLOAD_LIMITS.productImageBytes, maxCount: 1 },
    gallery: { maxBytes: UPLOAD_LIMITS.productImageBytes, maxCount: UPLOAD_LIMITS.maxGalleryFiles },
  },
};

/** The product form arrives as JSON (fields only) or multipart (fields, `photo` and `gallery[]` files). */
async function readProductForm<S extends z.ZodType>(
  request: FastifyRequest,
  schema: S,
): Promise<{ input: z.output<S>; files: UploadedFile[] }> {
  if (request.isMultipart()) {
    const { fields, files } = await readMultipart(request, imageRules);
    return { input: validate(schema, fields), files };
  }
  return { input: validate(schema, request.body ?? {}), files: [] };
}

const formConsumes = ['application/json', 'multipart/form-data'];

export async function adminProductRoutes(base: FastifyInstance, { ctx }: ModuleOptions) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  await acceptMultipart(app);
  const tags = ['admin products'];

  app.get('/api/admin/products', {
    onRequest: requireAdmin,
    schema: {
      tags,
      querystring: adminProductsQuery,
      response: { 200: adminProductsResponse, ...errors(401, 403, 422) },
    },
    handler: async (request) => service.listProducts(ctx, request.query),
  });

  app.get('/api/admin/products/:id', {
    onRequest: requireAdmin,
    schema: { tags, params: idParam, response: { 200: adminProductResponse, ...errors(401, 403, 404) } },
    handler: async (request) => ({ product: await service.getProduct(ctx, request.params.id) }),
  });

  app.post('/api/admin/products', {
    onRequest: requireAdmin,
    schema: {
      tags,
      consumes: formConsumes,
      description:
        'JSON (name, sku, description, category_id, price, stock_quantity) or multipart with photo and gallery[] files.',
      response: { 201: productMutationResponse, ...errors(400, 401, 403, 413, 415, 422, 507) },
    },
    handler: async (request, reply) => {
      const { input, files } = await readProductForm(request, productInput);
      const product = await service.createProduct(ctx, input, files);
      return reply.code(201).send({ product, message: PRODUCT_SERVER_MESSAGES.created });
    },
  });

  // The back-office sends edits as POST with ?_method=PUT (a multipart body cannot travel with PUT from its form).
  app.post('/api/admin/products/:id', {
    onRequest: requireAdmin,
    schema: {
      tags,
      params: idParam,
      querystring: productUpdateQuery,
      consumes: formConsumes,
      description:
        'Multipart: name, sku, description, category_id, price, stock_quantity, photo, gallery[], removed_gallery[] (image ids), ' +
        'updated_at (optional: the product as loaded; 409 when it has been changed since, and nothing is changed).',
      response: { 200: productMutationResponse, ...errors(400, 401, 403, 404, 409, 413, 415, 422, 507) },
    },
    handler: async (request) => {
      // A product that does not exist is answered before the form's files are received (the update checks again).
      await service.requireProduct(ctx, request.params.id);
      const { input, files } = await readProductForm(request, productUpdateInput);
      const product = await service.updateProduct(ctx, request.params.id, input, files, request.log);
      return { product, message: PRODUCT_SERVER_MESSAGES.updated };
    },
  });

  app.post('/api/admin/products/:id/toggle-status', {
    onRequest: requireAdmin,
    schema: {
      tags,
      params: idParam,
      body: productStatusRequest.nullish(),
      response: { 200: productStatusResponse, ...errors(401, 403, 404, 422) },
    },
    handler: async (request) => ({
      status: await service.toggleStatus(ctx, request.params.id, request.body?.status),
      message: PRODUCT_SERVER_MESSAGES.statusUpdated,
    }),
  });

  app.delete('/api/admin/products/:id', {
    onRequest: requireAdmin,
    schema: { tags, params: idParam, response: { 200: messageResponse, ...errors(401, 403, 404) } },
    handler: async (request) => {
      await service.deleteProduct(ctx, request.params.id, request.log);
      return { message: PRODUCT_SERVER_MESSAGES.deleted };
    },
  });
}
