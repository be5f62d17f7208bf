import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from './context';
import type { Trx } from '../infra/db/connection';
import { AppError, stillRunning } from '../infra/http/errors';
import { sha256Hex } from '../infra/security/tokens';
import { translate, type MessageKey } from '../../domain/messages';
import { langOf } from '../infra/http/reply';

/**
 * Idempotency of every call that moves money (API.md "Idempotency"): the `Idempotency-Key` header,
 * scoped per user, is recorded in the same database transaction as the effect, so either both
 * happen or neither. A replay returns the first response; the same key with another body is 422;
 * a concurrent twin waits for the first and then replays it. Refusals (4xx) are recorded too.
 */
const KEY_FORMAT = /^[\x21-\x7e]{1,64}$/;

export function canonical(value: unknown): string {
  // Iterative (an explicit stack, not recursion): a body 5,000 levels deep overflowed the call
  // stack and answered 500 (trust issue, finding 7). Bodies are limited in depth before they get
  // here (platform/json-body.ts); this holds whatever reaches it.
  const out: string[] = [];
  const stack: Array<{ value: unknown } | { text: string }> = [{ value }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if ('text' in item) {
      out.push(item.text);
      continue;
    }
    const v = item.value;
    if (Array.isArray(v)) {
      const parts: Array<{ value: unknown } | { text: string }> = [{ text: '[' }];
      v.forEach((x, i) => parts.push(...(i > 0 ? [{ text: ',' }] : []), { value: x }));
      parts.push({ text: ']' });
      for (let i = parts.length - 1; i >= 0; i--) stack.push(parts[i]!);
    } else if (v && typeof v === 'object') {
      const entries = Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
      const parts: Array<{ value: unknown } | { text: string }> = [{ text: '{' }];
      entries.forEach(([k, x], i) =>
        parts.push({ text: `${i > 0 ? ',' : ''}${JSON.stringify(k)}:` }, { value: x }),
      );
      parts.push({ text: '}' });
      for (let i = parts.length - 1; i >= 0; i--) stack.push(parts[i]!);
    } else {
      out.push(JSON.stringify(v ?? null));
    }
  }
  return out.join('');
}

export interface MoneyResponse {
  code: number;
  body: unknown;
}

/** The validated key of a money request; 400 when it is missing or malformed. */
export function idempotencyKeyOf(request: FastifyRequest): string {
  const key = request.headers['idempotency-key'];
  if (typeof key !== 'string' || !KEY_FORMAT.test(key)) throw new AppError(400, 'idempotencyMissing');
  return key;
}

async function stored(ctx: AppContext, userId: number, key: string) {
  return ctx.db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'response_code', 'response_body'])
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();
}

class ConcurrentTwin extends Error {}

/** What identifies a money request: its key, a hash of what it asks, and the answer's language. */
export interface MoneyRequest {
  userId: number;
  key: string;
  requestHash: string;
  lang: ReturnType<typeof langOf>;
}

/** The key, request hash and language of a money request; 400 when the key is missing or bad. */
export function moneyRequestOf(request: FastifyRequest, userId: number): MoneyRequest {
  const key = idempotencyKeyOf(request);
  const path = request.url.split('?')[0]!;
  return {
    userId,
    key,
    requestHash: sha256Hex(`${request.method} ${path} ${canonical(request.body)}`),
    lang: langOf(request),
  };
}

/** Sends a stored answer as it was first sent; the same key with another body is 422. */
function replay(
  reply: FastifyReply,
  money: MoneyRequest,
  row: { request_hash: string; response_code: number; response_body: string },
) {
  if (row.request_hash !== money.requestHash) throw new AppError(422, 'idempotencyReused');
  return reply
    .code(row.response_code)
    .header('idempotent-replayed', 'true')
    .type('application/json')
    .send(row.response_body);
}

/** Replays the answer stored under the request's key: after a twin finished first. */
export async function replayTwin(ctx: AppContext, reply: FastifyReply, money: MoneyRequest) {
  const twin = await stored(ctx, money.userId, money.key);
  if (twin) return replay(reply, money, twin);
  throw stillRunning();
}

/**
 * Records a refusal (AppError 4xx) under the request's key, so a replay gets the same answer, and
 * sends it — or, when the key already holds an answer, that one. Anything else is rethrown.
 */
