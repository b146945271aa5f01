import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptProposalInput,
  adminProposalList,
  adminProposalListQuery,
  adminProposalResponse,
  adminQuoteRequestList,
  adminQuoteRequestListQuery,
  customerProposalList,
  customerProposalListQuery,
  declineProposalInput,
  idParam,
  proposalInput,
  proposalResponse,
  proposalSettings,
  quoteRequestInput,
  quoteRequestResponse,
} from '@shop/contracts';
import { currentAuth, requireAdmin, requireCustomer } from '../../platform/auth/guard';
import { sendPrivateFile } from '../../platform/files/private-download';
import { errors, type ModuleOptions } from '../../platform/http';
import { recordRoute } from '../../platform/record-routes';
import * as service from './service';

const pdfAnswer = z.any().describe('application/pdf');

function sendPdf(reply: FastifyReply, file: { pdf: Buffer; filename: string }) {
  return sendPrivateFile(reply, {
    stream: Readable.from([file.pdf]),
    size: file.pdf.length,
    name: file.filename,
    mime: 'application/pdf',
  });
}

/** Proposals (back-office and customer area) and quote requests. Rules live in service.ts. */
export async function proposalRoutes(base: FastifyInstance, { ctx }: ModuleOptions) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const me = (request: Parameters<typeof currentAuth>[0]) => currentAuth(request).user.id;

  /* Back-office */

  app.get('/api/admin/proposal-settings', {
    onRequest: requireAdmin,
    schema: { tags: ['admin'], response: { 200: proposalSettings, ...errors(401, 403) } },
    handler: async () => ({ tax_rate: ctx.config.defaultTaxRate, currency: ctx.config.currency }),
  });

  const admin = {
    guard: requireAdmin,
    tags: ['admin'],
    answer: adminProposalResponse,
    key: 'proposal',
  } as const;
  const created = { method: 'POST', body: proposalInput, status: 201, errors: [401, 403, 404, 422] } as const;
  recordRoute(app, { ...admin, ...created, url: '/api/admin/designs/:id/proposals' }, (id, body, request) =>
    service.createForDesign(ctx, me(request), id, body),
  );

  recordRoute(
    app,
    { ...admin, ...created, url: '/api/admin/quote-requests/:id/proposals' },
    (id, body, request) => service.createForQuoteRequest(ctx, me(request), id, body),
  );

  app.get('/api/admin/proposals', {
    onRequest: requireAdmin,
    schema: {
      tags: ['admin'],
      querystring: adminProposalListQuery,
      response: { 200: adminProposalList, ...errors(401, 403, 422) },
    },
    handler: async (request) => service.adminList(ctx, request.query),
  });

  recordRoute(
    app,
    { ...admin, method: 'GET', url: '/api/admin/proposals/:id', errors: [401, 403, 404] },
    (id) => service.adminProposal(ctx, id),
  );

  recordRoute(
    app,
    {
      ...admin,
      method: 'PUT',
      url: '/api/admin/proposals/:id',
      body: proposalInput,
      errors: [401, 403, 404, 409, 422],
    },
    (id, body) => service.updateDraft(ctx, id, body),
  );

  recordRoute(
    app,
    { ...admin, method: 'POST', url: '/api/admin/proposals/:id/send', errors: [401, 403, 404, 409, 422] },
    (id) => service.send(ctx, id),
  );

  recordRoute(
    app,
    {
      ...admin,
      method: 'POST',
      url: '/api/admin/proposals/:id/revise',
      status: 201,
      errors: [401, 403, 404, 409],
    },
    (id, _body, request) => service.revise(ctx, me(request), id),
  );

  app.get('/api/admin/proposals/:id/pdf', {
    onRequest: requireAdmin,
    schema: { tags: ['admin'], params: idParam, response: { 200: pdfAnswer, ...errors(401, 403, 404) } },
    handler: async (request, reply) => sendPdf(reply, await service.adminPdf(ctx, request.params.id)),
  });

  app.get('/api/admin/quote-requests', {
    onRequest: requireAdmin,
    schema: {
      tags: ['admin'],
      querystring: adminQuoteRequestListQuery,
      response: { 200: adminQuoteRequestList, ...errors(401, 403, 422) },
    },
    handler: async (request) => service.quoteRequestList(ctx, request.query.page, request.query.perPage),
  });

  recordRoute(
    app,
    {
      ...admin,
      method: 'GET',
      url: '/api/admin/quote-requests/:id',
      answer: quoteRequestResponse,
      key: 'quote_request',
      errors: [401, 403, 404],
    },
    (id) => service.quoteRequestById(ctx, id),
  );

  /* Customer area */

  app.get('/api/user/proposals', {
    onRequest: requireCustomer,
    schema: {
      tags: ['proposals'],
      querystring: customerProposalListQuery,
      response: { 200: customerProposalList, ...errors(401, 403, 422) },
    },
    handler: async (request) => service.customerList(ctx, me(request), request.query),
  });

  const customer = {
    guard: requireCustomer,
    tags: ['proposals'],
    answer: proposalResponse,
    key: 'proposal',
  } as const;
  recordRoute(
    app,
    { ...customer, method: 'GET', url: '/api/user/proposals/:id', errors: [401, 403, 404] },
    (id, _body, request) => service.customerProposal(ctx, me(request), id),
  );

  recordRoute(
    app,
    {
      ...customer,
      method: 'POST',
      url: '/api/user/proposals/:id/accept',
      body: acceptProposalInput,
      errors: [401, 403, 404, 409, 422],
    },
    (id, body, request) => service.accept(ctx, me(request), id, body),
  );

  recordRoute(
    app,
    {
      ...customer,
      method: 'POST',
      url: '/api/user/proposals/:id/decline',
      body: declineProposalInput,
      errors: [401, 403, 404, 409, 422],
    },
    (id, body, request) => service.decline(ctx, me(request), id, body.comment),
  );

  app.get('/api/user/proposals/:id/pdf', {
    onRequest: requireCustomer,
    schema: { tags: ['proposals'], params: idParam, response: { 200: pdfAnswer, ...errors(401, 403, 404) } },
    handler: async (request, reply) =>
      sendPdf(reply, await service.customerPdf(ctx, me(request), request.params.id)),
  });

  app.post('/api/user/quote-requests', {
    onRequest: requireCustomer,
    schema: {
      tags: ['proposals'],
      body: quoteRequestInput,
      response: { 201: quoteRequestResponse, ...errors(401, 403, 422, 429) },
    },
    handler: async (request, reply) =>
      reply.code(201).send({ quote_request: await service.requestQuote(ctx, me(request), request.body) }),
  });
}
