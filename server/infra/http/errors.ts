import { z } from 'zod';
import { BodyStatus } from '../../../domain/codes';
import { isMessageKey, type MessageKey } from '../../../domain/messages';

/**
 * An error the client should see: an honest HTTP code, the specification's body `status`, and a
 * message key translated into the request's language by the error handler.
 */
export class AppError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly key: MessageKey,
    readonly params: Record<string, string | number> = {},
    readonly bodyStatus: number = httpStatus,
    /** The envelope's `data`: null, except where the client must tell this refusal from others. */
    readonly data: Record<string, unknown> | null = null,
  ) {
    super(key);
  }
}

/**
 * The first attempt under this Idempotency-Key is still running (or a race was lost with nothing
 * written): the outcome is not known yet, so the client retries with the same key. `data.running`
 * tells it from the business refusals that also answer 409 (odds changed, option closed), after
 * which a retry is a new action with a new key (src/services/idempotency.ts).
 */
export const stillRunning = () => new AppError(409, 'idempotencyRunning', {}, 409, { running: true });

export const badRequest = (key: MessageKey, params?: Record<string, string | number>) =>
  new AppError(400, key, params);
export const notLoggedIn = (key: MessageKey = 'loginAgain') =>
  new AppError(401, key, {}, BodyStatus.loggedOut);
export const forbidden = (key: MessageKey = 'forbidden') => new AppError(403, key, {}, BodyStatus.forbidden);
export const notFound = () => new AppError(404, 'notFound');
export const tooMany = (key: MessageKey = 'tooManyRequests', params?: Record<string, string | number>) =>
  new AppError(429, key, params);

const FIELD_NAMES: Record<string, string> = {
  username: 'e-mail',
  pwd: 'senha',
  pwd1: 'confirmar senha',
  nPwd: 'nova senha',
  oldPwd: 'senha atual',
  cardNo: 'CPF',
  captCode: 'código de verificação',
  codeId: 'código de verificação',
  email: 'e-mail',
  code: 'código',
  chkId: 'código',
  subject: 'assunto',
  contact: 'contato',
  answer: 'resposta',
  text: 'mensagem',
};

/**
 * Parses input with a shared zod schema; the first problem becomes a 400 with a clear message
 * (unknown fields are named, missing ones too) and nothing downstream runs.
 */
export function parseInput<S extends z.core.$ZodType>(schema: S, input: unknown): z.output<S> {
  const result = z.safeParse(schema, input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = String(issue.path[0] ?? '');
  if (issue.code === 'unrecognized_keys') {
    throw badRequest('unknownField', { field: issue.keys.slice(0, 3).join(', ').slice(0, 64) });
  }
  const name = FIELD_NAMES[field] ?? field;
  const given =
    field && typeof input === 'object' && input !== null ? (input as Record<string, unknown>)[field] : input;
  if (issue.code === 'invalid_type' && field && (given === undefined || given === null)) {
    throw badRequest('required', { field: name });
  }
  if (isMessageKey(issue.message)) throw badRequest(issue.message, { field: name });
  throw badRequest(issue.code === 'too_big' ? 'tooLong' : 'invalidInput', { field: name });
}
