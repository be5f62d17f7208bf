import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { badRequest, parseInput, tooMany } from '../../http/errors';
import { ok } from '../../http/reply';
import { operatorLoginSchema } from '../../../domain/schemas/auth.schema';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../security/passwords';
import { createSession, resolveSession, tokenOf } from '../auth/session.service';
import { approveWithdrawal, rejectWithdrawal } from '../wallet/withdraw.service';
import { centsToBrl } from '../../../domain/money';
import { auditEntry, recordAudit } from './audit-trail';

const ADMIN_PREFIX = '/api/admin';
const OPEN_ADMIN_PATHS = new Set(['/api/admin/auth/login']);

const withdrawalsQuerySchema = z.object({
  status: z.enum(['waiting_approval', 'queued', 'sent', 'paid', 'failed', 'rejected']).optional(),
});
const rejectSchema = z.strictObject({ note: z.string().trim().max(200, { message: 'tooLong' }).optional() });

const noticeSchema = z.strictObject({
  text: z.string().trim().min(1, { message: 'noticeEmpty' }).max(500, { message: 'tooLong' }),
});

/**
 * The `/api/admin` guard runs in `onRequest`, before routing and validation, so an unknown admin
 * path or a malformed body reveals nothing without an operator token (API.md "Operator").
 */
export function adminGuard(ctx: AppContext) {
  return async (request: FastifyRequest) => {
    const path = request.url.split('?')[0]!;
    if (path !== ADMIN_PREFIX && !path.startsWith(`${ADMIN_PREFIX}/`)) return;
    if (OPEN_ADMIN_PATHS.has(path)) return;
    request.session = await resolveSession(ctx, tokenOf(request), 'operator');
  };
}

/** Creates the bootstrap operator from the environment if it does not exist yet. */
export async function ensureBootstrapOperator(ctx: AppContext): Promise<void> {
  const op = ctx.config.operator;
  if (!op) return;
  const existing = await ctx.db
    .selectFrom('operators')
    .select('id')
    .where('username', '=', op.username)
    .executeTakeFirst();
  if (existing) return;
  await ctx.db
    .insertInto('operators')
    .values({ username: op.username, password_hash: await hashPassword(op.password) })
    .onConflict((oc) => oc.column('username').doNothing())
    .execute();
}

export async function adminRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/admin/auth/login', async (request, reply) => {
    const key = `admin-login-ip:${request.ip}`;
    if ((await ctx.limiter.peek(key)) >= 10) throw tooMany();
    const input = parseInput(operatorLoginSchema, request.body);
    const operator = await ctx.db
      .selectFrom('operators')
      .select(['id', 'password_hash'])
      .where('username', '=', input.username)
      .executeTakeFirst();
    const valid = operator
      ? await verifyPassword(input.pwd, operator.password_hash)
      : await verifyAgainstDummy(input.pwd);
    if (!operator || !valid) {
      await ctx.limiter.hit(key, 60_000);
      throw badRequest('badCredentials');
    }
    const token = await createSession(ctx, 'operator', operator.id, request.ip);
    await ctx.db.transaction().execute((trx) =>
      recordAudit(trx, {
        actorId: operator.id,
        action: 'operator.login',
        object: `operator:${operator.id}`,
        before: null,
        after: { ip: request.ip },
        requestId: String(request.id),
      }),
    );
    return ok(request, reply, { access_token: token });
  });

  app.post('/api/admin/notices', async (request, reply) => {
    const { text } = parseInput(noticeSchema, request.body);
    const notice = await ctx.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('notices')
        .values({ text })
        .returning(['id', 'text', 'created_at'])
        .executeTakeFirstOrThrow();
      const published = { id: row.id, text: row.text, createdAt: new Date(row.created_at).toISOString() };
      await recordAudit(trx, auditEntry(request, 'notice.publish', `notice:${row.id}`, null, published));
      return published;
    });
    ctx.realtime.broadcast('notice', notice);
    return ok(request, reply, notice);
  });

  app.get('/api/admin/withdrawals', async (request, reply) => {
    const { status } = parseInput(withdrawalsQuerySchema, request.query);
    let query = ctx.db
      .selectFrom('withdrawals')
      .innerJoin('users', 'users.id', 'withdrawals.user_id')
      .select([
        'withdrawals.id',
        'withdrawals.user_id',
        'users.username',
        'withdrawals.method',
        'withdrawals.account',
        'withdrawals.amount_cents',
        'withdrawals.fee_cents',
        'withdrawals.status',
        'withdrawals.payout_state',
        'withdrawals.created_at',
      ])
      .orderBy('withdrawals.created_at', 'desc')
      .limit(200);
    if (status) query = query.where('withdrawals.payout_state', '=', status);
    const rows = await query.execute();
    return ok(
      request,
      reply,
      rows.map((r) => ({
        id: r.id,
        userId: r.user_id,
        username: r.username,
        method: r.method,
        account: r.account,
        amount: centsToBrl(Number(r.amount_cents)),
        fee: centsToBrl(Number(r.fee_cents)),
        status: r.status,
        payoutState: r.payout_state,
        createdAt: new Date(r.created_at).toISOString(),
      })),
    );
  });

  app.post<{ Params: { id: string } }>('/api/admin/withdrawals/:id/approve', async (request, reply) => {
    const id = request.params.id.slice(0, 40);
    await approveWithdrawal(ctx, id, request.session!.subjectId, (trx) =>
      recordAudit(
        trx,
        auditEntry(
          request,
          'withdrawal.approve',
          `withdrawal:${id}`,
          { payoutState: 'waiting_approval' },
          { payoutState: 'queued' },
        ),
      ),
    );
    return ok(request, reply);
  });

  app.post<{ Params: { id: string } }>('/api/admin/withdrawals/:id/reject', async (request, reply) => {
    const { note } = parseInput(rejectSchema, request.body ?? {});
    const id = request.params.id.slice(0, 40);
    const reason = note ?? 'recusado pelo operador';
    await rejectWithdrawal(ctx, id, request.session!.subjectId, reason, (trx) =>
      recordAudit(
        trx,
        auditEntry(
          request,
          'withdrawal.reject',
          `withdrawal:${id}`,
          { payoutState: 'waiting_approval' },
          { payoutState: 'rejected', note: reason },
        ),
      ),
    );
    return ok(request, reply);
  });
}