export async function answerRefusal(ctx: AppContext, reply: FastifyReply, money: MoneyRequest, err: unknown) {
  if (!(err instanceof AppError) || err.httpStatus >= 500) throw err;
  const body = { status: err.bodyStatus, message: translate(err.key, money.lang, err.params), data: null };
  const first = await ctx.db
    .insertInto('idempotency_keys')
    .values({
      user_id: money.userId,
      key: money.key,
      request_hash: money.requestHash,
      response_code: err.httpStatus,
      response_body: JSON.stringify(body),
    })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  // Heard once per refusal: a retry of the same request replays it and is not a new refusal.
  if (first) ctx.refused(err);
  const row = await stored(ctx, money.userId, money.key);
  if (row) return replay(reply, money, row);
  throw err;
}

/**
 * How long a preparing call's claim on its key lasts if its instance dies before giving it back:
 * longer than any preparation (a charge is two PSP calls, each at most TREVO_PSP_TIMEOUT_MS ≤ 25 s).
 */
const PREPARE_CLAIM_MS = 60_000;

/**
 * Runs a money operation once per (user, key). `prepare` runs outside the database transaction
 * (for calls to a payment provider); `effect` runs inside it and returns the success body.
 * Refusals (AppError 4xx) are recorded too, so a replay gets the same answer.
 */
export async function runIdempotent<P>(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  operation: {
    prepare?: () => Promise<P>;
    effect: (trx: Trx, prepared: P) => Promise<unknown>;
    /** Runs after the commit of a first (not replayed) success, e.g. to push socket events. */
    after?: (prepared: P) => Promise<void>;
    message?: MessageKey;
  },
) {
  const money = moneyRequestOf(request, userId);

  // A call that prepares claims its key while it runs (the limiter is atomic, and shared when
  // scaled out): a twin sent meanwhile is told the call is running instead of preparing again, for
  // preparing spends what must be spent once — a provider's charge, a confirmation code's attempts
  // (ten twins of one transfer used up its code's five, and every one was refused).
  const claim = operation.prepare ? `idempotency-running:${userId}:${money.key}` : null;
  if (claim && (await ctx.limiter.hit(claim, PREPARE_CLAIM_MS)) > 1) {
    await ctx.limiter.release(claim);
    throw stillRunning();
  }

  let response: MoneyResponse;
  let prepared: P | undefined;
  try {
    // Under its claim, a call that prepares looks for an earlier answer first, so a replay never
    // reaches the provider again (looked for before the claim, a twin that committed and gave its
    // claim back in between was missed, and prepared again: a second charge). The other calls find
    // out at the end of their transaction, which saves a query on the bet path.
    const earlier = claim ? await stored(ctx, userId, money.key) : undefined;
    if (earlier) return replay(reply, money, earlier);
    prepared = (await operation.prepare?.()) as P;
    response = await ctx.db.transaction().execute(async (trx) => {
      const data = await operation.effect(trx, prepared as P);
      const result = {
        code: 200,
        body: { status: 200, message: translate(operation.message ?? 'ok', money.lang), data },
      };
      // The key is recorded with the answer in the effect's transaction. A twin running at the same
      // time blocks on this unique row until the first commits, then finds it taken and rolls back
      // everything it did; a replay after the fact does the same.
      const recorded = await trx
        .insertInto('idempotency_keys')
        .values({
          user_id: userId,
          key: money.key,
          request_hash: money.requestHash,
          response_code: result.code,
          response_body: JSON.stringify(result.body),
        })
        .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
        .returning('key')
        .executeTakeFirst();
      if (!recorded) throw new ConcurrentTwin();
      return result;
    });
  } catch (err) {
    // Awaited before `finally` gives the claim back: a refusal is recorded under the key first, so
    // a twin let in by the release replays it rather than preparing again (a code's attempt).
    if (err instanceof ConcurrentTwin) return await replayTwin(ctx, reply, money);
    return await answerRefusal(ctx, reply, money, err);
  } finally {
    if (claim) await ctx.limiter.release(claim);
  }
  if (operation.after) await operation.after(prepared as P);
  return reply.code(response.code).send(response.body);
}
