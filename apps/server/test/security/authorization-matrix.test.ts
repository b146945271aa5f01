/**
 * Every route of the server's own route table, requested by five actors: a guest, customer A (who owns the
 * resources in the paths), customer B, an admin, and a deactivated customer whose session survived. Each
 * route must have an entry here: a new route without one fails the first test.
 */
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { designSubmissions } from '../../src/db/schema/designs';
import { notifications } from '../../src/db/schema/notifications';
import { users } from '../../src/db/schema/users';
import { bearer, createAdmin, registerCustomer } from '../support/http';
import { PNG_1PX } from '../support/files';
import { multipart } from '../support/multipart';
import { designFile, HAVE_DESIGN_FIELDS, submit } from '../modules/designs/support';
import { createTestApp, type TestApp } from '../support/test-app';
import { createDealFixtures, type DealFixtures } from '../support/deals';

type Actor = 'guest' | 'customerA' | 'customerB' | 'admin' | 'inactive';
const ACTORS: Actor[] = ['guest', 'inactive', 'customerB', 'admin', 'customerA'];

/**
 * public: anyone (a token that is sent is still checked); customer: a customer session; admin: an admin session;
 * session: either kind; credentials: login-style routes that never look at a token.
 */
type Kind = 'public' | 'customer' | 'admin' | 'session' | 'credentials';

interface Fixture {
  tokens: Record<Actor, string | undefined>;
  ids: { customerA: number; customerB: number; admin: number; inactive: number };
  aDesign: { id: number; slug: string };
  aDesignToDelete: { slug: string };
  aRecommendationFileId: number;
  aAttachmentId: number;
  aNotificationId: number;
  productId: number;
  productSlug: string;
  throwawayProductId: number;
  throwawayUserId: number;
  credentials: Record<'customerA' | 'customerB' | 'admin', { email: string; password: string }>;
  login(actor: 'customerA' | 'customerB' | 'admin'): Promise<string>;
  deal: DealFixtures & { validUntil: string };
}

interface Entry {
  kind: Kind;
  /** The path (and query) to request, per actor. */
  url: (fx: Fixture, actor: Actor) => string;
  body?: (
    fx: Fixture,
    actor: Actor,
  ) => Promise<Pick<InjectOptions, 'payload' | 'headers'>> | Pick<InjectOptions, 'payload' | 'headers'>;
  /** The resource in the path belongs to customer A: customer B gets 404. */
  ownedByA?: boolean;
  /** Overrides of the expected status for some actors. */
  expect?: Partial<Record<Actor, number>>;
  /** Run with a fresh session of each actor (the route ends it). */
  freshSession?: boolean;
}

const json = (payload: object) => ({ payload, headers: { 'content-type': 'application/json' } });

/** Routes that are documentation or static files, not part of the API. */
const NOT_IN_MATRIX = [/^GET \/api\/docs/, /^GET \/\*$/];

