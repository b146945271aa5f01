/**
 * Bad input, generated from the contracts: every route of the server's own route table that takes a body, a query,
 * path parameters or a multipart form gets the invalid and hostile values of support/invalid-values.ts, sent as the
 * actor whose request reaches validation (path parameters name that actor's real resources). Whatever comes in:
 * never a 5xx; what the contract refuses gets a 4xx in the one error shape (decisions.md D2); a refused request
 * changes nothing (database rows and stored files). A route with input and no cases fails the first test.
 */
import type { InjectOptions, RouteOptions } from 'fastify';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminDesignUpdateFields,
  adminProfileUpdateRequest,
  customerProfileUpdateRequest,
  designSubmissionFields,
  errorResponse,
  productInput,
  productUpdateInput,
  sendMessageFields,
} from '@shop/contracts';
import { requireAdmin, requireCustomer, requireSession } from '../../src/platform/auth/guard';
import { DEFAULT_LIMITS } from '../../src/platform/rate-limit';
import { findUnstorableText } from '../../src/platform/text-input';
import { bearer, createAdmin, registerCustomer } from '../support/http';
import {
  bodyCases,
  multipartCases,
  paramCases,
  queryCases,
  sampleInput,
  type InvalidCase,
  type Location,
} from '../support/invalid-values';
import { multipart } from '../support/multipart';
import { designFile, HAVE_DESIGN_FIELDS, submit } from '../modules/designs/support';
import { snapshotState } from '../support/state-snapshot';
import { createTestApp, type TestApp } from '../support/test-app';
import { createDealFixtures, type DealFixtures } from '../support/deals';

type Fields = Record<string, string | string[]>;

interface Fixture {
  customer: { token: string; id: number; email: string };
  admin: { token: string; id: number; email: string };
  design: { id: number; slug: string };
  product: { id: number; sku: string };
  deal: DealFixtures;
}

/** Routes whose form is read by the handler (multipart, and for some JSON too) rather than a zod body schema. */
interface FormEntry {
  schema: z.ZodType;
  base: (fx: Fixture) => Fields;
  /** The handler also takes JSON: the same fields as a JSON body. */
  json?: (fx: Fixture) => Record<string, unknown>;
  /** How the handler turns the parsed form (or JSON body) into the value it validates. */
  input?: (fields: unknown) => unknown;
}

const first = (v: unknown) => (Array.isArray(v) ? v[0] : v);
const mapFields = (f: unknown, map: (key: string, v: unknown) => unknown) =>
  f && typeof f === 'object' && !Array.isArray(f)
    ? Object.fromEntries(Object.entries(f).map(([k, v]) => [k, map(k, v)]))
    : f;

const FORMS: Record<string, FormEntry> = {
  'POST /api/user/design-submissions': {
    schema: designSubmissionFields,
    base: () => ({
      selectedTab: 'dontHaveDesign',
      email: 'guest-designer@example.com',
      totalNumber: '3-5',
      features: JSON.stringify(['Low Walls']),
      interest: 'Both',
      name: 'Sam Planner',
      company_name: 'Planner Inc',
      zip_code: '30301',
      phone: '555 0101',
    }),
    input: (f) => mapFields(f, (k, v) => (k === 'features' ? v : first(v))),
  },
  'POST /api/messages/:receiverId': {
    schema: sendMessageFields,
    base: () => ({ message: 'Hello, is the desk in stock?' }),
    input: (f) => mapFields(f, (_k, v) => (Array.isArray(v) ? v.join('\n') : v)),
  },
  'POST /api/admin/products': {
    schema: productInput,
    base: () => ({
      name: 'Input Desk',
      sku: 'BAD-INPUT-NEW',
      description: 'A desk',
      category_id: '',
      price: '199.00',
      stock_quantity: '3',
    }),
    json: () => ({
      name: 'Input Desk',
      sku: 'BAD-INPUT-NEW',
      description: 'A desk',
      category_id: null,
      price: '199.00',
      stock_quantity: 3,
    }),
    input: (body) => body ?? {},
  },
  'POST /api/admin/products/:id': {
    schema: productUpdateInput,
    base: (fx) => ({
      name: 'Input Chair',
      sku: fx.product.sku,
      description: 'A chair',
      category_id: '',
      price: '99.50',
      stock_quantity: '4',
    }),
    json: (fx) => ({
      name: 'Input Chair',
      sku: fx.product.sku,
      description: 'A chair',
      category_id: null,
      price: '99.50',
      stock_quantity: 4,
    }),
    input: (body) => body ?? {},
  },
  'POST /api/admin/designs/:id/update': {
    schema: adminDesignUpdateFields,
    base: () => ({ comments: 'Reviewed', recommendation_notes: 'Use low walls', status: 'in_review' }),
    input: (f) => mapFields(f, (k, v) => (k === 'removed_recommendation_files' ? v : first(v))),
  },
  'POST /api/profile/update': {
    schema: customerProfileUpdateRequest,
    base: () => ({ name: 'Input Person', phone: '+1 555 010 9999' }),
    json: () => ({ name: 'Input Person', phone: '+1 555 010 9999' }),
    input: (body) => body ?? {},
  },
  'POST /api/admin/profile/update': {
    schema: adminProfileUpdateRequest,
    base: (fx) => ({ name: 'Input Admin', email: fx.admin.email }),
    json: (fx) => ({ name: 'Input Admin', email: fx.admin.email }),
    input: (body) => body ?? {},
  },
};

