import { recordId } from '../../../domain/schemas/common.schema';
import { allow, operator, PUBLIC, ROLES } from '../../platform/access';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { openSecret, sealSecret } from '../../infra/security/secret-box';
import type { AppContext } from '../../platform/context';
import { AppError, badRequest, notFound, parseInput, tooMany } from '../../infra/http/errors';
import { langOf, ok } from '../../infra/http/reply';
import { translate } from '../../../domain/messages';
import { operatorLoginSchema } from '../../../domain/schemas/auth.schema';
import {
  operatorCreateSchema,
  operatorUpdateSchema,
  totpEnrolSchema,
} from '../../../domain/schemas/operator.schema';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../infra/security/passwords';
import { createSession, liveSessionIds, revokeSessions } from '../../platform/sessions';
import { approveWithdrawal, rejectWithdrawal } from '../wallet/withdraw.service';
import { allGameSettings } from '../games/settings';
import { centsToBrl } from '../../../domain/money';
import { auditEntry, recordAudit, verifyAuditChain } from '../../platform/audit-trail';
import { matchTotp, newTotpSecret, otpauthUri } from './totp';
import { withdrawalRisk } from './withdrawal-risk';
import { backOfficeRoutes } from './back-office.routes';
import { prizeDeadlineReport } from '../protection/prize-deadline';
import { ledgerRoutes } from './ledger.routes';

const withdrawalsQuerySchema = z.object({
  status: z.enum(['waiting_approval', 'queued', 'sent', 'paid', 'failed', 'rejected']).optional(),
});
const rejectSchema = z.strictObject({ note: z.string().trim().max(200, { message: 'tooLong' }).optional() });
const bulkSchema = z.strictObject({
  action: z.enum(['approve', 'reject']),
  ids: z.array(z.string().min(1).max(40)).min(1).max(50),
  note: z.string().trim().max(200, { message: 'tooLong' }).optional(),
});

const noticeSchema = z.strictObject({
  text: z.string().trim().min(1, { message: 'noticeEmpty' }).max(500, { message: 'tooLong' }),
});

/** Login throttle per IP: this many failures a minute. */
const LOGIN_FAILURES_PER_MINUTE = 10;
/** Wrong authenticator codes an operator account may send in a day (then an admin resets it). */
const TOTP_FAILURES_PER_DAY = 20;

/** Creates the bootstrap operator (role admin) from the environment if it does not exist yet. */
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
    .values({ username: op.username, password_hash: await hashPassword(op.password), role: 'admin' })
    .onConflict((oc) => oc.column('username').doNothing())
    .execute();
}

/**
 * Checks username and password with the per-IP and per-account throttles; unknown user and wrong
 * password answer the same. Every attempt spends its count before it is judged (as the players'
 * login does), so a burst of concurrent guesses is judged only up to the cap; `succeeded` gives the
 * attempt back once the password (and the code, if one was sent) proved right. Returns the row.
 */
async function checkPassword(ctx: AppContext, request: FastifyRequest, username: string, pwd: string) {
  // Per IP and per account (security.md): spreading guesses over many addresses does not help.
  const keys = [`admin-login-ip:${request.ip}`, `admin-login-user:${username.toLowerCase()}`];
  for (const key of keys) {
    if ((await ctx.limiter.hit(key, 60_000)) > LOGIN_FAILURES_PER_MINUTE) throw tooMany();
  }
  const row = await ctx.db
    .selectFrom('operators')
    .select(['id', 'username', 'password_hash', 'role', 'totp_secret', 'totp_pending_secret'])
    .where('username', '=', username)
    .executeTakeFirst();
  // TOTP seeds are sealed in the database (security/secret-box.ts); only this process opens them.
  const operator = row && {
    ...row,
    sealed: row.totp_secret?.startsWith('v1.') ?? true,
    totp_secret: row.totp_secret && openSecret(ctx.config.secretKey, row.totp_secret),
    totp_pending_secret: row.totp_pending_secret && openSecret(ctx.config.secretKey, row.totp_pending_secret),
  };
  const valid = operator ? await verifyPassword(pwd, operator.password_hash) : await verifyAgainstDummy(pwd);
  if (!operator || !valid) throw badRequest('badCredentials');
  const succeeded = async () => {
    for (const key of keys) await ctx.limiter.release(key);
  };
  return { operator, succeeded };
}

