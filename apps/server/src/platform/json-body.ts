import type { FastifyInstance } from 'fastify';
import { SERVER_MESSAGES } from '@shop/contracts';
import { badRequest } from './errors';

/** No request of the API nests deeper than a few levels; this leaves ample room. */
export const MAX_JSON_DEPTH = 32;

const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Whether a JSON text nests arrays and objects deeper than `max`, found by one pass over its characters (strings
 * skipped) before anything is built: a 400,000-deep array costs a few milliseconds to refuse instead of the
 * parser's fraction of a second. Malformed text is left to the parser.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > max) return true;
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) depth--;
  }
  return false;
}

/** Fastify's own JSON body parser (prototype-poisoning checks included), behind the depth check. */
export function refuseDeepJson(app: FastifyInstance, maxDepth = MAX_JSON_DEPTH): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (nestsDeeperThan(text, maxDepth)) return done(badRequest(SERVER_MESSAGES.tooDeep), undefined);
    parse(request, text, done);
  });
}