/** Valid bodies where a sample built from the schema would not pass its rules, or would sign someone in. */
const BODY_BASE: Record<string, (fx: Fixture) => Record<string, unknown>> = {
  // A wrong password: no case signs anyone in, so refused and accepted cases alike leave no session behind.
  'POST /api/login': (fx) => ({ email: fx.customer.email, password: 'Wrong-Passw0rd-9', remember: false }),
  'POST /api/admin/login': (fx) => ({ email: fx.admin.email, password: 'Wrong-Passw0rd-9', remember: false }),
  'POST /api/register': () => ({
    email: 'bad-input-new@example.com',
    password: 'Input-Passw0rd-1',
    password_confirmation: 'Input-Passw0rd-1',
    terms: true,
  }),
  'POST /api/reset-password': (fx) => ({
    email: fx.customer.email,
    token: 'not-a-reset-token',
    password: 'Input-Passw0rd-2',
    password_confirmation: 'Input-Passw0rd-2',
  }),
  // A wrong current password: the answer is a 422 and the password stays.
  'POST /api/profile/password': () => ({
    current_password: 'Not-The-Current-1',
    new_password: 'Input-Passw0rd-3',
    new_password_confirmation: 'Input-Passw0rd-3',
  }),
  'POST /api/admin/password/update': () => ({
    current_password: 'Not-The-Current-1',
    password: 'Input-Passw0rd-4',
    password_confirmation: 'Input-Passw0rd-4',
  }),
  'POST /api/contact': () => ({
    firstName: 'Ann',
    lastName: 'Lee',
    email: 'ann@example.com',
    phone: '555 0100',
    message: 'Do you deliver?',
  }),
  'POST /api/favorites/toggle': (fx) => ({ type: 'product', id: fx.product.id }),
  'PUT /api/user/design-submissions/:slug': () => ({ description: 'Updated description' }),
  'PUT /api/admin/designs/:id/status': () => ({ status: 'in_review' }),
  'POST /api/admin/designs/:id/comments': () => ({ comment: 'Looks good.' }),
  'POST /api/admin/designs/:id/proposals': (fx) => ({
    valid_until: inDays(20),
    lines: [{ product_id: fx.product.id, quantity: 1 }],
  }),
  'POST /api/admin/quote-requests/:id/proposals': () => ({
    valid_until: inDays(20),
    lines: [{ name: 'Delivery', quantity: 1, unit_price: '80' }],
  }),
  'PUT /api/admin/proposals/:id': (fx) => ({
    valid_until: inDays(20),
    lines: [{ product_id: fx.product.id, quantity: 4, discount: '5' }],
  }),
  'POST /api/user/quote-requests': (fx) => ({ items: [{ product_id: fx.product.id, quantity: 1 }] }),
  'POST /api/admin/bookings/:id/propose': (fx) => ({ slot_start: fx.deal.slotStart }),
  'POST /api/user/proposals/:id/booking': (fx) => ({ slot_start: fx.deal.slotStart }),
  'POST /api/user/bookings/:id/reschedule': (fx) => ({ slot_start: fx.deal.slotStart }),
  'POST /api/site-visits': (fx) => ({
    slot_start: fx.deal.slotStart,
    name: 'Visitor',
    email: 'visitor@example.com',
    phone: '555 0100',
  }),
  'PUT /api/admin/schedule': () => ({
    weekly: [{ weekday: 1, start: '09:00', end: '12:00', capacity: 100 }],
    blackout_dates: [],
  }),
};

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** Valid queries of routes that need more than their defaults. */
const QUERY_BASE: Record<string, (fx: Fixture) => Record<string, string>> = {
  'POST /api/admin/products/:id': () => ({ _method: 'PUT' }),
};

