import type { FastifyInstance } from 'fastify';
import { AppError } from '../infra/http/errors';

/**
 * JSON bodies are parsed with a depth limit before any handler sees them (trust issue, finding 7:
 * a 5,000-deep body on a money call overflowed the stack and answered 500). No call of the API
 * needs more than a few levels; past `MAX_JSON_DEPTH` the body is refused with a clear 400 and
 * nothing runs. The size limit is Fastify's `bodyLimit` (app.ts). Parsing itself is Fastify's own
 * (prototype-poisoning checks included).
 */
export const MAX_JSON_DEPTH = 16;

/** Whether `text` nests arrays and objects no deeper than `max` (strings skipped; one pass). */
export function jsonDepthWithin(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91 /* { [ */) {
      if (++depth > max) return false;
    } else if (c === 125 || c === 93 /* } ] */) depth--;
  }
  return true;
}

/** Installs the depth-checked JSON parser on the app (before routes; scopes may override it). */
export function installJsonBodies(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (!jsonDepthWithin(text, MAX_JSON_DEPTH)) {
      done(new AppError(400, 'bodyTooDeep'), undefined);
      return;
    }
    parse(request, text, done);
  });
}
