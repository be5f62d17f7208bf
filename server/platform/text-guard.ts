import type { FastifyInstance } from 'fastify';
import { badRequest } from '../infra/http/errors';

/**
 * No text with a NUL or a lone UTF-16 surrogate reaches a handler (schema fuzzer's findings: a NUL
 * in any text field answered 500 from PostgreSQL, which cannot store it, in 27 places; a lone low
 * surrogate after a non-ASCII character did the same on PGlite). No field of the API needs either,
 * so every string of the body, the query and the path parameters (keys included) is checked once,
 * after parsing and before validation, for every route: a clear 400 and nothing runs.
 */
// The NUL is the point of this pattern.
// eslint-disable-next-line no-control-regex
const BAD_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether any string in `value` (walked iteratively, keys included) has a NUL or lone surrogate. */
export function hasBadText(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length) {
    const item = stack.pop();
    if (typeof item === 'string') {
      if (BAD_TEXT.test(item)) return true;
    } else if (item instanceof Uint8Array) {
      // A file's bytes (an identity document) are not text: walking them byte by byte was megabytes
      // of work for nothing.
      continue;
    } else if (item && typeof item === 'object') {
      for (const [key, inner] of Object.entries(item)) {
        if (BAD_TEXT.test(key)) return true;
        stack.push(inner);
      }
    }
  }
  return false;
}

export function installTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (hasBadText(request.params) || hasBadText(request.query) || hasBadText(request.body)) {
      throw badRequest('textInvalid');
    }
  });
}