/** Path parameters naming real resources of the actor that reaches the route. */
const PARAMS: Record<string, (fx: Fixture) => Record<string, string>> = {
  'GET /api/meta/*': () => ({ '*': 'products' }),
  'GET /api/v1/frontend/products/:slug': () => ({ slug: 'input-chair' }),
  'GET /api/messages/:userId': (fx) => ({ userId: String(fx.admin.id) }),
  'POST /api/messages/:receiverId': (fx) => ({ receiverId: String(fx.admin.id) }),
  'POST /api/conversations/:userId/seen': (fx) => ({ userId: String(fx.admin.id) }),
  'GET /api/chat/attachments/:id': () => ({ id: '1' }),
  'GET /api/files/designs/:id/design-file': (fx) => ({ id: String(fx.design.id) }),
  'GET /api/files/designs/:id/recommendations/:fileId': (fx) => ({ id: String(fx.design.id), fileId: '1' }),
  'GET /api/user/design-submissions/:slug': (fx) => ({ slug: fx.design.slug }),
  'PUT /api/user/design-submissions/:slug': (fx) => ({ slug: fx.design.slug }),
  'DELETE /api/user/design-submissions/:slug': (fx) => ({ slug: fx.design.slug }),
  'POST /api/notifications/:id/read': () => ({ id: '1' }),
  'POST /api/admin/notifications/:id/read': () => ({ id: '1' }),
  'GET /api/admin/designs/:id/show': (fx) => ({ id: String(fx.design.id) }),
  'PUT /api/admin/designs/:id/status': (fx) => ({ id: String(fx.design.id) }),
  'POST /api/admin/designs/:id/comments': (fx) => ({ id: String(fx.design.id) }),
  'POST /api/admin/designs/:id/update': (fx) => ({ id: String(fx.design.id) }),
  'POST /api/admin/users/:id/toggle-status': (fx) => ({ id: String(fx.customer.id) }),
  'DELETE /api/admin/users/:id': (fx) => ({ id: String(fx.customer.id) }),
  'GET /api/admin/products/:id': (fx) => ({ id: String(fx.product.id) }),
  'POST /api/admin/products/:id': (fx) => ({ id: String(fx.product.id) }),
  'POST /api/admin/products/:id/toggle-status': (fx) => ({ id: String(fx.product.id) }),
  'DELETE /api/admin/products/:id': (fx) => ({ id: String(fx.product.id) }),
  'POST /api/admin/designs/:id/proposals': (fx) => ({ id: String(fx.design.id) }),
  'POST /api/admin/quote-requests/:id/proposals': (fx) => ({ id: String(fx.deal.quoteRequestId) }),
  'GET /api/admin/quote-requests/:id': (fx) => ({ id: String(fx.deal.quoteRequestId) }),
  'GET /api/admin/proposals/:id': (fx) => ({ id: String(fx.deal.sent.forRead) }),
  'GET /api/admin/proposals/:id/pdf': (fx) => ({ id: String(fx.deal.sent.forRead) }),
  'PUT /api/admin/proposals/:id': (fx) => ({ id: String(fx.deal.draft.forPut) }),
  'POST /api/admin/proposals/:id/send': (fx) => ({ id: String(fx.deal.draft.forSend) }),
  'POST /api/admin/proposals/:id/revise': (fx) => ({ id: String(fx.deal.sent.forRevise) }),
  'POST /api/admin/bookings/:id/confirm': (fx) => ({ id: String(fx.deal.bookings.forAdminConfirm) }),
  'POST /api/admin/bookings/:id/propose': (fx) => ({ id: String(fx.deal.bookings.forAdminPropose) }),
  'POST /api/admin/bookings/:id/cancel': (fx) => ({ id: String(fx.deal.bookings.forAdminCancel) }),
  'POST /api/admin/bookings/:id/address': (fx) => ({ id: String(fx.deal.bookings.forAdminAddress) }),
  'GET /api/user/proposals/:id': (fx) => ({ id: String(fx.deal.sent.forRead) }),
  'GET /api/user/proposals/:id/pdf': (fx) => ({ id: String(fx.deal.sent.forRead) }),
  'GET /api/user/proposals/:id/slots': (fx) => ({ id: String(fx.deal.acceptedForBooking) }),
  'POST /api/user/proposals/:id/accept': (fx) => ({ id: String(fx.deal.sent.forAccept) }),
  'POST /api/user/proposals/:id/decline': (fx) => ({ id: String(fx.deal.sent.forDecline) }),
  'POST /api/user/proposals/:id/booking': (fx) => ({ id: String(fx.deal.acceptedForBooking) }),
  'POST /api/user/bookings/:id/confirm': (fx) => ({ id: String(fx.deal.bookings.forCustomerConfirm) }),
  'POST /api/user/bookings/:id/reschedule': (fx) => ({ id: String(fx.deal.bookings.forReschedule) }),
  'POST /api/user/bookings/:id/cancel': (fx) => ({ id: String(fx.deal.bookings.forCustomerCancel) }),
  'POST /api/user/bookings/:id/address': (fx) => ({ id: String(fx.deal.bookings.forAddress) }),
};