/**
 * Accepts a code for `secret` once: the step it matches must be later than the last accepted one,
 * and the guarded update makes two concurrent logins with the same code accept only one.
 */
async function consumeTotp(ctx: AppContext, operatorId: number, secret: string, code: string) {
  const step = matchTotp(secret, code);
  if (step === null) return false;
  const res = await ctx.db
    .updateTable('operators')
    .set({ totp_last_step: step })
    .where('id', '=', operatorId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

const fixtureSearchSchema = z.object({ q: z.string().trim().max(80).optional() });

export async function adminRoutes(app: FastifyInstance, ctx: AppContext) {
  // An unknown operator path asks for an operator first (API.md): it is a route like any other,
  // declared for every operator role, so a visitor gets 401 and a player 403 before anyone learns
  // that the path leads nowhere. The router prefers every real route over this wildcard.
  app.all('/api/admin/*', allow(operator(ROLES.any)), async () => {
    throw notFound();
  });
  app.post('/api/admin/auth/login', allow(PUBLIC), async (request, reply) => {
    const input = parseInput(operatorLoginSchema, request.body);
    const { operator, succeeded } = await checkPassword(ctx, request, input.username, input.pwd);
    let enrolled = false;
    if (operator.totp_secret) {
      if (!input.totp) {
        // The right password, the code still to come: not a failed attempt.
        await succeeded();
        throw badRequest('totpRequired');
      }
      // A wrong code keeps its spent attempts: per minute (above) and per day, so someone who has
      // the password cannot walk the million codes (10 a minute alone would be 14,400 a day).
      const daily = `admin-totp-user:${operator.id}`;
      if ((await ctx.limiter.hit(daily, 86_400_000)) > TOTP_FAILURES_PER_DAY) throw tooMany();
      if (!(await consumeTotp(ctx, operator.id, operator.totp_secret, input.totp))) {
        throw badRequest('totpInvalid');
      }
      await ctx.limiter.release(daily);
      // A seed stored before sealing existed is sealed now.
      if (!operator.sealed) {
        await ctx.db
          .updateTable('operators')
          .set({ totp_secret: sealSecret(ctx.config.secretKey, operator.totp_secret) })
          .where('id', '=', operator.id)
          .execute();
      }
    } else if (input.totp && operator.totp_pending_secret) {
      // The first code from a new authenticator confirms its enrolment.
      if (!(await consumeTotp(ctx, operator.id, operator.totp_pending_secret, input.totp))) {
        throw badRequest('totpInvalid');
      }
      enrolled = true;
    } else if (ctx.config.operatorTotp === 'required') {
      await succeeded();
      throw badRequest('totpEnrolRequired');
    }
    await succeeded();
    const token = await createSession(ctx, 'operator', operator.id, request.ip);
    await ctx.db.transaction().execute(async (trx) => {
      if (enrolled) {
        await trx
          .updateTable('operators')
          .set({
            totp_secret: sealSecret(ctx.config.secretKey, operator.totp_pending_secret!),
            totp_pending_secret: null,
            totp_enrolled_at: new Date(),
          })
          .where('id', '=', operator.id)
          .execute();
        await recordAudit(trx, {
          actorId: operator.id,
          action: 'operator.totp.enrol',
          object: `operator:${operator.id}`,
          before: { totp: false },
          after: { totp: true },
          requestId: String(request.id),
        });
      }
      await recordAudit(trx, {
        actorId: operator.id,
        action: 'operator.login',
        object: `operator:${operator.id}`,
        before: null,
        after: { ip: request.ip, totp: Boolean(input.totp) },
        requestId: String(request.id),
      });
    });
    return ok(request, reply, { access_token: token, role: operator.role });
  });

  // Enrolment starts with the password; the secret is shown this once, and the first login with a
  // code from it confirms it. After that it is never returned again (reset by an admin only).
  app.post('/api/admin/auth/totp/enrol', allow(PUBLIC), async (request, reply) => {
    const input = parseInput(totpEnrolSchema, request.body);
    const { operator, succeeded } = await checkPassword(ctx, request, input.username, input.pwd);
    await succeeded();
    if (operator.totp_secret) throw new AppError(409, 'totpAlreadyEnrolled');
    const secret = newTotpSecret();
    await ctx.db
      .updateTable('operators')
      .set({ totp_pending_secret: sealSecret(ctx.config.secretKey, secret) })
      .where('id', '=', operator.id)
      .where('totp_secret', 'is', null)
      .execute();
    return ok(request, reply, { secret, otpauthUri: otpauthUri(secret, operator.username) });
  });

  app.get('/api/admin/auth/me', allow(operator(ROLES.any)), async (request, reply) => {
    const me = await ctx.db
      .selectFrom('operators')
      .select(['id', 'username', 'role', 'totp_enrolled_at'])
      .where('id', '=', request.session!.subjectId)
      .executeTakeFirstOrThrow();
    return ok(request, reply, {
      id: me.id,
      username: me.username,
      role: me.role,
      totpEnrolled: me.totp_enrolled_at !== null,
    });
  });

  app.post('/api/admin/auth/logout', allow(operator(ROLES.any)), async (request, reply) => {
    await revokeSessions(ctx, [request.session!.sessionId]);
    return ok(request, reply);
  });

  app.get('/api/admin/operators', allow(operator(ROLES.admin)), async (request, reply) => {
    const rows = await ctx.db
      .selectFrom('operators')
      .select(['id', 'username', 'role', 'totp_enrolled_at', 'created_at'])
      .orderBy('id')
      .execute();
    return ok(
      request,
      reply,
      rows.map((r) => ({
        id: r.id,
        username: r.username,
        role: r.role,
        totpEnrolled: r.totp_enrolled_at !== null,
        createdAt: new Date(r.created_at).toISOString(),
      })),
    );
  });

  app.post('/api/admin/operators', allow(operator(ROLES.admin)), async (request, reply) => {
    const input = parseInput(operatorCreateSchema, request.body);
    const passwordHash = await hashPassword(input.pwd);
    const created = await ctx.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('operators')
        .values({ username: input.username, password_hash: passwordHash, role: input.role })
        .onConflict((oc) => oc.column('username').doNothing())
        .returning(['id', 'username', 'role'])
        .executeTakeFirst();
      if (!row) throw new AppError(409, 'operatorExists');
      await recordAudit(
        trx,
        auditEntry(request, 'operator.create', `operator:${row.id}`, null, {
          username: row.username,
          role: row.role,
        }),
      );
      return row;
    });
    return ok(request, reply, created);
  });

  app.put<{ Params: { id: string } }>(
    '/api/admin/operators/:id',
    allow(operator(ROLES.admin)),
    async (request, reply) => {
      const id = parseInput(recordId(), request.params.id);
      const { role } = parseInput(operatorUpdateSchema, request.body);
      const changed = await ctx.db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('operators')
          .select('role')
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirst();
        if (!before) throw notFound();
        await trx.updateTable('operators').set({ role }).where('id', '=', id).execute();
        await recordAudit(trx, auditEntry(request, 'operator.role', `operator:${id}`, before, { role }));
        return { id, role };
      });
      // A new role takes effect on the next request (the guard reads it); sessions stay open.
      return ok(request, reply, changed);
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/admin/operators/:id/totp/reset',
    allow(operator(ROLES.admin)),
    async (request, reply) => {
      const id = parseInput(recordId(), request.params.id);
      await ctx.db.transaction().execute(async (trx) => {
        const res = await trx
          .updateTable('operators')
          .set({ totp_secret: null, totp_pending_secret: null, totp_enrolled_at: null })
          .where('id', '=', id)
          .executeTakeFirst();
        if (Number(res.numUpdatedRows) === 0) throw notFound();
        await recordAudit(
          trx,
          auditEntry(request, 'operator.totp.reset', `operator:${id}`, { totp: true }, { totp: false }),
        );
      });
      // A lost authenticator may be in the wrong hands: that operator's sessions end now.
      await revokeSessions(ctx, await liveSessionIds(ctx, 'operator', id));
      return ok(request, reply);
    },
  );

  app.get('/api/admin/notices', allow(operator(ROLES.admin)), async (request, reply) => {
    const rows = await ctx.db
      .selectFrom('notices')
      .select(['id', 'text', 'created_at'])
      .orderBy('id', 'desc')
      .limit(50)
      .execute();
    return ok(
      request,
      reply,
      rows.map((r) => ({ id: r.id, text: r.text, createdAt: new Date(r.created_at).toISOString() })),
    );
  });

  app.post('/api/admin/notices', allow(operator(ROLES.admin)), async (request, reply) => {
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

  app.get('/api/admin/withdrawals', allow(operator(ROLES.finance)), async (request, reply) => {
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
    const out = [];
    for (const r of rows) {
      const createdAt = new Date(r.created_at);
      // Signals matter for the decision, so only the withdrawals still waiting for one carry them.
      const risk =
        r.payout_state === 'waiting_approval'
          ? await withdrawalRisk(ctx.db, { userId: r.user_id, account: r.account, createdAt })
          : null;
      out.push({
        id: r.id,
        userId: r.user_id,
        username: r.username,
        method: r.method,
        account: r.account,
        amount: centsToBrl(Number(r.amount_cents)),
        fee: centsToBrl(Number(r.fee_cents)),
        status: r.status,
        payoutState: r.payout_state,
        createdAt: createdAt.toISOString(),
        risk: risk && {
          accountAgeDays: risk.accountAgeDays,
          newAccount: risk.newAccount,
          depositMinutesBefore: risk.depositMinutesBefore,
          bonusTurnoverLeft: centsToBrl(risk.bonusTurnoverLeftCents),
          turnoverLeft: centsToBrl(risk.turnoverLeftCents),
          sameKeyUsers: risk.sameKeyUsers,
          depositsPaid: centsToBrl(risk.depositsPaidCents),
          depositsPaidCount: risk.depositsPaidCount,
          withdrawalsPaid: centsToBrl(risk.withdrawalsPaidCents),
          withdrawalsPaidCount: risk.withdrawalsPaidCount,
        },
      });
    }
    return ok(request, reply, out);
  });

  /** Approves one withdrawal and records the decision in the same transaction. */
  const approve = (request: FastifyRequest, id: string) =>
    approveWithdrawal(ctx, id, request.session!.subjectId, (trx) =>
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

  /** Rejects one withdrawal (the hold returns) and records the decision. */
  const reject = (request: FastifyRequest, id: string, note: string | undefined) => {
    const reason = note ?? 'recusado pelo operador';
    return rejectWithdrawal(ctx, id, request.session!.subjectId, reason, (trx) =>
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
  };

  app.post<{ Params: { id: string } }>(
    '/api/admin/withdrawals/:id/approve',
    allow(operator(ROLES.finance)),
    async (request, reply) => {
      await approve(request, request.params.id.slice(0, 40));
      return ok(request, reply);
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/admin/withdrawals/:id/reject',
    allow(operator(ROLES.finance)),
    async (request, reply) => {
      const { note } = parseInput(rejectSchema, request.body ?? {});
      await reject(request, request.params.id.slice(0, 40), note);
      return ok(request, reply);
    },
  );

  // Each id is decided on its own (its own transaction and audit row); one refusal stops no other.
  app.post('/api/admin/withdrawals/bulk', allow(operator(ROLES.finance)), async (request, reply) => {
    const input = parseInput(bulkSchema, request.body);
    const results = [];
    for (const id of new Set(input.ids)) {
      try {
        if (input.action === 'approve') await approve(request, id);
        else await reject(request, id, input.note);
        results.push({ id, ok: true, message: null });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        results.push({ id, ok: false, message: translate(err.key, langOf(request), err.params) });
      }
    }
    return ok(request, reply, results);
  });

  app.get('/api/admin/games', allow(operator(ROLES.trader)), async (request, reply) => {
    const settings = await allGameSettings(ctx.db);
    return ok(
      request,
      reply,
      settings.map((s) => ({
        game: s.game,
        stop: s.stop,
        minBet: centsToBrl(s.minBetCents),
        maxBet: centsToBrl(s.maxBetCents),
        maxPayout: centsToBrl(s.maxPayoutCents),
        edge: s.edge,
      })),
    );
  });

  // Fixtures an operator should look at: started with no final result, or corrected by an operator.
  app.get('/api/admin/sports/fixtures', allow(operator(ROLES.trader)), async (request, reply) => {
    const { q } = parseInput(fixtureSearchSchema, request.query);
    const rows = await ctx.db
      .selectFrom('sports_fixtures')
      .select([
        'id',
        'sport',
        'competition',
        'home',
        'away',
        'starts_at',
        'result',
        'result_final',
        'result_version',
        'result_source',
        'settled_version',
      ])
      .where((eb) => {
        // A search finds any fixture with bets, to correct a result the feed got wrong.
        if (q) {
          const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
          return eb.or([
            eb('id', '=', q),
            eb('home', 'ilike', like),
            eb('away', 'ilike', like),
            eb('competition', 'ilike', like),
          ]);
        }
        // Else what needs attention: no final result two hours after the start, results an
        // operator set, and fixtures whose bets are stuck in an exception.
        return eb.or([
          eb.and([
            eb('starts_at', '<=', new Date(Date.now() - 2 * 3_600_000)),
            eb('result_final', '=', false),
          ]),
          eb('result_source', '!=', 'feed'),
          eb(
            'id',
            'in',
            eb
              .selectFrom('sports_bet_legs as l')
              .innerJoin('sports_bets as b', 'b.id', 'l.bet_id')
              .select('l.fixture_id')
              .where('b.state', '=', 'exception'),
          ),
        ]);
      })
      .orderBy('starts_at', 'desc')
      .limit(100)
      .execute();
    return ok(
      request,
      reply,
      rows.map((r) => ({
        id: r.id,
        sport: r.sport,
        competition: r.competition,
        home: r.home,
        away: r.away,
        startsAt: new Date(r.starts_at).toISOString(),
        result: r.result === null ? null : (JSON.parse(r.result) as unknown),
        resultFinal: r.result_final,
        resultVersion: r.result_version,
        resultSource: r.result_source,
        settledVersion: r.settled_version,
      })),
    );
  });

  // Prizes waiting after their event ended, with the 120-minute due time (issue 9): traders enter
  // the missing results, finance reports the breaches.
  app.get(
    '/api/admin/sports/prize-deadlines',
    allow(operator(['trader', 'finance'])),
    async (request, reply) => ok(request, reply, await prizeDeadlineReport(ctx)),
  );

  await backOfficeRoutes(app, ctx);
  await ledgerRoutes(app, ctx);

  app.get('/api/admin/audit/verify', allow(operator(ROLES.finance)), async (request, reply) => {
    return ok(request, reply, await verifyAuditChain(ctx.db));
  });
}