const MATRIX: Record<string, Entry> = {
  // API tests run without a built web app, so the page itself is absent.
  'GET /': {
    kind: 'public',
    url: () => '/',
    expect: { guest: 404, customerA: 404, customerB: 404, admin: 404 },
  },
  'GET /healthz': { kind: 'public', url: () => '/healthz' },
  'GET /readyz': { kind: 'public', url: () => '/readyz' },
  // Not a session route: only the bearer of METRICS_TOKEN (unset here), never a session token.
  'GET /metrics': {
    kind: 'credentials',
    url: () => '/metrics',
    expect: { guest: 404, inactive: 404, customerB: 404, admin: 404, customerA: 404 },
  },
  // Crawler files and the mailed confirmation link never look at a session.
  'GET /robots.txt': { kind: 'credentials', url: () => '/robots.txt' },
  'GET /sitemap.xml': { kind: 'credentials', url: () => '/sitemap.xml' },
  'GET /media/*': {
    kind: 'public',
    url: () => '/media/products/000000000000000000000000/320.webp',
    expect: { guest: 404, customerA: 404, customerB: 404, admin: 404 },
  },
  'GET /api/meta': { kind: 'public', url: () => '/api/meta' },
  'GET /api/meta/*': { kind: 'public', url: () => '/api/meta/products' },
  'GET /api/v1/frontend/categories': { kind: 'public', url: () => '/api/v1/frontend/categories' },
  'GET /api/v1/frontend/products': { kind: 'public', url: () => '/api/v1/frontend/products' },
  'GET /api/v1/frontend/products/:slug': {
    kind: 'public',
    url: (fx) => `/api/v1/frontend/products/${fx.productSlug}`,
  },
  'POST /api/contact': {
    kind: 'public',
    url: () => '/api/contact',
    body: () =>
      json({
        firstName: 'Ann',
        lastName: 'Lee',
        email: 'ann@example.com',
        phone: '555 0100',
        message: 'Do you deliver?',
      }),
  },
  'POST /api/newsletter': {
    kind: 'public',
    url: () => '/api/newsletter',
    body: (_fx, a) => json({ email: `news-${a}@example.com` }),
  },
  'GET /api/newsletter/confirm': { kind: 'credentials', url: () => '/api/newsletter/confirm?token=unknown' },
  'POST /api/user/design-submissions': {
    kind: 'public',
    url: () => '/api/user/design-submissions',
    body: (_fx, a) =>
      multipart(
        {
          selectedTab: 'dontHaveDesign',
          email: `guest-${a}@example.com`,
          totalNumber: '3-5',
          features: JSON.stringify(['Low Walls']),
          interest: 'Both',
          name: 'Sam Planner',
          company_name: 'Planner Inc',
          zip_code: '30301',
          phone: '555 0101',
        },
        [],
      ),
    // Admins do not submit designs for themselves.
    expect: { admin: 403 },
  },

  'POST /api/login': {
    kind: 'credentials',
    url: () => '/api/login',
    body: (fx) => json(fx.credentials.customerA),
  },
  'POST /api/register': {
    kind: 'credentials',
    url: () => '/api/register',
    body: (_fx, a) =>
      json({
        email: `new-${a}@example.com`,
        password: 'Matrix-Passw0rd-1',
        password_confirmation: 'Matrix-Passw0rd-1',
        terms: true,
      }),
  },
  'POST /api/forgot-password': {
    kind: 'credentials',
    url: () => '/api/forgot-password',
    body: (_fx, a) => json({ email: `nobody-${a}@example.com` }),
  },
  'POST /api/reset-password/check': {
    kind: 'credentials',
    url: () => '/api/reset-password/check',
    body: (fx) => json({ email: fx.credentials.customerA.email, token: 'not-a-token' }),
    expect: { guest: 422, customerA: 422, customerB: 422, admin: 422, inactive: 422 },
  },
  'POST /api/reset-password': {
    kind: 'credentials',
    url: () => '/api/reset-password',
    body: (fx) =>
      json({
        email: fx.credentials.customerA.email,
        token: 'not-a-token',
        password: 'Matrix-Passw0rd-2',
        password_confirmation: 'Matrix-Passw0rd-2',
      }),
    expect: { guest: 422, customerA: 422, customerB: 422, admin: 422, inactive: 422 },
  },
  // The mailed verification link: the token alone proves the address (an unknown one answers 400).
  'POST /api/verify-email': {
    kind: 'credentials',
    url: () => '/api/verify-email',
    body: () => json({ token: 'A'.repeat(43) }),
    expect: { guest: 400, customerA: 400, customerB: 400, admin: 400, inactive: 400 },
  },
  'POST /api/admin/login': {
    kind: 'credentials',
    url: () => '/api/admin/login',
    body: (fx) => json(fx.credentials.admin),
  },

  'GET /api/user': { kind: 'session', url: () => '/api/user' },
  'POST /api/logout': { kind: 'session', url: () => '/api/logout', freshSession: true },
  'GET /api/conversations': { kind: 'session', url: () => '/api/conversations' },
  'GET /api/conversations/unread-count': { kind: 'session', url: () => '/api/conversations/unread-count' },
  'GET /api/messages/:userId': {
    kind: 'session',
    url: (fx, a) => `/api/messages/${a === 'customerA' ? fx.ids.admin : fx.ids.customerA}`,
    ownedByA: true,
  },
  'POST /api/messages/:receiverId': {
    kind: 'session',
    url: (fx, a) => `/api/messages/${a === 'customerA' ? fx.ids.admin : fx.ids.customerA}`,
    body: () => multipart({ message: 'Hello from the matrix' }),
    ownedByA: true,
  },
  'POST /api/conversations/:userId/seen': {
    kind: 'session',
    url: (fx, a) => `/api/conversations/${a === 'customerA' ? fx.ids.admin : fx.ids.customerA}/seen`,
    ownedByA: true,
  },
  'GET /api/chat/attachments/:id': {
    kind: 'session',
    url: (fx) => `/api/chat/attachments/${fx.aAttachmentId}`,
    ownedByA: true,
  },
  'GET /api/files/designs/:id/design-file': {
    kind: 'session',
    url: (fx) => `/api/files/designs/${fx.aDesign.id}/design-file`,
    ownedByA: true,
  },
  'GET /api/files/designs/:id/recommendations/:fileId': {
    kind: 'session',
    url: (fx) => `/api/files/designs/${fx.aDesign.id}/recommendations/${fx.aRecommendationFileId}`,
    ownedByA: true,
  },

  'GET /api/user/design-submissions': { kind: 'customer', url: () => '/api/user/design-submissions' },
  'GET /api/user/design-submissions/:slug': {
    kind: 'customer',
    url: (fx) => `/api/user/design-submissions/${fx.aDesign.slug}`,
    ownedByA: true,
  },
  'PUT /api/user/design-submissions/:slug': {
    kind: 'customer',
    url: (fx) => `/api/user/design-submissions/${fx.aDesign.slug}`,
    body: () => json({ description: 'Updated by the owner' }),
    ownedByA: true,
  },
  'DELETE /api/user/design-submissions/:slug': {
    kind: 'customer',
    url: (fx) => `/api/user/design-submissions/${fx.aDesignToDelete.slug}`,
    ownedByA: true,
  },
  // Reached: an unknown claim token answers 400 (the claim itself is tested in email-verification.test.ts).
  'POST /api/user/design-claims': {
    kind: 'customer',
    url: () => '/api/user/design-claims',
    body: () => json({ token: 'A'.repeat(43) }),
    expect: { customerA: 400, customerB: 400 },
  },
  // Registered customers are unverified: each may ask for the link again.
  'POST /api/user/email-verification': { kind: 'customer', url: () => '/api/user/email-verification' },
  'GET /api/user/favorites': { kind: 'customer', url: () => '/api/user/favorites' },
  'POST /api/favorites/toggle': {
    kind: 'customer',
    url: () => '/api/favorites/toggle',
    body: (fx) => json({ type: 'product', id: fx.productId }),
  },
  'GET /api/notifications': { kind: 'customer', url: () => '/api/notifications' },
  'POST /api/notifications/:id/read': {
    kind: 'customer',
    url: (fx) => `/api/notifications/${fx.aNotificationId}/read`,
    ownedByA: true,
  },
  'POST /api/notifications/mark-all-read': {
    kind: 'customer',
    url: () => '/api/notifications/mark-all-read',
  },
  'POST /api/profile/update': {
    kind: 'customer',
    url: () => '/api/profile/update',
    body: () => multipart({ name: 'Matrix Person', phone: '+1 555 010 9999' }),
  },
  'POST /api/profile/password': {
    kind: 'customer',
    url: () => '/api/profile/password',
    // A wrong current password: the answer proves the route was reached without changing anything.
    body: () =>
      json({
        current_password: 'Not-The-Current-1',
        new_password: 'Matrix-Passw0rd-3',
        new_password_confirmation: 'Matrix-Passw0rd-3',
      }),
    expect: { customerA: 422, customerB: 422 },
  },

  'GET /api/admin/profile': { kind: 'admin', url: () => '/api/admin/profile' },
  'POST /api/admin/logout': { kind: 'admin', url: () => '/api/admin/logout', freshSession: true },
  'GET /api/admin/dashboard-stats': { kind: 'admin', url: () => '/api/admin/dashboard-stats' },
  'GET /api/admin/designs': { kind: 'admin', url: () => '/api/admin/designs' },
  'GET /api/admin/designs/:id/show': {
    kind: 'admin',
    url: (fx) => `/api/admin/designs/${fx.aDesign.id}/show`,
  },
  'PUT /api/admin/designs/:id/status': {
    kind: 'admin',
    url: (fx) => `/api/admin/designs/${fx.aDesign.id}/status`,
    body: () => json({ status: 'approved' }),
  },
  'POST /api/admin/designs/:id/comments': {
    kind: 'admin',
    url: (fx) => `/api/admin/designs/${fx.aDesign.id}/comments`,
    body: () => json({ comment: 'Looks good.' }),
  },
  'POST /api/admin/designs/:id/update': {
    kind: 'admin',
    url: (fx) => `/api/admin/designs/${fx.aDesign.id}/update`,
    body: () =>
      multipart({ comments: 'Reviewed', recommendation_notes: 'Use low walls', status: 'approved' }),
  },
  'GET /api/admin/users': { kind: 'admin', url: () => '/api/admin/users' },
  'POST /api/admin/users/:id/toggle-status': {
    kind: 'admin',
    url: (fx) => `/api/admin/users/${fx.throwawayUserId}/toggle-status`,
  },
  'DELETE /api/admin/users/:id': { kind: 'admin', url: (fx) => `/api/admin/users/${fx.throwawayUserId}` },
  'GET /api/admin/products': { kind: 'admin', url: () => '/api/admin/products' },
  'GET /api/admin/products/:id': { kind: 'admin', url: (fx) => `/api/admin/products/${fx.productId}` },
  'POST /api/admin/products': {
    kind: 'admin',
    url: () => '/api/admin/products',
    body: (_fx, a) =>
      json({
        name: `Matrix Desk ${a}`,
        sku: `MTX-${a.toUpperCase()}`,
        description: 'A desk',
        category_id: null,
        price: '199.00',
        stock_quantity: 3,
      }),
  },
  'POST /api/admin/products/:id': {
    kind: 'admin',
    url: (fx) => `/api/admin/products/${fx.productId}?_method=PUT`,
    body: () =>
      multipart({
        name: 'Matrix Chair',
        sku: 'MTX-CHAIR',
        description: 'A chair',
        price: '99.50',
        stock_quantity: '4',
      }),
  },
  'POST /api/admin/products/:id/toggle-status': {
    kind: 'admin',
    url: (fx) => `/api/admin/products/${fx.throwawayProductId}/toggle-status`,
  },
  'DELETE /api/admin/products/:id': {
    kind: 'admin',
    url: (fx) => `/api/admin/products/${fx.throwawayProductId}`,
  },
  'POST /api/admin/profile/update': {
    kind: 'admin',
    url: () => '/api/admin/profile/update',
    body: (fx) => multipart({ name: 'Matrix Admin', email: fx.credentials.admin.email }),
  },
  'POST /api/admin/password/update': {
    kind: 'admin',
    url: () => '/api/admin/password/update',
    body: () =>
      json({
        current_password: 'Not-The-Current-1',
        password: 'Matrix-Passw0rd-4',
        password_confirmation: 'Matrix-Passw0rd-4',
      }),
    expect: { admin: 422 },
  },
  'GET /api/admin/notifications': { kind: 'admin', url: () => '/api/admin/notifications' },
  'POST /api/admin/notifications/:id/read': {
    kind: 'admin',
    url: (fx) => `/api/admin/notifications/${fx.aNotificationId}/read`,
    expect: { admin: 404 },
  },
  'POST /api/admin/notifications/mark-all-read': {
    kind: 'admin',
    url: () => '/api/admin/notifications/mark-all-read',
  },
  'GET /api/search-users': { kind: 'admin', url: () => '/api/search-users?query=a' },
  // Proposals, quote requests and scheduling: each route that changes a state has its own resource (support/deals.ts).
  'GET /api/admin/proposal-settings': { kind: 'admin', url: () => '/api/admin/proposal-settings' },
  'POST /api/admin/designs/:id/proposals': {
    kind: 'admin',
    url: (fx) => `/api/admin/designs/${fx.aDesign.id}/proposals`,
    body: (fx) =>
      json({ valid_until: fx.deal.validUntil, lines: [{ product_id: fx.productId, quantity: 1 }] }),
  },
  'POST /api/admin/quote-requests/:id/proposals': {
    kind: 'admin',
    url: (fx) => `/api/admin/quote-requests/${fx.deal.quoteRequestId}/proposals`,
    body: (fx) =>
      json({ valid_until: fx.deal.validUntil, lines: [{ name: 'Delivery', quantity: 1, unit_price: '80' }] }),
  },
  'GET /api/admin/proposals': { kind: 'admin', url: () => '/api/admin/proposals' },
  'GET /api/admin/proposals/:id': {
    kind: 'admin',
    url: (fx) => `/api/admin/proposals/${fx.deal.sent.forRead}`,
  },
  'PUT /api/admin/proposals/:id': {
    kind: 'admin',
    url: (fx) => `/api/admin/proposals/${fx.deal.draft.forPut}`,
    body: (fx) =>
      json({ valid_until: fx.deal.validUntil, lines: [{ product_id: fx.productId, quantity: 4 }] }),
  },
  'POST /api/admin/proposals/:id/send': {
    kind: 'admin',
    url: (fx) => `/api/admin/proposals/${fx.deal.draft.forSend}/send`,
  },
  'POST /api/admin/proposals/:id/revise': {
    kind: 'admin',
    url: (fx) => `/api/admin/proposals/${fx.deal.sent.forRevise}/revise`,
  },
  'GET /api/admin/proposals/:id/pdf': {
    kind: 'admin',
    url: (fx) => `/api/admin/proposals/${fx.deal.sent.forRead}/pdf`,
  },
  'GET /api/admin/quote-requests': { kind: 'admin', url: () => '/api/admin/quote-requests' },
  'GET /api/admin/quote-requests/:id': {
    kind: 'admin',
    url: (fx) => `/api/admin/quote-requests/${fx.deal.quoteRequestId}`,
  },
  'GET /api/admin/schedule': { kind: 'admin', url: () => '/api/admin/schedule' },
  'PUT /api/admin/schedule': {
    kind: 'admin',
    url: () => '/api/admin/schedule',
    body: () =>
      json({
        weekly: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
          weekday,
          start: '09:00',
          end: '12:00',
          capacity: 100,
        })),
        blackout_dates: [],
      }),
  },
  'GET /api/admin/bookings': { kind: 'admin', url: () => '/api/admin/bookings' },
  'POST /api/admin/bookings/:id/confirm': {
    kind: 'admin',
    url: (fx) => `/api/admin/bookings/${fx.deal.bookings.forAdminConfirm}/confirm`,
  },
  'POST /api/admin/bookings/:id/propose': {
    kind: 'admin',
    url: (fx) => `/api/admin/bookings/${fx.deal.bookings.forAdminPropose}/propose`,
    body: (fx) => json({ slot_start: fx.deal.otherSlotStart }),
  },
  'POST /api/admin/bookings/:id/cancel': {
    kind: 'admin',
    url: (fx) => `/api/admin/bookings/${fx.deal.bookings.forAdminCancel}/cancel`,
  },
  'POST /api/admin/bookings/:id/address': {
    kind: 'admin',
    url: (fx) => `/api/admin/bookings/${fx.deal.bookings.forAdminAddress}/address`,
    body: () => json({ address: 'Pier 9, Dock Street' }),
  },
  'GET /api/user/proposals': { kind: 'customer', url: () => '/api/user/proposals' },
  'GET /api/user/proposals/:id': {
    kind: 'customer',
    url: (fx) => `/api/user/proposals/${fx.deal.sent.forRead}`,
    ownedByA: true,
  },
  'GET /api/user/proposals/:id/pdf': {
    kind: 'customer',
    url: (fx) => `/api/user/proposals/${fx.deal.sent.forRead}/pdf`,
    ownedByA: true,
  },
  'POST /api/user/proposals/:id/accept': {
    kind: 'customer',
    url: (fx) => `/api/user/proposals/${fx.deal.sent.forAccept}/accept`,
    body: () => json({}),
    ownedByA: true,
  },
  'POST /api/user/proposals/:id/decline': {
    kind: 'customer',
    url: (fx) => `/api/user/proposals/${fx.deal.sent.forDecline}/decline`,
    body: () => json({ comment: 'Not now.' }),
    ownedByA: true,
  },
  'GET /api/user/proposals/:id/slots': {
    kind: 'customer',
    url: (fx) => `/api/user/proposals/${fx.deal.acceptedForBooking}/slots`,
    ownedByA: true,
  },
  'POST /api/user/proposals/:id/booking': {
    kind: 'customer',
    url: (fx) => `/api/user/proposals/${fx.deal.acceptedForBooking}/booking`,
    body: (fx) => json({ slot_start: fx.deal.slotStart }),
    ownedByA: true,
  },
  'POST /api/user/quote-requests': {
    kind: 'customer',
    url: () => '/api/user/quote-requests',
    body: (fx) => json({ items: [{ product_id: fx.productId, quantity: 1 }] }),
  },
  'GET /api/user/bookings': { kind: 'customer', url: () => '/api/user/bookings' },
  'POST /api/user/bookings/:id/confirm': {
    kind: 'customer',
    url: (fx) => `/api/user/bookings/${fx.deal.bookings.forCustomerConfirm}/confirm`,
    ownedByA: true,
  },
  'POST /api/user/bookings/:id/reschedule': {
    kind: 'customer',
    url: (fx) => `/api/user/bookings/${fx.deal.bookings.forReschedule}/reschedule`,
    body: (fx) => json({ slot_start: fx.deal.otherSlotStart }),
    ownedByA: true,
  },
  'POST /api/user/bookings/:id/cancel': {
    kind: 'customer',
    url: (fx) => `/api/user/bookings/${fx.deal.bookings.forCustomerCancel}/cancel`,
    ownedByA: true,
  },
  'POST /api/user/bookings/:id/address': {
    kind: 'customer',
    url: (fx) => `/api/user/bookings/${fx.deal.bookings.forAddress}/address`,
    body: () => json({ address: 'Pier 9, Dock Street' }),
    ownedByA: true,
  },
  'GET /api/site-visits/slots': { kind: 'public', url: () => '/api/site-visits/slots' },
  'POST /api/site-visits': {
    kind: 'public',
    url: () => '/api/site-visits',
    // Customer A holds the deal fixtures' six site visits, past the three one account may have ahead: let in,
    // then refused by that cap. Customer B books one. Admins do not book visits for themselves.
    expect: { customerA: 409, admin: 403 },
    body: (fx, a) =>
      json({
        slot_start: fx.deal.slotStart,
        name: `Visitor ${a}`,
        email: `visit-${a}@example.com`,
        phone: '555 0100',
      }),
  },
};

