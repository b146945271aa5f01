import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DESIGN_SERVER_MESSAGES,
  UPLOAD_LIMITS,
  adminDesignCommentRequest,
  adminDesignCommentResponse,
  adminDesignList,
  adminDesignListQuery,
  adminDesignResponse,
  adminDesignStatusRequest,
  adminDesignStatusResponse,
  adminDesignUpdateFields,
  customerDesignList,
  customerDesignListQuery,
  customerDesignResponse,
  customerDesignUpdate,
  designSubmittedResponse,
  idParam,
  messageResponse,
  slugParam,
} from '@shop/contracts';
import { currentAuth, requireAdmin, requireCustomer, requireSession } from '../../platform/auth/guard';
import { forbidden } from '../../platform/errors';
import { sendPrivateFile } from '../../platform/files/private-download';
import { errors, type ModuleOptions } from '../../platform/http';
import { uploadJournalOf } from '../../platform/files/upload-journal';
import { acceptMultipart, validate, withMultipart } from '../../platform/multipart';
import * as service from './service';
import { designLimit, submitDesign } from './submit-design';

const fileParams = z.object({
  id: idParam.shape.id,
  fileId: idParam.shape.id,
});

export async function designRoutes(base: FastifyInstance, { ctx }: ModuleOptions) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  await acceptMultipart(app);

  /* ------------------------------------------------------------ submission (guests and customers) */

  app.post('/api/user/design-submissions', {
    schema: {
      tags: ['designs'],
      consumes: ['multipart/form-data'],
      response: { 201: designSubmittedResponse, ...errors(400, 401, 403, 413, 415, 422, 429, 507) },
    },
    handler: async (request, reply) => {
      const auth = request.auth;
      if (auth && (auth.audience !== 'customer' || auth.user.role !== 'user'))
        throw forbidden(DESIGN_SERVER_MESSAGES.adminCannotSubmit);
      // A guest (per network) or a customer (per account) out of submissions is refused before the upload; a point
      // is spent only once the submission is valid (submitDesign), so refused input leaves the allowance as it was
      // (decisions.md D2). Each submission notifies every admin.
      await ctx.limits.check(...designLimit(auth, request.ip));
      const submitted = await withMultipart(
        request,
        {
          files: {
            design_file: { maxBytes: UPLOAD_LIMITS.designFileBytes, maxCount: 1, storeUnder: 'designs' },
          },
        },
        uploadJournalOf(ctx),
        (body) => submitDesign(ctx, auth, body, request.ip),
      );
      return reply.code(201).send(submitted);
    },
  });

  /* ------------------------------------------------------------ customer area */

  app.get('/api/user/design-submissions', {
    onRequest: requireCustomer,
    schema: {
      tags: ['designs'],
      querystring: customerDesignListQuery,
      response: { 200: customerDesignList, ...errors(401, 403, 422) },
    },
    handler: async (request) =>
      service.listOwnDesigns(ctx, currentAuth(request), request.query.page, request.query.per_page),
  });

  app.get('/api/user/design-submissions/:slug', {
    onRequest: requireCustomer,
    schema: {
      tags: ['designs'],
      params: slugParam,
      response: { 200: customerDesignResponse, ...errors(401, 403, 404) },
    },
    handler: async (request) => ({
      design: await service.showOwnDesign(ctx, currentAuth(request), request.params.slug),
    }),
  });

  app.put('/api/user/design-submissions/:slug', {
    onRequest: requireCustomer,
    schema: {
      tags: ['designs'],
      params: slugParam,
      body: customerDesignUpdate,
      response: { 200: customerDesignResponse, ...errors(401, 403, 404, 422) },
    },
    handler: async (request) => ({
      design: await service.updateOwnDesign(ctx, currentAuth(request), request.params.slug, request.body),
    }),
  });

  app.delete('/api/user/design-submissions/:slug', {
    onRequest: requireCustomer,
    schema: {
      tags: ['designs'],
      params: slugParam,
      response: { 200: messageResponse, ...errors(401, 403, 404, 409) },
    },
    handler: async (request) => {
      await service.deleteOwnDesign(ctx, currentAuth(request), request.params.slug);
      return { message: DESIGN_SERVER_MESSAGES.deleted };
    },
  });

  /* ------------------------------------------------------------ private files (owner and admins) */

  app.get('/api/files/designs/:id/design-file', {
    onRequest: requireSession,
    schema: { tags: ['designs'], params: idParam, response: { ...errors(401, 403, 404) } },
    handler: async (request, reply) =>
      sendPrivateFile(reply, await service.openDesignFile(ctx, currentAuth(request), request.params.id)),
  });

  app.get('/api/files/designs/:id/recommendations/:fileId', {
    onRequest: requireSession,
    schema: { tags: ['designs'], params: fileParams, response: { ...errors(401, 403, 404) } },
    handler: async (request, reply) =>
      sendPrivateFile(
        reply,
        await service.openRecommendationFile(
          ctx,
          currentAuth(request),
          request.params.id,
          request.params.fileId,
        ),
      ),
  });

  /* ------------------------------------------------------------ back-office */

  app.get('/api/admin/designs', {
    onRequest: requireAdmin,
    schema: {
      tags: ['admin'],
      querystring: adminDesignListQuery,
      response: { 200: adminDesignList, ...errors(401, 403, 422) },
    },
    handler: async (request) => service.listDesigns(ctx, request.query),
  });

  app.get('/api/admin/designs/:id/show', {
    onRequest: requireAdmin,
    schema: {
      tags: ['admin'],
      params: idParam,
      response: { 200: adminDesignResponse, ...errors(401, 403, 404) },
    },
    handler: async (request) => ({ design: await service.showDesign(ctx, request.params.id) }),
  });

  app.put('/api/admin/designs/:id/status', {
    onRequest: requireAdmin,
    schema: {
      tags: ['admin'],
      params: idParam,
      body: adminDesignStatusRequest,
      response: { 200: adminDesignStatusResponse, ...errors(401, 403, 404, 422) },
    },
    handler: async (request) => {
      const design = await service.changeStatus(
        ctx,
        currentAuth(request),
        request.params.id,
        request.body.status,
      );
      return { status: design.status, message: DESIGN_SERVER_MESSAGES.statusUpdated };
    },
  });

  app.post('/api/admin/designs/:id/comments', {
    onRequest: requireAdmin,
    schema: {
      tags: ['admin'],
      params: idParam,
      body: adminDesignCommentRequest,
      response: { 200: adminDesignCommentResponse, ...errors(401, 403, 404, 422) },
    },
    handler: async (request) => {
      const design = await service.addComment(
        ctx,
        currentAuth(request),
        request.params.id,
        request.body.comment,
      );
      return { message: DESIGN_SERVER_MESSAGES.commentAdded, design };
    },
  });

  app.post('/api/admin/designs/:id/update', {
    onRequest: requireAdmin,
    schema: {
      tags: ['admin'],
      consumes: ['multipart/form-data'],
      params: idParam,
      response: { 200: adminDesignResponse, ...errors(400, 401, 403, 404, 409, 413, 415, 422, 507) },
    },
    handler: async (request) => {
      const rules = {
        files: {
          recommendation_files: {
            maxBytes: UPLOAD_LIMITS.recommendationFileBytes,
            maxCount: UPLOAD_LIMITS.maxRecommendationFiles,
            storeUnder: 'recommendations',
          },
        },
      };
      const single = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
      // A design that does not exist is answered before its files are received (the review checks it again).
      await service.anyDesign(ctx, request.params.id);
      const design = await withMultipart(request, rules, uploadJournalOf(ctx), async (body) => {
        const fields = validate(adminDesignUpdateFields, {
          comments: single(body.fields.comments),
          recommendation_notes: single(body.fields.recommendation_notes),
          status: single(body.fields.status),
          removed_recommendation_files: body.fields.removed_recommendation_files,
          updated_at: single(body.fields.updated_at),
        });
        return service.reviewDesign(ctx, currentAuth(request), request.params.id, {
          status: fields.status,
          comment: fields.comments,
          recommendationNotes: fields.recommendation_notes,
          newFiles: body.stored.filter((f) => f.field === 'recommendation_files'),
          removedFiles: fields.removed_recommendation_files,
          loadedVersion: fields.updated_at,
        });
      });
      return { design };
    },
  });
}