/* ------------------------------------------------------------------------------------------ the route table */

interface RouteInfo {
  key: string;
  method: string;
  url: string;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  multipart: boolean;
  actor: 'guest' | 'customer' | 'admin';
}

const routes = new Map<string, RouteInfo>();

function recordRoute(r: RouteOptions) {
  const schema = (r.schema ?? {}) as {
    body?: unknown;
    querystring?: unknown;
    params?: unknown;
    consumes?: string[];
  };
  const zod = (s: unknown) => (s instanceof z.ZodType ? s : undefined);
  const guards = [r.onRequest].flat();
  const actor = guards.includes(requireAdmin)
    ? 'admin'
    : guards.includes(requireCustomer) || guards.includes(requireSession)
      ? 'customer'
      : 'guest';
  for (const method of [r.method].flat()) {
    if (method === 'HEAD') continue;
    const key = `${method} ${r.url}`;
    routes.set(key, {
      key,
      method,
      url: r.url,
      body: zod(schema.body),
      query: zod(schema.querystring),
      params: zod(schema.params),
      multipart: schema.consumes?.includes('multipart/form-data') ?? false,
      actor,
    });
  }
}

/* ------------------------------------------------------------------------------------------ requests */

/** One request of a case, with what the contract says of it. */
interface Planned {
  location: Location;
  c: InvalidCase;
  /** The contract refuses it: a 4xx is required. */
  refused: boolean;
  /** The fields the contract's 422 must name. */
  errorKeys: string[];
  options: InjectOptions;
}

const MALFORMED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/** Text as it arrives through a URL or a form: lone surrogates become U+FFFD on the way. */
const wellFormed = (v: unknown): unknown =>
  typeof v === 'string'
    ? v.replace(MALFORMED_SURROGATE, '\ufffd')
    : Array.isArray(v)
      ? v.map(wellFormed)
      : v && typeof v === 'object'
        ? mapFields(v, (_k, x) => wellFormed(x))
        : v;

/** A form field sent once arrives as text; sent more than once, as a list. */
const arrived = (fields: unknown) =>
  mapFields(fields, (_k, v) => (Array.isArray(v) && v.length === 1 ? v[0] : v));

/**
 * What the server must do with a value: the contract's verdict, after the platform's rule that text holds no
 * character a database column cannot store (platform/text-input.ts), which is checked first.
 */
function judge(
  schema: z.ZodType,
  value: unknown,
  location: Location,
): { refused: boolean; errorKeys: string[] } {
  const unstorable = findUnstorableText(value);
  if (unstorable.length)
    return {
      refused: true,
      errorKeys: location === 'multipart' ? unstorable.map((k) => k.split('.')[0]!) : unstorable,
    };
  const result = schema.safeParse(value);
  if (result.success) return { refused: false, errorKeys: [] };
  return {
    refused: true,
    errorKeys: [...new Set(result.error.issues.map((i) => i.path.join('.') || '_'))],
  };
}

function pathOf(route: RouteInfo, params: Record<string, string>, raw?: { field: string; segment: string }) {
  return route.url.replace(/:(\w+)|\*$/g, (m, name: string | undefined) => {
    const key = name ?? '*';
    return raw?.field === key ? raw.segment : encodeURIComponent(params[key] ?? m);
  });
}

