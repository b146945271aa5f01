import type { FastifyInstance } from 'fastify';
import { SERVER_MESSAGES } from '@shop/contracts';
import { notFound, validationFailed, type FieldErrors } from './errors';

/**
 * Characters no text column can hold: NUL (PostgreSQL refuses it in text and jsonb) and UTF-16 surrogates
 * without their pair (not Unicode at all: jsonb refuses them, UTF-8 cannot encode them).
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const hasUnstorableText = (value: string) => value.includes('\u0000') || LONE_SURROGATE.test(value);

/**
 * The text with every UTF-16 surrogate that lacks its pair replaced by U+FFFD (String.prototype.toWellFormed):
 * what a jsonb column or a UTF-8 encoder can take.
 */
export const wellFormed = (value: string) => value.replace(new RegExp(LONE_SURROGATE.source, 'g'), '\ufffd');

const isHighSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;

/**
 * At most `max` UTF-16 code units of the text, never ending in half of a surrogate pair: a character outside the
 * Basic Multilingual Plane (an emoji) that does not fit is left out whole, not cut into an unstorable half.
 * With a `suffix` ('...', '…'), a text that had to be cut ends with it, the suffix included in `max`.
 */
export function cutText(value: string, max: number, suffix = ''): string {
  if (value.length <= max) return value;
  let end = Math.max(0, max - suffix.length);
  if (end > 0 && isHighSurrogate(value.charCodeAt(end - 1))) end -= 1;
  return `${value.slice(0, end)}${suffix}`;
}

interface Visit {
  value: unknown;
  key: string;
  parent: Visit | null;
}

const pathOf = (visit: Visit) => {
  const keys: string[] = [];
  for (let v: Visit | null = visit; v?.parent; v = v.parent) keys.push(v.key);
  return keys.reverse().join('.') || '_';
};

/** Enough fields to name in one answer. */
const MAX_REPORTED = 20;

/**
 * Whether any string in a parsed input holds unstorable characters: the same walk as `findUnstorableText` with
 * nothing kept, as every request asks it (and almost always hears no).
 */
function holdsUnstorableText(input: unknown): boolean {
  if (typeof input === 'string') return hasUnstorableText(input);
  if (!input || typeof input !== 'object') return false;
  const pending: object[] = [input];
  for (let value = pending.pop(); value; value = pending.pop()) {
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue;
      const item = (value as Record<string, unknown>)[key];
      if (typeof item === 'string') {
        if (hasUnstorableText(item)) return true;
      } else if (item && typeof item === 'object') pending.push(item);
    }
  }
  return false;
}

/**
 * The dotted paths of the strings in a parsed input that hold unstorable characters ('_' for the input itself).
 * Walked with a stack of its own, and paths are built only for the few strings reported, so a body nested
 * thousands of levels deep costs time in proportion to its size.
 */
export function findUnstorableText(input: unknown): string[] {
  if (!holdsUnstorableText(input)) return [];
  const found: string[] = [];
  const pending: Visit[] = [{ value: input, key: '', parent: null }];
  for (let visit = pending.pop(); visit && found.length < MAX_REPORTED; visit = pending.pop()) {
    const { value } = visit;
    if (typeof value === 'string') {
      if (hasUnstorableText(value)) found.push(pathOf(visit));
    } else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) pending.push({ value: item, key, parent: visit });
    }
  }
  return found.reverse();
}

/** 'company_name' or 'firstName' (or 'features.0') as the field's words in a message: 'company name'. */
const fieldWords = (path: string) =>
  path === '_'
    ? 'request'
    : (path.split('.')[0] ?? path)
        .replace(/([a-z])([A-Z])/g, '$1 $2')
        .replace(/_/g, ' ')
        .toLowerCase();

export function unstorableTextErrors(paths: string[]): FieldErrors {
  return Object.fromEntries(paths.map((p) => [p, [SERVER_MESSAGES.invalidCharacters(fieldWords(p))]]));
}

/**
 * Refuses such characters anywhere in a request's path parameters (404, like any invalid path parameter), query
 * and JSON body (422 naming the fields), before validation: one rule for every route, present and future.
 * Multipart text fields are checked as they are read (platform/multipart.ts).
 */
export function refuseUnstorableText(app: FastifyInstance): void {
  // A callback hook that returns nothing (auth/guard.ts says why).
  app.addHook('preValidation', (request, _reply, done) => {
    if (findUnstorableText(request.params).length) {
      done(notFound());
      return;
    }
    const fields = [...findUnstorableText(request.query), ...findUnstorableText(request.body)];
    done(fields.length ? validationFailed(unstorableTextErrors(fields)) : undefined);
  });
}
