import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminBookingList,
  adminBookingListQuery,
  bookingAddressInput,
  bookingInput,
  bookingResponse,
  bookingsResponse,
  cancelBookingInput,
  guestSiteVisitInput,
  installationBookingInput,
  rescheduleInput,
  schedule,
  scheduleResponse,
  SCHEDULING_MESSAGES,
  siteVisitInput,
  slotsResponse,
} from '@shop/contracts';
import { currentAuth, requireAdmin, requireCustomer } from '../../platform/auth/guard';
import { forbidden } from '../../platform/errors';
import { errors, type ModuleOptions } from '../../platform/http';
import { validate } from '../../platform/multipart';
import { recordRoute } from '../../platform/record-routes';
import * as service from './service';

/**
 * A cancellation's body is optional: a request without one (Fastify's body is then null) cancels as before,
 * without a reason. A JSON null sent as the body is no object, and is refused as any other (reasonOf).
 */
const cancelBody = cancelBookingInput
  .nullable()
  .describe('Optional: a request without a body cancels the booking without a reason.');

function reasonOf(body: z.infer<typeof cancelBody>, request: FastifyRequest): string | null {
  if (body === null && request.headers['content-type'] !== undefined) validate(cancelBookingInput, body);
  return body?.reason ?? null;
}

/** Availability, installation bookings and site visits. Rules live in service.ts. */
export async function schedulingRoutes(base: FastifyInstance, { ctx }: ModuleOptions) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const me = (request: Parameters<typeof currentAuth>[0]) => currentAuth(request).user.id;

  /* Back-office */

  app.get('/api/admin/schedule', {
    onRequest: requireAdmin,
    schema: { tags: ['admin'], response: { 200: scheduleResponse, ...errors(401, 403) } },
    handler: async () => service.getSchedule(ctx),
  });

  app.put('/api/admin/schedule', {
    onRequest: requireAdmin,
    schema: {
      tags: ['admin'],
      body: schedule,
      response: { 200: scheduleResponse, ...errors(401, 403, 422) },
    },
    handler: async (request) => service.putSchedule(ctx, request.body),
  });

  app.get('/api/admin/bookings', {
    onRequest: requireAdmin,
    schema: {
      tags: ['admin'],
      querystring: adminBookingListQuery,
      response: { 200: adminBookingList, ...errors(401, 403, 422) },
    },
    handler: async (request) => service.adminBookings(ctx, request.query),
  });

  const admin = { guard: requireAdmin, tags: ['admin'], answer: bookingResponse, key: 'booking' } as const;
  recordRoute(
    app,
    { ...admin, method: 'POST', url: '/api/admin/bookings/:id/confirm', errors: [401, 403, 404, 409] },
    (id) => service.adminConfirm(ctx, id),
  );
  recordRoute(
    app,
    {
      ...admin,
      method: 'POST',
      url: '/api/admin/bookings/:id/propose',
      body: bookingInput,
      errors: [401, 403, 404, 409, 422],
    },
    (id, body) => service.adminPropose(ctx, id, body),
  );
  recordRoute(
    app,
    {
      ...admin,
      method: 'POST',
      url: '/api/admin/bookings/:id/cancel',
      body: cancelBody,
      errors: [401, 403, 404, 409, 422],
    },
    (id, body, request) => service.adminCancel(ctx, id, reasonOf(body, request)),
  );
  recordRoute(
    app,
    {
      ...admin,
      method: 'POST',
      url: '/api/admin/bookings/:id/address',
      body: bookingAddressInput,
      errors: [401, 403, 404, 409, 422],
    },
    (id, body) => service.adminChangeAddress(ctx, id, body.address),
  );

  /* Customer area */

  const customer = {
    guard: requireCustomer,
    tags: ['scheduling'],
    answer: bookingResponse,
    key: 'booking',
  } as const;
  recordRoute(
    app,
    {
      ...customer,
      method: 'GET',
      url: '/api/user/proposals/:id/slots',
      answer: slotsResponse,
      key: 'slots',
      errors: [401, 403, 404],
    },
    (id, _body, request) => service.proposalSlots(ctx, me(request), id),
  );
  recordRoute(
    app,
    {
      ...customer,
      method: 'POST',
      url: '/api/user/proposals/:id/booking',
      body: installationBookingInput,
      status: 201,
      errors: [401, 403, 404, 409, 422],
    },
    (id, body, request) => service.bookInstallation(ctx, me(request), id, body),
  );

  app.get('/api/user/bookings', {
    onRequest: requireCustomer,
    schema: { tags: ['scheduling'], response: { 200: bookingsResponse, ...errors(401, 403) } },
    handler: async (request) => ({ bookings: await service.customerBookings(ctx, me(request)) }),
  });

  recordRoute(
    app,
    { ...customer, method: 'POST', url: '/api/user/bookings/:id/confirm', errors: [401, 403, 404, 409] },
    (id, _body, request) => service.customerConfirm(ctx, me(request), id),
  );
  recordRoute(
    app,
    {
      ...customer,
      method: 'POST',
      url: '/api/user/bookings/:id/reschedule',
      body: rescheduleInput,
      errors: [401, 403, 404, 409, 422],
    },
    (id, body, request) => service.customerReschedule(ctx, me(request), id, body.slot_start),
  );
  recordRoute(
    app,
    {
      ...customer,
      method: 'POST',
      url: '/api/user/bookings/:id/cancel',
      body: cancelBody,
      errors: [401, 403, 404, 409, 422],
    },
    (id, body, request) => service.customerCancel(ctx, me(request), id, reasonOf(body, request)),
  );
  recordRoute(
    app,
    {
      ...customer,
      method: 'POST',
      url: '/api/user/bookings/:id/address',
      body: bookingAddressInput,
      errors: [401, 403, 404, 409, 422],
    },
    (id, body, request) => service.customerChangeAddress(ctx, me(request), id, body.address),
  );

  /* Public: site visits */

  app.get('/api/site-visits/slots', {
    schema: { tags: ['scheduling'], response: { 200: slotsResponse } },
    handler: async () => ({ slots: await service.slots(ctx) }),
  });

  app.post('/api/site-visits', {
    // Before the body's validation, so an admin is refused whatever was sent, and a guest's body is checked once
    // with the guest's schema (name, e-mail and phone required, as the form asks): every field's error in one 422.
    preValidation: async (request) => {
      const auth = request.auth;
      if (auth && (auth.audience !== 'customer' || auth.user.role !== 'user'))
        throw forbidden(SCHEDULING_MESSAGES.adminCannotBook);
      if (!auth) validate(guestSiteVisitInput, request.body);
    },
    schema: {
      tags: ['scheduling'],
      body: siteVisitInput,
      response: { 201: bookingResponse, ...errors(401, 403, 409, 422, 429) },
    },
    handler: async (request, reply) =>
      reply.code(201).send({
        booking: await service.bookSiteVisit(ctx, request.auth?.user.id ?? null, request.body, request.ip),
      }),
  });
}
