import type { FastifyReply, FastifyRequest } from 'fastify';
import { translate, type MessageKey } from '../../../domain/messages';
import { toLanguageKey, type LanguageKey } from '../../../domain/languages';

/** The request's language from the `lang` header (pt_BR when absent or unknown). */
export function langOf(request: FastifyRequest): LanguageKey {
  return toLanguageKey(request.headers.lang);
}

/** A success in the envelope every client reads: `{ status: 200, message, data }`. */
export function ok(
  request: FastifyRequest,
  reply: FastifyReply,
  data: unknown = null,
  message: MessageKey = 'ok',
  params?: Record<string, string | number>,
) {
  return reply.code(200).send({ status: 200, message: translate(message, langOf(request), params), data });
}