/** The status an actor should get, as a number, or 'ok' for any 2xx/3xx. */
function expected(entry: Entry, actor: Actor): number | 'ok' {
  const override = entry.expect?.[actor];
  if (override !== undefined) return override;
  if (entry.kind === 'credentials') return 'ok';
  if (actor === 'inactive') return 403;
  if (entry.kind === 'public') return 'ok';
  if (actor === 'guest') return 401;
  if (entry.kind === 'admin') return actor === 'admin' ? 'ok' : 403;
  if (entry.kind === 'customer' && actor === 'admin') return 403;
  if (entry.ownedByA && actor === 'customerB') return 404;
  return 'ok';
}

let t: TestApp;
let fx: Fixture;
const routeTable = new Set<string>();

beforeAll(async () => {
  t = await createTestApp({
    build: {
      onRoute: (r) => {
        for (const m of Array.isArray(r.method) ? r.method : [r.method])
          if (m !== 'HEAD') routeTable.add(`${m} ${r.url}`);
      },
    },
    limits: {
      register: { points: 1000, windowSeconds: 60 },
      designGuest: { points: 1000, windowSeconds: 60 },
      contact: { points: 1000, windowSeconds: 60 },
      newsletter: { points: 1000, windowSeconds: 60 },
    },
  });
  const db = t.ctx.database.db;
  const a = await registerCustomer(t.app);
  const b = await registerCustomer(t.app);
  const inactive = await registerCustomer(t.app);
  const throwaway = await registerCustomer(t.app);
  const admin = await createAdmin(t.app, t.ctx);

  const submitDesign = async () => {
    const res = await submit(t, HAVE_DESIGN_FIELDS, [designFile()], bearer(a.token));
    expect(res.statusCode, res.body).toBeLessThan(300);
    const [row] = await db
      .select()
      .from(designSubmissions)
      .where(eq(designSubmissions.userId, a.user.id))
      .orderBy(designSubmissions.id)
      .limit(1)
      .offset((await db.$count(designSubmissions, eq(designSubmissions.userId, a.user.id))) - 1);
    return row!;
  };
  const design = await submitDesign();
  const toDelete = await submitDesign();

  const rec = await multipart({ comments: 'See attached' }, [
    { field: 'recommendation_files', name: 'layout.png', data: PNG_1PX, type: 'image/png' },
  ]);
  const recRes = await t.app.inject({
    method: 'POST',
    url: `/api/admin/designs/${design.id}/update`,
    ...rec,
    headers: { ...rec.headers, ...bearer(admin.token) },
  });
  expect(recRes.statusCode, recRes.body).toBe(200);
  const recFile = (recRes.json().design.recommendation_files as { id: number }[])[0]!;

  const msg = await multipart({ message: 'Here is my plan' }, [
    { field: 'attachments[0]', name: 'plan.png', data: PNG_1PX, type: 'image/png' },
  ]);
  const msgRes = await t.app.inject({
    method: 'POST',
    url: `/api/messages/${admin.user.id}`,
    ...msg,
    headers: { ...msg.headers, ...bearer(a.token) },
  });
  expect(msgRes.statusCode, msgRes.body).toBeLessThan(300);
  const attachment = (msgRes.json().message.attachments as { id: number }[])[0]!;

  const [notification] = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, a.user.id))
    .limit(1);
  expect(notification, 'customer A has a notification (the recommendation)').toBeDefined();

  const products = (await t.app.inject('/api/admin/products?perPage=1')).statusCode; // warms nothing; admin-only
  void products;
  const create = async (sku: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      payload: {
        name: `Fixture ${sku}`,
        sku,
        description: 'Fixture',
        category_id: null,
        price: '10.00',
        stock_quantity: 5,
      },
      headers: bearer(admin.token),
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json().product as { id: number; slug: string };
  };
  const product = await create('FIX-1');
  const throwawayProduct = await create('FIX-2');

  const deal = await createDealFixtures(t, {
    customerToken: a.token,
    customerId: a.user.id,
    adminToken: admin.token,
    designId: design.id,
    productId: product.id,
  });

  // The deactivated customer: status 0 while a session survives (the guard, not the revocation, must refuse it).
  await db.update(users).set({ status: 0 }).where(eq(users.id, inactive.user.id));

  fx = {
    tokens: {
      guest: undefined,
      customerA: a.token,
      customerB: b.token,
      admin: admin.token,
      inactive: inactive.token,
    },
    ids: { customerA: a.user.id, customerB: b.user.id, admin: admin.user.id, inactive: inactive.user.id },
    aDesign: { id: design.id, slug: design.slug },
    aDesignToDelete: { slug: toDelete.slug },
    aRecommendationFileId: recFile.id,
    aAttachmentId: attachment.id,
    aNotificationId: notification!.id,
    productId: product.id,
    productSlug: product.slug,
    throwawayProductId: throwawayProduct.id,
    throwawayUserId: throwaway.user.id,
    credentials: {
      customerA: { email: a.email, password: a.password },
      customerB: { email: b.email, password: b.password },
      admin: { email: admin.email, password: admin.password },
    },
    deal: { ...deal, validUntil: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10) },
    async login(actor) {
      const url = actor === 'admin' ? '/api/admin/login' : '/api/login';
      const res = await t.app.inject({ method: 'POST', url, payload: this.credentials[actor] });
      if (res.statusCode !== 200) throw new Error(`login of ${actor} failed: ${res.statusCode} ${res.body}`);
      return res.json().token as string;
    },
  };
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('authorization matrix', () => {
  it('has an entry for every route the server registers, and no stale entries', () => {
    const routes = [...routeTable].filter((r) => !NOT_IN_MATRIX.some((p) => p.test(r))).sort();
    const missing = routes.filter((r) => !(r in MATRIX));
    const stale = Object.keys(MATRIX).filter((r) => !routeTable.has(r));
    expect(missing, 'routes without a matrix entry').toEqual([]);
    expect(stale, 'matrix entries without a route').toEqual([]);
  });

  it.each(Object.keys(MATRIX))('%s', async (route) => {
    const entry = MATRIX[route]!;
    const method = route.split(' ')[0] as InjectOptions['method'];
    const outcomes: string[] = [];
    for (const actor of ACTORS) {
      let token = fx.tokens[actor];
      if (entry.freshSession && (actor === 'customerA' || actor === 'customerB' || actor === 'admin'))
        token = await fx.login(actor);
      const body = entry.body ? await entry.body(fx, actor) : {};
      const res = await t.app.inject({
        method,
        url: entry.url(fx, actor),
        payload: body.payload,
        headers: { ...(body.headers ?? {}), ...(token ? bearer(token) : {}) },
      });
      const want = expected(entry, actor);
      const ok = want === 'ok' ? res.statusCode >= 200 && res.statusCode < 400 : res.statusCode === want;
      if (!ok) outcomes.push(`${actor}: expected ${want}, got ${res.statusCode} ${res.body.slice(0, 160)}`);
      if (res.statusCode >= 400) {
        // Every refusal has the one error shape.
        const parsed = res.headers['content-type']?.toString().includes('json') ? res.json() : null;
        if (!parsed || typeof parsed.message !== 'string')
          outcomes.push(`${actor}: error without the { message } shape`);
      }
    }
    expect(outcomes).toEqual([]);
  });

  it("customer B's attempts on customer A's resources changed nothing", async () => {
    const db = t.ctx.database.db;
    const [design] = await db.select().from(designSubmissions).where(eq(designSubmissions.id, fx.aDesign.id));
    // A's own PUT ran after B's: the description is A's, and the design still belongs to A.
    expect(design!.userId).toBe(fx.ids.customerA);
    expect(design!.description).toBe('Updated by the owner');
  });
});