const withQuery = (path: string, query: Record<string, string | string[]> | undefined) => {
  if (!query) return path;
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) for (const one of [v].flat()) qs.append(k, one);
  const text = qs.toString();
  return text ? `${path}?${text}` : path;
};

const jsonRequest = (payload: string) => ({
  payload,
  headers: { 'content-type': 'application/json' },
});

async function multipartRequest(fields: Fields, asFile: string[] = []) {
  const text: Fields = {};
  const files = [];
  for (const [k, v] of Object.entries(fields)) {
    if (asFile.includes(k))
      files.push({ field: k, name: `${k}.txt`, data: Buffer.from(String(first(v))), type: 'text/plain' });
    else text[k] = v;
  }
  return multipart(text, files);
}

/** Every request of a route's cases. */
async function plan(route: RouteInfo, fx: Fixture): Promise<Planned[]> {
  const params = PARAMS[route.key]?.(fx) ?? {};
  const path = pathOf(route, params);
  const token =
    route.actor === 'admin' ? fx.admin.token : route.actor === 'customer' ? fx.customer.token : null;
  const auth = token ? bearer(token) : {};
  const baseQuery = QUERY_BASE[route.key]?.(fx);
  const form = FORMS[route.key];
  const out: Planned[] = [];
  const add = (
    location: Location,
    c: InvalidCase,
    schema: z.ZodType | undefined,
    options: InjectOptions,
    input: (v: unknown) => unknown = (v) => v,
  ) => {
    const verdict =
      c.alwaysRefused || c.asFile
        ? { refused: true, errorKeys: [] }
        : c.value === undefined || !schema
          ? { refused: false, errorKeys: [] }
          : judge(schema, input(c.value), location);
    out.push({ location, c, ...verdict, options });
  };

  // A valid body for the requests whose query or path is the bad part.
  let validBody: { payload?: string | Buffer; headers?: Record<string, string> } = {};
  if (route.body)
    validBody = jsonRequest(JSON.stringify(BODY_BASE[route.key]?.(fx) ?? sampleInput(route.body)));
  else if (form?.json) validBody = jsonRequest(JSON.stringify(form.json(fx)));
  else if (form) validBody = await multipartRequest(form.base(fx));

  if (route.body) {
    const base = BODY_BASE[route.key]?.(fx) ?? sampleInput(route.body);
    for (const c of bodyCases(route.body, base))
      add('body', c, route.body, {
        method: route.method as InjectOptions['method'],
        url: withQuery(path, baseQuery),
        ...jsonRequest(c.raw ?? JSON.stringify(c.value)),
        headers: { 'content-type': 'application/json', ...auth },
      });
  }
  if (form) {
    const input = form.input ?? ((v: unknown) => v);
    for (const c of multipartCases(form.schema, form.base(fx))) {
      const body = await multipartRequest(c.value as Fields, c.asFile);
      add(
        'multipart',
        c,
        form.schema,
        {
          method: route.method as InjectOptions['method'],
          url: withQuery(path, baseQuery),
          payload: body.payload,
          headers: { ...body.headers, ...auth },
        },
        (v) => input(arrived(wellFormed(v))),
      );
    }
    if (form.json) {
      for (const c of bodyCases(form.schema, form.json(fx)))
        add(
          'body',
          c,
          form.schema,
          {
            method: route.method as InjectOptions['method'],
            url: withQuery(path, baseQuery),
            payload: c.raw ?? JSON.stringify(c.value),
            headers: { 'content-type': 'application/json', ...auth },
          },
          input,
        );
    }
  }
  if (route.query) {
    const base = baseQuery ?? {};
    for (const c of queryCases(route.query, base)) {
      const url = c.rawQuery
        ? `${path}?${c.rawQuery}`
        : withQuery(path, c.value as Record<string, string | string[]>);
      add(
        'query',
        c,
        route.query,
        {
          method: route.method as InjectOptions['method'],
          url,
          ...validBody,
          headers: { ...validBody.headers, ...auth },
        },
        wellFormed,
      );
    }
  }
  if (route.params) {
    for (const c of paramCases(route.params, params)) {
      const value = (c.value ?? params) as Record<string, string>;
      // A lone surrogate has no URL form; the other strings travel percent-encoded.
      if (Object.values(value).some((v) => /[\ud800-\udfff]/.test(v) && wellFormed(v) !== v)) continue;
      const raw = c.rawSegment !== undefined ? { field: c.field!, segment: c.rawSegment } : undefined;
      add('params', c, route.params, {
        method: route.method as InjectOptions['method'],
        url: withQuery(pathOf(route, value, raw), baseQuery),
        ...validBody,
        headers: { ...validBody.headers, ...auth },
      });
    }
  }
  // A path the contract accepts names some other resource: only reads may go there.
  return out.filter((p) => p.location !== 'params' || p.refused || route.method === 'GET');
}

