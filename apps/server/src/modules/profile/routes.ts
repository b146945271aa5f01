import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PROFILE_MESSAGES,
  UPLOAD_LIMITS,
  adminPasswordUpdateRequest,
  adminProfileUpdateRequest,
  adminProfileUpdateResponse,
  customerPasswordUpdateRequest,
  customerProfileUpdateRequest,
  customerProfileUpdateResponse,
  messageResponse,
} from '@shop/contracts';
import type { z } from 'zod';
import { currentAuth, requireAdmin, requireCustomer } from '../../platform/auth/guard';
import { errors, type ModuleOptions } from '../../platform/http';
import { acceptMultipart, readMultipart, validate, type UploadedFile } from '../../platform/multipart';
import * as service from './service';

const photoRules = { files: { photo: { maxBytes: UPLOAD_LIMITS.profilePhotoBytes, maxCount: 1 } } };

/** The profile form: multipart (fields and an optional `photo`) or, without a photo, JSON. */
async function readProfileForm<S extends z.ZodType>(
  request: FastifyRequest,
  schema: S,
): Promise<{ input: z.output<S>; photo?: UploadedFile }> {
  if (request.isMultipart()) {
    const { fields, files } = await readMultipart(request, photoRules);
    return { input: validate(schema, fields), photo: files[0] };
  }
  return { input: validate(schema, request.body ?? {}) };
}

const formConsumes = ['multipart/form-data', 'application/json'];

export async function profileRoutes(base: FastifyInstance, { ctx }: ModuleOptions) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  await acceptMultipart(app);

  app.post('/api/admin/profile/update', {
    onRequest: requireAdmin,
    schema: {
      tags: ['admin profile'],
      consumes: formConsumes,
      description: 'Multipart: name, email, optional photo.',
      response: { 200: adminProfileUpdateResponse, ...errors(400, 401, 403, 409, 413, 415, 422, 507) },
    },
    handler: async (request) => {
      const { input, photo } = await readProfileForm(request, adminProfileUpdateRequest);
      const admin = await service.updateAdminProfile(ctx, currentAuth(request), input, photo, request.log);
      return { admin, message: PROFILE_MESSAGES.profileUpdated };
    },
  });

  app.post('/api/admin/password/update', {
    onRequest: requireAdmin,
    schema: {
      tags: ['admin profile'],
      body: adminPasswordUpdateRequest,
      response: { 200: messageResponse, ...errors(401, 403, 422, 429) },
    },
    handler: async (request) => {
      await service.updateAdminPassword(ctx, currentAuth(request), request.body);
      return { message: PROFILE_MESSAGES.passwordUpdated };
    },
  });

  app.post('/api/profile/update', {
    onRequest: requireCustomer,
    schema: {
      tags: ['profile'],
      consumes: formConsumes,
      description: 'Multipart: name, phone, optional photo (any image type). The e-mail is read-only.',
      response: { 200: customerProfileUpdateResponse, ...errors(400, 401, 403, 413, 415, 422, 429, 507) },
    },
    handler: async (request) => {
      const { input, photo } = await readProfileForm(request, customerProfileUpdateRequest);
      const user = await service.updateCustomerProfile(ctx, currentAuth(request), input, photo, request.log);
      return { message: `${PROFILE_MESSAGES.profileUpdated}.`, user };
    },
  });

  app.post('/api/profile/password', {
    onRequest: requireCustomer,
    schema: {
      tags: ['profile'],
      body: customerPasswordUpdateRequest,
      response: { 200: messageResponse, ...errors(401, 403, 422, 429) },
    },
    handler: async (request) => {
      await service.updateCustomerPassword(ctx, currentAuth(request), request.body);
      return { message: `${PROFILE_MESSAGES.passwordUpdated}.` };
    },
  });
}