/* ------------------------------------------------------------------------------------------ checks */

interface Outcome {
  p: Planned;
  status: number;
  body: string;
  json: unknown;
  headers: Record<string, unknown>;
  ms: number;
}

/** A refusal slower than this is a denial of service waiting to happen (a body that costs more than its size). */
const SLOW_REFUSAL_MS = 5_000;

async function send(t: TestApp, p: Planned): Promise<Outcome> {
  const started = performance.now();
  const res = await t.app.inject(p.options);
  const ms = performance.now() - started;
  let json: unknown;
  try {
    json = res.json();
  } catch {
    json = undefined;
  }
  return { p, status: res.statusCode, body: res.body, json, headers: res.headers, ms };
}

const errorShape = errorResponse.strict();
const ZOD_WORDS =
  /^(Too big|Too small|Invalid input|Invalid option|Invalid string|Invalid element|Invalid key|Expected |Unrecognized key)/;

/** What is wrong with one answer, if anything. */
function problems(o: Outcome): string[] {
  const out: string[] = [];
  const { p, status } = o;
  const where = `${p.location} ${p.c.label}`;
  const excerpt = o.body.slice(0, 200);
  if (status >= 500) return [`${where}: ${status} ${excerpt}`];
  if (p.refused && (status < 400 || status >= 500)) out.push(`${where}: expected a 4xx, got ${status}`);
  if (p.refused && o.ms > SLOW_REFUSAL_MS) out.push(`${where}: refused after ${Math.round(o.ms)} ms`);
  if (status >= 400) {
    const parsed = errorShape.safeParse(o.json);
    if (!parsed.success) out.push(`${where}: ${status} without the D2 shape: ${excerpt}`);
    else {
      if (!parsed.data.message.trim()) out.push(`${where}: ${status} with an empty message`);
      if (status === 422 && !Object.keys(parsed.data.errors ?? {}).length)
        out.push(`${where}: 422 without errors`);
      // Every refusal in the shop's words, never zod's own ('Invalid input: expected string, received number').
      const zodWords = [parsed.data.message, ...Object.values(parsed.data.errors ?? {}).flat()].filter((m) =>
        ZOD_WORDS.test(m),
      );
      if (zodWords.length) out.push(`${where}: ${status} in zod's words: ${zodWords.join(' | ')}`);
      if (status === 422 && p.refused && p.location !== 'params') {
        const named = Object.keys(parsed.data.errors ?? {});
        const missing = p.errorKeys.filter((k) => !named.includes(k));
        if (missing.length) out.push(`${where}: 422 does not name ${missing.join(', ')} (names ${named})`);
      }
    }
    if (status === 429 && !o.headers['retry-after']) out.push(`${where}: 429 without Retry-After`);
  }
  return out;
}

function changes(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys({ ...before, ...after }).filter((k) => before[k] !== after[k]);
}

async function inBatches<T, R>(items: T[], size: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size)
    out.push(...(await Promise.all(items.slice(i, i + size).map(fn))));
  return out;
}

/* ------------------------------------------------------------------------------------------ the suite */

let t: TestApp;
let fx: Fixture;

beforeAll(async () => {
  t = await createTestApp({
    build: { onRoute: recordRoute },
    // Refused and accepted logins, sign-ups and forms alike spend no budget that a later case would hit.
    limits: Object.fromEntries(
      Object.keys(DEFAULT_LIMITS).map((name) => [name, { points: 1_000_000, windowSeconds: 60 }]),
    ),
  });
  const customer = await registerCustomer(t.app);
  const admin = await createAdmin(t.app, t.ctx);

  const submitted = await submit(t, HAVE_DESIGN_FIELDS, [designFile()], bearer(customer.token));
  expect(submitted.statusCode, submitted.body).toBe(201);
  const shown = await t.app.inject({
    url: `/api/user/design-submissions/${submitted.json().design.slug}`,
    headers: bearer(customer.token),
  });
  const design = shown.json().design as { id: number; slug: string };

  const created = await t.app.inject({
    method: 'POST',
    url: '/api/admin/products',
    payload: {
      name: 'Input Chair',
      sku: 'BAD-INPUT-1',
      description: 'A chair',
      category_id: null,
      price: '99.50',
      stock_quantity: 4,
    },
    headers: bearer(admin.token),
  });
  expect(created.statusCode, created.body).toBe(201);
  const product = created.json().product as { id: number; sku: string };

  fx = {
    customer: { token: customer.token, id: customer.user.id, email: customer.email },
    admin: { token: admin.token, id: admin.user.id, email: admin.email },
    design: { id: design.id, slug: design.slug },
    product: { id: product.id, sku: product.sku },
    deal: await createDealFixtures(t, {
      customerToken: customer.token,
      customerId: customer.user.id,
      adminToken: admin.token,
      designId: design.id,
      productId: product.id,
    }),
  };
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/** Routes that take input of some kind: a body, a query, path parameters or a form read by the handler. */
const withInput = () =>
  [...routes.values()].filter((r) => r.body || r.query || r.params || r.multipart || FORMS[r.key]);

describe('bad input', () => {
  it('has cases for every route that takes input', async () => {
    const uncovered: string[] = [];
    for (const route of withInput()) {
      if (route.multipart && !FORMS[route.key])
        uncovered.push(`${route.key}: multipart form without an entry`);
      if (route.params && !PARAMS[route.key])
        uncovered.push(`${route.key}: path parameters without an entry`);
      const planned = await plan(route, fx);
      for (const location of ['body', 'query', 'params'] as const) {
        const has = location === 'body' ? route.body : location === 'query' ? route.query : route.params;
        if (has && !planned.some((p) => p.location === location && p.refused))
          uncovered.push(`${route.key}: no refused ${location} case`);
      }
      if (FORMS[route.key] && !planned.some((p) => p.location === 'multipart' && p.refused))
        uncovered.push(`${route.key}: no refused multipart case`);
    }
    expect(uncovered).toEqual([]);
    expect(Object.keys(FORMS).filter((k) => !routes.has(k))).toEqual([]);
    expect(Object.keys(PARAMS).filter((k) => !routes.has(k))).toEqual([]);
    expect(Object.keys(BODY_BASE).filter((k) => !routes.get(k)?.body)).toEqual([]);
  });

  // The route table is known once the app is built; the cases of each route run in one test.
  it('answers every bad input with a 4xx in the D2 shape and changes nothing', async () => {
    const failures: string[] = [];
    for (const route of withInput().sort((a, b) => a.key.localeCompare(b.key))) {
      const planned = await plan(route, fx);
      // The refused cases run together, four at a time (fewer than the test's database connections): together they
      // must change nothing. The cases the contract takes run one by one after them (a read may create what it
      // reads, as a customer's first look at the chat opens their conversation).
      const batch = planned.filter((p) => p.refused);
      const accepted = planned.filter((p) => !p.refused);

      const before = await snapshotState(t);
      const outcomes = await inBatches(batch, 4, (p) => send(t, p));
      const after = await snapshotState(t);
      for (const o of outcomes) failures.push(...problems(o).map((m) => `${route.key} ${m}`));
      const changed = changes(before, after);
      if (changed.length) {
        failures.push(`${route.key}: its refused requests together changed ${changed.join(', ')}`);
        // Name the requests that did it, where one alone does it again.
        for (const p of batch) {
          const s0 = await snapshotState(t);
          const o = await send(t, p);
          const diff = changes(s0, await snapshotState(t));
          if (diff.length)
            failures.push(`${route.key} ${p.location} ${p.c.label}: ${o.status} changed ${diff.join(', ')}`);
        }
      }

      // Inputs the contract takes (free text with quotes, markup, emoji) may be stored; a refusal still changes nothing.
      let state = after;
      for (const p of accepted) {
        const o = await send(t, p);
        const next = await snapshotState(t);
        failures.push(...problems(o).map((m) => `${route.key} ${m}`));
        if (o.status >= 400 && changes(state, next).length)
          failures.push(
            `${route.key} ${p.location} ${p.c.label}: ${o.status} changed ${changes(state, next).join(', ')}`,
          );
        state = next;
      }
    }
    expect(failures.slice(0, 80), `${failures.length} failures`).toEqual([]);
  }, 600_000);
});
